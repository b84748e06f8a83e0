// Data access for throttle_hits (0009-throttle): the sliding-window log of the shared throttle
// (throttle.ts, ADR 0028), taken through the throttle_take function (0030-throttle-take, ADR
// 0067) with its advisory locks. The retention job deletes old hits (jobs/retention.ts).
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** What one take asks of the database function throttle_take (migration 0030). */
export interface TakeRequest {
  /** Advisory-lock key space, and the buckets' keys in the order they are locked. */
  space: number;
  keys: readonly number[];
  rules: ReadonlyArray<{ bucket: string; limit: number; window_ms: number }>;
  /** The buckets that get one hit each when every rule has room. */
  buckets: readonly string[];
}

/** `db` is the pool or a transaction (ADR 0037). */
export function createThrottleRepository(db: Kysely<DB>) {
  return {
    /**
     * One take in one statement (ADR 0067): the buckets' transaction-scoped advisory locks, in
     * the order given; every rule checked after them; one hit per bucket when all have room.
     * `waitMs` > 0 when a rule is full (nothing recorded): the time until the hit that fills it
     * leaves its window.
     */
    async take(request: TakeRequest, now: number): Promise<{ waitMs: number; ids: number[] }> {
      const { rows } = await sql<{ wait_ms: string | number; ids: number[] | null }>`select wait_ms,
        ids from throttle_take(${JSON.stringify(request)}::jsonb, ${new Date(now)}::timestamptz)`.execute(
        db,
      );
      const row = rows[0];
      if (row === undefined) throw new Error('throttle_take returned no row');
      // int8 arrives as a string on pg; jsonb arrives parsed on both drivers.
      return { waitMs: Number(row.wait_ms), ids: (row.ids ?? []).map(Number) };
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
