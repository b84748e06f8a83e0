// Facebook and WeChat sign-in against local servers speaking their protocols, plus the state
// checks (missing, unknown, replayed, expired, other provider), open-redirect attempts,
// /api/user/wechat/info/get and the provider list in /api/setting/init.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Envelope, type TestApp } from './helper';
import { testDatabases } from './databases';
import {
  FACEBOOK,
  startFakeFacebook,
  startFakeWechat,
  WECHAT,
  type FakeOAuth2,
} from './oauth/fake-oauth2';
import { buildSocialApp, exchangeTicket, locationOf, startSignIn } from './oauth/social-app';

const PORTAL = 'http://portal.test';

describe.each(testDatabases())('social sign-in over OAuth 2 (%s)', (kind) => {
  let t: TestApp;
  let facebook: FakeOAuth2;
  let wechat: FakeOAuth2;

  beforeAll(async () => {
    facebook = await startFakeFacebook(`${PORTAL}/api/oauth/facebook/callback`);
    wechat = await startFakeWechat();
    t = await createTestApp(kind, {
      env: {
        PUBLIC_BASE_URL: PORTAL,
        FACEBOOK_APP_ID: FACEBOOK.appId,
        FACEBOOK_APP_SECRET: FACEBOOK.appSecret,
        FACEBOOK_AUTH_URL: `${facebook.origin}/v19.0/dialog/oauth`,
        FACEBOOK_TOKEN_URL: `${facebook.origin}/v19.0/oauth/access_token`,
        FACEBOOK_USERINFO_URL: `${facebook.origin}/v19.0/me`,
        WECHAT_APP_ID: WECHAT.appId,
        WECHAT_APP_SECRET: WECHAT.appSecret,
        WECHAT_AUTH_URL: `${wechat.origin}/connect/qrconnect`,
        WECHAT_TOKEN_URL: `${wechat.origin}/sns/oauth2/access_token`,
        WECHAT_USERINFO_URL: `${wechat.origin}/sns/userinfo`,
      },
    });
  });
  afterAll(async () => {
    await t.app.close();
    await t.database.close();
    await facebook.close();
    await wechat.close();
  });

  const callback = (provider: string, query: string) =>
    t.app.inject({ method: 'GET', url: `/api/oauth/${provider}/callback?${query}` });

  it('Facebook: code + PKCE exchange, profile with appsecret_proof, same account next time', async () => {
    const start = await startSignIn(t.app, 'facebook', '/main/account/user');
    expect(start.origin).toBe(facebook.origin);
    expect(start.searchParams.get('client_id')).toBe(FACEBOOK.appId);
    const state = start.searchParams.get('state') ?? '';
    facebook.register(
      'fb-code-1',
      { subject: '1001', name: 'Fay' },
      start.searchParams.get('code_challenge') ?? '',
    );
    const to = locationOf(await callback('facebook', `code=fb-code-1&state=${state}`));
    expect(to.pathname).toBe('/main/account/user');
    const accid = await exchangeTicket(t.app, to.searchParams.get('hctoken') ?? '');
    expect(accid).toBeGreaterThan(0);

    const again = await startSignIn(t.app, 'facebook');
    facebook.register(
      'fb-code-2',
      { subject: '1001', name: 'Fay' },
      again.searchParams.get('code_challenge') ?? '',
    );
    const to2 = locationOf(
      await callback('facebook', `code=fb-code-2&state=${again.searchParams.get('state') ?? ''}`),
    );
    expect(await exchangeTicket(t.app, to2.searchParams.get('hctoken') ?? '')).toBe(accid);
  });

  it('Facebook: a code that fails the PKCE check or an unknown code signs nobody in', async () => {
    const start = await startSignIn(t.app, 'facebook');
    facebook.register('fb-code-pkce', { subject: '1002', name: 'Eve' }, 'not-the-challenge');
    const to = locationOf(
      await callback(
        'facebook',
        `code=fb-code-pkce&state=${start.searchParams.get('state') ?? ''}`,
      ),
    );
    expect(to.pathname).toBe('/login');
    expect(to.searchParams.get('oauth_error')).toBe('token');

    const start2 = await startSignIn(t.app, 'facebook');
    const to2 = locationOf(
      await callback('facebook', `code=nope&state=${start2.searchParams.get('state') ?? ''}`),
    );
    expect(to2.searchParams.get('oauth_error')).toBe('token');
  });

  it('Facebook: a user who cancels comes back to /login with oauth_error=provider', async () => {
    const start = await startSignIn(t.app, 'facebook');
    const to = locationOf(
      await callback(
        'facebook',
        `error=access_denied&error_reason=user_denied&state=${start.searchParams.get('state') ?? ''}`,
      ),
    );
    expect(to.searchParams.get('oauth_error')).toBe('provider');
  });

  it('WeChat: appid/secret/code exchange, openid is the subject, nickname kept', async () => {
    const start = await startSignIn(t.app, 'wechat');
    expect(start.origin + start.pathname).toBe(`${wechat.origin}/connect/qrconnect`);
    expect(start.searchParams.get('appid')).toBe(WECHAT.appId);
    expect(start.searchParams.get('scope')).toBe('snsapi_login');
    expect(start.hash).toBe('#wechat_redirect');
    wechat.register('wx-code-1', { subject: 'o-wx-1', name: '微信用户' });
    const to = locationOf(
      await callback('wechat', `code=wx-code-1&state=${start.searchParams.get('state') ?? ''}`),
    );
    const accid = await exchangeTicket(t.app, to.searchParams.get('hctoken') ?? '');
    expect(accid).toBeGreaterThan(0);
    const identity = await t.database.db
      .selectFrom('social_identities')
      .select(['account_id', 'name'])
      .where('provider', '=', 'wechat')
      .where('subject', '=', 'o-wx-1')
      .executeTakeFirstOrThrow();
    expect(Number(identity.account_id)).toBe(accid);
    expect(identity.name).toBe('微信用户');
  });

  it('WeChat: an {errcode, errmsg} answer signs nobody in', async () => {
    const start = await startSignIn(t.app, 'wechat');
    const to = locationOf(
      await callback('wechat', `code=bad-code&state=${start.searchParams.get('state') ?? ''}`),
    );
    expect(to.pathname).toBe('/login');
    expect(to.searchParams.get('oauth_error')).toBe('token');
  });

  describe('state', () => {
    it.each([
      ['missing', 'code=c'],
      ['empty', 'code=c&state='],
      ['unknown', 'code=c&state=made-up-state-value'],
    ])(
      'a %s state goes to /login?oauth_error=state without contacting the provider',
      async (_n, q) => {
        const before = wechat.tokenRequests;
        const to = locationOf(await callback('wechat', q));
        expect(to.pathname).toBe('/login');
        expect(to.searchParams.get('oauth_error')).toBe('state');
        expect(to.searchParams.has('hctoken')).toBe(false);
        expect(wechat.tokenRequests).toBe(before);
      },
    );

    it('a state is single use: the replay fails even with a fresh valid code', async () => {
      const start = await startSignIn(t.app, 'wechat');
      const state = start.searchParams.get('state') ?? '';
      wechat.register('wx-replay-1', { subject: 'o-wx-r', name: 'R' });
      wechat.register('wx-replay-2', { subject: 'o-wx-r', name: 'R' });
      expect(
        locationOf(await callback('wechat', `code=wx-replay-1&state=${state}`)).searchParams.get(
          'hctoken',
        ),
      ).toBeTruthy();
      const replay = locationOf(await callback('wechat', `code=wx-replay-2&state=${state}`));
      expect(replay.searchParams.get('oauth_error')).toBe('state');
    });

    it('a state started for one provider does not work for another', async () => {
      const start = await startSignIn(t.app, 'wechat');
      const to = locationOf(
        await callback('facebook', `code=c&state=${start.searchParams.get('state') ?? ''}`),
      );
      expect(to.searchParams.get('oauth_error')).toBe('state');
    });

    it('a state older than 10 minutes has expired', async () => {
      const start = await startSignIn(t.app, 'wechat');
      wechat.register('wx-late', { subject: 'o-wx-late', name: 'L' });
      t.clock.advance(10 * 60_000 + 1000);
      const to = locationOf(
        await callback('wechat', `code=wx-late&state=${start.searchParams.get('state') ?? ''}`),
      );
      expect(to.searchParams.get('oauth_error')).toBe('state');
    });
  });

  describe('open redirects', () => {
    it.each([
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      'evil.example',
      '/%5Cevil',
      '',
    ])('redirect=%j ends at /main/home', async (redirect) => {
      const start = await startSignIn(t.app, 'wechat', redirect);
      wechat.register(`wx-redir-${redirect.length}`, { subject: 'o-wx-redir', name: 'X' });
      const res = await callback(
        'wechat',
        `code=wx-redir-${redirect.length}&state=${start.searchParams.get('state') ?? ''}`,
      );
      expect(String(res.headers.location)).toMatch(/^\/main\/home\?hctoken=/);
    });
  });

  it('an unconfigured or unknown provider goes back to /login?oauth_error=provider', async () => {
    for (const provider of ['google', 'apple', 'myspace']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/oauth/${provider}/start` });
      expect(locationOf(res).searchParams.get('oauth_error')).toBe('provider');
    }
  });

  it('setting/init lists only the configured providers; wechat/info/get points at our start', async () => {
    const init = await t.app.inject({ method: 'POST', url: '/api/setting/init', payload: {} });
    expect(init.json<Envelope<{ social: string[] }>>().result.social).toEqual([
      'facebook',
      'wechat',
    ]);
    const info = await t.app.inject({
      method: 'POST',
      url: '/api/user/wechat/info/get',
      payload: {},
    });
    expect(info.json<Envelope>().result).toEqual({
      enabled: true,
      appid: WECHAT.appId,
      authorize_url: `${PORTAL}/api/oauth/wechat/start`,
    });

    const bare = await buildSocialApp(t.database, {});
    try {
      const none = await bare.inject({ method: 'POST', url: '/api/setting/init', payload: {} });
      expect(none.json<Envelope<{ social: string[] }>>().result.social).toEqual([]);
      const off = await bare.inject({
        method: 'POST',
        url: '/api/user/wechat/info/get',
        payload: {},
      });
      expect(off.json<Envelope>().result).toEqual({
        enabled: false,
        appid: null,
        authorize_url: null,
      });
    } finally {
      await bare.close();
    }
  });
});
