// Browser tests of the session rules (docs/product/session.md#session-expiry): the expiry dialog appears once and the
// login returns to the page the player was on; the game client's hctoken hand-over.
import type { api } from '../packages/contract/src/api.ts';
import type { CallEnvelope } from '../apps/server/test/support/envelope.ts';
import { expect, test } from './fixtures';
import {
  DEMO,
  demoToken,
  en,
  errorTexts,
  expectNotice,
  logoutButton,
  submitAccountLogin,
} from './support/auth';

test('an ended session shows the expiry dialog once; login returns to the page', async ({
  page,
  request,
}) => {
  await page.goto('/login?redirect=%2Fmain%2Faccount%2Fuser');
  await submitAccountLogin(page, DEMO.account, DEMO.password);
  await expect(page).toHaveURL(/\/main\/account\/user$/);
  await expect(logoutButton(page)).toBeVisible();

  // The session ends on the server while the page is open: after the reload has loaded the user
  // info (session still valid), the first session-required call the page makes ends it
  // (POST /api/user/logout with the page's token) and every such call then reaches the real
  // server, which answers HTTP 203 tokenFail (docs/product/session.md#session-expiry). Whichever call comes first, the
  // dialog must show once.
  const answers: number[] = [];
  let ending: Promise<void> | undefined;
  // Analytics calls do not need a session: they pass through like the other open ones.
  const open = /\/api\/(user\/uinfo|user\/logout|setting\/|bulletin\/|time|analytics\/)/;
  // Only the reloaded page's calls end the session: a call the account page was still making
  // before the reload would end it before the reloaded page asked for the user info, which then
  // starts the page as a visitor (no session to expire, so no dialog). The reloaded page's user
  // info call arms the route.
  let reloading = false;
  let armed = false;
  page.on('request', (request) => {
    if (reloading && request.url().includes('/api/user/uinfo')) armed = true;
  });
  await page.route('**/api/**', async (route) => {
    if (!armed || open.test(route.request().url())) return route.continue();
    const token = route.request().headers()['token'] ?? '';
    ending ??= request
      .post('/api/user/logout', { headers: { token }, data: {} })
      .then(async (res) => {
        expect(((await res.json()) as { code: number }).code).toBe(0);
      });
    await ending;
    const response = await route.fetch();
    answers.push(response.status());
    await route.fulfill({ response });
  });
  reloading = true;
  await page.reload();

  const dialog = page.getByRole('dialog', { name: en.session.expiredTitle });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(errorTexts.tokenFail);
  await expect(page.getByRole('dialog')).toHaveCount(1);
  expect(answers.length).toBeGreaterThan(0);
  expect(answers.every((status) => status === 203)).toBe(true);
  await page.unroute('**/api/**');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fmain%2Faccount%2Fuser$/);
  await dialog.getByRole('button', { name: en.session.ok }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await submitAccountLogin(page, DEMO.account, DEMO.password);
  await expect(page).toHaveURL(/\/main\/account\/user$/);
  await expect(page.getByRole('heading', { level: 1, name: en.routes.accountUser })).toBeVisible();
  await expect(logoutButton(page)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a reload after the session was taken over shows the expiry dialog, not a silent sign-out', async ({
  page,
  request,
}) => {
  await page.goto('/login?redirect=%2Fmain%2Faccount%2Fuser');
  await submitAccountLogin(page, DEMO.account, DEMO.password);
  await expect(page).toHaveURL(/\/main\/account\/user$/);
  const token = await page.evaluate(() => window.localStorage.getItem('hc_token'));
  expect(token).toBeTruthy();
  // Until the reload, this page's calls are held (the reload cancels them): one answered
  // tokenFail on this page would sign it out first, and the reload would start as a visitor,
  // with no session left to expire.
  let reloading = false;
  await page.route('**/api/**', async (route) => {
    if (reloading) await route.continue();
  });
  // The session ends elsewhere (as when another device takes it over); only this page's
  // session, so tests running beside this one keep theirs.
  const ended = await request.post('/api/user/logout', { headers: { token: token! }, data: {} });
  expect(((await ended.json()) as { code: number }).code).toBe(0);
  // From here the old page sends nothing: a call it started between the switch below and the
  // reload (a balance refresh, say) would meet the ended session and sign it out first.
  await page.evaluate(() => {
    window.fetch = () => new Promise<Response>(() => undefined);
  });
  reloading = true;
  await page.reload();
  const dialog = page.getByRole('dialog', { name: en.session.expiredTitle });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(errorTexts.tokenFail);
  await expect(page).toHaveURL(/\/login\?redirect=%2Fmain%2Faccount%2Fuser$/);
});

test('hctoken hand-over: a ticket signs in once, leaves the URL on success and keeps the rest', async ({
  browser,
  request,
  baseURL,
}) => {
  const token = await demoToken(request);
  const uinfo = await request.post('/api/user/uinfo', { headers: { token }, data: {} });
  const { result: info } = (await uinfo.json()) as CallEnvelope<typeof api.userUinfo>;
  expect(info.gameAccountId).not.toBeNull();
  const issued = await request.post('/api/user/sdk/ticket/get', {
    headers: { token },
    data: { uid: info.gameAccountId },
  });
  const body = (await issued.json()) as CallEnvelope<typeof api.userSdkTicketGet>;
  expect(body.code, JSON.stringify(body)).toBe(0);
  const url = `/main/home?hctoken=${encodeURIComponent(body.result?.ticket ?? '')}&x=1`;

  const first = await browser.newContext({ baseURL, locale: 'en-US' });
  const page = await first.newPage();
  await page.goto(url);
  await expect(logoutButton(page)).toBeVisible();
  await expect(page).toHaveURL(/\/main\/home\?x=1$/);
  await first.close();

  // Single use: the same ticket again leaves the visitor signed out with a translated error, and
  // a failed hand-over keeps its hctoken in the address (docs/product/session.md#hand-over).
  const second = await browser.newContext({ baseURL, locale: 'en-US' });
  const again = await second.newPage();
  await again.goto(url);
  await expectNotice(again, errorTexts.InvalidToken);
  await expect(again).toHaveURL(/\/main\/home\?hctoken=[^&]+&x=1$/);
  await expect(again.getByRole('banner').getByRole('link', { name: en.nav.login })).toBeVisible();
  await expect(logoutButton(again)).toHaveCount(0);
  await second.close();
});
