// The operator console at /console (ADR 0041) in the real browser against the built server:
// the demo operator (operator / operator1234, an owner without a second factor outside
// production) signs in, opens Operators and the Audit log, at desktop width and at 390 px;
// axe finds no serious or critical violation, and nothing breaks the console's stricter CSP
// (no 'unsafe-inline' styles: Mantine's <style> elements carry the page's nonce).
import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';

const OPERATOR = { name: 'operator', password: 'operator1234' };

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

async function watch(page: Page): Promise<string[]> {
  const errors: string[] = [];
  page.on('console', (msg) => {
    // session/me answers 401 before sign-in (ConsoleSessionExpired): Chromium logs that load.
    if (msg.type() === 'error' && !msg.text().includes('401')) errors.push(msg.text());
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations?.push(
        `${event.violatedDirective} ${event.blockedURI} ${event.sample}`,
      );
    });
  });
  return errors;
}

const violations = (page: Page) => page.evaluate(() => window.__cspViolations ?? []);

/** Signs in as the demo operator; with `axeLabel`, checks the sign-in page with axe first. */
async function signIn(page: Page, axeLabel?: string): Promise<void> {
  await page.goto('/console/');
  await expect(page).toHaveURL(/\/console\/sign-in$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Sign in to the console' }),
  ).toBeVisible();
  if (axeLabel) await expectNoSeriousA11yViolations(page, axeLabel);
  await page.getByLabel('Sign-in name').fill(OPERATOR.name);
  await page.getByLabel(/^Password/).fill(OPERATOR.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
}

const VIEWPORTS = [
  { label: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
  {
    label: '390px',
    use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  },
] as const;

for (const vp of VIEWPORTS) {
  test.describe(`console at ${vp.label}`, () => {
    test.use(vp.use);

    test('signs in, opens Operators and the Audit log, axe clean under the strict CSP', async ({
      page,
    }) => {
      const errors = await watch(page);
      const html = await page.request.get('/console/operators', {
        headers: { accept: 'text/html' },
      });
      const csp = html.headers()['content-security-policy'] ?? '';
      expect(csp).toMatch(/style-src 'self' 'nonce-[^']+'(;|$)/);
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(html.headers()['cache-control']).toBe('no-store');

      await signIn(page, `console sign-in ${vp.label}`);
      await expectNoSeriousA11yViolations(page, `console home ${vp.label}`);

      const open = async (name: string) => {
        if (vp.label === '390px')
          await page.getByRole('button', { name: 'Open navigation' }).click();
        await page
          .getByRole('navigation', { name: 'Console sections' })
          .getByRole('link', { name })
          .click();
      };

      await open('Operators');
      await expect(page).toHaveURL(/\/console\/operators$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Operators' })).toBeVisible();
      // A table from sm up, one card per operator below.
      const row = vp.label === '390px' ? 'operator-card-operator' : 'operator-operator';
      await expect(page.getByTestId(row)).toBeVisible();
      await expectNoSeriousA11yViolations(page, `console operators ${vp.label}`);
      await page.getByRole('button', { name: 'Invite operator' }).click();
      await expect(page.getByRole('dialog', { name: 'Invite an operator' })).toBeVisible();
      await expectNoSeriousA11yViolations(page, `console invite dialog ${vp.label}`);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();

      await open('Audit log');
      await expect(page).toHaveURL(/\/console\/audit$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
      await expect(page.getByTestId('audit-total')).toBeVisible();
      await expectNoSeriousA11yViolations(page, `console audit log ${vp.label}`);
      await page.getByLabel('Action').fill('operator.');
      await page.getByRole('button', { name: 'Apply filters' }).click();
      await expect(page.getByTestId('audit-total')).toBeVisible();

      // A reload keeps the session (cookie) and gets a new CSRF token from session/me.
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();

      await page.waitForLoadState('networkidle');
      expect(await violations(page), 'CSP violations').toEqual([]);
      expect(errors, 'console errors').toEqual([]);
    });
  });
}

test('the console is keyboard-usable: sign-in form and navbar by Tab and Enter', async ({
  page,
}) => {
  await page.goto('/console/sign-in');
  await page.getByLabel('Sign-in name').focus();
  await page.keyboard.type(OPERATOR.name);
  await page.keyboard.press('Tab');
  await page.keyboard.type(OPERATOR.password);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Console sections' });
  await nav.getByRole('link', { name: 'Audit log' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
});

test('signing out ends the session: the console sends back to sign-in', async ({ page }) => {
  await signIn(page);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/console\/sign-in$/);
  await page.goto('/console/operators');
  await expect(page).toHaveURL(/\/console\/sign-in\?next=%2Foperators$/);
});
