// The invalidation bus (ADR 0046): a publish on one app instance clears the caches of another
// instance on the same database, on PGlite (in-process) and on PostgreSQL (LISTEN/NOTIFY).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Container } from '../src/container';
import type { Database } from '../src/db/database';
import { runSeedSteps } from '../src/db/seed';
import { demoSeedSteps } from '../src/db/seeds/demo';
import { createInvalidationBus } from '../src/lib/invalidation';
import { testContainer } from './support/container';
import { openTestDatabase, testDatabases } from './support/databases';
import { testClock, testConfig } from './support/helper';
import { pino } from 'pino';

describe.each(testDatabases())('invalidation bus (%s)', (kind) => {
  let database: Database;
  let a: Container;
  let b: Container;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const clock = testClock();
    await runSeedSteps(database, demoSeedSteps, { now: clock.now() });
    const config = testConfig();
    const log = pino({ level: 'silent' });
    a = testContainer({ config, database, log, clock });
    b = testContainer({ config, database, log, clock });
  });

  afterAll(async () => {
    await a.close();
    await b.close();
    await database.close();
  });

  it("a publish on one instance clears the other instance's catalogue cache", async () => {
    const first = b.catalog.listProducts(1, 'game');
    await first;
    await b.invalidation.ready();
    expect(b.catalog.listProducts(1, 'game')).toBe(first);
    await a.invalidation.publish('catalog');
    await vi.waitFor(() => expect(b.catalog.listProducts(1, 'game')).not.toBe(first), {
      timeout: 5000,
      interval: 20,
    });
  });

  it('calls the subscribers of the topic only, on every instance, until unsubscribed', async () => {
    const seenA: string[] = [];
    const seenB: string[] = [];
    const offA = a.invalidation.subscribe('games', () => seenA.push('games'));
    const offB = b.invalidation.subscribe('games', () => seenB.push('games'));
    b.invalidation.subscribe('servers', () => seenB.push('servers'));
    await Promise.all([a.invalidation.ready(), b.invalidation.ready()]);
    await b.invalidation.publish('games');
    await vi.waitFor(() => {
      expect(seenA).toContain('games');
      expect(seenB).toContain('games');
    });
    expect(seenB).not.toContain('servers');
    offA();
    offB();
    const before = seenA.length;
    await a.invalidation.publish('games');
    await new Promise((r) => setTimeout(r, 150));
    expect(seenA.length).toBe(before);
  });

  it('refuses a malformed topic', async () => {
    await expect(a.invalidation.publish('DROP TABLE')).rejects.toThrow(/topic/);
    expect(() => a.invalidation.subscribe('', () => undefined)).toThrow(/topic/);
  });

  it.runIf(kind === 'postgres')(
    'listens again after its connection is terminated and then drops every cache',
    async () => {
      const bus = createInvalidationBus({ database, reconnectMs: 20 });
      const seen: string[] = [];
      bus.subscribe('catalog', () => seen.push('catalog'));
      await bus.ready();
      const pid = await sessionPid(database);
      expect(pid.length).toBeGreaterThan(0);
      await terminate(database, pid);
      await vi.waitFor(() => expect(seen).toContain('catalog'), { timeout: 5000 });
      seen.length = 0;
      await a.invalidation.publish('catalog');
      await vi.waitFor(() => expect(seen).toContain('catalog'), { timeout: 5000 });
      await bus.close();
    },
  );
});

async function sessionPid(database: Database): Promise<number[]> {
  const { sql } = await import('kysely');
  const rows = await sql<{ pid: number }>`
    select pid from pg_stat_activity
    where datname = current_database() and query ilike 'LISTEN hc_invalidation%'`.execute(
    database.db,
  );
  return rows.rows.map((r) => r.pid);
}

async function terminate(database: Database, pids: number[]): Promise<void> {
  const { sql } = await import('kysely');
  for (const pid of pids) await sql`select pg_terminate_backend(${pid})`.execute(database.db);
}
