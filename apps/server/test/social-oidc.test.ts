// Google and Sign in with Apple through a real OpenID provider (oidc-provider on a local port):
// a complete authorization-code flow with PKCE, state and nonce, ending at our callback and an
// hctoken hand-over; then ID tokens with the wrong aud, iss or nonce from a hand-made issuer.
import type { FastifyInstance } from 'fastify';
import { exportPKCS8, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/helper';
import { testDatabases } from './support/databases';
import { TestBrowser } from './oauth/browser';
import { startFakeOidc, type FakeOidc } from './oauth/fake-oidc';
import {
  APPLE_CLIENT,
  GOOGLE_CLIENT,
  PORTAL,
  startLocalOidc,
  type LocalOidc,
} from './oauth/local-oidc';
import {
  buildSocialApp,
  exchangeTicket,
  locationOf,
  setCookies,
  startSignIn,
  startedBrowser,
} from './oauth/social-app';

describe.each(testDatabases())('social sign-in over OpenID Connect (%s)', (kind) => {
  let t: TestApp;
  let oidc: LocalOidc;
  let fake: FakeOidc;
  let env: Record<string, string>;
  const extraApps: FastifyInstance[] = [];

  beforeAll(async () => {
    const apple = await generateKeyPair('ES256', { extractable: true });
    oidc = await startLocalOidc(apple.publicKey);
    fake = await startFakeOidc();
    env = {
      PUBLIC_BASE_URL: PORTAL,
      GOOGLE_CLIENT_ID: GOOGLE_CLIENT.id,
      GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT.secret,
      GOOGLE_ISSUER: oidc.origin,
      APPLE_CLIENT_ID: APPLE_CLIENT.id,
      APPLE_TEAM_ID: APPLE_CLIENT.teamId,
      APPLE_KEY_ID: APPLE_CLIENT.keyId,
      // One line with \n escapes, as env files carry it.
      APPLE_PRIVATE_KEY: (await exportPKCS8(apple.privateKey)).replace(/\n/g, '\\n'),
      APPLE_ISSUER: oidc.origin,
    };
    t = await createTestApp(kind, { env });
  });
  afterAll(async () => {
    for (const app of extraApps) await app.close();
    await t.app.close();
    await t.database.close();
    await oidc.close();
    await fake.close();
  });

  async function google(app: FastifyInstance, login: string, redirect?: string) {
    const start = await startSignIn(app, 'google', redirect);
    const back = await new TestBrowser().signIn(start, PORTAL, login);
    if (back.kind !== 'redirect') throw new Error('expected a query redirect');
    expect(back.url.pathname).toBe('/api/oauth/google/callback');
    const headers = startedBrowser(back.url.searchParams.get('state'));
    const callbackPath = `${back.url.pathname}${back.url.search}`;
    const res = await app.inject({ method: 'GET', url: callbackPath, headers });
    return { res, callbackPath, headers };
  }

  async function apple(app: FastifyInstance, login: string, user?: object) {
    const start = await startSignIn(app, 'apple');
    expect(start.searchParams.get('response_mode')).toBe('form_post');
    const back = await new TestBrowser().signIn(start, PORTAL, login);
    if (back.kind !== 'form_post') throw new Error('expected form_post');
    expect(back.action.pathname).toBe('/api/oauth/apple/callback');
    if (user) back.fields.set('user', JSON.stringify(user));
    return app.inject({
      method: 'POST',
      url: back.action.pathname,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...startedBrowser(back.fields.get('state')),
      },
      payload: back.fields.toString(),
    });
  }

  it('start stores state, PKCE and nonce server-side and sends them to Google', async () => {
    const start = await startSignIn(t.app, 'google');
    expect(start.origin).toBe(oidc.origin);
    expect(start.searchParams.get('client_id')).toBe(GOOGLE_CLIENT.id);
    expect(start.searchParams.get('redirect_uri')).toBe(`${PORTAL}/api/oauth/google/callback`);
    expect(start.searchParams.get('code_challenge_method')).toBe('S256');
    expect(start.searchParams.get('state')?.length).toBeGreaterThanOrEqual(43);
    expect(start.searchParams.get('nonce')?.length).toBeGreaterThanOrEqual(43);
    const rows = await t.database.db.selectFrom('oauth_states').selectAll().execute();
    // Only a hash of the state is stored.
    expect(rows.some((r) => r.state_hash === start.searchParams.get('state'))).toBe(false);
    expect(rows.length).toBeGreaterThan(0);
  });

  it('Google: a real code flow creates an account, hands over, and finds it again by subject', async () => {
    const first = await google(t.app, 'alice', '/main/recharge?x=1');
    const to = locationOf(first.res);
    expect(to.pathname).toBe('/main/recharge');
    expect(to.searchParams.get('x')).toBe('1');
    const ticket = to.searchParams.get('hctoken');
    expect(ticket).toBeTruthy();
    const accid = await exchangeTicket(t.app, ticket ?? '');
    expect(accid).toBeGreaterThan(0);
    const account = await t.database.db
      .selectFrom('accounts')
      .select(['account', 'password_hash', 'email'])
      .where('id', '=', accid ?? 0)
      .executeTakeFirstOrThrow();
    expect(account.account).toMatch(/^google_[0-9a-f]{10}$/);
    expect(account.password_hash).toBeNull();
    // The provider email is kept on the identity only, never used to match accounts.
    expect(account.email).toBeNull();

    const again = locationOf((await google(t.app, 'alice')).res);
    expect(again.pathname).toBe('/main/home');
    expect(await exchangeTicket(t.app, again.searchParams.get('hctoken') ?? '')).toBe(accid);

    const other = locationOf((await google(t.app, 'bob')).res);
    const otherId = await exchangeTicket(t.app, other.searchParams.get('hctoken') ?? '');
    expect(otherId).not.toBe(accid);
    expect(otherId).toBeGreaterThan(0);
  });

  it('a replayed callback (used state) signs nobody in', async () => {
    const { res, callbackPath, headers } = await google(t.app, 'carol');
    expect(locationOf(res).searchParams.get('hctoken')).toBeTruthy();
    // Even from the browser that started it (its cookie kept).
    const replay = await t.app.inject({ method: 'GET', url: callbackPath, headers });
    const to = locationOf(replay);
    expect(to.pathname).toBe('/login');
    expect(to.searchParams.get('oauth_error')).toBe('state');
    expect(to.searchParams.has('hctoken')).toBe(false);
  });

  it('Apple: form_post return, name from the first `user` field, appleId on success', async () => {
    const before = oidc.appleSecretsVerified;
    const res = await apple(t.app, 'ann', { name: { firstName: 'Ann', lastName: 'Apple' } });
    const to = locationOf(res);
    expect(to.pathname).toBe('/main/home');
    expect(to.searchParams.get('appleId')).toBe('ann');
    const accid = await exchangeTicket(t.app, to.searchParams.get('hctoken') ?? '');
    expect(accid).toBeGreaterThan(0);
    // Our ES256 client-secret JWT was checked by the provider side of the test.
    expect(oidc.appleSecretsVerified).toBeGreaterThan(before);

    const again = locationOf(await apple(t.app, 'ann'));
    expect(await exchangeTicket(t.app, again.searchParams.get('hctoken') ?? '')).toBe(accid);
    const identity = await t.database.db
      .selectFrom('social_identities')
      .select(['name', 'account_id'])
      .where('provider', '=', 'apple')
      .where('subject', '=', 'ann')
      .executeTakeFirstOrThrow();
    expect(identity.name).toBe('Ann Apple');
    expect(Number(identity.account_id)).toBe(accid);
  });

  it('Apple binding cookie: SameSite=None and Secure (its return is a cross-site form POST)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/oauth/apple/start' });
    const [cookie] = setCookies(res);
    expect(cookie).toMatch(/^hc_oauth_binding=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('Path=/api/oauth/apple/callback');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=None');
    expect(cookie).toContain('Secure');
  });

  it('a GET to the Apple callback is refused (Apple returns by form_post only)', async () => {
    const start = await startSignIn(t.app, 'apple');
    const state = start.searchParams.get('state') ?? '';
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/oauth/apple/callback?code=x&state=${state}`,
    });
    expect(locationOf(res).searchParams.get('oauth_error')).toBe('provider');
  });

  it('sign-up off: Apple returns with appleId=false, Google with not_found, nothing created', async () => {
    const app = await buildSocialApp(t.database, { ...env, SOCIAL_SIGNUP: 'false' });
    extraApps.push(app);
    const count = async () =>
      (await t.database.db.selectFrom('social_identities').select('id').execute()).length;
    const before = await count();

    const appleTo = locationOf(await apple(app, 'new-apple-user'));
    expect(appleTo.pathname).toBe('/main/home');
    expect(appleTo.searchParams.get('appleId')).toBe('false');
    expect(appleTo.searchParams.has('hctoken')).toBe(false);

    const googleTo = locationOf((await google(app, 'new-google-user')).res);
    expect(googleTo.pathname).toBe('/login');
    expect(googleTo.searchParams.get('oauth_error')).toBe('not_found');
    expect(await count()).toBe(before);

    // A known identity still signs in with sign-up off.
    const known = locationOf((await google(app, 'alice')).res);
    expect(known.searchParams.get('hctoken')).toBeTruthy();
  });

  describe('ID token checks (hand-made issuer)', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await buildSocialApp(t.database, {
        PUBLIC_BASE_URL: PORTAL,
        GOOGLE_CLIENT_ID: 'fake-client',
        GOOGLE_CLIENT_SECRET: 'fake-secret',
        GOOGLE_ISSUER: fake.origin,
      });
      extraApps.push(app);
    });

    async function withToken(code: string, claims: (start: URL) => Record<string, unknown>) {
      const start = await startSignIn(app, 'google');
      await fake.issueFor(code, claims(start));
      const state = start.searchParams.get('state') ?? '';
      return locationOf(
        await app.inject({
          method: 'GET',
          url: `/api/oauth/google/callback?code=${code}&state=${state}`,
          headers: startedBrowser(state),
        }),
      );
    }
    const good = (start: URL) => ({
      iss: fake.origin,
      aud: 'fake-client',
      sub: 'crafted-user',
      nonce: start.searchParams.get('nonce'),
    });

    it('accepts a correct token (control)', async () => {
      const to = await withToken('c-good', good);
      expect(to.searchParams.get('hctoken')).toBeTruthy();
    });

    it.each([
      ['wrong aud', (s: URL) => ({ ...good(s), aud: 'someone-else' })],
      ['wrong iss', (s: URL) => ({ ...good(s), iss: 'https://evil.example' })],
      ['wrong nonce', (s: URL) => ({ ...good(s), nonce: 'not-the-nonce' })],
      ['missing nonce', (s: URL) => ({ ...good(s), nonce: undefined })],
      ['expired', (s: URL) => ({ ...good(s), exp: Math.floor(Date.now() / 1000) - 3600 })],
    ])('rejects an ID token with %s', async (_name, claims) => {
      const to = await withToken(`c-${_name.replace(' ', '-')}`, claims);
      expect(to.pathname).toBe('/login');
      expect(to.searchParams.get('oauth_error')).toBe('token');
      expect(to.searchParams.has('hctoken')).toBe(false);
    });
  });
});
