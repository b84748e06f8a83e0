// Data access for analytics_rate (0007-analytics): the table backend of the shared rate counter
// (rate-counter.ts) when Redis is not configured or unreachable. The analytics purge deletes
// finished windows (modules/analytics/analytics.repository.ts).
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** `db` is the pool or a transaction (ADR 0037). */
export function createRateCounterRepository(db: Kysely<DB>) {
  return {
    /** Adds `by` to the bucket's window in one upsert; the window's new count. */
    async add(bucket: string, windowStart: Date, by: number): Promise<number> {
      const row = await db
        .insertInto('analytics_rate')
        .values({ bucket, window_start: windowStart, count: by })
        .onConflict((oc) =>
          oc
            .columns(['bucket', 'window_start'])
            .doUpdateSet({ count: sql`analytics_rate.count + ${by}` }),
        )
        .returning('count')
        .executeTakeFirstOrThrow();
      return row.count;
    },
  };
}

export type RateCounterRepository = ReturnType<typeof createRateCounterRepository>;
