// A Database that never connects, for tests of HTTP concerns that do not touch data.
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
} from 'kysely';
import type { Database } from '../../src/db/database';
import type { DB } from '../../src/db/schema';

export function stubDatabase(): Database {
  const db = new Kysely<DB>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  return { kind: 'pglite', db, ping: () => Promise.resolve(), close: () => db.destroy() };
}
