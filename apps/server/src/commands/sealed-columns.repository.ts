// Data access of the sealed-column re-encryption (sealed-columns.ts, ADR 0027): the locked
// batches of one column's rows still under an older DATA_KEY key and the rewrite of a value. The
// table, column and key names come from SEALED_COLUMNS, never from input. `db` is the pool or a
// transaction.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** The column's place: its table, the sealed column and the unique ordered key. */
export interface SealedColumnRef {
  table: Extract<keyof DB, string>;
  column: string;
  key: string;
}

export function createSealedColumnsRepository(db: Kysely<DB>) {
  return {
    /**
     * The next `batchSize` rows (whole rows: the contexts read other columns) whose value is set
     * and does not start with `prefix` (the active key's), after `after` in key order (from the
     * start when undefined), locked FOR UPDATE; call it on a repository built from the batch's
     * transaction.
     */
    async lockBatch(q: {
      spec: SealedColumnRef;
      prefix: string;
      after: unknown;
      batchSize: number;
    }): Promise<Array<Record<string, unknown>>> {
      const table = sql.table(q.spec.table);
      const column = sql.ref(q.spec.column);
      const key = sql.ref(q.spec.key);
      const { rows } = await sql<Record<string, unknown>>`
        select * from ${table}
        where ${column} is not null and substr(${column}, 1, ${q.prefix.length}) <> ${q.prefix}
        ${q.after === undefined ? sql`` : sql`and ${key} > ${q.after}`}
        order by ${key} limit ${q.batchSize} for update`.execute(db);
      return rows;
    },

    /** Stores `value` (the re-sealed value) in the row whose key is `keyValue`. */
    async setValue(spec: SealedColumnRef, keyValue: unknown, value: string): Promise<void> {
      const table = sql.table(spec.table);
      const column = sql.ref(spec.column);
      const key = sql.ref(spec.key);
      await sql`update ${table} set ${column} = ${value}
          where ${key} = ${keyValue}`.execute(db);
    },
  };
}
