// The databases integration tests run against: PGlite always, PostgreSQL when TEST_DATABASE_URL
// is set. Each test file gets its own database (a loaded PGlite dump, or a fresh PostgreSQL db).
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { openPostgres, type Database, type DatabaseKind } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrate';
import { databaseOverPglite } from '../../src/db/pglite';

const postgresUrl = process.env.TEST_DATABASE_URL;

/** `describe.each(testDatabases())`: the kinds available in this run. */
export function testDatabases(): DatabaseKind[] {
  return postgresUrl ? ['pglite', 'postgres'] : ['pglite'];
}

async function withAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A new empty PostgreSQL database on the TEST_DATABASE_URL server, dropped on close. */
export async function createPostgresDatabase(): Promise<{
  url: string;
  drop: () => Promise<void>;
}> {
  if (!postgresUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `hc_test_${randomBytes(6).toString('hex')}`;
  await withAdmin((c) => c.query(`create database ${name}`));
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      withAdmin((c) => c.query(`drop database if exists ${name} with (force)`)).then(
        () => undefined,
      ),
  };
}

/** A migrated, unseeded database of the given kind, private to the caller. */
export async function openTestDatabase(kind: DatabaseKind): Promise<Database> {
  if (kind === 'pglite') {
    const dump = new Blob([await readFile(inject('pgliteTemplate'))]);
    const pglite = new PGlite({ dataDir: 'memory://', loadDataDir: dump });
    await pglite.waitReady;
    return databaseOverPglite(pglite, { onClose: () => pglite.close() });
  }
  const { url, drop } = await createPostgresDatabase();
  const inner = openPostgres(url, 4);
  await migrateToLatest(inner);
  return { ...inner, close: () => inner.close().finally(drop) };
}
