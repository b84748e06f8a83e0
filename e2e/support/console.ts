// Console helpers of the browser suite (docs/console.md): the demo owner, signing in, opening a
// section from the navbar, reading a console call's answer, and a console call outside the UI.
import type { APIRequestContext, Page, Response } from '@playwright/test';
import { expect } from '../fixtures';

/** The demo operator of `npm start`'s data (docs/console.md): an owner without a second factor. */
export const OPERATOR = { name: 'operator', password: 'operator1234' } as const;

/** A short random suffix: names stay unique across runs and parallel workers. */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 4).toString(36)}`;
}

/** The `result` of a console call's answer, after checking that it succeeded. */
export async function resultOf<T>(response: Promise<Response>): Promise<T> {
  const res = await response;
  const body = (await res.json()) as { code: number; msg?: string; result: T };
  expect(body.code, `${res.url()}: ${JSON.stringify(body)}`).toBe(0);
  return body.result;
}

/** The answer of the next POST to `path` (start waiting before the click that sends it). */
export const answerOf = (page: Page, path: string) =>
  page.waitForResponse(
    (r) => new URL(r.url()).pathname === path && r.request().method() === 'POST',
  );

/** A console call outside the UI (a clean-up): the session's cookie and CSRF token. */
export async function consoleCall(
  request: APIRequestContext,
  path: string,
  body: unknown,
): Promise<{ code: number }> {
  const me = (await (await request.post('/api/console/session/me', { data: {} })).json()) as {
    result?: { csrfToken?: string };
  };
  const res = await request.post(path, {
    data: body,
    headers: { 'x-csrf-token': me.result?.csrfToken ?? '' },
  });
  return (await res.json()) as { code: number };
}

/** Signs in at /console (the demo owner unless told) and waits for the overview. */
export async function signIn(
  page: Page,
  operator: { name: string; password: string } = OPERATOR,
): Promise<void> {
  await page.goto('/console/');
  await expect(page).toHaveURL(/\/console\/sign-in$/);
  await page.getByLabel('Sign-in name').fill(operator.name);
  await page.getByLabel(/^Password/).fill(operator.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
}

/** Opens a section from the navbar (behind the burger below the sm breakpoint). */
export async function openSection(page: Page, name: string, phone = false): Promise<void> {
  if (phone) await page.getByRole('button', { name: 'Open navigation' }).click();
  await page
    .getByRole('navigation', { name: 'Console sections' })
    .getByRole('link', { name, exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();
}
