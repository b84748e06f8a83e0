// Sign-in helpers of the browser suite: the demo account, the auth texts the app ships,
// verification codes read from the dev outbox, an API login with the docs/product/api.md#payload-encryption encrypted secret,
// and the header's signed-in check.
import type { APIRequestContext, Page } from '@playwright/test';
import type { api } from '../../packages/contract/src/api.ts';
import { encryptPayload } from '../../packages/contract/src/crypto.ts';
import type { CallEnvelope } from '../../apps/server/test/support/envelope.ts';
import authEn from '../../apps/web/src/locales/en-US/auth.json' with { type: 'json' };
import errorsEn from '../../apps/web/src/locales/en-US/errors.json' with { type: 'json' };
import { expect } from '../fixtures';
import { common } from '../locales';

export const auth = authEn;
export const errorTexts = errorsEn;
export const en = common('en-US');

/** The seeded demo account (HC_DEMO=1; docs/demo.md). */
export const DEMO = {
  account: 'demo',
  password: 'demo1234',
  email: 'demo@example.com',
  phone: '+15550100',
} as const;

interface OutboxMessage {
  id: number;
  recipient: string;
  body: string;
  createdAt: string;
}

async function outbox(request: APIRequestContext): Promise<OutboxMessage[]> {
  const res = await request.get('/dev/outbox.json');
  expect(res.status(), 'DEV_OUTBOX=true must be set for the e2e server').toBe(200);
  return ((await res.json()) as { messages: OutboxMessage[] }).messages;
}

/** Newest outbox id for `recipient` (0 when none): read it before asking for a code. */
export async function lastOutboxId(request: APIRequestContext, recipient: string): Promise<number> {
  const mine = (await outbox(request)).filter((m) => m.recipient === recipient);
  return Math.max(0, ...mine.map((m) => m.id));
}

/**
 * Codes can be sent to one destination once per 60 s (docs/sign-in.md "Email, SMS and codes"): waits until the last
 * message to `recipient` is older than that, so a test never depends on the suite's order.
 */
export async function waitForSendSlot(
  request: APIRequestContext,
  recipient: string,
): Promise<void> {
  const mine = (await outbox(request)).filter((m) => m.recipient === recipient);
  const last = Math.max(0, ...mine.map((m) => Date.parse(m.createdAt)));
  const wait = last + 62_000 - Date.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
}

/** The 6-digit code of the first message to `recipient` newer than `afterId`. */
export async function readCode(
  request: APIRequestContext,
  recipient: string,
  afterId: number,
): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const message = (await outbox(request)).find(
          (m) => m.recipient === recipient && m.id > afterId,
        );
        code = /\b(\d{6})\b/.exec(message?.body ?? '')?.[1];
        return code;
      },
      { message: `a code for ${recipient} in /dev/outbox.json` },
    )
    .toBeDefined();
  return code ?? '';
}

/** POST /api/user/login with the password encrypted as the web does; answers the envelope. */
export async function apiLogin(
  request: APIRequestContext,
  account: string,
  password: string,
): Promise<CallEnvelope<typeof api.userLogin>> {
  const init = await request.post('/api/setting/init', { data: {} });
  const key = ((await init.json()) as CallEnvelope<typeof api.settingInit>).result.payload_key;
  const res = await request.post('/api/user/login', {
    data: {
      channel_code: 'account',
      account,
      passwd: await encryptPayload(key, password),
      encrypt: 1,
    },
  });
  return (await res.json()) as CallEnvelope<typeof api.userLogin>;
}

/** A session token for the demo account, straight from the API. */
export async function demoToken(request: APIRequestContext): Promise<string> {
  const body = await apiLogin(request, DEMO.account, DEMO.password);
  expect(body.code, JSON.stringify(body)).toBe(0);
  return body.result?.token ?? '';
}

/** The header's Logout button: shown only while signed in. */
export const logoutButton = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: en.nav.logout, exact: true });

/** A short message (lib/notices) in the polite live region. */
export async function expectNotice(page: Page, text: string): Promise<void> {
  await expect(page.getByRole('status').filter({ hasText: text })).toBeVisible();
}

/** Fills the account tab of the /login form and submits it (the page must be open). */
export async function submitAccountLogin(page: Page, account: string, password: string) {
  await page.getByRole('tab', { name: auth.methods.account }).click();
  await page.getByRole('textbox', { name: auth.fields.account }).fill(account);
  await page.getByLabel(auth.fields.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: auth.submit, exact: true }).click();
}

/** Signed in: Logout in the header, and a guarded page opens without a login redirect. */
export async function expectSignedIn(page: Page): Promise<void> {
  await expect(logoutButton(page)).toBeVisible();
  await page.goto('/main/account/user');
  await expect(page.getByRole('heading', { level: 1, name: en.routes.accountUser })).toBeVisible();
  await expect(page).toHaveURL(/\/main\/account\/user$/);
  await expect(logoutButton(page)).toBeVisible();
}
