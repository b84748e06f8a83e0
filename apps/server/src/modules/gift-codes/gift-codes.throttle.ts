// Brute-force protection for gift codes on the shared throttle (lib/throttle.ts, ADR 0028), so
// it holds across nodes and under concurrency. Policy: every redemption is counted against the
// account and the IP BEFORE the code is looked up; the count is taken back when the outcome is
// not a failed guess (a success, a wrong role or server, the game unreachable). Counted failures: wrong shape, unknown, expired, used up, already used by
// this account, wrong game. Within 15 minutes, 10 of an account or 30 from one IP ->
// TooManyRequests with data.retry_after (seconds until the oldest of them is 15 minutes old).
// With 80-bit generated codes (gift-codes.codes.ts) this makes guessing hopeless.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { createThrottle, type ThrottleHit } from '../../lib/throttle';
import type { GiftCodesRepository } from './gift-codes.repository';

export const REDEEM_THROTTLE_POLICY = {
  windowMs: 15 * 60_000,
  accountMaxFailures: 10,
  ipMaxFailures: 30,
} as const;

export function createGiftCodeThrottle(deps: {
  db: Kysely<DB>;
  repo: GiftCodesRepository;
  clock: Clock;
}) {
  const { db, repo, clock } = deps;
  const throttle = createThrottle({ db, clock });
  const P = REDEEM_THROTTLE_POLICY;

  return {
    /** Counts one attempt; throws TooManyRequests (data.retry_after in seconds) when it must wait. */
    begin(accountId: number, ip: string): Promise<ThrottleHit> {
      return throttle.take([
        { bucket: `redeem:ip:${ip}`, limit: P.ipMaxFailures, windowMs: P.windowMs },
        {
          bucket: `redeem:account:${accountId}`,
          limit: P.accountMaxFailures,
          windowMs: P.windowMs,
        },
      ]);
    },

    /** A failed guess: the count stays, and the attempt is logged. */
    async fail(accountId: number, ip: string): Promise<void> {
      await repo.recordAttempt({ accountId, ip, success: false, at: clock.now() });
    },
  };
}
