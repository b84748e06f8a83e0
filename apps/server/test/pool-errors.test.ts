// The PostgreSQL pool survives a connection the server terminates while it is checked out
// (between two statements of a transaction): the error is reported to onPoolError instead of
// being an unhandled 'error' event that ends the process, and the pool serves new queries.
// Found by the fault suite (tests/faults/postgres-restart.test.ts, ADR 0025). PostgreSQL only:
// PGlite has no server to restart.
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openPostgres } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { createPostgresDatabase } from './support/databases';

describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL pool errors', () => {
  it('reports a terminated checked-out connection and recovers', async () => {
    const { url, drop } = await createPostgresDatabase();
    const errors: Error[] = [];
    const database = openPostgres(url, 2, { onPoolError: (err) => errors.push(err) });
    try {
      await migrateToLatest(database);
      const outcome = await database.db
        .transaction()
        .execute(async (trx) => {
          const own = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
          const admin = new pg.Client({ connectionString: url });
          await admin.connect();
          await admin.query('select pg_terminate_backend($1)', [own.rows[0]?.pid]);
          await admin.end();
          // The FATAL arrives while no statement of ours is running on this connection.
          for (let i = 0; i < 50 && errors.length === 0; i++)
            await new Promise((r) => setTimeout(r, 20));
          await sql`select 1`.execute(trx);
          return 'committed';
        })
        .catch(() => 'failed');
      expect(outcome, 'the transaction on the dead connection').toBe('failed');
      expect(errors.map((e) => (e as { code?: string }).code)).toContain('57P01');
      await database.ping();
      const n = await sql<{ n: number }>`select count(*)::int as n from accounts`.execute(
        database.db,
      );
      expect(n.rows[0]?.n).toBe(0);
    } finally {
      await database.close();
      await drop();
    }
  });
});
