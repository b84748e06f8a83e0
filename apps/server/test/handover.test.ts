// Game-client hand-over (docs/product/session.md#hand-over, docs/product/api.md#sign-in-and-session-calls sdk/ticket/get, tmpWebTokenLogin): tickets are
// single use, expire after 5 minutes, are stored hashed, and only for the caller's game account.
import { createHash } from 'node:crypto';
import { api, ErrorCode } from '@hc/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createAccountsRepository } from '../src/modules/auth/accounts.repository';
import { createHandoverService } from '../src/modules/auth/handover.service';
import { call } from './support/call';
import { login, makeAccount } from './support/auth-fixtures';
import { testDatabases } from './support/databases';
import { useTestApp } from './support/helper';

describe.each(testDatabases())('hand-over on %s', (kind) => {
  const t = useTestApp(kind);

  async function signedIn() {
    const { app, database, config } = t.current;
    const a = await makeAccount(database.db);
    const uid = await createAccountsRepository(database.db).bindGameAccount(a.id, 1);
    const json = await login(app, config.payloadKey, 'account', a.account, a.password);
    return { ...a, uid, token: json.result.token };
  }

  it('issues a ticket for an own game account and exchanges it once', async () => {
    const { app, clock, database } = t.current;
    const a = await signedIn();
    const res = await call(app, api.userSdkTicketGet, { uid: a.uid }, { token: a.token });
    expect(res.code).toBe(0);
    const { ticket, expires_ts } = res.result;
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(expires_ts).toBe(Math.floor(clock.now().getTime() / 1000) + 300);
    const stored = await sql<{ ticket_hash: string }>`select ticket_hash from web_tickets`.execute(
      database.db,
    );
    expect(stored.rows.map((r) => r.ticket_hash)).toContain(
      createHash('sha256').update(ticket).digest('hex'),
    );
    expect(JSON.stringify(stored.rows)).not.toContain(ticket);
    const ok = await call(app, api.userTmpWebTokenLogin, { token: ticket });
    expect(ok).toMatchObject({ code: 0, result: { accid: a.id, account: a.account } });
    const info = await call(app, api.userUinfo, {}, { token: ok.result.token });
    expect(info.result).toMatchObject({ login: true, accid: a.id });
    // The game's own session survives the hand-over (it is not a login on another device).
    const game = await call(app, api.userUinfo, {}, { token: a.token });
    expect(game.result.login).toBe(true);
    const replay = await call(app, api.userTmpWebTokenLogin, { token: ticket });
    expect(replay.code).toBe(ErrorCode.InvalidToken);
  });

  it('refuses a game account of another player with AuthFail and requires a session', async () => {
    const { app } = t.current;
    const a = await signedIn();
    const b = await signedIn();
    const res = await call(app, api.userSdkTicketGet, { uid: b.uid }, { token: a.token });
    expect(res.code).toBe(ErrorCode.AuthFail);
    const anon = await call(app, api.userSdkTicketGet, { uid: a.uid });
    expect(anon.status).toBe(203);
    expect(anon.code).toBe(ErrorCode.tokenFail);
  });

  it('rejects an expired or unknown ticket', async () => {
    const { app, clock, database } = t.current;
    const a = await makeAccount(database.db);
    const handover = createHandoverService({ db: database.db, clock });
    const ticket = await handover.issue(a.id);
    clock.advance(5 * 60_000 + 1000);
    expect((await call(app, api.userTmpWebTokenLogin, { token: ticket })).code).toBe(
      ErrorCode.InvalidToken,
    );
    expect((await call(app, api.userTmpWebTokenLogin, { token: 'x'.repeat(43) })).code).toBe(
      ErrorCode.InvalidToken,
    );
    expect((await call(app, api.userTmpWebTokenLogin, { token: 'short' })).code).toBe(
      ErrorCode.InvalidToken,
    );
  });

  it('treats a social (newLogin) ticket as a new login that ends older sessions', async () => {
    const { app, database, clock } = t.current;
    const a = await signedIn();
    const handover = createHandoverService({ db: database.db, clock });
    const ticket = await handover.issue(a.id, { newLogin: true });
    const ok = await call(app, api.userTmpWebTokenLogin, { token: ticket });
    expect(ok.code).toBe(0);
    const old = await call(app, api.userUinfo, {}, { token: a.token });
    expect(old.status).toBe(203);
    expect(old.code).toBe(ErrorCode.tokenFail);
  });

  it('lets only one of two concurrent exchanges win', async () => {
    const { database, clock } = t.current;
    const a = await makeAccount(database.db);
    const handover = createHandoverService({ db: database.db, clock });
    const ticket = await handover.issue(a.id);
    const results = await Promise.allSettled([
      handover.exchange(ticket),
      handover.exchange(ticket),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'fulfilled').map((r) => r.value)).toEqual([a.id]);
  });
});
