// Browser test of a forgotten-password reset (docs/product/sign-in.md#login-screen, docs/product/sign-in.md#password-reset, docs/product/sign-in.md#verification-codes, docs/product/errors.md#outcome-and-failure-messages): code by email from
// the dev outbox, the new password twice, the success message, then a login with the new
// password. It changes the demo password, so playwright.config.ts runs this file in its own
// project after every other test.
import { expect, test } from './fixtures';
import {
  DEMO,
  apiLogin,
  auth,
  en,
  expectNotice,
  expectSignedIn,
  lastOutboxId,
  readCode,
  submitAccountLogin,
  waitForSendSlot,
} from './support/auth';

const NEW_PASSWORD = 'Reset-e2e-42';

test('forgotten password: email code, new password twice, then sign in with it', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  await page.goto('/login');
  await page.getByRole('button', { name: auth.forgot }).click();
  await expect(page.getByRole('heading', { level: 1, name: auth.reset.title })).toBeVisible();
  await expect(page.getByRole('radio', { name: auth.methods.email })).toBeChecked();
  await page.getByRole('textbox', { name: auth.fields.email }).fill(DEMO.email);

  // One code per destination per 60 s: the email sign-in test may have just used this address.
  await waitForSendSlot(request, DEMO.email);
  const before = await lastOutboxId(request, DEMO.email);
  await page.getByRole('button', { name: auth.getCode }).click();
  await expectNotice(page, en.info.codeSent);
  const code = await readCode(request, DEMO.email, before);

  await page.getByRole('textbox', { name: auth.fields.code }).fill(code);
  await page.getByLabel(auth.fields.newPassword, { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel(auth.fields.confirmPassword, { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: auth.reset.submit }).click();
  await expectNotice(page, en.info.passwordChangeSuc);
  // Back on the login form.
  await expect(page.getByRole('heading', { level: 1, name: en.routes.login })).toBeVisible();

  // The old password no longer works; the new one does.
  expect((await apiLogin(request, DEMO.account, DEMO.password)).code).not.toBe(0);
  await submitAccountLogin(page, DEMO.account, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/main\/home$/);
  await expectSignedIn(page);
});
