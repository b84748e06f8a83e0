// The one throttle behind every brute-force limit (login, verification-code sends, gift codes;
// ADR 0028): a sliding-window log in the throttle_hits table, so every node on one database
// counts the same attempts. A rule allows at most `limit` hits in `bucket` within `windowMs`.
//
// take() counts and records in one atomic step, BEFORE the caller does the guessable or costly
// part (a password hash, a code lookup, a message sent): in one statement (the database
// function throttle_take, ADR 0067) it takes an advisory lock per bucket (in a fixed order, so
// two takers never deadlock), counts each rule's hits, then either refuses (AppError with
// data.retry_after, the seconds until the hit that fills the rule leaves its window) or inserts
// one hit per bucket. Concurrent attempts on any node queue on the lock and see each other's
// hits, so a limit of L lets at most L of any number of concurrent attempts through; the locks
// are held for the statement's run only, never across round trips. The caller releases the hit
// when its outcome must not count (e.g. a success). On PGlite the single connection already
// runs one statement at a time; the locks are taken all the same.
import { createHash } from 'node:crypto';
import { ErrorCode, type ErrorCodeValue } from '@hc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { AppError } from './app-error';
import { systemClock, type Clock } from './clock';
import { createThrottleRepository } from './throttle.repository';

/** The longest window a rule may have; the retention job deletes older hits. */
export const THROTTLE_MAX_WINDOW_MS = 24 * 3_600_000;

// Advisory-lock key space (first int4 of the two-key form) of throttle buckets.
const LOCK_SPACE = 7_140_303;

export interface ThrottleRule {
  /** What is counted, e.g. `login:account:42`; several rules may share a bucket. */
  bucket: string;
  /** Hits allowed within the window (>= 1). */
  limit: number;
  windowMs: number;
}

export interface ThrottleHit {
  /** Takes the hits back: the attempt no longer counts (a success, an outcome not limited). */
  release(): Promise<void>;
}

export interface TakeOptions {
  /** The refusal's code (default TooManyRequests); data.retry_after is always set. */
  error?: ErrorCodeValue;
}

/** A signed 32-bit lock key for a bucket (a collision only makes two buckets share a lock). */
function lockKey(bucket: string): number {
  return createHash('sha256').update(bucket).digest().readInt32BE(0);
}

export function createThrottle(deps: { db: Kysely<DB>; clock?: Clock }) {
  const { db } = deps;
  const clock = deps.clock ?? systemClock;
  const hits = createThrottleRepository(db);

  return {
    /**
     * One attempt against every rule: refused (AppError, data.retry_after in seconds) when a
     * rule is full, else one hit recorded per bucket. Atomic across nodes.
     */
    async take(rules: readonly ThrottleRule[], options: TakeOptions = {}): Promise<ThrottleHit> {
      for (const r of rules) {
        if (!(r.limit >= 1 && r.windowMs > 0 && r.windowMs <= THROTTLE_MAX_WINDOW_MS))
          throw new Error(`throttle rule ${r.bucket}: bad limit or window`);
      }
      if (rules.length === 0) return { release: () => Promise.resolve() };
      const now = clock.now().getTime();
      const error = options.error ?? ErrorCode.TooManyRequests;
      const buckets = [...new Set(rules.map((r) => r.bucket))];
      const keys = [...new Set(buckets.map(lockKey))].sort((a, b) => a - b);
      const { waitMs, ids } = await hits.take(
        {
          space: LOCK_SPACE,
          keys,
          rules: rules.map((r) => ({ bucket: r.bucket, limit: r.limit, window_ms: r.windowMs })),
          buckets,
        },
        now,
      );
      if (waitMs > 0)
        throw new AppError(error, { retry_after: Math.max(1, Math.ceil(waitMs / 1000)) });
      let released = false;
      return {
        async release() {
          if (released) return;
          released = true;
          await hits.deleteHits(ids);
        },
      };
    },

    /** Forgets every hit of these buckets (e.g. the owner proved who they are). */
    async clear(buckets: readonly string[]): Promise<void> {
      if (buckets.length === 0) return;
      await hits.deleteBuckets(buckets);
    },
  };
}

export type Throttle = ReturnType<typeof createThrottle>;
