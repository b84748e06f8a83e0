// Security sweeps over the real server (docs/security.md is the index):
// - IDOR: player B asks for every id of player A through every call that takes one and gets
//   "not found" / no data, and A's data is unchanged afterwards (docs/product/sign-in.md#login-response, docs/product/api.md#sign-in-and-session-calls, ARCHITECTURE.md#server-modules);
// - rate limits not already asserted elsewhere: the per-IP login cap gives retry_after;
// - open redirects: the contract's rule and the social sign-in return path (docs/product/session.md#redirect-after-sign-in redirect);
// - CSP on API answers (the HTML side is in web-app.test.ts, the browser side in e2e);
// - no secrets in logs: passwords, codes, session tokens, hand-over tickets, ID numbers, gift
//   codes and webhook secrets never appear in any captured log line (docs/security.md).
import {
  api,
  encryptPayload,
  ErrorCode,
  safeRedirectPath,
  type ApiCall,
  type CallBody,
  type IdentityPayload,
} from '@hc/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signSandboxPayload } from '../src/adapters/payments/sandbox-signature';
import { createGiftCodeBatch } from '../src/modules/gift-codes/gift-codes.service';
import { call } from './support/call';
import { login, makeAccount } from './support/auth-fixtures';
import { testDatabases } from './support/databases';
import { createTestApp, type TestApp } from './support/helper';
import { startFakeWechat, WECHAT, type FakeOAuth2 } from './oauth/fake-oauth2';
import { startDemoGame, type TestDemoGame } from './support/demo-game';
import { OPEN_REDIRECT_CORPUS, SAME_ORIGIN_PATHS } from './support/open-redirect-corpus';
import {
  GAME_PACK,
  GAME_PACK_PRICE,
  identityFor,
  leakedIdentifiers,
  payBySandboxWebhook,
  seedPlayer,
  type SeededPlayer,
} from './support/players';

const PORTAL = 'http://portal.test';
const MINUTE = 60_000;

/** Same-origin path: resolves to the portal's origin and cannot be read as another host. */
function isSameOriginPath(path: string): boolean {
  return (
    path.startsWith('/') &&
    !path.startsWith('//') &&
    !path.includes('\\') &&
    new URL(path, PORTAL).origin === PORTAL
  );
}

describe('open-redirect corpus through the contract rule (docs/product/session.md#redirect-after-sign-in redirect)', () => {
  it.each(OPEN_REDIRECT_CORPUS.map((p) => [p]))('%j stays on the portal', (payload) => {
    const out = safeRedirectPath(payload);
    expect(isSameOriginPath(out), `${JSON.stringify(payload)} -> ${out}`).toBe(true);
  });

  it.each(SAME_ORIGIN_PATHS)('keeps the same-origin path %j', (raw, expected) => {
    expect(safeRedirectPath(raw)).toBe(expected);
  });

  it('never leaves the portal for random slash, backslash, percent and whitespace soup', () => {
    const piece = fc.constantFrom(
      '/',
      '\\',
      '.',
      '..',
      '%2F',
      '%2f',
      '%5C',
      '%252F',
      '%09',
      '%0A',
      '\t',
      '\n',
      ' ',
      '@',
      ':',
      'evil.com',
      'https:',
      'javascript:',
      '?',
      '#',
      '%',
      'main',
      '\u3002',
      '\uFF0F',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (parts) => {
        const raw = parts.join('');
        const out = safeRedirectPath(raw);
        expect(isSameOriginPath(out), `${JSON.stringify(raw)} -> ${out}`).toBe(true);
      }),
      { numRuns: 2000, seed: 5_2026 },
    );
  });
});

describe.each(testDatabases())('security sweeps on %s', (kind) => {
  let game: TestDemoGame;
  let wechat: FakeOAuth2;
  let t: TestApp;
  let a: SeededPlayer;
  let b: SeededPlayer;

  beforeAll(async () => {
    game = await startDemoGame();
    wechat = await startFakeWechat();
    t = await createTestApp(kind, {
      env: {
        ...game.env,
        DEV_OUTBOX: 'true',
        PUBLIC_BASE_URL: PORTAL,
        WECHAT_APP_ID: WECHAT.appId,
        WECHAT_APP_SECRET: WECHAT.appSecret,
        WECHAT_AUTH_URL: `${wechat.origin}/connect/qrconnect`,
        WECHAT_TOKEN_URL: `${wechat.origin}/sns/oauth2/access_token`,
        WECHAT_USERINFO_URL: `${wechat.origin}/sns/userinfo`,
      },
    });
    a = await seedPlayer(t, 'Alpha');
    b = await seedPlayer(t, 'Bravo');
  });
  afterAll(async () => {
    await t.app.close();
    await t.database.close();
    await game.close();
    await wechat.close();
  });

  /** Everything of A's that B could disturb: order rows, balance, real-name answer. */
  async function snapshotOf(p: SeededPlayer) {
    const orders = await t.database.db
      .selectFrom('orders')
      .select(['sdk_order_id', 'status', 'account_id', 'game_account_id'])
      .where('account_id', '=', p.accountId)
      .orderBy('id')
      .execute();
    const balance = await call(
      t.app,
      api.epointBalance,
      { userId: p.uid },
      { token: p.token, gameId: 1 },
    );
    const identity = await call(t.app, api.userRealInfoQuery, {}, { token: p.token, gameId: 1 });
    const redemptions = await t.database.db
      .selectFrom('redemptions')
      .select(['id'])
      .where('account_id', '=', p.accountId)
      .execute();
    return {
      orders,
      balance: balance.result,
      identity: identity.result,
      redemptions: redemptions.length,
    };
  }

  describe('IDOR: player B asks for every id of player A (docs/product/api.md)', () => {
    it("gets not-found or only B's own data from every id-taking call; A's data is unchanged", async () => {
      // An unpaid HC Point order of A's, which B will try to pay with B's HC Point.
      const aEpoint = await call(
        t.app,
        api.orderWebCreate,
        {
          role_id: a.roleId,
          server_id: 1,
          cp_goods_id: GAME_PACK,
          channel_code: 'epoint',
          role_name: '',
          server_name: '',
        },
        { token: a.token, gameId: 1 },
      );
      expect(aEpoint.code).toBe(ErrorCode.Ok);
      const aOrders = [...Object.values(a.orders), aEpoint.result.sdk_order_id];
      const before = await snapshotOf(a);
      const bBefore = await snapshotOf(b);
      const answers: string[] = [];
      const asB = async <C extends ApiCall>(
        c: C,
        body: CallBody<C>,
        headers: Record<string, string> = {},
      ) => {
        const res = await call(t.app, c, body, {
          token: b.token,
          gameId: 1,
          headers: { ...headers },
        });
        answers.push(JSON.stringify(res));
        expect(res.status, `${c.path} ${JSON.stringify(body)}`).toBe(200);
        return res;
      };
      const expectCode = async <C extends ApiCall>(c: C, body: CallBody<C>, code: number) =>
        expect([c.path, body, (await asB(c, body)).code]).toEqual([c.path, body, code]);

      for (const id of aOrders) {
        await expectCode(api.orderDetail, { sdk_order_id: id }, ErrorCode.OrderNotFound);
        await expectCode(api.paymentOrderEpointPay, { paymentId: id }, ErrorCode.OrderNotFound);
        await expectCode(api.orderCancel, { sdk_order_id: id }, ErrorCode.OrderNotFound);
        const filtered = await asB(api.orderRecord, { sdk_order_id: id });
        expect(filtered.result).toMatchObject({ list: [], total: 0 });
      }
      const coin = await asB(api.orderCoinRecord, { size: 100 });
      expect(coin.code).toBe(ErrorCode.Ok);
      await expectCode(api.epointBalance, { userId: a.uid }, ErrorCode.AuthFail);
      await expectCode(api.userSdkTicketGet, { uid: a.uid }, ErrorCode.AuthFail);
      const role = { server_id: 1, role_id: a.roleId };
      await expectCode(api.characterInfoSelect, role, ErrorCode.RoleNotFound);
      // The catalogue calls take a role only to pick the server: A's role shows the public
      // catalogue exactly as B's own role does, nothing of A's.
      const ownRole = { server_id: 1, role_id: b.roleId };
      for (const [c, extra] of [
        [api.orderWebProduct, {}],
        [api.orderWebPayChannel, { cp_goods_id: GAME_PACK }],
        [api.rechargeV2Items, {}],
      ] as const) {
        const theirs = await asB(c, { ...role, ...extra });
        const mine = await asB(c, { ...ownRole, ...extra });
        expect([c.path, theirs.code]).toEqual([c.path, ErrorCode.Ok]);
        expect(theirs.result).toEqual(mine.result);
      }
      await expectCode(
        api.orderWebCreate,
        { ...role, cp_goods_id: GAME_PACK, channel_code: 'epoint', role_name: '', server_name: '' },
        ErrorCode.RoleNotFound,
      );
      await expectCode(api.redeemCode, { ...role, code: 'WELCOME2026' }, ErrorCode.RoleNotFound);

      // A's ids in the docs/product/api.md#request-headers headers change nothing: B still sees only B.
      const spoof = { userid: String(a.uid), accountid: String(a.accountId) };
      const me = await asB(api.userUinfo, {}, spoof);
      expect(me.result).toMatchObject({ accid: b.accountId, gameAccountId: b.uid });
      const mine = await asB(api.userRealInfoQuery, {}, spoof);
      expect(JSON.stringify(mine.result)).toContain(b.identity.name);
      for (const c of [
        api.operateCoinBalance,
        api.orderRecord,
        api.characterGameInfo,
        api.userWebRole,
      ])
        expect((await asB(c, {}, spoof)).code).toBe(ErrorCode.Ok);

      // No answer B got names anything of A's.
      for (const answer of answers) expect(leakedIdentifiers(answer, a), answer).toEqual([]);
      expect(await snapshotOf(a)).toEqual(before);
      expect(await snapshotOf(b)).toEqual(bBefore);
    });

    it("B's real-name save changes only B's record", async () => {
      const other: IdentityPayload = identityFor('Charlie');
      const saved = await call(
        t.app,
        api.identitySave,
        { data: await encryptPayload(t.config.payloadKey, JSON.stringify(other)) },
        {
          token: b.token,
          gameId: 1,
          headers: { accountid: String(a.accountId), userid: String(a.uid) },
        },
      );
      expect(saved.code).toBe(ErrorCode.Ok);
      const aInfo = await call(t.app, api.userRealInfoQuery, {}, { token: a.token, gameId: 1 });
      expect(aInfo.result.info?.name).toBe(a.identity.name);
    });
  });

  describe('rate limits (index of the existing tests: docs/security.md)', () => {
    it('caps one IP at 30 failed logins per 15 minutes and tells when to retry', async () => {
      const ip = '10.99.0.1';
      for (let i = 0; i < 30; i += 1) {
        const r = await login(t.app, t.config.payloadKey, 'account', `nobody${i}`, 'x', { ip });
        expect(r.code).toBe(ErrorCode.LoginNameNotFound);
      }
      const blocked = await login(t.app, t.config.payloadKey, 'account', a.account, a.password, {
        ip,
      });
      expect(blocked.code).toBe(ErrorCode.TooManyRequests);
      const retry = blocked.data.retry_after ?? 0;
      expect(retry).toBeGreaterThan(0);
      expect(retry).toBeLessThanOrEqual(15 * 60);
      t.clock.advance(15 * MINUTE + 1000);
    });
  });

  describe('verification-code send limits (docs/product/sign-in.md#verification-codes; auth-codes.test.ts has the rest)', () => {
    const send = (target: string, ip: string) =>
      call(t.app, api.userEmailCodeSend, { target, purpose: 'login' }, { ip });
    const expectLimited = async (target: string, ip: string, min: number, max: number) => {
      const r = await send(target, ip);
      expect(r.code).toBe(ErrorCode.AuthCodeSendTooFrequently);
      const retry = r.data.retry_after ?? 0;
      expect(retry).toBeGreaterThanOrEqual(min);
      expect(retry).toBeLessThanOrEqual(max);
    };

    it('a 60 s cool-down per destination and IP, ten per destination per 3 hours, each refusal with retry_after', async () => {
      const dest = 'limit-sweep@example.com';
      expect((await send(dest, '10.97.0.1')).code).toBe(ErrorCode.Ok);
      await expectLimited(dest, '10.97.0.1', 1, 60);
      for (let i = 0; i < 9; i += 1)
        expect((await send(dest, `10.97.0.${10 + i}`)).code).toBe(ErrorCode.Ok);
      t.clock.advance(61_000);
      // The eleventh from any IP waits until the first leaves the 3-hour window.
      await expectLimited(dest, '10.97.0.20', 3 * 3600 - 61, 3 * 3600);
    });

    it('twenty per IP per hour, then retry_after within the hour', async () => {
      const ip = '10.97.1.1';
      for (let i = 0; i < 20; i += 1)
        expect((await send(`ip-sweep-${i}@example.com`, ip)).code).toBe(ErrorCode.Ok);
      await expectLimited('ip-sweep-last@example.com', ip, 1, 3600);
      t.clock.advance(61 * MINUTE);
      expect((await send('ip-sweep-last@example.com', ip)).code).toBe(ErrorCode.Ok);
    });
  });

  describe('open redirect through social sign-in (docs/product/session.md#redirect-after-sign-in)', () => {
    it('every corpus payload given as `redirect` to /api/oauth/wechat/start ends on the portal', async () => {
      for (const [i, payload] of OPEN_REDIRECT_CORPUS.entries()) {
        const start = await t.app.inject({
          method: 'GET',
          url: `/api/oauth/wechat/start?redirect=${encodeURIComponent(payload)}`,
        });
        expect(start.statusCode).toBe(302);
        const provider = new URL(String(start.headers.location));
        expect(provider.origin).toBe(wechat.origin);
        const code = `wx-sweep-${i}`;
        wechat.register(code, { subject: `o-sweep-${i % 3}`, name: 'Sweep' });
        const back = await t.app.inject({
          method: 'GET',
          url: `/api/oauth/wechat/callback?code=${code}&state=${provider.searchParams.get('state') ?? ''}`,
          // The browser that started the sign-in carries its binding cookie.
          headers: { cookie: String(start.headers['set-cookie']).split(';')[0] ?? '' },
        });
        expect(back.statusCode).toBe(302);
        const location = String(back.headers.location);
        expect(isSameOriginPath(location), `${JSON.stringify(payload)} -> ${location}`).toBe(true);
      }
    });
  });

  describe('CSP on API answers (docs/decisions/0011-csp.md; HTML: web-app.test.ts, browser: e2e/csp-sweep.spec.ts)', () => {
    it('success, error, tokenFail and not-found answers carry the strict policy', async () => {
      const answers = [
        await t.app.inject({ method: 'GET', url: api.time.path }),
        await t.app.inject({ method: 'POST', url: api.orderDetail.path, payload: {} }),
        await t.app.inject({ method: 'POST', url: api.userLogin.path, payload: { x: 1 } }),
        await t.app.inject({ method: 'POST', url: '/api/no/such/call', payload: {} }),
      ];
      expect(answers.map((r) => r.statusCode)).toEqual([200, 203, 200, 200]);
      for (const res of answers) {
        const csp = String(res.headers['content-security-policy']);
        expect(csp).toContain("default-src 'self'");
        expect(csp).toContain("script-src 'self'");
        expect(csp).toContain("object-src 'none'");
        expect(csp).toContain("frame-ancestors 'none'");
        expect(csp).not.toMatch(/script-src[^;]*unsafe/);
        expect(res.headers['x-content-type-options']).toBe('nosniff');
      }
    });
  });

  describe('no secrets in logs (docs/security.md)', () => {
    it('passwords, codes, tokens, tickets, ID numbers, gift codes and webhook secrets never reach a log line', async () => {
      const { app, config, database } = t;
      const key = config.payloadKey;
      const secrets: Record<string, string> = {};
      const ip = { ip: '10.98.0.1' };
      const acct = await makeAccount(database.db, 'Pl41n!secretpw');
      secrets.password = acct.password;
      // Password login, then a session token.
      const first = await login(app, key, 'account', acct.account, acct.password, ip);
      expect(first.code).toBe(ErrorCode.Ok);
      secrets.firstToken = first.result.token;
      // An email code sent (dev outbox) and used to sign in.
      const sent = await call(
        t.app,
        api.userEmailCodeSend,
        {
          target: acct.email,
          purpose: 'login',
        },
        { gameId: 1 },
      );
      expect(sent.code).toBe(ErrorCode.Ok);
      const codeOf = async (recipient: string) => {
        const row = await database.db
          .selectFrom('dev_outbox')
          .select('body')
          .where('recipient', '=', recipient)
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow();
        const m = /\b(\d{6})\b/.exec(row.body);
        if (m?.[1] === undefined) throw new Error(`no code in ${row.body}`);
        return m[1];
      };
      secrets.emailCode = await codeOf(acct.email);
      const byCode = await login(app, key, 'email', acct.email, secrets.emailCode, ip);
      expect(byCode.code).toBe(ErrorCode.Ok);
      secrets.codeToken = byCode.result.token;
      // A reset code and the new password.
      t.clock.advance(61_000);
      expect(
        (
          await call(
            t.app,
            api.userPhoneCodeSend,
            { target: acct.phone, purpose: 'reset' },
            { gameId: 1 },
          )
        ).code,
      ).toBe(ErrorCode.Ok);
      secrets.resetCode = await codeOf(acct.phone);
      secrets.newPassword = 'N3w!secretpass';
      const reset = await call(
        t.app,
        api.userPhonePswReset,
        {
          data: await encryptPayload(
            key,
            JSON.stringify({
              account: acct.phone,
              code: secrets.resetCode,
              passwd: secrets.newPassword,
              passwd2: secrets.newPassword,
            }),
          ),
        },
        { gameId: 1 },
      );
      expect(reset.code).toBe(ErrorCode.Ok);
      const relog = await login(app, key, 'account', acct.account, secrets.newPassword, ip);
      expect(relog.code).toBe(ErrorCode.Ok);
      const token = relog.result.token;
      secrets.token = token;
      // A game-client hand-over ticket, exchanged for a web session.
      const p = await seedPlayer(t, 'Delta');
      secrets.playerToken = p.token;
      secrets.playerPassword = p.password;
      secrets.idNumber = p.identity.id_number;
      const ticket = await call(
        t.app,
        api.userSdkTicketGet,
        { uid: p.uid },
        { token: p.token, gameId: 1 },
      );
      expect(ticket.code).toBe(ErrorCode.Ok);
      secrets.ticket = ticket.result.ticket;
      const exchanged = await call(
        t.app,
        api.userTmpWebTokenLogin,
        {
          token: secrets.ticket,
        },
        { gameId: 1 },
      );
      expect(exchanged.code).toBe(ErrorCode.Ok);
      secrets.handoverToken = exchanged.result.token;
      // Real-name information with an ID number (a second save too).
      const identity = { ...identityFor('Echo'), id_number: 'SECRETID99887766' };
      secrets.idNumber2 = identity.id_number;
      const saved = await call(
        t.app,
        api.identitySave,
        { data: await encryptPayload(key, JSON.stringify(identity)) },
        { token: exchanged.result.token, gameId: 1 },
      );
      expect(saved.code).toBe(ErrorCode.Ok);
      // A single-use gift code redeemed.
      const batch = await createGiftCodeBatch(
        database.db,
        {
          gameId: 1,
          product: 'pack_starter',
          kind: 'single',
          count: 1,
          name: 'sweep',
          expiresAt: null,
          totalCap: null,
          perAccountLimit: 1,
        },
        t.clock.now(),
      );
      secrets.giftCode = batch.codes[0] ?? '';
      const redeemed = await call(
        t.app,
        api.redeemCode,
        { code: secrets.giftCode, server_id: 1, role_id: p.roleId },
        { token: exchanged.result.token, gameId: 1 },
      );
      expect(redeemed.code).toBe(ErrorCode.Ok);
      // A payment completed by a signed webhook; a forged one refused.
      const order = await call(
        t.app,
        api.orderWebCreate,
        {
          role_id: p.roleId,
          server_id: 1,
          cp_goods_id: GAME_PACK,
          channel_code: 'card',
          role_name: '',
          server_name: '',
        },
        { token: exchanged.result.token, gameId: 1 },
      );
      await payBySandboxWebhook(t, order.result.sdk_order_id, GAME_PACK_PRICE);
      secrets.webhookSecret = config.payments.sandbox.webhookSecret;
      const forgedBody = JSON.stringify({ id: 'evt_forged', type: 'payment.succeeded', data: {} });
      const ts = Math.floor(t.clock.now().getTime() / 1000);
      secrets.forgedSignature = signSandboxPayload('x'.repeat(32), ts, forgedBody);
      const forged = await app.inject({
        method: 'POST',
        url: '/api/payment/webhook/sandbox',
        headers: {
          'content-type': 'application/json',
          'x-sandbox-signature': secrets.forgedSignature,
        },
        payload: forgedBody,
      });
      expect(forged.statusCode).toBe(400);
      secrets.payloadKey = key;
      // A wrong password and a wrong code are logged as failures, still without the values.
      secrets.wrongPassword = 'Wr0ng!guess77';
      await login(app, key, 'account', acct.account, secrets.wrongPassword, ip);
      await call(t.app, api.userLogout, {}, { token, gameId: 1 });

      const lines = t.logs.map((l) => JSON.stringify(l));
      // The capture works: request lines of this very flow are there.
      expect(lines.some((l) => l.includes('/api/user/login'))).toBe(true);
      expect(lines.some((l) => l.includes('/api/identity/save'))).toBe(true);
      for (const [name, value] of Object.entries(secrets)) {
        expect(value.length, name).toBeGreaterThanOrEqual(6);
        // Digit-only secrets (codes) are matched as whole numbers: timestamps hold digit runs.
        const hits = /^\d+$/.test(value)
          ? lines.filter((l) => new RegExp(`(?<!\\d)${value}(?!\\d)`).test(l))
          : lines.filter((l) => l.includes(value));
        expect(hits, `${name} appears in the logs`).toEqual([]);
      }
      // Seeded players' plaintext ID numbers and passwords are not there either.
      for (const p2 of [a, b])
        for (const value of [p2.password, p2.identity.id_number, p2.token])
          expect(lines.filter((l) => l.includes(value))).toEqual([]);
    });
  });
});
