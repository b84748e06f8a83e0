// Data access for throttle_hits (0009-throttle): the sliding-window log of the shared throttle
// (throttle.ts, ADR 0028) and its advisory locks. The retention job deletes old hits
// (jobs/retention.ts).
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

/**
 * `db` is the pool or a transaction (ADR 0037). `lockBuckets`, `fullRules` and `insertHits` of
 * one take() run on a repository built from its transaction: the transaction-scoped locks
 * serialise the takers of a bucket until it commits.
 */
export function createThrottleRepository(db: Kysely<DB>) {
  return {
    /**
     * Takes the transaction-scoped advisory locks (space, key) for every key, in one statement:
     * the VALUES rows are scanned, and locked, in the order given (callers sort them).
     */
    async lockBuckets(space: number, keys: readonly number[]): Promise<void> {
      await sql`select pg_advisory_xact_lock(${space}::int4, k) from (values ${sql.join(
        keys.map((k) => sql`(${k}::int4)`),
      )}) as t(k)`.execute(db);
    },

    /**
     * Every rule in one statement: for each rule (by index) that is full at `now`, the time of
     * the oldest of its newest `limit` hits in the window, which must leave it before one more
     * fits. Rules with room return no row.
     */
    async fullRules(
      rules: ReadonlyArray<{ bucket: string; limit: number; windowMs: number }>,
      now: number,
    ): Promise<Array<{ rule: number; created_at: Date | string }>> {
      const probes = rules.map(
        (rule, i) =>
          sql`(select ${i}::int4 as rule, created_at from throttle_hits
          where bucket = ${rule.bucket} and created_at > ${new Date(now - rule.windowMs)}
          order by created_at desc offset ${rule.limit - 1} limit 1)`,
      );
      const { rows } = await sql<{ rule: number; created_at: Date | string }>`${sql.join(
        probes,
        sql` union all `,
      )}`.execute(db);
      return rows;
    },

    /** One hit per bucket at `now`; their ids. */
    async insertHits(buckets: readonly string[], now: number): Promise<number[]> {
      const inserted = await db
        .insertInto('throttle_hits')
        .values(buckets.map((bucket) => ({ bucket, created_at: new Date(now) })))
        .returning('id')
        .execute();
      return inserted.map((r) => Number(r.id));
    },

    async deleteHits(ids: readonly number[]): Promise<void> {
      await db
        .deleteFrom('throttle_hits')
        .where('id', 'in', [...ids])
        .execute();
    },

    /** Every hit of these buckets. */
    async deleteBuckets(buckets: readonly string[]): Promise<void> {
      await db
        .deleteFrom('throttle_hits')
        .where('bucket', 'in', [...buckets])
        .execute();
    },
  };
}

export type ThrottleRepository = ReturnType<typeof createThrottleRepository>;
