// Headers/CSP smoke (docs/decisions/0011-csp.md security headers) and the API docs pages (docs/decisions/0006-envelope-and-error-codes.md): the app
// runs under `script-src 'self'` with no console error and no CSP violation.
import type { Page, Response } from '@playwright/test';
import { expect, test } from './fixtures';
import { common, fill } from './locales';

const en = common('en-US');

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

interface Observed {
  response: Response | null;
  consoleErrors: string[];
  cspViolations: string[];
}

/** Opens home, then the announcements page through the menu, recording errors on the way. */
async function browseHomeAndEvent(page: Page, siteTitle: string): Promise<Observed> {
  const consoleErrors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') consoleErrors.push(msg.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(`pageerror: ${error.message}`));
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations?.push(
        `${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      );
    });
  });

  const response = await page.goto('/main/home');
  await expect(
    page.getByRole('heading', { level: 1, name: fill(en.pages.home.welcome, { site: siteTitle }) }),
  ).toBeVisible();
  // Let the start-up calls (site config, user info, bulletin) finish before judging.
  await page.waitForLoadState('networkidle');

  // One client-side navigation too: a lazy chunk and its CSS load under the same policy.
  await page
    .getByRole('navigation', { name: en.nav.mainMenu })
    .getByRole('link', { name: en.nav.information, exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: en.routes.event })).toBeVisible();
  await page.waitForLoadState('networkidle');

  const cspViolations = await page.evaluate(() => window.__cspViolations ?? []);
  return { response, consoleErrors, cspViolations };
}

function parseCsp(header: string): Map<string, string[]> {
  return new Map(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name = '', ...values]) => [name, values] as const),
  );
}

test('home is served with a strict CSP and logs no console error', async ({ page, siteTitle }) => {
  const { response, consoleErrors } = await browseHomeAndEvent(page, siteTitle);
  expect(response?.status()).toBe(200);
  const header = response?.headers()['content-security-policy'] ?? '';
  const csp = parseCsp(header);
  expect(csp.get('script-src'), `CSP: ${header}`).toEqual(["'self'"]);
  expect(csp.get('object-src'), `CSP: ${header}`).toEqual(["'none'"]);
  expect(consoleErrors, 'console errors').toEqual([]);
});

test('home and a lazy page trigger no CSP violation', async ({ page, siteTitle }) => {
  const { cspViolations } = await browseHomeAndEvent(page, siteTitle);
  expect(cspViolations, 'securitypolicyviolation events').toEqual([]);
});

test('/api/docs renders and lists POST /api/user/login', async ({ page }) => {
  const res = await page.goto('/api/docs');
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const calls = page.getByRole('navigation', { name: 'Calls' });
  await expect(
    calls.getByRole('link', { name: 'POST /api/user/login', exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: /\/api\/user\/login$/ })).toBeVisible();
});

test('/api/openapi.json is an OpenAPI 3.1 document with /api/user/login', async ({ request }) => {
  const res = await request.get('/api/openapi.json');
  expect(res.status()).toBe(200);
  const doc = (await res.json()) as { openapi?: unknown; paths?: Record<string, unknown> };
  expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
  expect(Object.keys(doc.paths ?? {})).toContain('/api/user/login');
});
