// The Publisher API (docs/publisher-api.md, ADR 0039) over the real app: every call signed with a
// per-game key made by the operator CLI, each refusal answered with its catalogued error and
// nothing changed, idempotency, key rotation, the rate limit, the audit log (append-only in the
// database) and disabled accounts.
import {
  api,
  ErrorCode,
  signPublisherRequest,
  toUnixSeconds,
  type ApiCall,
  type CallBody,
  type CallResult,
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

const RATE = 25;

interface Key {
  keyId: string;
  secret: string;
}

describe.each(testDatabases())('publisher API on %s', (kind) => {
  let game: TestDemoGame;
  let t: TestApp;
  let container: Container;
  let key: Key;
  let uidSeq = 0;

  /** Runs `npm run portal -- publisher-key ...` in-process; answers its exit code and lines. */
  async function portal(...args: string[]): Promise<{ code: number; lines: string[] }> {
    const lines: string[] = [];
    const code = await publisherKey.run({ container, out: (l) => void lines.push(l) }, args);
    return { code, lines };
  }

  function keyOf(lines: string[]): Key {
    const field = (name: string) =>
      (lines.find((l) => l.startsWith(`${name}: `)) ?? '').slice(name.length + 2);
    return { keyId: field('key id'), secret: field('secret') };
  }

  beforeAll(async () => {
    game = await startDemoGame();
    t = await createTestApp(kind, {
      env: { ...game.env, GATEWAY_TIMEOUT_MS: '3000', PUBLISHER_CALLS_PER_MINUTE: String(RATE) },
    });
    container = createContainer(t.config, { database: t.database, clock: t.clock });
    const created = await portal('create', '1');
    expect(created.code).toBe(0);
    key = keyOf(created.lines);
  });

  afterAll(async () => {
    await container.close();
    await t.app.close();
    await t.database.close();
    await game.close();
  });

  // A fresh rate window for every test (the limit has its own test).
  beforeEach(() => t.clock.advance(61_000));

  interface SendOptions {
    key?: Key;
    idempotencyKey?: string;
    /** Signing time; default the app's clock. */
    at?: number;
    nonce?: string;
    /** Replace headers after signing (tampering). */
    headers?: Record<string, string | undefined>;
    /** Send this body instead of the signed one. */
    sentBody?: string;
  }

  async function send<C extends ApiCall>(
    c: C,
    body: CallBody<C>,
    o: SendOptions = {},
  ): Promise<Envelope<CallResult<C>> & { status: number }> {
    const raw = JSON.stringify(body);
    const k = o.key ?? key;
    const signed = await signPublisherRequest({
      keyId: k.keyId,
      secret: k.secret,
      method: c.method,
      path: c.path,
      body: raw,
      nowSeconds: o.at ?? toUnixSeconds(t.clock.now()),
      ...(o.nonce !== undefined && { nonce: o.nonce }),
    });
    const headers: Record<string, string> = { 'content-type': 'application/json', ...signed };
    if (o.idempotencyKey !== undefined) headers['idempotency-key'] = o.idempotencyKey;
    for (const [name, value] of Object.entries(o.headers ?? {})) {
      if (value === undefined) delete headers[name];
      else headers[name] = value;
    }
    const res = await t.app.inject({
      method: c.method,
      url: c.path,
      headers,
      payload: o.sentBody ?? raw,
    });
    return { ...res.json<Envelope<CallResult<C>>>(), status: res.statusCode };
  }

  /** A player id the demo game knows (registered in the game first). */
  function gamePlayer(name = 'Aria'): string {
    uidSeq += 1;
    const uid = `p-${kind}-${uidSeq}`;
    game.state.addPlayer(uid, name);
    return uid;
  }

  const count = async (table: 'accounts' | 'game_accounts' | 'audit_log') =>
    Number(
      (
        await sql<{ n: string }>`select count(*)::text as n from ${sql.table(table)}`.execute(
          t.database.db,
        )
      ).rows[0]?.n,
    );

  async function snapshot() {
    return {
      accounts: await count('accounts'),
      gameAccounts: await count('game_accounts'),
      audit: await count('audit_log'),
      rows: (
        await sql`select a.id, a.email, a.phone, a.disabled_at, ga.uid, ga.account_id, ga.unbound_at
          from accounts a left join game_accounts ga on ga.account_id = a.id
          order by a.id, ga.id`.execute(t.database.db)
      ).rows,
    };
  }

  async function upserted(
    uid = gamePlayer(),
    extra: Partial<CallBody<typeof api.publisherPlayersUpsert>> = {},
  ) {
    const r = await send(api.publisherPlayersUpsert, { uid, ...extra });
    expect(r.code).toBe(0);
    return { uid, ...r.result };
  }

  describe('signed calls (happy paths)', () => {
    it('players/upsert makes a portal account and binds the uid, then updates it', async () => {
      const uid = gamePlayer('Bran');
      const first = await send(api.publisherPlayersUpsert, {
        uid,
        email: 'Bran@Example.com',
        account: `bran_${kind}`,
      });
      expect(first.status).toBe(200);
      expect(first.code).toBe(0);
      expect(first.result).toMatchObject({
        created: true,
        account: {
          account: `bran_${kind}`,
          email: 'bran@example.com',
          phone: null,
          disabled: false,
        },
        // The game's name for the player when none was given.
        binding: { game_id: 1, uid, display_name: 'Bran' },
      });
      const second = await send(api.publisherPlayersUpsert, {
        uid,
        display_name: 'Bran the Bold',
        phone: '+4915112345678',
      });
      expect(second.result).toMatchObject({
        created: false,
        account: { accid: first.result.account.accid, phone: '+4915112345678' },
        binding: { uid, display_name: 'Bran the Bold' },
      });
      // Generated login names when none is given.
      expect((await upserted()).account.account).toMatch(/^g1_[0-9a-f]{10}$/);
    });

    it("players/get reads by uid and by accid, only accounts bound to the key's game", async () => {
      const p = await upserted();
      const byUid = await send(api.publisherPlayersGet, { uid: p.uid });
      expect(byUid.result).toEqual({ account: p.account, binding: p.binding });
      const byAccid = await send(api.publisherPlayersGet, { accid: p.account.accid });
      expect(byAccid.result).toEqual(byUid.result);
      const stranger = await makeAccount(t.database.db);
      expect((await send(api.publisherPlayersGet, { accid: stranger.id })).code).toBe(
        ErrorCode.AccountNotFound,
      );
      expect((await send(api.publisherPlayersGet, { uid: 'p-nobody' })).code).toBe(
        ErrorCode.GameAccountNotFound,
      );
      expect((await send(api.publisherPlayersGet, { uid: p.uid, accid: 1 })).code).toBe(
        ErrorCode.InvalidParams,
      );
    });

    it('players/bind binds a uid to an existing account; the same binding again is a no-op', async () => {
      const a = await makeAccount(t.database.db);
      const uid = gamePlayer('Cael');
      const bound = await send(api.publisherPlayersBind, { uid, accid: a.id });
      expect(bound.result).toMatchObject({
        account: { accid: a.id, account: a.account },
        binding: { uid, display_name: 'Cael' },
      });
      const audit = await count('audit_log');
      const again = await send(api.publisherPlayersBind, { uid, accid: a.id });
      expect(again.result).toEqual(bound.result);
      expect(await count('audit_log')).toBe(audit);
    });

    it('players/unbind detaches the game account; the uid can be upserted again', async () => {
      const p = await upserted();
      const unbound = await send(api.publisherPlayersUnbind, { uid: p.uid });
      expect(unbound.result).toEqual({ account: p.account, binding: null });
      expect((await send(api.publisherPlayersGet, { uid: p.uid })).code).toBe(
        ErrorCode.GameAccountNotFound,
      );
      expect((await send(api.publisherPlayersUnbind, { uid: p.uid })).code).toBe(
        ErrorCode.GameAccountNotFound,
      );
      const rows = await count('game_accounts');
      const again = await send(api.publisherPlayersUpsert, { uid: p.uid });
      expect(again.result.created).toBe(true);
      expect(again.result.account.accid).not.toBe(p.account.accid);
      // The game account row (its orders and HC Point) is reused, not duplicated.
      expect(await count('game_accounts')).toBe(rows);
    });

    it('players/contact sets and clears email and phone', async () => {
      const p = await upserted(undefined, { email: `c-${kind}@example.com` });
      const set = await send(api.publisherPlayersContact, {
        uid: p.uid,
        email: null,
        phone: '+4915199887766',
      });
      expect(set.result.account).toMatchObject({ email: null, phone: '+4915199887766' });
      const cleared = await send(api.publisherPlayersContact, { uid: p.uid, phone: null });
      expect(cleared.result.account).toMatchObject({ email: null, phone: null });
    });

    it('players/disable ends the sessions and refuses sign-in; players/enable lets it in again', async () => {
      const a = await makeAccount(t.database.db);
      const uid = gamePlayer();
      expect((await send(api.publisherPlayersBind, { uid, accid: a.id })).code).toBe(0);
      const session = await login(t.app, t.config.payloadKey, 'account', a.account, a.password);
      const token = session.result.token;
      expect((await call(t.app, api.userWebRole, {}, { token, gameId: 1 })).code).toBe(0);

      const disabled = await send(api.publisherPlayersDisable, { uid, reason: 'fraud check' });
      expect(disabled.result.account).toMatchObject({ disabled: true });
      expect(disabled.result.account.disabled_at).toBe(toUnixSeconds(t.clock.now()));
      const ended = await call(t.app, api.userWebRole, {}, { token, gameId: 1 });
      expect([ended.status, ended.code]).toEqual([203, ErrorCode.tokenFail]);
      for (const [channel, id] of [
        ['account', a.account],
        ['email', a.email],
      ] as const) {
        const refused = await login(t.app, t.config.payloadKey, channel, id, a.password);
        expect(refused.code).toBe(ErrorCode.AuthFail);
      }

      const enabled = await send(api.publisherPlayersEnable, { uid });
      expect(enabled.result.account).toMatchObject({ disabled: false, disabled_at: null });
      expect((await login(t.app, t.config.payloadKey, 'account', a.account, a.password)).code).toBe(
        0,
      );
    });

    it('the game is sent its own uid: a bound player sees the roles the game has for it', async () => {
      const a = await makeAccount(t.database.db);
      const uid = gamePlayer('Dara');
      expect((await send(api.publisherPlayersBind, { uid, accid: a.id })).code).toBe(0);
      const session = await login(t.app, t.config.payloadKey, 'account', a.account, a.password);
      const roles = await call(
        t.app,
        api.userWebRole,
        {},
        { token: session.result.token, gameId: 1 },
      );
      expect(roles.code).toBe(0);
      const dawn = roles.result.list.find((s) => s.server_id === 1);
      expect(dawn?.roles.map((r) => r.role_id)).toEqual([`r-${uid}-1`]);
    });
  });

  describe('refusals change nothing', () => {
    async function refused<C extends ApiCall>(
      c: C,
      body: CallBody<C>,
      o: SendOptions,
      status: number,
      code: number,
    ) {
      const before = await snapshot();
      const r = await send(c, body, o);
      expect([r.status, r.code]).toEqual([status, code]);
      expect(await snapshot()).toEqual(before);
      return r;
    }

    it('a wrong, missing or tampered signature', async () => {
      const body = { uid: gamePlayer() };
      const upsert = api.publisherPlayersUpsert;
      await refused(
        upsert,
        body,
        { key: { ...key, secret: 'not-the-secret' } },
        401,
        ErrorCode.PublisherAuthFailed,
      );
      await refused(
        upsert,
        body,
        { headers: { 'x-hc-signature': undefined } },
        401,
        ErrorCode.PublisherAuthFailed,
      );
      await refused(
        upsert,
        body,
        { headers: { 'x-hc-key-id': undefined } },
        401,
        ErrorCode.PublisherAuthFailed,
      );
      await refused(
        upsert,
        body,
        { headers: { 'x-hc-nonce': 'short' } },
        401,
        ErrorCode.PublisherAuthFailed,
      );
      await refused(
        upsert,
        body,
        { sentBody: JSON.stringify({ ...body, email: 'x@example.com' }) },
        401,
        ErrorCode.PublisherAuthFailed,
      );
      // Signed for another path.
      const signedForGet = await signPublisherRequest({
        ...key,
        method: 'POST',
        path: api.publisherPlayersGet.path,
        body: JSON.stringify(body),
        nowSeconds: toUnixSeconds(t.clock.now()),
      });
      await refused(upsert, body, { headers: signedForGet }, 401, ErrorCode.PublisherAuthFailed);
    });

    it('an unknown key and a revoked key', async () => {
      const body = { uid: gamePlayer() };
      await refused(
        api.publisherPlayersUpsert,
        body,
        { key: { keyId: 'pk_000000000000000000000000', secret: key.secret } },
        401,
        ErrorCode.PublisherAuthFailed,
      );
      const rotated = keyOf((await portal('rotate', '1')).lines);
      expect((await portal('revoke', '1', rotated.keyId)).code).toBe(0);
      await refused(
        api.publisherPlayersUpsert,
        body,
        { key: rotated },
        401,
        ErrorCode.PublisherAuthFailed,
      );
    });

    it('a stale timestamp, either way', async () => {
      const now = toUnixSeconds(t.clock.now());
      const body = { uid: gamePlayer() };
      await refused(
        api.publisherPlayersUpsert,
        body,
        { at: now - 301 },
        401,
        ErrorCode.PublisherTimestampStale,
      );
      await refused(
        api.publisherPlayersUpsert,
        body,
        { at: now + 301 },
        401,
        ErrorCode.PublisherTimestampStale,
      );
      expect(
        (await send(api.publisherPlayersGet, { uid: 'p-none' }, { at: now - 300 })).status,
      ).toBe(200);
    });

    it('a replayed nonce, until 10 minutes have passed', async () => {
      const p = await upserted();
      const nonce = `nonce-${kind}-0123456789abcdef`;
      const first = await send(
        api.publisherPlayersContact,
        { uid: p.uid, phone: '+4915100000001' },
        { nonce },
      );
      expect(first.code).toBe(0);
      await refused(
        api.publisherPlayersContact,
        { uid: p.uid, phone: '+4915100000002' },
        { nonce },
        401,
        ErrorCode.PublisherNonceReplayed,
      );
      t.clock.advance(601_000);
      expect((await send(api.publisherPlayersGet, { uid: p.uid }, { nonce })).code).toBe(0);
    });

    it('an Idempotency-Key reused with another body; the same body answers the first answer', async () => {
      const uid = gamePlayer();
      const idempotencyKey = `idem-${kind}-create-1`;
      const first = await send(api.publisherPlayersUpsert, { uid }, { idempotencyKey });
      expect(first.result.created).toBe(true);
      const accounts = await count('accounts');
      const repeat = await send(api.publisherPlayersUpsert, { uid }, { idempotencyKey });
      expect(repeat.result).toEqual(first.result);
      expect(await count('accounts')).toBe(accounts);
      await refused(
        api.publisherPlayersUpsert,
        { uid, email: 'other@example.com' },
        { idempotencyKey },
        200,
        ErrorCode.IdempotencyKeyReused,
      );
      await refused(
        api.publisherPlayersDisable,
        { uid },
        { idempotencyKey },
        200,
        ErrorCode.IdempotencyKeyReused,
      );
      await refused(
        api.publisherPlayersUpsert,
        { uid },
        { idempotencyKey: 'short' },
        200,
        ErrorCode.InvalidParams,
      );
    });

    it('a uid bound to someone else, and an account already bound in this game', async () => {
      const p = await upserted();
      const other = await makeAccount(t.database.db);
      await refused(
        api.publisherPlayersBind,
        { uid: p.uid, accid: other.id },
        {},
        200,
        ErrorCode.GameAccountBoundElsewhere,
      );
      await refused(
        api.publisherPlayersBind,
        { uid: gamePlayer(), accid: p.account.accid },
        {},
        200,
        ErrorCode.GameAccountAlreadyBound,
      );
      await refused(
        api.publisherPlayersBind,
        { uid: gamePlayer(), accid: 999_999_999 },
        {},
        200,
        ErrorCode.AccountNotFound,
      );
    });

    it('a uid the game does not know', async () => {
      const a = await makeAccount(t.database.db);
      await refused(
        api.publisherPlayersUpsert,
        { uid: `p-unknown-${kind}` },
        {},
        200,
        ErrorCode.PlayerUnknownToGame,
      );
      await refused(
        api.publisherPlayersBind,
        { uid: `p-unknown-${kind}`, accid: a.id },
        {},
        200,
        ErrorCode.PlayerUnknownToGame,
      );
    });

    it('an invalid email or phone, and one another account has', async () => {
      const p = await upserted();
      await refused(
        api.publisherPlayersContact,
        { uid: p.uid, email: 'not-an-email' },
        {},
        200,
        ErrorCode.InvalidParams,
      );
      await refused(
        api.publisherPlayersUpsert,
        { uid: gamePlayer(), phone: '12345' },
        {},
        200,
        ErrorCode.InvalidParams,
      );
      const other = await makeAccount(t.database.db);
      await refused(
        api.publisherPlayersContact,
        { uid: p.uid, email: other.email.toUpperCase() },
        {},
        200,
        ErrorCode.EmailInUse,
      );
      await refused(
        api.publisherPlayersContact,
        { uid: p.uid, phone: other.phone },
        {},
        200,
        ErrorCode.PhoneInUse,
      );
      await refused(
        api.publisherPlayersUpsert,
        { uid: gamePlayer(), email: other.email },
        {},
        200,
        ErrorCode.EmailInUse,
      );
    });
  });

  describe('keys', () => {
    it('rotation: old and new keys both work until the old one is revoked', async () => {
      const listed = await portal('list', '1');
      const active = listed.lines.filter((l) => l.includes('\tactive\t'));
      expect(active).toHaveLength(1);
      const rotated = await portal('rotate', '1');
      expect(rotated.code).toBe(0);
      const next = keyOf(rotated.lines);
      expect(next.keyId).toMatch(/^pk_[0-9a-f]{24}$/);
      expect((await send(api.publisherPlayersGet, { uid: 'p-none' }, { key })).status).toBe(200);
      expect((await send(api.publisherPlayersGet, { uid: 'p-none' }, { key: next })).status).toBe(
        200,
      );
      // At most two active keys: a third rotation is refused until one is revoked.
      expect((await portal('rotate', '1')).code).toBe(1);
      expect((await portal('create', '1')).code).toBe(1);
      expect((await portal('revoke', '1', key.keyId)).code).toBe(0);
      expect((await send(api.publisherPlayersGet, { uid: 'p-none' }, { key })).status).toBe(401);
      expect((await send(api.publisherPlayersGet, { uid: 'p-none' }, { key: next })).code).toBe(
        ErrorCode.GameAccountNotFound,
      );
      key = next;
      // The secret is stored encrypted, never in clear.
      const stored = await sql<{ secret_enc: string }>`
        select secret_enc from publisher_keys where key_id = ${next.keyId}`.execute(t.database.db);
      expect(stored.rows[0]?.secret_enc).toMatch(/^v1:/);
      expect(stored.rows[0]?.secret_enc).not.toContain(next.secret);
      await expect(portal('rotate', 'x')).rejects.toThrow(/game_id/);
    });

    it(`rate limit: ${RATE} calls per key per minute, then TooManyRequests`, async () => {
      for (let i = 0; i < RATE; i += 1)
        expect((await send(api.publisherPlayersGet, { uid: 'p-none' })).code).toBe(
          ErrorCode.GameAccountNotFound,
        );
      const over = await send(api.publisherPlayersGet, { uid: 'p-none' });
      expect(over.code).toBe(ErrorCode.TooManyRequests);
      expect(over.data.retry_after).toBeGreaterThan(0);
      t.clock.advance(61_000);
      expect((await send(api.publisherPlayersGet, { uid: 'p-none' })).code).toBe(
        ErrorCode.GameAccountNotFound,
      );
    });
  });

  describe('audit log', () => {
    it('records each change with the key, never a secret; the database refuses UPDATE and DELETE', async () => {
      const uid = gamePlayer();
      const p = await upserted(uid, { email: `audit-${kind}@example.com` });
      await send(api.publisherPlayersDisable, { uid, reason: 'audit test' });
      const rows = await sql<{
        actor_kind: string;
        actor: string;
        action: string;
        target: string;
        ip: string;
        before: unknown;
        after: Record<string, unknown>;
      }>`select actor_kind, actor, action, target, ip, before, after from audit_log
          where target = ${`account:${p.account.accid}`} order by id`.execute(t.database.db);
      expect(rows.rows.map((r) => [r.actor_kind, r.actor, r.action])).toEqual([
        ['publisher', key.keyId, 'player.create'],
        ['publisher', key.keyId, 'player.disable'],
      ]);
      expect(rows.rows[0]?.after).toMatchObject({
        game_id: 1,
        uid,
        email: `audit-${kind}@example.com`,
      });
      expect(rows.rows[1]?.after).toMatchObject({ disabled: true, reason: 'audit test' });
      const keyAudit = await sql<{ text: string }>`
        select before::text || after::text as text from audit_log where action like 'publisher_key.%'`.execute(
        t.database.db,
      );
      expect(keyAudit.rows.length).toBeGreaterThan(0);
      for (const r of keyAudit.rows) expect(r.text).not.toContain(key.secret);

      await expect(sql`update audit_log set actor = 'x'`.execute(t.database.db)).rejects.toThrow(
        /append-only/,
      );
      await expect(sql`delete from audit_log`.execute(t.database.db)).rejects.toThrow(
        /append-only/,
      );
    });
  });
});
