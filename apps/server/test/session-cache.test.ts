// The in-process session cache (ADR 0058): a token is answered from memory for a few seconds,
// never past what its row allows (revocation, idle and absolute expiry, the minute's touch), and a
// session ended on one app instance stops working on every instance sharing the database: at once
// on the instance that ended it, and as soon as the `sessions` topic arrives on the others.
import { api, consoleApi, ErrorCode } from '@hc/contract';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely, type KyselyPlugin } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import type { DB } from '../src/db/schema';
import {
  createSession,
  createSessionService,
  SESSION_CACHE_TTL_MS,
  type SessionService,
} from '../src/modules/auth/sessions.service';
import { call } from './support/call';
import { consoleCall, signInOperator, type ConsoleClient } from './support/console';
import { testDatabases } from './support/databases';
import { createTestApp, type TestApp } from './support/helper';

const MINUTE = 60_000;

/** The statements a Kysely instance runs, by kind (select, update, ...). */
function countingDb(db: Kysely<DB>): { db: Kysely<DB>; counts: Record<string, number> } {
  const counts: Record<string, number> = {};
  const plugin: KyselyPlugin = {
    transformQuery(args) {
      counts[args.node.kind] = (counts[args.node.kind] ?? 0) + 1;
      return args.node;
    },
    transformResult: (args) => Promise.resolve(args.result),
  };
  return { db: db.withPlugin(plugin), counts };
}

describe.each(testDatabases())('session cache on %s', (kind) => {
  let a: TestApp;
  /** A second app instance on the same database: another node. */
  let b: FastifyInstance;
  let accountId: number;

  beforeAll(async () => {
    a = await createTestApp(kind);
    b = await buildApp(a.config, {
      database: a.database,
      clock: a.clock,
      logger: pino({ level: 'silent' }),
    });
    await b.ready();
    accountId = (await a.database.db.selectFrom('accounts').select('id').executeTakeFirstOrThrow())
      .id;
  });

  afterAll(async () => {
    await b.close();
    await a.app.close();
    await a.database.close();
  });

  /** Signed in per test: the service tests move the shared clock past a console session. */
  const operator = (): Promise<ConsoleClient> => signInOperator(a, ['support']);

  const probe = async (app: FastifyInstance, token: string) =>
    (await call(app, api.userSessionList, {}, { token })).code;

  /** The other node refuses the token once the notification has arrived (well within the TTL). */
  const refusedSoon = (app: FastifyInstance, token: string) =>
    vi.waitFor(async () => expect(await probe(app, token)).toBe(ErrorCode.tokenFail), {
      timeout: 3_000,
      interval: 10,
    });

  describe('the service', () => {
    let sessions: SessionService;
    let counts: Record<string, number>;
    beforeAll(() => {
      const counting = countingDb(a.database.db);
      counts = counting.counts;
      sessions = createSessionService({
        db: counting.db,
        policy: { idleMinutes: 30, absoluteDays: 2 },
        clock: a.clock,
        cacheTtlMs: SESSION_CACHE_TTL_MS,
      });
    });
    const seen = { ip: '10.1.2.3', userAgent: 'test' };

    it('answers a token from memory within the TTL, and reads the row again after it', async () => {
      const { token } = await sessions.create(accountId, { remember: false });
      const first = await sessions.resolve(token, seen);
      const selects = counts.SelectQueryNode ?? 0;
      expect(await sessions.resolve(token, seen)).toEqual(first);
      expect(counts.SelectQueryNode ?? 0).toBe(selects);
      a.clock.advance(SESSION_CACHE_TTL_MS);
      expect(await sessions.resolve(token, seen)).toEqual(first);
      expect(counts.SelectQueryNode).toBe(selects + 1);
    });

    it('still touches the row once a minute and ends the session after the idle time', async () => {
      const { token, sessionId } = await sessions.create(accountId, { remember: false });
      await sessions.resolve(token, seen);
      a.clock.advance(MINUTE);
      await sessions.resolve(token, seen);
      const row = await a.database.db
        .selectFrom('sessions')
        .select(['last_seen_at', 'idle_expires_at'])
        .where('id', '=', sessionId)
        .executeTakeFirstOrThrow();
      expect(row.last_seen_at.getTime()).toBe(a.clock.now().getTime());
      expect(row.idle_expires_at.getTime()).toBe(a.clock.now().getTime() + 30 * MINUTE);
      a.clock.advance(30 * MINUTE);
      expect(await sessions.resolve(token, seen)).toBeNull();
    });

    it('forgets a session it revokes, at once', async () => {
      const x = await sessions.create(accountId, { remember: false });
      const y = await sessions.create(accountId, { remember: false });
      expect(await sessions.resolve(x.token, seen)).not.toBeNull();
      expect(await sessions.resolve(y.token, seen)).not.toBeNull();
      await sessions.revoke(x.sessionId);
      expect(await sessions.resolve(x.token, seen)).toBeNull();
      expect(await sessions.resolve(y.token, seen)).not.toBeNull();
      await sessions.revokeAllOfAccount(accountId);
      expect(await sessions.resolve(y.token, seen)).toBeNull();
    });
  });

  it('a logout on one instance ends the cached session on the other', async () => {
    const token = await createSession(a.database.db, accountId, { remember: false });
    expect(await probe(b, token)).toBe(0);
    expect(await probe(b, token)).toBe(0);
    expect(await probe(a.app, token)).toBe(0);
    expect((await call(a.app, api.userLogout, {}, { token })).code).toBe(0);
    // At once on the instance that logged out, without waiting for the notification.
    expect(await probe(a.app, token)).toBe(ErrorCode.tokenFail);
    await refusedSoon(b, token);
  });

  it('a lock by an operator on one instance ends the cached session on the other', async () => {
    const token = await createSession(a.database.db, accountId, { remember: false });
    expect(await probe(a.app, token)).toBe(0);
    expect(await probe(b, token)).toBe(0);
    const support = await operator();
    const locked = await consoleCall(
      a.app,
      consoleApi.consolePlayersLock,
      { id: accountId, locked: true, reason: 'Chargeback fraud' },
      support,
    );
    expect(locked.result?.sessionsEnded).toBeGreaterThan(0);
    expect(await probe(a.app, token)).toBe(ErrorCode.tokenFail);
    await refusedSoon(b, token);
    await consoleCall(
      a.app,
      consoleApi.consolePlayersLock,
      { id: accountId, locked: false, reason: 'Cleared' },
      support,
    );
  });

  it('ending a session from the console ends it on the other instance', async () => {
    const token = await createSession(a.database.db, accountId, { remember: false });
    expect(await probe(b, token)).toBe(0);
    const support = await operator();
    const ended = await consoleCall(
      a.app,
      consoleApi.consolePlayersEndSessions,
      { id: accountId },
      support,
    );
    expect(ended.code).toBe(0);
    expect(await probe(a.app, token)).toBe(ErrorCode.tokenFail);
    await refusedSoon(b, token);
  });

  it('any writer that revokes or deletes sessions in SQL reaches every instance', async () => {
    const service = createSessionService({ db: a.database.db, clock: a.clock });
    const revoked = await service.create(accountId, { remember: false });
    const deleted = await service.create(accountId, { remember: false });
    for (const app of [a.app, b]) {
      expect(await probe(app, revoked.token)).toBe(0);
      expect(await probe(app, deleted.token)).toBe(0);
    }
    await sql`update sessions set revoked_at = now() where id = ${revoked.sessionId}`.execute(
      a.database.db,
    );
    await sql`delete from sessions where id = ${deleted.sessionId}`.execute(a.database.db);
    for (const app of [a.app, b]) {
      await refusedSoon(app, revoked.token);
      await refusedSoon(app, deleted.token);
    }
  });
});
