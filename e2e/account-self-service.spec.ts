// Account self-service in the browser (docs/product/account.md#self-service, ADR 0049). Each test
// signs up a fresh account through the API (code from the dev outbox), never the demo account.
import type { APIRequestContext, Page } from '@playwright/test';
import type { CallEnvelope } from '../apps/server/test/support/envelope.ts';
import accountEn from '../apps/web/src/locales/en-US/account.json' with { type: 'json' };
import type { api } from '../packages/contract/src/api.ts';
import { encryptPayload } from '../packages/contract/src/crypto.ts';
import { expect, test } from './fixtures';
import { apiLogin, lastOutboxId, readCode } from './support/auth';

const self = accountEn.self;
const PASSWORD = 'Fresh!pass42';

async function payloadKey(request: APIRequestContext): Promise<string> {
  const init = await request.post('/api/setting/init', { data: {} });
  return ((await init.json()) as CallEnvelope<typeof api.settingInit>).result?.payload_key ?? '';
}

/** A new account made by sign-up: its login name, email and token. */
async function freshAccount(request: APIRequestContext) {
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const account = `e2e${id}`;
  const email = `e2e-${id}@example.com`;
  const settings = (await (await request.post('/api/setting/init', { data: {} })).json()) as {
    result: { sign_up: { terms_version: string; privacy_version: string } | null };
  };
  const after = await lastOutboxId(request, email);
  const sent = await request.post('/api/user/email/code/send', {
    data: { target: email, purpose: 'signup' },
  });
  expect(((await sent.json()) as { code: number }).code).toBe(0);
  const code = await readCode(request, email, after);
  const key = await payloadKey(request);
  const res = await request.post('/api/user/signUp', {
    data: {
      data: await encryptPayload(
        key,
        JSON.stringify({
          channel: 'email',
          target: email,
          code,
          account,
          passwd: PASSWORD,
          passwd2: PASSWORD,
          birthday: '1990-04-01',
          terms_version: settings.result.sign_up?.terms_version ?? '',
          privacy_version: settings.result.sign_up?.privacy_version ?? '',
        }),
      ),
    },
  });
  const body = (await res.json()) as CallEnvelope<typeof api.userSignUp>;
  expect(body.code, JSON.stringify(body)).toBe(0);
  return { account, email, token: body.result?.token ?? '' };
}

async function openAccountPage(page: Page, token: string) {
  await page.goto('/');
  await page.evaluate((t) => localStorage.setItem('hc_token', t), token);
  await page.goto('/main/account/user');
  // The account page's first load (lazy chunks, four queries) can be slow on a busy machine.
  await expect(page.getByTestId('sign-in-section')).toBeVisible({ timeout: 30_000 });
}

test.describe('account self-service', () => {
  test('changes the password: the old one stops working', async ({ page, request }) => {
    const p = await freshAccount(request);
    await openAccountPage(page, p.token);
    const row = page.getByTestId('password-row');
    await row.getByRole('button', { name: self.password.change }).click();
    await row.getByLabel(self.password.old).fill(PASSWORD);
    await row.getByLabel(self.password.new, { exact: true }).fill('Brand!new77');
    await row.getByLabel(self.password.repeat).fill('Brand!new77');
    await row.getByRole('button', { name: self.save }).click();
    await expect(page.getByText(self.password.saved)).toBeVisible();
    expect((await apiLogin(request, p.account, PASSWORD)).code).not.toBe(0);
    expect((await apiLogin(request, p.account, 'Brand!new77')).code).toBe(0);
  });

  test('lists this device and signs another one out', async ({ page, request }) => {
    const p = await freshAccount(request);
    const other = await apiLogin(request, p.account, PASSWORD);
    await openAccountPage(page, p.token);
    const devices = page.getByTestId('devices');
    await expect(devices.getByText(self.devices.current)).toBeVisible();
    await expect(devices.getByRole('listitem')).toHaveCount(2);
    await devices.getByRole('button', { name: self.devices.end, exact: true }).click();
    await expect(devices.getByRole('listitem')).toHaveCount(1);
    const res = await request.post('/api/user/profile', {
      data: {},
      headers: { token: other.result?.token ?? '' },
    });
    expect(res.status()).toBe(203);
  });

  test('downloads the data as a JSON file', async ({ page, request }) => {
    const p = await freshAccount(request);
    await openAccountPage(page, p.token);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: self.data.download }).click();
    expect((await download).suggestedFilename()).toMatch(
      new RegExp(`^hc-portal-data-${p.account}-\\d{4}-\\d{2}-\\d{2}\\.json$`),
    );
  });

  test('asks for deletion, signs out; signing in again cancels it', async ({ page, request }) => {
    const p = await freshAccount(request);
    await openAccountPage(page, p.token);
    const section = page.getByTestId('delete-account');
    await section.getByRole('button', { name: self.delete.start }).click();
    await section.getByLabel(self.delete.confirm.replace('{{account}}', p.account)).fill(p.account);
    await section.getByLabel(self.password.old).fill(PASSWORD);
    await section.getByRole('button', { name: self.delete.submit }).click();
    await expect(page.getByText(/Your account will be deleted on/)).toBeVisible();
    // Signed out: the account page is left (for home, or for login should a call already in
    // flight have answered that the session ended).
    await expect(page).not.toHaveURL(/\/main\/account\/user$/);
    expect(await page.evaluate(() => window.localStorage.getItem('hc_token'))).toBeNull();
    const back = await apiLogin(request, p.account, PASSWORD);
    expect(back.code).toBe(0);
    const mails = (await (await request.get('/dev/outbox.json')).json()) as {
      messages: Array<{ recipient: string; subject: string }>;
    };
    expect(
      mails.messages.some((m) => m.recipient === p.email && /will not be deleted/.test(m.subject)),
    ).toBe(true);
  });
});
