// Facebook and WeChat sign-in against local servers speaking their protocols, plus the state
// checks (missing, unknown, replayed, expired, other provider, not this browser's), open-redirect attempts,
// /api/user/wechat/info/get and the provider list in /api/setting/init.
import { api } from '@hc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './support/call';
import { createTestApp, type TestApp } from './support/helper';
import { testDatabases } from './support/databases';
import {
  FACEBOOK,
  startFakeFacebook,
  startFakeWechat,
  WECHAT,
  type FakeOAuth2,
} from './oauth/fake-oauth2';
import {
  buildSocialApp,
  exchangeTicket,
  locationOf,
  setCookies,
  startSignIn,
  startedBrowser,
} from './oauth/social-app';

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

  /** The provider's return in the browser that started the sign-in (its binding cookie). */
  const callback = (provider: string, query: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/oauth/${provider}/callback?${query}`,
      headers: startedBrowser(new URLSearchParams(query).get('state')),
    });
  /** The same return with the given cookie header (none: no cookie at all). */
  const callbackWith = (provider: string, query: string, cookie?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/oauth/${provider}/callback?${query}`,
      headers: cookie === undefined ? {} : { cookie },
    });

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

    describe('bound to the browser that started the sign-in (login CSRF)', () => {
      it('start sets an HttpOnly, SameSite=Lax cookie for the callback path only, 10 minutes', async () => {
        const res = await t.app.inject({ method: 'GET', url: '/api/oauth/wechat/start' });
        const [cookie, ...more] = setCookies(res);
        expect(more).toEqual([]);
        expect(cookie).toMatch(/^hc_oauth_binding=[A-Za-z0-9_-]{43}; /);
        expect(cookie).toContain('Path=/api/oauth/wechat/callback;');
        expect(cookie).toContain('Max-Age=600;');
        expect(cookie).toContain('HttpOnly');
        expect(cookie).toContain('SameSite=Lax');
        // PUBLIC_BASE_URL is http here.
        expect(cookie).not.toContain('Secure');
        // No cookie for a provider that is not configured.
        const off = await t.app.inject({ method: 'GET', url: '/api/oauth/google/start' });
        expect(setCookies(off)).toEqual([]);
      });

      it('a valid state without the cookie is refused, without contacting the provider', async () => {
        const start = await startSignIn(t.app, 'wechat');
        const state = start.searchParams.get('state') ?? '';
        wechat.register('wx-bind-none', { subject: 'o-wx-bind', name: 'B' });
        const before = wechat.tokenRequests;
        const to = locationOf(await callbackWith('wechat', `code=wx-bind-none&state=${state}`));
        expect(to.pathname).toBe('/login');
        expect(to.searchParams.get('oauth_error')).toBe('state');
        expect(to.searchParams.has('hctoken')).toBe(false);
        expect(wechat.tokenRequests).toBe(before);
      });

      it("a valid state with another browser's cookie is refused", async () => {
        // The attacker starts a sign-in in their own browser and sends the victim the callback
        // URL; the victim's browser carries its own binding cookie (or none).
        const attacker = await startSignIn(t.app, 'wechat');
        const victim = await startSignIn(t.app, 'wechat');
        const state = attacker.searchParams.get('state') ?? '';
        wechat.register('wx-bind-other', { subject: 'o-wx-attacker', name: 'A' });
        const res = await callbackWith(
          'wechat',
          `code=wx-bind-other&state=${state}`,
          startedBrowser(victim.searchParams.get('state')).cookie,
        );
        const to = locationOf(res);
        expect(to.pathname).toBe('/login');
        expect(to.searchParams.get('oauth_error')).toBe('state');
        expect(to.searchParams.has('hctoken')).toBe(false);
        // A made-up cookie value does no better.
        const forged = locationOf(
          await callbackWith(
            'wechat',
            `code=wx-bind-other&state=${state}`,
            'hc_oauth_binding=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
          ),
        );
        expect(forged.searchParams.get('oauth_error')).toBe('state');
      });

      it('with the right cookie the player is signed in, and the cookie is cleared', async () => {
        const start = await startSignIn(t.app, 'wechat');
        const state = start.searchParams.get('state') ?? '';
        // A refused attempt without the cookie does not use the state up.
        expect(
          locationOf(await callbackWith('wechat', `code=x&state=${state}`)).searchParams.get(
            'oauth_error',
          ),
        ).toBe('state');
        wechat.register('wx-bind-ok', { subject: 'o-wx-bind-ok', name: 'OK' });
        const res = await callback('wechat', `code=wx-bind-ok&state=${state}`);
        const to = locationOf(res);
        expect(await exchangeTicket(t.app, to.searchParams.get('hctoken') ?? '')).toBeGreaterThan(
          0,
        );
        const [cleared] = setCookies(res);
        expect(cleared).toMatch(/^hc_oauth_binding=; /);
        expect(cleared).toContain('Max-Age=0');
        expect(cleared).toContain('Path=/api/oauth/wechat/callback');
      });

      it('the cookie is Secure when PUBLIC_BASE_URL is https', async () => {
        const app = await buildSocialApp(t.database, {
          PUBLIC_BASE_URL: 'https://portal.example',
          WECHAT_APP_ID: WECHAT.appId,
          WECHAT_APP_SECRET: WECHAT.appSecret,
          WECHAT_AUTH_URL: `${wechat.origin}/connect/qrconnect`,
          WECHAT_TOKEN_URL: `${wechat.origin}/sns/oauth2/access_token`,
          WECHAT_USERINFO_URL: `${wechat.origin}/sns/userinfo`,
        });
        try {
          const res = await app.inject({ method: 'GET', url: '/api/oauth/wechat/start' });
          expect(setCookies(res)[0]).toMatch(/; Secure(;|$)/);
        } finally {
          await app.close();
        }
      });
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
    const init = await call(t.app, api.settingInit, {});
    expect(init.result.social).toEqual(['facebook', 'wechat']);
    const info = await call(t.app, api.userWechatInfoGet, {});
    expect(info.result).toEqual({
      enabled: true,
      appid: WECHAT.appId,
      authorize_url: `${PORTAL}/api/oauth/wechat/start`,
    });

    const bare = await buildSocialApp(t.database, {});
    try {
      const none = await call(bare, api.settingInit, {});
      expect(none.result.social).toEqual([]);
      const off = await call(bare, api.userWechatInfoGet, {});
      expect(off.result).toEqual({
        enabled: false,
        appid: null,
        authorize_url: null,
      });
    } finally {
      await bare.close();
    }
  });
});
