// The sandbox identity provider (SOCIAL_SANDBOX, ADR 0044) over real HTTP: the portal listens on
// a port, its own OAuth clients (openid-client for Google and Apple, the Facebook and WeChat
// clients) call the sandbox served by the same server, and a cookie-keeping browser drives each
// of the four sign-ins from /api/oauth/<provider>/start through the sandbox page to the
// callback and the hctoken hand-over. Then the protocol checks the sandbox makes, and the
// production refusal.
import { createServer } from 'node:net';
import { api, type SocialProvider } from '@hc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { SANDBOX_CLIENTS } from '../src/config/social-sandbox';
import { TestBrowser } from './oauth/browser';
import { exchangeTicket } from './oauth/social-app';
import { call } from './support/call';
import { testDatabases } from './support/databases';
import { createTestApp, PRODUCTION_SECRETS, testConfig, type TestApp } from './support/helper';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

const decode = (v: string) =>
  v
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The hidden fields and action of the form that holds `marker` (an identity value). */
function formWith(html: string, marker: string): { action: string; fields: URLSearchParams } {
  for (const m of html.matchAll(/<form[^>]* action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/g)) {
    const inner = m[2] ?? '';
    if (!inner.includes(marker)) continue;
    const fields = new URLSearchParams();
    for (const f of inner.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
      fields.set(f[1] ?? '', decode(f[2] ?? ''));
    return { action: decode(m[1] ?? ''), fields };
  }
  throw new Error(`no form with ${marker}: ${html.slice(0, 400)}`);
}

interface Outcome {
  /** Where the portal's callback sent the browser. */
  landed: URL;
  /** What the sandbox sent to the callback. */
  returned: URLSearchParams;
}

describe.each(testDatabases())('sandbox identity provider (%s)', (kind) => {
  let t: TestApp;
  let origin: string;

  beforeAll(async () => {
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    t = await createTestApp(kind, {
      env: {
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_BASE_URL: origin,
        SOCIAL_SANDBOX: 'true',
      },
    });
    await t.app.listen({ host: '127.0.0.1', port });
  });
  afterAll(async () => {
    await t.app.close();
    await t.database.close();
  });

  /**
   * Start at the portal, choose `choice` on the sandbox page (a demo identity key, 'cancel', or
   * a custom { name, email }), and come back through the portal's callback.
   */
  async function signIn(
    provider: SocialProvider,
    choice: string | { name: string; email: string },
    browser = new TestBrowser(),
  ): Promise<Outcome> {
    const start = await browser.fetch(
      new URL(
        `/api/oauth/${provider}/start?redirect=${encodeURIComponent('/main/recharge?x=1')}`,
        origin,
      ),
    );
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get('location') ?? '');
    expect(authorize.origin).toBe(origin);
    expect(authorize.pathname.startsWith(`/dev/sandbox-idp/${provider}/`)).toBe(true);
    const page = await browser.fetch(authorize);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Sandbox sign-in (test mode)');
    const marker = typeof choice === 'string' ? `value="${choice}"` : 'value="custom"';
    const form = formWith(html, marker);
    if (typeof choice === 'object') {
      form.fields.set('name', choice.name);
      form.fields.set('email', choice.email);
    }
    const chosen = await browser.fetch(new URL(form.action), { method: 'POST', form: form.fields });
    let back: Response;
    let returned: URLSearchParams;
    if (provider === 'apple') {
      // response_mode=form_post: a page whose form posts to the callback.
      expect(chosen.status).toBe(200);
      const post = formWith(await chosen.text(), 'name="state"');
      expect(post.action).toBe(`${origin}/api/oauth/apple/callback`);
      returned = post.fields;
      back = await browser.fetch(new URL(post.action), { method: 'POST', form: post.fields });
    } else {
      expect(chosen.status).toBe(302);
      const callback = new URL(chosen.headers.get('location') ?? '');
      expect(callback.origin + callback.pathname).toBe(`${origin}/api/oauth/${provider}/callback`);
      returned = callback.searchParams;
      back = await browser.fetch(callback);
    }
    expect(back.status).toBe(302);
    return { landed: new URL(back.headers.get('location') ?? '', origin), returned };
  }

  async function accountOf(landed: URL) {
    const ticket = landed.searchParams.get('hctoken');
    expect(ticket, landed.toString()).toBeTruthy();
    const accid = await exchangeTicket(t.app, ticket ?? '');
    expect(accid).toBeGreaterThan(0);
    const account = await t.database.db
      .selectFrom('accounts')
      .select(['account'])
      .where('id', '=', accid ?? 0)
      .executeTakeFirstOrThrow();
    const identity = await t.database.db
      .selectFrom('social_identities')
      .select(['provider', 'subject', 'name', 'email'])
      .where('account_id', '=', accid ?? 0)
      .executeTakeFirstOrThrow();
    return { accid, account: account.account, identity };
  }

  it('lists all four providers in settingInit', async () => {
    const body = await call(t.app, api.settingInit, {});
    expect(body.code).toBe(0);
    expect(body.code === 0 && [...body.result.social].sort()).toEqual([
      'apple',
      'facebook',
      'google',
      'wechat',
    ]);
  });

  const SUBJECT: Record<SocialProvider, RegExp> = {
    google: /^1\d{20}$/,
    apple: /^00\d{4}\.[0-9a-f]{32}\.\d{4}$/,
    facebook: /^1\d{15}$/,
    wechat: /^o[\w-]{27}$/,
  };

  for (const provider of ['google', 'apple', 'facebook', 'wechat'] as const) {
    it(`${provider}: a demo identity signs in, creates an account, and finds it again`, async () => {
      const first = await signIn(provider, 'demo:alice');
      expect(first.landed.pathname).toBe('/main/recharge');
      expect(first.landed.searchParams.get('x')).toBe('1');
      const a = await accountOf(first.landed);
      expect(a.account).toMatch(new RegExp(`^${provider}_[0-9a-f]{10}$`));
      expect(a.identity.subject).toMatch(SUBJECT[provider]);
      expect(a.identity.name).toBe('Alice Tester');
      // WeChat shares no email; the others the identity's.
      expect(a.identity.email).toBe(provider === 'wechat' ? null : 'alice@sandbox.example');
      if (provider === 'apple') {
        expect(first.landed.searchParams.get('appleId')).toBe(a.identity.subject);
        expect(JSON.parse(first.returned.get('user') ?? '{}')).toEqual({
          name: { firstName: 'Alice', lastName: 'Tester' },
          email: 'alice@sandbox.example',
        });
      }

      const again = await signIn(provider, 'demo:alice');
      expect((await accountOf(again.landed)).accid).toBe(a.accid);
      // Apple sends the `user` field on the first authorization only.
      if (provider === 'apple') expect(again.returned.has('user')).toBe(false);

      const other = await signIn(provider, 'demo:bao');
      expect((await accountOf(other.landed)).accid).not.toBe(a.accid);
    });
  }

  it('a custom identity signs in; the same email finds the same account', async () => {
    const first = await signIn('google', { name: '  Zoë   Custom ', email: 'Zoe@Example.test' });
    const a = await accountOf(first.landed);
    expect(a.identity).toMatchObject({ name: 'Zoë Custom', email: 'zoe@example.test' });
    const again = await signIn('google', { name: 'Someone Else', email: 'zoe@example.test' });
    expect((await accountOf(again.landed)).accid).toBe(a.accid);
  });

  it('a bad custom identity shows the page again with the error, and no code', async () => {
    const browser = new TestBrowser();
    const start = await browser.fetch(new URL('/api/oauth/facebook/start', origin));
    const page = await (await browser.fetch(new URL(start.headers.get('location') ?? ''))).text();
    const form = formWith(page, 'value="custom"');
    form.fields.set('name', '');
    form.fields.set('email', 'not-an-email');
    const res = await browser.fetch(new URL(form.action), { method: 'POST', form: form.fields });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('role="alert"');
    expect(html).toContain('Enter a name.');
    expect(html).toContain('value="not-an-email"');
  });

  it('cancelling returns to the login page with an error and no session', async () => {
    for (const provider of ['google', 'apple', 'facebook'] as const) {
      const out = await signIn(provider, 'cancel');
      expect(out.landed.pathname).toBe('/login');
      expect(out.landed.searchParams.get('oauth_error')).toBe('provider');
    }
    // WeChat comes back without a code.
    const wechat = await signIn('wechat', 'cancel');
    expect(wechat.landed.searchParams.get('oauth_error')).toBe('token');
  });

  it('serves OpenID discovery and JWKS shaped like Google and Apple', async () => {
    for (const provider of ['google', 'apple'] as const) {
      const issuer = `${origin}/dev/sandbox-idp/${provider}`;
      const doc = (await (
        await fetch(`${issuer}/.well-known/openid-configuration`)
      ).json()) as Record<string, unknown>;
      expect(doc.issuer).toBe(issuer);
      expect(doc.code_challenge_methods_supported).toEqual(['S256']);
      const jwks = (await (await fetch(String(doc.jwks_uri))).json()) as {
        keys: { kty: string; kid: string }[];
      };
      expect(jwks.keys[0]?.kty).toBe('RSA');
    }
    const apple = (await (
      await fetch(`${origin}/dev/sandbox-idp/apple/.well-known/openid-configuration`)
    ).json()) as Record<string, unknown>;
    expect(apple.response_modes_supported).toContain('form_post');
  });

  it('refuses a wrong redirect_uri or client id on the authorize page', async () => {
    const bad = new URL(`${origin}/dev/sandbox-idp/google/o/oauth2/v2/auth`);
    bad.search = new URLSearchParams({
      client_id: SANDBOX_CLIENTS.google.clientId,
      redirect_uri: 'https://evil.example/callback',
      response_type: 'code',
      scope: 'openid email',
      state: 's',
    }).toString();
    const res = await fetch(bad, { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('redirect_uri_mismatch');
    bad.searchParams.set('client_id', 'someone-else');
    bad.searchParams.set('redirect_uri', `${origin}/api/oauth/google/callback`);
    expect((await fetch(bad, { redirect: 'manual' })).status).toBe(400);
  });

  /** A code from the Google sandbox page, without going back to the portal. */
  async function googleCode(verifier: string): Promise<string> {
    const { createHash } = await import('node:crypto');
    const q = new URLSearchParams({
      client_id: SANDBOX_CLIENTS.google.clientId,
      redirect_uri: `${origin}/api/oauth/google/callback`,
      response_type: 'code',
      scope: 'openid email profile',
      state: 'st',
      nonce: 'n',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    });
    const res = await fetch(`${origin}/dev/sandbox-idp/google/o/oauth2/v2/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ request: q.toString(), identity: 'demo:mei' }).toString(),
      redirect: 'manual',
    });
    expect(res.status).toBe(302);
    return new URL(res.headers.get('location') ?? '').searchParams.get('code') ?? '';
  }

  it('the token endpoint checks client, PKCE and single use', async () => {
    const token = (form: Record<string, string>) =>
      fetch(`${origin}/dev/sandbox-idp/google/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          client_id: SANDBOX_CLIENTS.google.clientId,
          client_secret: SANDBOX_CLIENTS.google.clientSecret,
          redirect_uri: `${origin}/api/oauth/google/callback`,
          ...form,
        }).toString(),
      });
    const verifier = 'v'.repeat(43);
    let code = await googleCode(verifier);
    expect((await token({ code, client_secret: 'wrong' })).status).toBe(401);
    code = await googleCode(verifier);
    expect((await token({ code, code_verifier: 'w'.repeat(43) })).status).toBe(400);
    code = await googleCode(verifier);
    const ok = await token({ code, code_verifier: verifier });
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as { id_token: string; token_type: string };
    expect(body.token_type).toBe('Bearer');
    const claims = JSON.parse(
      Buffer.from(body.id_token.split('.')[1] ?? '', 'base64url').toString(),
    ) as Record<string, unknown>;
    expect(claims).toMatchObject({
      iss: `${origin}/dev/sandbox-idp/google`,
      aud: SANDBOX_CLIENTS.google.clientId,
      nonce: 'n',
      email: 'mei@sandbox.example',
    });
    // Used once.
    const again = await token({ code, code_verifier: verifier });
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: string }).error).toBe('invalid_grant');
  });

  it('WeChat and Facebook answer errors in their own shapes', async () => {
    const wx = (await (
      await fetch(
        `${origin}/dev/sandbox-idp/wechat/sns/oauth2/access_token?appid=${SANDBOX_CLIENTS.wechat.appId}` +
          `&secret=${SANDBOX_CLIENTS.wechat.appSecret}&code=nope&grant_type=authorization_code`,
      )
    ).json()) as { errcode: number };
    expect(wx.errcode).toBe(40029);
    const fb = await fetch(`${origin}/dev/sandbox-idp/facebook/graph/v19.0/me?access_token=nope`);
    expect(fb.status).toBe(400);
    expect(((await fb.json()) as { error: { code: number } }).error.code).toBe(190);
  });

  it('the sandbox pages are no-store and marked as test mode', async () => {
    const res = await fetch(`${origin}/dev/sandbox-idp`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.text()).toContain('Sandbox identity provider');
  });
});

describe('SOCIAL_SANDBOX configuration', () => {
  const PRODUCTION = {
    ...PRODUCTION_SECRETS,
    NODE_ENV: 'production',
    PAYLOAD_KEY: Buffer.alloc(32, 3).toString('base64'),
  };

  it('is off by default: no provider is configured', () => {
    const c = testConfig();
    expect(c.social.sandbox).toBeUndefined();
    expect(c.social.google).toBeUndefined();
  });

  it('fills in only the providers without their own client id', () => {
    const c = testConfig({
      SOCIAL_SANDBOX: 'true',
      PUBLIC_BASE_URL: 'https://portal.example',
      GOOGLE_CLIENT_ID: 'real-google',
      GOOGLE_CLIENT_SECRET: 'real-secret',
    });
    expect(c.social.sandbox?.providers).toEqual(['apple', 'facebook', 'wechat']);
    expect(c.social.google?.issuer).toBe('https://accounts.google.com');
    expect(c.social.apple?.issuer).toBe('https://portal.example/dev/sandbox-idp/apple');
    expect(c.social.facebook?.tokenUrl).toBe(
      'https://portal.example/dev/sandbox-idp/facebook/graph/v19.0/oauth/access_token',
    );
  });

  it('is refused in production, by name', () => {
    expect(() => loadConfig(PRODUCTION)).not.toThrow();
    let problems: string[] = [];
    try {
      loadConfig({ ...PRODUCTION, SOCIAL_SANDBOX: 'true' });
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      problems = (err as ConfigError).problems.map((p) => `${p.variable}: ${p.message}`);
    }
    expect(problems).toEqual([
      expect.stringMatching(/^SOCIAL_SANDBOX: must not be true when NODE_ENV=production/),
    ]);
  });

  it.each(testDatabases())('serves nothing at /dev/sandbox-idp when off (%s)', async (kind) => {
    const t = await createTestApp(kind);
    try {
      expect((await t.app.inject({ method: 'GET', url: '/dev/sandbox-idp' })).statusCode).toBe(404);
      expect(
        (
          await t.app.inject({
            method: 'GET',
            url: '/dev/sandbox-idp/google/.well-known/openid-configuration',
          })
        ).statusCode,
      ).toBe(404);
    } finally {
      await t.app.close();
      await t.database.close();
    }
  });
});
