// Migrations and seeding on every test database: both idempotent; concurrent starts on
// PostgreSQL migrate once; PGlite's one connection never interleaves two transactions.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../src/db/database';
import { migrateToLatest, migrations } from '../src/db/migrate';
import { runSeedSteps } from '../src/db/seed';
import { demoSeedSteps } from '../src/db/seeds/demo';
import { verifyPassword } from '../src/lib/password';
import { createAccountsRepository } from '../src/modules/auth/accounts.repository';
import { createBulletinsRepository } from '../src/modules/content/bulletins.repository';
import { createGamesRepository } from '../src/modules/games/games.repository';
import { createPostgresDatabase, openTestDatabase, testDatabases } from './support/databases';

async function counts(database: Database) {
  const { db } = database;
  const [accounts, games, bulletins] = await Promise.all([
    createAccountsRepository(db).count(),
    createGamesRepository(db).count(),
    createBulletinsRepository(db).count(),
  ]);
  return { accounts, games, bulletins };
}

describe.each(testDatabases())('database on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database.close());

  it('migrates idempotently: a second run applies nothing and the tables stay', async () => {
    expect(await migrateToLatest(database)).toEqual([]);
    expect(await migrateToLatest(database)).toEqual([]);
    const rows = await sql<{
      name: string;
    }>`select name from schema_migrations order by name`.execute(database.db);
    expect(rows.rows.map((r) => r.name)).toEqual(Object.keys(migrations));
  });

  it('seeds an empty database once; a second run changes nothing', async () => {
    expect(await counts(database)).toEqual({ accounts: 0, games: 0, bulletins: 0 });
    expect(await runSeedSteps(database, demoSeedSteps)).toEqual([
      'demo-game',
      'demo-account',
      'demo-operator',
      'demo-bulletin',
      'demo-catalog',
      'demo-redeem',
      'demo-content',
    ]);
    const after = await counts(database);
    expect(after).toEqual({ accounts: 1, games: 1, bulletins: 1 });
    expect(await runSeedSteps(database, demoSeedSteps)).toEqual([]);
    expect(await counts(database)).toEqual(after);
  });

  it('seeds the demo data of the issue: demo/demo1234 bound to game 1', async () => {
    const accounts = createAccountsRepository(database.db);
    const demo = await accounts.findById(1);
    expect(demo).toMatchObject({ account: 'demo', email: 'demo@example.com' });
    expect(demo?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(demo?.passwordHash ?? '', 'demo1234')).toBe(true);
    expect(await verifyPassword(demo?.passwordHash ?? '', 'demo12345')).toBe(false);
    expect(await accounts.listGameAccounts(1)).toEqual([
      expect.objectContaining({ accountId: 1, gameId: 1 }),
    ]);
  });

  it('keeps concurrent transactions apart (PGlite: one connection, one transaction at a time)', async () => {
    const games = createGamesRepository(database.db);
    const before = await games.count();
    let seenInside = -1;
    const rolledBack = database.db.transaction().execute(async (trx) => {
      await createGamesRepository(trx).insert({
        id: 99,
        name: 'Temp',
        icon: '',
        platforms: ['pc'],
        sort: 9,
      });
      await new Promise((r) => setTimeout(r, 50));
      throw new Error('roll back');
    });
    const reader = database.db.transaction().execute(async (trx) => {
      seenInside = await createGamesRepository(trx).count();
    });
    await expect(rolledBack).rejects.toThrow('roll back');
    await reader;
    expect(seenInside).toBe(before);
    expect(await games.count()).toBe(before);
  });
});

describe.runIf(testDatabases().includes('postgres'))('concurrent starts on PostgreSQL', () => {
  let drop: () => Promise<void>;
  let nodes: Database[] = [];
  beforeAll(async () => {
    const created = await createPostgresDatabase();
    drop = created.drop;
    nodes = [
      openPostgres(created.url, 2),
      openPostgres(created.url, 2),
      openPostgres(created.url, 2),
    ];
  });
  afterAll(async () => {
    await Promise.all(nodes.map((n) => n.close()));
    await drop();
  });

  it('migrate and seed exactly once when three nodes start together', async () => {
    const applied = await Promise.all(nodes.map((n) => migrateToLatest(n)));
    expect(applied.flat()).toEqual(Object.keys(migrations));
    const seeded = await Promise.all(nodes.map((n) => runSeedSteps(n, demoSeedSteps)));
    expect(seeded.flat()).toEqual([
      'demo-game',
      'demo-account',
      'demo-operator',
      'demo-bulletin',
      'demo-catalog',
      'demo-redeem',
      'demo-content',
    ]);
    expect(await counts(nodes[0] as Database)).toEqual({
      accounts: 1,
      games: 1,
      bulletins: 1,
    });
  });
});
