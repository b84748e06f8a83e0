// Browser tests: signing in each way from /login (docs/product/sign-in.md#login-screen, docs/product/session.md) — account,
// email code, phone code (codes from the dev outbox), Google through a local OpenID provider —
// and "remember auto-login" surviving a new browser context built from the saved storage.
// (File named to sort early: the reset test, run last, then seldom waits out the 60 s resend.)
import { expect, test } from './fixtures';
import { STORAGE_KEYS } from './locales';
import {
  DEMO,
  auth,
  en,
  expectNotice,
  expectSignedIn,
  lastOutboxId,
  logoutButton,
  readCode,
  submitAccountLogin,
  waitForSendSlot,
} from './support/auth';

test('account and password sign in from /login', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: en.routes.login })).toBeVisible();
  await submitAccountLogin(page, DEMO.account, DEMO.password);
  await expectNotice(page, en.info.loginSuc);
  await expect(page).toHaveURL(/\/main\/home$/);
  await expectSignedIn(page);
});

for (const way of [
  { tab: auth.methods.email, field: auth.fields.email, target: DEMO.email },
  { tab: auth.methods.phone, field: auth.fields.phone, target: DEMO.phone },
] as const) {
  test(`${way.tab} code sign in with the code from the dev outbox`, async ({ page, request }) => {
    test.setTimeout(120_000);
    await page.goto('/login');
    await page.getByRole('tab', { name: way.tab }).click();
    await page.getByRole('textbox', { name: way.field }).fill(way.target);
    await waitForSendSlot(request, way.target);
    const before = await lastOutboxId(request, way.target);
    await page.getByRole('button', { name: auth.getCode }).click();
    await expectNotice(page, en.info.codeSent);
    // docs/product/sign-in.md#verification-codes: the button waits out the resend countdown.
    const resend = new RegExp(`^${auth.resendIn.replace('{{seconds}}', '\\d+')}$`);
    await expect(page.getByRole('button', { name: resend })).toBeDisabled();
    const code = await readCode(request, way.target, before);
    await page.getByRole('textbox', { name: auth.fields.code }).fill(code);
    await page.getByRole('button', { name: auth.submit, exact: true }).click();
    await expect(page).toHaveURL(/\/main\/home$/);
    await expectSignedIn(page);
  });
}

test('Google sign in through the local OpenID provider hands over with hctoken', async ({
  page,
}) => {
  // The provider's dev pages import a web font; there is no internet here.
  await page.route('https://fonts.googleapis.com/**', (route) => route.abort());
  await page.goto('/login?redirect=%2Fmain%2Fhome%3Fx%3D1');
  const google = fillProvider(auth.social.continueWith, auth.providers.google);
  await page.getByRole('link', { name: google }).click();
  // oidc-provider's development login and consent pages.
  await page.getByPlaceholder('Enter any login').fill('e2e-google-player');
  await page.getByPlaceholder('and password').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(logoutButton(page)).toBeVisible();
  // A first Google sign-in creates an account named google_<10 hex> (README "Social sign-in").
  const signedInAs = en.nav.signedInAs.replace('{{account}}', 'google_[0-9a-f]{10}');
  await expect(logoutButton(page)).toHaveAttribute('title', new RegExp(`^${signedInAs}$`));
  // The single-use ticket is exchanged and removed from the address bar; the rest stays.
  await expect(page).toHaveURL(/\/main\/home\?x=1$/);
  expect(new URL(page.url()).searchParams.has('hctoken')).toBe(false);
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token)).toBeTruthy();
});

test('remember auto-login survives a new browser context from the saved storage', async ({
  browser,
  page,
  baseURL,
}) => {
  await page.goto('/login');
  await page.getByRole('checkbox', { name: auth.remember }).check();
  await submitAccountLogin(page, DEMO.account, DEMO.password);
  await expect(logoutButton(page)).toBeVisible();
  const storageState = await page.context().storageState();
  await page.context().close();

  const context = await browser.newContext({ storageState, baseURL, locale: 'en-US' });
  const again = await context.newPage();
  await again.goto('/main/home');
  await expectSignedIn(again);
  expect(await again.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.rememberLogin)).toBe(
    '1',
  );
  // The form remembers the choice too.
  await again.goto('/login');
  await expect(again.getByRole('checkbox', { name: auth.remember })).toBeChecked();
  await context.close();
});

function fillProvider(template: string, provider: string): string {
  return template.replace('{{provider}}', provider);
}
