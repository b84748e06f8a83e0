// How players arrive (ADR 0042) over the real app: a game's hand-over ticket for its uid (new
// uid: account + binding made and signed in; known uid: its account), link codes the game shows
// and a player signed in on the web binds with, and sign-up on the portal behind its switch.
// Every refusal changes nothing (row counts and rows compared).
import {
  api,
  encryptPayload,
  ErrorCode,
  signPublisherRequest,
  toUnixSeconds,
  type ApiCall,
  type CallBody,
  type CallResult,
  type SignUpPayload,
} from '@hc/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { publisherKey } from '../src/commands/publisher-key';
import { createContainer, type Container } from '../src/container';
import { login, makeAccount } from './support/auth-fixtures';
import { call, type Envelope } from './support/call';
import { testDatabases } from './support/databases';
import { startDemoGame, type TestDemoGame } from './support/demo-game';
import { createTestApp, type TestApp } from './support/helper';

interface Key {
  keyId: string;
  secret: string;
}

type Table =
  | 'accounts'
  | 'game_accounts'
  | 'audit_log'
  | 'link_codes'
  | 'web_tickets'
  | 'sessions'
  | 'verification_codes';

describe.each(testDatabases())('player arrival on %s', (kind) => {
  let game: TestDemoGame;
  let t: TestApp;
  let container: Container;
  let key: Key;
  let seq = 0;

  beforeAll(async () => {
    game = await startDemoGame();
    t = await createTestApp(kind, {
      env: {
        ...game.env,
        GATEWAY_TIMEOUT_MS: '3000',
        SIGN_UP_ENABLED: 'true',
        DEV_OUTBOX: 'true',
        TERMS_VERSION: 't-7',
        PRIVACY_VERSION: 'p-3',
      },
    });
    container = createContainer(t.config, { database: t.database, clock: t.clock });
    const lines: string[] = [];
    expect(
      await publisherKey.run({ container, out: (l) => void lines.push(l) }, ['create', '1']),
    ).toBe(0);
    const field = (name: string) =>
      (lines.find((l) => l.startsWith(`${name}: `)) ?? '').slice(name.length + 2);
    key = { keyId: field('key id'), secret: field('secret') };
  });

  afterAll(async () => {
    await container.close();
    await t.app.close();
    await t.database.close();
    await game.close();
  });

  // A fresh rate window for the publisher calls and the throttles of every test.
  beforeEach(() => t.clock.advance(16 * 60_000));

  async function send<C extends ApiCall>(
    c: C,
    body: CallBody<C>,
  ): Promise<Envelope<CallResult<C>> & { status: number }> {
    const raw = JSON.stringify(body);
    const signed = await signPublisherRequest({
      keyId: key.keyId,
      secret: key.secret,
      method: c.method,
      path: c.path,
      body: raw,
      nowSeconds: toUnixSeconds(t.clock.now()),
    });
    const res = await t.app.inject({
      method: c.method,
      url: c.path,
      headers: { 'content-type': 'application/json', ...signed },
      payload: raw,
    });
    return { ...res.json<Envelope<CallResult<C>>>(), status: res.statusCode };
  }

  /** A player id the demo game knows. */
  function gamePlayer(name = 'Aria'): string {
    seq += 1;
    const uid = `arr-${kind}-${seq}`;
    game.state.addPlayer(uid, name);
    return uid;
  }

  const count = async (table: Table) =>
    Number(
      (
        await sql<{ n: string }>`select count(*)::text as n from ${sql.table(table)}`.execute(
          t.database.db,
        )
      ).rows[0]?.n,
    );

  async function snapshot() {
    const tables = ['accounts', 'game_accounts', 'audit_log', 'link_codes', 'sessions'] as const;
    const counts = {
      accounts: 0,
      game_accounts: 0,
      audit_log: 0,
      link_codes: 0,
      sessions: 0,
    } satisfies Partial<Record<Table, number>>;
    for (const n of tables) counts[n] = await count(n);
    const rows = (
      await sql`select ga.id, ga.uid, ga.account_id, ga.unbound_at, lc.used_at
        from game_accounts ga left join link_codes lc on lc.uid = ga.uid
        order by ga.id, lc.id`.execute(t.database.db)
    ).rows;
    return { counts, rows };
  }

  async function signedIn() {
    const a = await makeAccount(t.database.db);
    const r = await login(t.app, t.config.payloadKey, 'account', a.account, a.password);
    expect(r.code).toBe(0);
    return { ...a, token: r.result.token };
  }

  async function linkCode(uid: string) {
    const r = await send(api.publisherLinkCodesCreate, { uid });
    expect(r.code).toBe(0);
    return r.result.code;
  }

  const bind = (token: string, code: string, ip?: string) =>
    call(t.app, api.userGameAccountBind, { code }, { token, ...(ip !== undefined && { ip }) });

  describe('hand-over from the game', () => {
    it('a new uid: the exchange makes an account, binds the uid and signs in', async () => {
      const uid = gamePlayer('Bran');
      const before = await snapshot();
      const created = await send(api.publisherHandoverCreate, { uid });
      expect(created.code).toBe(0);
      const { ticket, url, expires_at } = created.result;
      expect(url).toBe(`${t.config.publicBaseUrl}/main/recharge?hctoken=${ticket}`);
      expect(expires_at).toBe(toUnixSeconds(t.clock.now()) + 300);
      // Nothing is made until the player opens the link.
      expect(await count('accounts')).toBe(before.counts.accounts);
      const ok = await call(t.app, api.userTmpWebTokenLogin, { token: ticket });
      expect(ok.code).toBe(0);
      expect(ok.result.account).toMatch(/^g1_[0-9a-f]{10}$/);
      expect(await count('accounts')).toBe(before.counts.accounts + 1);
      const info = await call(t.app, api.userUinfo, {}, { token: ok.result.token });
      expect(info.result).toMatchObject({ login: true, accid: ok.result.accid, gameId: 1 });
      const games = await call(t.app, api.characterGameInfo, {}, { token: ok.result.token });
      expect(games.result.list).toMatchObject([{ game_id: 1, uid, display_name: 'Bran' }]);
      const audit = await sql<{ action: string; actor: string }>`select action, actor
        from audit_log where target = ${`account:${ok.result.accid}`}`.execute(t.database.db);
      expect(audit.rows).toContainEqual({ action: 'player.create', actor: key.keyId });
      // A second ticket for the same uid signs into the same account.
      const again = await send(api.publisherHandoverCreate, { uid });
      const second = await call(t.app, api.userTmpWebTokenLogin, { token: again.result.ticket });
      expect(second.result.accid).toBe(ok.result.accid);
      expect(await count('accounts')).toBe(before.counts.accounts + 1);
    });

    it('a uid bound through the Publisher API signs into its account', async () => {
      const uid = gamePlayer();
      const up = await send(api.publisherPlayersUpsert, { uid });
      const created = await send(api.publisherHandoverCreate, { uid });
      const ok = await call(t.app, api.userTmpWebTokenLogin, { token: created.result.ticket });
      expect(ok.result.accid).toBe(up.result.account.accid);
    });

    it('refuses a used or expired ticket and a uid the game does not know', async () => {
      const uid = gamePlayer();
      const first = await send(api.publisherHandoverCreate, { uid });
      expect(
        (await call(t.app, api.userTmpWebTokenLogin, { token: first.result.ticket })).code,
      ).toBe(0);
      const before = await snapshot();
      const reused = await call(t.app, api.userTmpWebTokenLogin, { token: first.result.ticket });
      expect(reused.code).toBe(ErrorCode.InvalidToken);
      const late = await send(api.publisherHandoverCreate, { uid: gamePlayer() });
      t.clock.advance(5 * 60_000 + 1000);
      const expired = await call(t.app, api.userTmpWebTokenLogin, { token: late.result.ticket });
      expect(expired.code).toBe(ErrorCode.InvalidToken);
      const unknown = await send(api.publisherHandoverCreate, { uid: 'nobody-here' });
      expect(unknown.code).toBe(ErrorCode.PlayerUnknownToGame);
      const after = await snapshot();
      // The late ticket's handover audit row is the only new row.
      expect(after.counts).toEqual({ ...before.counts, audit_log: before.counts.audit_log + 1 });
      expect(after.rows).toEqual(before.rows);
    });

    it('a disabled account cannot be entered by a ticket', async () => {
      const uid = gamePlayer();
      await send(api.publisherPlayersUpsert, { uid });
      await send(api.publisherPlayersDisable, { uid });
      const created = await send(api.publisherHandoverCreate, { uid });
      const r = await call(t.app, api.userTmpWebTokenLogin, { token: created.result.ticket });
      expect(r.code).toBe(ErrorCode.AuthFail);
    });

    it('keeps the game-client ticket (sdk/ticket/get) working', async () => {
      const a = await signedIn();
      const gaId = await container.db
        .insertInto('game_accounts')
        .values({ account_id: a.id, game_id: 1 })
        .returning('id')
        .executeTakeFirstOrThrow();
      const r = await call(t.app, api.userSdkTicketGet, { uid: gaId.id }, { token: a.token });
      const ok = await call(t.app, api.userTmpWebTokenLogin, { token: r.result.ticket });
      expect(ok.result.accid).toBe(a.id);
    });
  });

  describe('link codes', () => {
    it('binds the uid to the signed-in account, once', async () => {
      const uid = gamePlayer('Cato');
      const a = await signedIn();
      const code = await linkCode(uid);
      expect(code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
      const stored = await sql<{ code_hash: string }>`select code_hash from link_codes`.execute(
        t.database.db,
      );
      expect(JSON.stringify(stored.rows)).not.toContain(code);
      // Case, spaces and dashes do not matter.
      const typed = `${code.slice(0, 4).toLowerCase()}-${code.slice(4)}`;
      const ok = await bind(a.token, typed);
      expect(ok.code).toBe(0);
      expect(ok.result).toMatchObject({ game_id: 1, uid, display_name: 'Cato' });
      const info = await call(t.app, api.userUinfo, {}, { token: a.token });
      expect(info.result.gameAccountId).toBe(ok.result.gameAccountId);
      const audit = await sql<{ action: string; actor: string }>`select action, actor
        from audit_log where target = ${`account:${a.id}`}`.execute(t.database.db);
      expect(audit.rows).toContainEqual({ action: 'player.bind', actor: key.keyId });
      const before = await snapshot();
      expect((await bind(a.token, code)).code).toBe(ErrorCode.LinkCodeUsed);
      expect(await snapshot()).toEqual(before);
    });

    it('refuses an expired code and a replaced one', async () => {
      const uid = gamePlayer();
      const a = await signedIn();
      const old = await linkCode(uid);
      const current = await linkCode(uid);
      const before = await snapshot();
      expect((await bind(a.token, old)).code).toBe(ErrorCode.LinkCodeExpired);
      t.clock.advance(10 * 60_000 + 1000);
      expect((await bind(a.token, current)).code).toBe(ErrorCode.LinkCodeExpired);
      expect(await snapshot()).toEqual(before);
    });

    it('counts wrong codes per account: the sixth within 15 minutes waits', async () => {
      const a = await signedIn();
      const uid = gamePlayer();
      const code = await linkCode(uid);
      const before = await snapshot();
      for (let i = 0; i < 5; i += 1)
        expect((await bind(a.token, 'ZZZZZZZZ')).code).toBe(ErrorCode.LinkCodeInvalid);
      const blocked = await bind(a.token, code);
      expect(blocked.code).toBe(ErrorCode.TooManyRequests);
      expect(typeof (blocked.data as { retry_after?: unknown } | undefined)?.retry_after).toBe(
        'number',
      );
      expect(await snapshot()).toEqual(before);
      t.clock.advance(15 * 60_000 + 1000);
      expect((await bind(a.token, await linkCode(uid))).code).toBe(0);
    });

    it('refuses a uid bound elsewhere and a second game account in the game', async () => {
      const a = await signedIn();
      const b = await signedIn();
      const uid = gamePlayer();
      const code = await linkCode(uid);
      // The uid is bound to b meanwhile (e.g. the game bound it through the Publisher API).
      expect((await send(api.publisherPlayersBind, { uid, accid: b.id })).code).toBe(0);
      const before = await snapshot();
      expect((await bind(a.token, code)).code).toBe(ErrorCode.GameAccountBoundElsewhere);
      // A code for a bound uid is not even issued.
      expect((await send(api.publisherLinkCodesCreate, { uid })).code).toBe(
        ErrorCode.GameAccountBoundElsewhere,
      );
      // b already has a game account in game 1.
      const other = await linkCode(gamePlayer());
      expect((await bind(b.token, other)).code).toBe(ErrorCode.GameAccountAlreadyBound);
      const after = await snapshot();
      expect(after.counts).toEqual({
        ...before.counts,
        link_codes: before.counts.link_codes + 1,
        audit_log: before.counts.audit_log + 1,
      });
    });

    it('refuses a uid unknown to the game and a game without a gateway, and needs a session', async () => {
      const before = await snapshot();
      expect((await send(api.publisherLinkCodesCreate, { uid: 'nobody-here' })).code).toBe(
        ErrorCode.PlayerUnknownToGame,
      );
      game.setSwitches({ failureRate: 1 });
      try {
        const down = await send(api.publisherLinkCodesCreate, { uid: gamePlayer() });
        expect(down.code).not.toBe(0);
      } finally {
        game.setSwitches({ failureRate: 0 });
      }
      const anon = await call(t.app, api.userGameAccountBind, { code: 'ABCDEFGH' });
      expect(anon.status).toBe(203);
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('sign-up', () => {
    let n = 0;
    function fresh() {
      n += 1;
      const id = `${kind === 'pglite' ? 1 : 2}${String(n).padStart(4, '0')}`;
      return { account: `newbie${id}`, email: `newbie${id}@example.com`, phone: `+4915${id}0077` };
    }

    async function sendCode(channel: 'email' | 'phone', target: string, ip = '10.9.0.1') {
      const c = channel === 'email' ? api.userEmailCodeSend : api.userPhoneCodeSend;
      return call(t.app, c, { target, purpose: 'signup' } as never, { ip });
    }

    async function codeFor(target: string): Promise<string> {
      const r = await sql<{ body: string }>`select body from dev_outbox
        where recipient = ${target} order by id desc limit 1`.execute(t.database.db);
      const m = /(\d{6})/.exec(r.rows[0]?.body ?? '');
      if (m?.[1] === undefined) throw new Error(`no code for ${target}`);
      return m[1];
    }

    async function signUp(p: Partial<SignUpPayload> & { target: string }, ip = '10.9.0.1') {
      const payload: SignUpPayload = {
        channel: 'email',
        code: '000000',
        account: 'x',
        passwd: 'Tr1cky-Lantern',
        passwd2: p.passwd ?? 'Tr1cky-Lantern',
        birthday: '2001-04-30',
        terms_version: 't-7',
        privacy_version: 'p-3',
        ...p,
      };
      const data = await encryptPayload(t.config.payloadKey, JSON.stringify(payload));
      return call(t.app, api.userSignUp, { data }, { ip });
    }

    it('signs the player in and records the birthday and consents', async () => {
      const f = fresh();
      expect((await sendCode('email', f.email)).code).toBe(0);
      const code = await codeFor(f.email);
      const ok = await signUp({ target: f.email, code, account: f.account });
      expect(ok.code).toBe(0);
      expect(ok.result.account).toBe(f.account);
      const row = await sql<Record<string, unknown>>`select email, birthday::text as birthday,
        terms_version, privacy_version, terms_accepted_at, privacy_accepted_at, password_hash
        from accounts where id = ${ok.result.accid}`.execute(t.database.db);
      expect(row.rows[0]).toMatchObject({
        email: f.email,
        birthday: '2001-04-30',
        terms_version: 't-7',
        privacy_version: 'p-3',
      });
      expect(row.rows[0]?.terms_accepted_at).toBeInstanceOf(Date);
      const info = await call(t.app, api.userUinfo, {}, { token: ok.result.token });
      expect(info.result).toMatchObject({ login: true, gameAccountId: null });
      // The password signs in.
      const again = await login(t.app, t.config.payloadKey, 'account', f.account, 'Tr1cky-Lantern');
      expect(again.code).toBe(0);
    });

    it('signs up by phone', async () => {
      const f = fresh();
      expect((await sendCode('phone', f.phone, '10.9.0.2')).code).toBe(0);
      const code = await codeFor(f.phone);
      const ok = await signUp(
        { channel: 'phone', target: f.phone, code, account: f.account },
        '10.9.0.2',
      );
      expect(ok.code).toBe(0);
    });

    it('refuses every bad input and changes nothing', async () => {
      const f = fresh();
      const existing = await makeAccount(t.database.db);
      expect((await sendCode('email', f.email, '10.9.0.3')).code).toBe(0);
      const code = await codeFor(f.email);
      const before = await snapshot();
      const base = { target: f.email, code, account: f.account };
      const cases: Array<[Partial<SignUpPayload> & { target: string }, number]> = [
        [{ ...base, code: code === '123456' ? '654321' : '123456' }, ErrorCode.InvalidEmailCode],
        [{ ...base, passwd: 'abcdef', passwd2: 'abcdef' }, ErrorCode.PasswordFormatMismatch],
        [{ ...base, passwd: 'password1', passwd2: 'password1' }, ErrorCode.PasswordFormatMismatch],
        [{ ...base, passwd2: 'Other-pass1' }, ErrorCode.InvalidParams],
        [{ ...base, terms_version: 't-6' }, ErrorCode.ConsentOutdated],
        [{ ...base, birthday: '2999-01-01' }, ErrorCode.InvalidParams],
        [{ ...base, account: existing.account }, ErrorCode.LoginNameInUse],
        [{ ...base, target: existing.email }, ErrorCode.EmailInUse],
        [{ ...base, channel: 'phone', target: existing.phone }, ErrorCode.PhoneInUse],
      ];
      for (const [payload, expected] of cases)
        expect((await signUp(payload, '10.9.0.3')).code, JSON.stringify(payload)).toBe(expected);
      // Sending a sign-up code to a taken address says so and sends nothing.
      expect((await sendCode('email', existing.email, '10.9.0.4')).code).toBe(ErrorCode.EmailInUse);
      expect(await snapshot()).toEqual(before);
      // The right code still works after the wrong one (4 tries left).
      expect((await signUp(base, '10.9.0.3')).code).toBe(0);
    });

    it('is refused while the switch is off', async () => {
      const off = await createTestApp(kind, { env: { DEV_OUTBOX: 'true' } });
      try {
        const init = await call(off.app, api.settingInit, {});
        expect(init.result.sign_up.enabled).toBe(false);
        const send = await call(off.app, api.userEmailCodeSend, {
          target: 'someone@example.com',
          purpose: 'signup',
        });
        expect(send.code).toBe(ErrorCode.SignUpDisabled);
        const data = await encryptPayload(off.config.payloadKey, '{}');
        const r = await call(off.app, api.userSignUp, { data });
        expect(r.code).toBe(ErrorCode.SignUpDisabled);
      } finally {
        await off.app.close();
        await off.database.close();
      }
      const on = await call(t.app, api.settingInit, {});
      expect(on.result.sign_up).toEqual({
        enabled: true,
        terms_version: 't-7',
        privacy_version: 'p-3',
      });
    });
  });
});
