// Named prepared statements (ADR 0062): a statement a repository marks with `named` is prepared
// once per connection under its name and answers exactly as before; unmarked statements stay
// unnamed. On both databases (PGlite's connection speaks the same protocol).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database';
import { named, statementName } from '../src/db/named-statements';
import { openTestDatabase, testDatabases } from './support/databases';

describe.each(testDatabases())('named statements on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database.close());

  it('prepares a marked statement once on its connection and answers as an unnamed one', async () => {
    // One connection for the whole check: prepared statements belong to a session.
    await database.db.connection().execute(async (db) => {
      const marked = (n: number) =>
        named('test_add_one', sql<{ n: number }>`select ${n}::int + 1 as n`.compile(db));
      expect((await db.executeQuery(marked(1))).rows).toEqual([{ n: 2 }]);
      expect((await db.executeQuery(marked(41))).rows).toEqual([{ n: 42 }]);
      await sql`select 'not marked' as x`.execute(db);
      const name = statementName(marked(0).sql);
      expect(name).toMatch(/^hc_test_add_one_[0-9a-f]{12}$/);
      const prepared = await sql<{
        name: string;
        statement: string;
      }>`select name, statement from pg_prepared_statements`.execute(db);
      expect(prepared.rows.filter((r) => r.name === name)).toHaveLength(1);
      expect(prepared.rows.some((r) => r.statement.includes('not marked'))).toBe(false);
    });
  });

  it('answers errors of a marked statement as the database reports them, and keeps working', async () => {
    await database.db.connection().execute(async (db) => {
      const divide = (n: number) =>
        named('test_divide', sql<{ q: number }>`select 10 / ${n}::int as q`.compile(db));
      await expect(db.executeQuery(divide(0))).rejects.toMatchObject({ code: '22012' });
      expect((await db.executeQuery(divide(5))).rows).toEqual([{ q: 2 }]);
    });
  });
});
