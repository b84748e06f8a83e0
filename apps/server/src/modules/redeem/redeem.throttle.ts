// Brute-force protection for gift codes (issue 6 part 4), counted in redeem_attempts so it holds
// across nodes. Policy: a failed redemption (wrong shape, unknown, expired, used up, already
// used by this account, wrong game) counts against the account and the IP. Within 15 minutes,
// 10 failures of an account or 30 failures from one IP -> TooManyRequests with data.retry_after
// (seconds until the oldest of those failures is 15 minutes old). Successes do not count.
// With 80-bit generated codes (redeem.codes.ts) this makes guessing hopeless.
import { ErrorCode } from '@hc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { RedeemRepository } from './redeem.repository';

export const REDEEM_THROTTLE_POLICY = {
  windowMs: 15 * 60_000,
  accountMaxFailures: 10,
  ipMaxFailures: 30,
} as const;

export function createRedeemThrottle(deps: {
  db: Kysely<DB>;
  repo: RedeemRepository;
  clock: Clock;
}) {
  const { db, repo, clock } = deps;
  const P = REDEEM_THROTTLE_POLICY;

  async function limit(by: { accountId: number } | { ip: string }, max: number, now: number) {
    const failures = await repo.recentFailures(db, by, new Date(now - P.windowMs), max);
    const oldest = failures[max - 1];
    if (oldest === undefined) return;
    const retryMs = oldest.getTime() + P.windowMs - now;
    throw new AppError(ErrorCode.TooManyRequests, {
      retry_after: Math.max(1, Math.ceil(retryMs / 1000)),
    });
  }

  return {
    /** Throws TooManyRequests (data.retry_after in seconds) when this attempt must wait. */
    async check(accountId: number, ip: string): Promise<void> {
      const now = clock.now().getTime();
      await limit({ ip }, P.ipMaxFailures, now);
      await limit({ accountId }, P.accountMaxFailures, now);
    },

    async fail(accountId: number, ip: string): Promise<void> {
      await repo.recordAttempt(db, { accountId, ip, success: false, at: clock.now() });
    },
  };
}
