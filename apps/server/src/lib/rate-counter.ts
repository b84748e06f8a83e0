// Fixed one-minute rate windows shared by every node ("rate-limits per device").
// With REDIS_URL: INCR + EXPIRE in one MULTI on `<prefix><bucket>:<window>`. Without it (or while
// Redis is unreachable): an upsert into analytics_rate returning the new count. Either way the
// count holds across nodes. Redis trouble never fails a request: the hit is counted in the table
// instead, a warning is logged, and Redis is left alone for a short back-off.
// A fixed window lets a client send up to 2x the limit around a window edge; that is accepted
// for analytics (ADR 0022).
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Clock } from './clock';
import { createRateCounterRepository } from './rate-counter.repository';

export const RATE_WINDOW_MS = 60_000;

export interface RateHit {
  /** Hits in this bucket's current window, this one included. */
  count: number;
  /** Seconds until the window ends (>= 1). */
  resetInS: number;
  backend: 'redis' | 'table';
}

export interface RateCounter {
  /**
   * Counts `by` hits (default 1, e.g. the events of a batch) for `bucket` (e.g. `device:<id>`)
   * in the current one-minute window.
   */
  hit(bucket: string, by?: number): Promise<RateHit>;
  /** Closes the Redis connection, if one was opened. */
  close(): Promise<void>;
}

export interface RateCounterDeps {
  db: Kysely<DB>;
  clock: Clock;
  log: FastifyBaseLogger;
  /** When set, counters live in Redis. */
  redisUrl?: string | undefined;
  /** Key prefix in Redis (tests use a unique one per run). */
  redisPrefix?: string;
  /** How long Redis is skipped after a failure. */
  redisBackoffMs?: number;
  /** Longest wait for one Redis command. */
  redisTimeoutMs?: number;
}

export function createRateCounter(deps: RateCounterDeps): RateCounter {
  const { db, clock, log } = deps;
  const table = createRateCounterRepository(db);
  const prefix = deps.redisPrefix ?? 'hc:rate:';
  const backoffMs = deps.redisBackoffMs ?? 30_000;
  const timeoutMs = deps.redisTimeoutMs ?? 1000;
  let client: Redis | undefined;
  let redisDownUntil = Number.NEGATIVE_INFINITY;
  let closed = false;

  // Created on first use, so a node that never counts never connects (and, without REDIS_URL,
  // never loads ioredis).
  async function redis(): Promise<Redis | undefined> {
    if (deps.redisUrl === undefined || closed) return undefined;
    // The back-off is about the network, so it runs on real time, not the injected clock.
    if (Date.now() < redisDownUntil) return undefined;
    if (client === undefined) {
      const { Redis } = await import('ioredis');
      if (closed) return undefined;
      if (client !== undefined) return client;
      client = new Redis(deps.redisUrl, {
        connectTimeout: 1000,
        commandTimeout: timeoutMs,
        maxRetriesPerRequest: 1,
        retryStrategy: (times) => Math.min(times * 500, 5000),
      });
      // Without a listener ioredis prints every reconnect failure; hit() logs the ones that matter.
      client.on('error', () => undefined);
    }
    return client;
  }

  async function hitRedis(
    r: Redis,
    bucket: string,
    windowStart: number,
    by: number,
  ): Promise<number> {
    const key = `${prefix}${bucket}:${windowStart / RATE_WINDOW_MS}`;
    const results = await r
      .multi()
      .incrby(key, by)
      .expire(key, (2 * RATE_WINDOW_MS) / 1000)
      .exec();
    const first = results?.[0];
    if (first === undefined || first[0] !== null || typeof first[1] !== 'number')
      throw new Error('Redis MULTI did not return a count');
    return first[1];
  }

  async function hitTable(bucket: string, windowStart: Date, by: number): Promise<number> {
    return table.add(bucket, windowStart, by);
  }

  return {
    async hit(bucket, by = 1) {
      const nowMs = clock.now().getTime();
      const windowStart = Math.floor(nowMs / RATE_WINDOW_MS) * RATE_WINDOW_MS;
      const resetInS = Math.max(1, Math.ceil((windowStart + RATE_WINDOW_MS - nowMs) / 1000));
      const r = await redis();
      if (r !== undefined) {
        try {
          return {
            count: await hitRedis(r, bucket, windowStart, by),
            resetInS,
            backend: 'redis',
          };
        } catch (err) {
          redisDownUntil = Date.now() + backoffMs;
          log.warn(
            { err, backoffMs },
            'Redis rate counter failed; counting in the database meanwhile',
          );
        }
      }
      return {
        count: await hitTable(bucket, new Date(windowStart), by),
        resetInS,
        backend: 'table',
      };
    },
    async close() {
      closed = true;
      const c = client;
      client = undefined;
      // Nothing pending matters to a counter: drop the connection (also ends any reconnecting).
      c?.disconnect();
      await Promise.resolve();
    },
  };
}
