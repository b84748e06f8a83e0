// Retention ("Events are deleted after a configurable retention period"):
// events older than ANALYTICS_RETENTION_DAYS, replay nonces older than twice the timestamp
// tolerance (a replay that old already fails the timestamp check, ADR 0022) and finished rate
// windows. Deleted in batches so one round never holds a long lock; the worker runs it at most
// every ANALYTICS_PURGE_EVERY_MS.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { ANALYTICS_LIMITS } from '@hc/contract';
import type { DB } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { createDueTimer, type DueTimer } from '../../lib/due-timer';
import { RATE_WINDOW_MS } from '../../lib/rate-counter';
import { createAnalyticsRepository } from './analytics.repository';

export const ANALYTICS_PURGE_EVERY_MS = 10 * 60_000;
export const ANALYTICS_PURGE_BATCH = 5000;

export interface AnalyticsPurged {
  events: number;
  nonces: number;
  rates: number;
}

async function inBatches(run: () => Promise<bigint | undefined>, batch: number): Promise<number> {
  let total = 0;
  for (;;) {
    const n = Number((await run()) ?? 0n);
    total += n;
    if (n < batch) return total;
  }
}

export async function purgeAnalytics(
  db: Kysely<DB>,
  now: Date,
  retentionDays: number,
  batch: number = ANALYTICS_PURGE_BATCH,
): Promise<AnalyticsPurged> {
  const eventsBefore = new Date(now.getTime() - retentionDays * 86_400_000);
  const noncesBefore = new Date(now.getTime() - 2 * ANALYTICS_LIMITS.timestampToleranceS * 1000);
  // The current window and the one before it may still be counted (a node's clock may lag).
  const ratesBefore = new Date(now.getTime() - 2 * RATE_WINDOW_MS);
  const repo = createAnalyticsRepository(db);
  const events = await inBatches(() => repo.deleteEventsBefore(eventsBefore, batch), batch);
  const nonces = await inBatches(() => repo.deleteNoncesBefore(noncesBefore, batch), batch);
  const rates = await inBatches(() => repo.deleteRateWindowsBefore(ratesBefore, batch), batch);
  return { events, nonces, rates };
}

/** The worker's timer: runs purgeAnalytics when ANALYTICS_PURGE_EVERY_MS has passed. */
export function createAnalyticsPurgeTimer(deps: {
  db: Kysely<DB>;
  clock: Clock;
  retentionDays: number;
  log: FastifyBaseLogger;
}): DueTimer<AnalyticsPurged> {
  return createDueTimer(deps.clock, ANALYTICS_PURGE_EVERY_MS, async (now) => {
    const purged = await purgeAnalytics(deps.db, now, deps.retentionDays);
    if (purged.events + purged.nonces + purged.rates > 0) deps.log.info(purged, 'analytics purged');
    return purged;
  });
}
