// Accessibility checks of the login page's other states (ARCHITECTURE.md#tests, STYLE): the
// forgot-password view and the form showing a validation error; no serious or critical axe
// violations.
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { auth, en } from './support/auth';

test('axe: /login with the forgot-password view open', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: auth.forgot }).click();
  await expect(page.getByRole('heading', { level: 1, name: auth.reset.title })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'login: forgot password');
});

test('axe: /login with a validation error showing', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: en.routes.login })).toBeVisible();
  await page.getByRole('button', { name: auth.submit, exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(en.validation.incompleteInfo);
  await expectNoSeriousA11yViolations(page, 'login: validation error');
});
