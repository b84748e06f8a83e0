// Data access for analytics_rate (0007-analytics): the table backend of the shared rate counter
// (rate-counter.ts) when Redis is not configured or unreachable. The analytics purge deletes
// finished windows (modules/analytics/analytics.repository.ts).
import { sql, type Kysely } from 'kysely';
import { named } from '../db/named-statements';
import type { DB } from '../db/schema';

/** `db` is the pool or a transaction (ADR 0037). */
export function createRateCounterRepository(db: Kysely<DB>) {
  return {
    /** Adds `by` to the bucket's window in one upsert; the window's new count. */
    async add(bucket: string, windowStart: Date, by: number): Promise<number> {
      // Named (ADR 0062): every order creation and analytics batch counts here.
      const query = db
        .insertInto('analytics_rate')
        .values({ bucket, window_start: windowStart, count: by })
        .onConflict((oc) =>
          oc
            .columns(['bucket', 'window_start'])
            .doUpdateSet({ count: sql`analytics_rate.count + ${by}` }),
        )
        .returning('count')
        .compile();
      const row = (await db.executeQuery(named('rate_add', query))).rows[0];
      if (row === undefined) throw new Error('rate counter: the upsert returned no row');
      return row.count;
    },
  };
}

export type RateCounterRepository = ReturnType<typeof createRateCounterRepository>;
