// Retention of the tables that only ever grew (ADR 0032): each row goes once nothing needs it.
//   verification_codes  a day after the code expired (used or not): longer than any send limit
//                        looks back (the send log of the old per-destination day cap included)
//   login_attempts       failures after a day (every login window is shorter: the throttle's
//                        longest window); successes after THROTTLE_POLICY.trustedIpMs (30 days),
//                        which decide whether an IP is the player's own
//   redeem_attempts      after a day (the gift-code windows are 15 minutes)
//   throttle_hits        after THROTTLE_MAX_WINDOW_MS, the longest window a rule may have
//   sessions             a day after they ended (revoked, idle or absolute expiry): a token of an
//                        ended session is refused the same way whether its row exists or not
//   web_tickets          a day after they were used or expired (single use, minutes of life)
//   payment_events       after PAYMENT_EVENTS_RETENTION_DAYS (default 400): they are the
//                        evidence for disputes and chargebacks, which card schemes and PayPal
//                        allow for months after the payment. An event still waiting to be
//                        applied ('pending', or a refund 'deferred' until its payment arrives,
//                        ADR 0031) is never deleted.
//   analytics_sessions   once expired (plus the timestamp tolerance): the collector refuses a
//                        batch of an expired sid anyway
//   publisher_nonces     after PUBLISHER_NONCE_TTL_SECONDS (10 minutes): a nonce is single use
//                        within that time, and a request that old is stale anyway (±300 s)
//   publisher_idempotency after PUBLISHER_IDEMPOTENCY_KEEP_MS (24 hours), like Stripe's keys
// Analytics events, nonces and the shared rate windows (analytics_rate) have their own purge
// (analytics.purge.ts). Deleted in batches, so one round never holds a long lock; the worker
// runs this at most every RETENTION_EVERY_MS. Any number of workers may run it at once. The
// delete statements are in retention.repository.ts.
import { ANALYTICS_LIMITS, PUBLISHER_NONCE_TTL_SECONDS } from '@hc/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Clock } from '../lib/clock';
import { createDueTimer, type DueTimer } from '../lib/due-timer';
import { THROTTLE_MAX_WINDOW_MS } from '../lib/throttle';
import { THROTTLE_POLICY } from '../modules/auth/throttle';
import { createRetentionRepository } from './retention.repository';

export const RETENTION_EVERY_MS = 15 * 60_000;
export const RETENTION_BATCH = 2000;

const DAY_MS = 86_400_000;
/** How long a publisher write's first answer is kept for its Idempotency-Key (ADR 0039). */
export const PUBLISHER_IDEMPOTENCY_KEEP_MS = DAY_MS;
/** Grace after a row stopped mattering; longer than every attempt and send window. */
export const ATTEMPT_KEEP_MS = DAY_MS;

export interface RetentionPolicy {
  paymentEventsDays: number;
}

export interface RetentionPurged {
  verification_codes: number;
  login_attempts: number;
  redeem_attempts: number;
  throttle_hits: number;
  sessions: number;
  web_tickets: number;
  payment_events: number;
  analytics_sessions: number;
  publisher_nonces: number;
  publisher_idempotency: number;
  /** Delete statements run (each removes at most one batch). */
  statements: number;
}

export async function purgeExpired(
  db: Kysely<DB>,
  now: Date,
  policy: RetentionPolicy,
  batch: number = RETENTION_BATCH,
): Promise<RetentionPurged> {
  const before = (ms: number) => new Date(now.getTime() - ms);
  const graceBefore = before(ATTEMPT_KEEP_MS);
  let statements = 0;

  const repo = createRetentionRepository(db);

  /** Runs one table's batched delete until a batch comes back short; the rows deleted. */
  async function inBatches(deleteBatch: (batch: number) => Promise<number>) {
    let total = 0;
    for (;;) {
      statements += 1;
      const n = await deleteBatch(batch);
      total += n;
      if (n < batch) return total;
    }
  }

  const verification_codes = await inBatches((n) => repo.verificationCodes(graceBefore, n));
  const login_attempts = await inBatches((n) =>
    repo.loginAttempts(
      {
        failedBefore: graceBefore,
        anyBefore: before(Math.max(THROTTLE_POLICY.trustedIpMs, ATTEMPT_KEEP_MS)),
      },
      n,
    ),
  );
  const redeem_attempts = await inBatches((n) => repo.redeemAttempts(graceBefore, n));
  const throttle_hits = await inBatches((n) =>
    repo.throttleHits(before(THROTTLE_MAX_WINDOW_MS), n),
  );
  const sessions = await inBatches((n) => repo.sessions(graceBefore, n));
  const web_tickets = await inBatches((n) => repo.webTickets(graceBefore, n));
  const payment_events = await inBatches((n) =>
    repo.paymentEvents(before(policy.paymentEventsDays * DAY_MS), n),
  );
  const analytics_sessions = await inBatches((n) =>
    repo.analyticsSessions(before(ANALYTICS_LIMITS.timestampToleranceS * 1000), n),
  );
  const publisher_nonces = await inBatches((n) =>
    repo.publisherNonces(before(PUBLISHER_NONCE_TTL_SECONDS * 1000), n),
  );
  const publisher_idempotency = await inBatches((n) =>
    repo.publisherIdempotency(before(PUBLISHER_IDEMPOTENCY_KEEP_MS), n),
  );
  return {
    verification_codes,
    login_attempts,
    redeem_attempts,
    throttle_hits,
    sessions,
    web_tickets,
    payment_events,
    analytics_sessions,
    publisher_nonces,
    publisher_idempotency,
    statements,
  };
}

/** The worker's timer: runs purgeExpired when RETENTION_EVERY_MS has passed. */
export function createRetentionTimer(deps: {
  db: Kysely<DB>;
  clock: Clock;
  policy: RetentionPolicy;
  log: FastifyBaseLogger;
}): DueTimer<RetentionPurged> {
  return createDueTimer(deps.clock, RETENTION_EVERY_MS, async (now) => {
    const purged = await purgeExpired(deps.db, now, deps.policy);
    const { statements: _statements, ...counts } = purged;
    if (Object.values(counts).some((n) => n > 0)) deps.log.info(counts, 'expired rows purged');
    return purged;
  });
}
