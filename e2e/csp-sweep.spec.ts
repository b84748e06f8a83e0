// Security sweep in the browser (docs/security.md): the signed-in pages (top-up,
// account centre, records) run under the real CSP with no `securitypolicyviolation` event and no
// console error, and the login page's `redirect` (docs/product/session.md#redirect-after-sign-in) never leaves the portal, whatever the
// payload. Home and the announcements page are covered by security.spec.ts.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DEMO, submitAccountLogin } from './support/auth';

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/** Records CSP violations (from the first script on) and console errors of `page`. */
async function watch(page: Page): Promise<{ consoleErrors: string[] }> {
  const consoleErrors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') consoleErrors.push(msg.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(`pageerror: ${error.message}`));
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations?.push(
        `${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  return { consoleErrors };
}

const violations = (page: Page) => page.evaluate(() => window.__cspViolations ?? []);

test('top-up, account and records pages run under the CSP with no violation', async ({ page }) => {
  const { consoleErrors } = await watch(page);
  const login = await page.goto(`/login?redirect=${encodeURIComponent('/main/recharge')}`);
  const csp = login?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*unsafe/);
  await submitAccountLogin(page, DEMO.account, DEMO.password);
  await expect(page).toHaveURL(/\/main\/recharge$/);
  // The top-up form with its lazy parts: servers, roles and the catalogue.
  await page.getByTestId('topup-server').getByRole('radio', { name: /Dawn/ }).check();
  await page.getByTestId('topup-role').getByRole('radio', { name: /Aria/ }).check();
  await expect(page.getByTestId('topup-product-pack_adventurer')).toBeVisible();
  await page.waitForLoadState('networkidle');
  for (const path of [
    '/main/account/user',
    '/main/account/recharge',
    '/main/account/epoint',
    '/main/home',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await violations(page), `CSP violations on ${path}`).toEqual([]);
  }
  expect(consoleErrors, 'console errors').toEqual([]);
});

// A sample of the open-redirect corpus (apps/server/test/support/open-redirect-corpus.ts; the
// whole corpus runs in the server sweep and the web unit test) through the real login page.
const PAYLOADS = [
  '//evil.example',
  '/\\evil.example',
  '/.//evil.example',
  'https://evil.example/main/home',
  'javascript:alert(document.domain)',
  '%2F%2Fevil.example',
  '/%09/evil.example',
];

for (const payload of PAYLOADS) {
  test(`login with redirect=${JSON.stringify(payload)} stays on the portal`, async ({
    page,
    baseURL,
  }) => {
    const origin = new URL(baseURL ?? '').origin;
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(`/login?redirect=${encodeURIComponent(payload)}`);
    await submitAccountLogin(page, DEMO.account, DEMO.password);
    await expect(page).toHaveURL(/\/main\/home$/);
    expect(new URL(page.url()).origin).toBe(origin);
    expect(dialogs).toEqual([]);
  });
}
