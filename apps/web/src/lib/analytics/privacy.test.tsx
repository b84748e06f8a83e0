// no password, code, token or real-name value ever goes into an event. The
// whole app runs with the real tracker through a session that lands with hctoken and appleId in
// the URL, signs in with the login form and redeems a gift code; every batch that leaves (fetch
// and beacon) is checked: valid against the contract, signed, and free of those values.
import { createHmac, randomBytes } from 'node:crypto';
import {
  ErrorCode,
  analyticsBatchSchema,
  analyticsEventSchema,
  toUnixSeconds,
  type AnalyticsBatch,
} from '@hc/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { businessError, envelope, playerUinfo, type RecordedRequest } from '../../test/api-stub';
import { renderApp } from '../../test/render-app';
import { toBase64Url } from './hmac';
import { startAnalytics, stopAnalytics } from './start';
import { resetTracking } from './track';
import { resetScreenTracking } from './use-analytics';

const SECRETS = {
  hctoken: 'HcTokenSecret9x',
  appleId: 'apple.secret.subject.42',
  password: 'Pw-Secret-77',
  code: 'GIFTSECRET2026',
  realName: 'Jane Realname',
  sessionToken: 'tok_session_secret',
};
const KEY = randomBytes(32);
const T = { timeout: 10_000 };

const servers = [
  {
    server_id: 7,
    server_name: 'S7 Dawn',
    state: 0,
    roles: [{ role_id: 'r-7', role_name: 'Aria', level: 3 }],
  },
];
const homeConf = {
  gameInfo: {
    game_id: 1,
    name: 'Dragon Saga',
    icon: '/demo/icon.svg',
    cgi: '/demo/banner.svg',
    downloads: { android: null, pc: null, ios: null },
    customConfig: { loggerUrl: '' },
  },
  gameContent: { info: [], features: [] },
  footer: { about: null, contact: null, privacy: null, agreement: null },
};

const bodies: string[] = [];
const beacons: Blob[] = [];

async function collect(request: RecordedRequest): Promise<Response> {
  const body = request.init.body;
  bodies.push(body instanceof Blob ? await body.text() : typeof body === 'string' ? body : '');
  return envelope({ accepted: 1, rejected: [] });
}

const player = { ...playerUinfo, account: SECRETS.realName };

beforeEach(() => {
  bodies.length = 0;
  beacons.length = 0;
  window.history.replaceState(
    null,
    '',
    `/login?hctoken=${SECRETS.hctoken}&appleId=${SECRETS.appleId}&utm_source=Mail`,
  );
  resetTracking();
  resetScreenTracking();
  stopAnalytics();
  vi.stubGlobal('navigator', {
    ...window.navigator,
    sendBeacon: (_url: string, blob: Blob) => beacons.push(blob) > 0,
  });
});
afterEach(() => {
  stopAnalytics();
  Reflect.deleteProperty(document, 'visibilityState');
  window.history.replaceState(null, '', '/');
});

describe('analytics privacy', () => {
  it('sends no token, password, code or real-name value, only signed contract batches', async () => {
    const app = await renderApp(
      `/login?redirect=%2Fmain%2Fhome&hctoken=${SECRETS.hctoken}&appleId=${SECRETS.appleId}&utm_source=Mail`,
      {
        handlers: {
          '/api/user/tmpWebTokenLogin': () => businessError(ErrorCode.InvalidToken, 'bad'),
          '/api/user/login': () =>
            envelope({
              token: SECRETS.sessionToken,
              customer_service: '',
              accid: 1001,
              account: SECRETS.realName,
            }),
          '/api/user/uinfo': (r) =>
            envelope(
              r.headers.token === SECRETS.sessionToken
                ? player
                : { ...player, login: false, accid: null, account: null },
            ),
          '/api/bulletin/top': () => envelope({ bulletin: null }),
          '/api/setting/crmUrl': () => envelope({ crm_url: 'https://crm.example.com/chat' }),
          '/api/setting/webHomeConfJodo': () => envelope(homeConf),
          '/api/setting/webArticle': () => envelope({ list: [], total: 0, page: 1, size: 6 }),
          '/api/user/webRole': () => envelope({ list: servers }),
          '/api/redeem/code/use': () =>
            envelope({ redemption_id: 'redeem:1', rewards: [{ name: 'Gem', count: 5 }] }),
          '/api/analytics/session': () =>
            envelope({
              sid: '1767229200.privacytest',
              key: toBase64Url(new Uint8Array(KEY)),
              expires_at: toUnixSeconds(Date.now()) + 3600,
              server_ts: toUnixSeconds(Date.now()),
            }),
          '/api/analytics/collect': collect,
        },
      },
    );
    const sender = startAnalytics();

    await app.user.type(await screen.findByRole('textbox', { name: 'Account' }, T), 'player01');
    await app.user.type(screen.getByLabelText('Password'), SECRETS.password);
    await app.user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/main/home'), T);

    const box = await screen.findByTestId('redeem-box', {}, T);
    await app.user.type(within(box).getByLabelText('Gift code'), SECRETS.code);
    await app.user.click(await within(box).findByRole('radio', { name: /S7 Dawn/ }, T));
    await app.user.click(within(box).getByRole('radio', { name: /Aria/ }));
    await app.user.click(within(box).getByTestId('redeem-submit'));
    await within(box).findByTestId('redeem-result', {}, T);

    await sender.flush();
    // Three seconds on /main/home, then the page hides: page_time leaves by sendBeacon,
    // signed in the handler (docs/product/constants.md).
    const later = performance.now() + 3000;
    vi.spyOn(performance, 'now').mockReturnValue(later);
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    while (sender.pendingCount() > 0) await sender.flush();

    const texts = [...bodies, ...(await Promise.all(beacons.map((b) => b.text())))];
    expect(beacons.length).toBeGreaterThan(0);
    const batches = texts.map((text) => {
      const { payload, sig } = JSON.parse(text) as { payload: string; sig: string };
      expect(sig).toBe(createHmac('sha256', KEY).update(payload).digest('base64url'));
      const parsed = analyticsBatchSchema.parse(JSON.parse(payload));
      for (const event of parsed.events) expect(analyticsEventSchema.parse(event)).toEqual(event);
      return parsed as AnalyticsBatch;
    });
    // Case-insensitive: sanitising lower-cases tokens.
    for (const text of texts.map((t) => t.toLowerCase())) {
      for (const secret of Object.values(SECRETS)) expect(text).not.toContain(secret.toLowerCase());
      expect(text).not.toContain('hctoken');
      expect(text).not.toContain('appleid');
    }

    const events = batches.flatMap((b) => b.events);
    const names = events.map((e) => e.event);
    expect(events.find((e) => e.event === 'webpay_loading_page')).toMatchObject({
      trafficsource: 'mail',
    });
    expect(events.filter((e) => e.event === 'webpay_login_result')).toEqual([
      expect.objectContaining({ result: 'success', type: 'apple' }),
      expect.objectContaining({ result: 'success', type: 'account' }),
    ]);
    expect(events).toContainEqual(
      expect.objectContaining({ event: 'webpay_show_page', page: '/main/home' }),
    );
    expect(events).toContainEqual(
      expect.objectContaining({ event: 'webpay_click_button', type: 'login', page: '/login' }),
    );
    expect(events).toContainEqual(
      expect.objectContaining({ event: 'webpay_click_button', type: 'redeem', page: '/main/home' }),
    );
    expect(names).toContain('webpay_user_info');
    const beaconed = JSON.parse((await beacons[0]!.text()).toString()) as { payload: string };
    const pageTime = (JSON.parse(beaconed.payload) as AnalyticsBatch).events.find(
      (e) => e.event === 'webpay_page_time' && e.page === '/main/home',
    );
    expect(pageTime?.page_duration).toBeGreaterThanOrEqual(3000);
    expect(batches.some((b) => b.account_id === 1001)).toBe(true);
    // Events keep their order within the page session.
    const seqs = events.map((e) => e.seq);
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
  }, 30_000);
});
