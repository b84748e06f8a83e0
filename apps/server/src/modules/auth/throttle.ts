// Login throttling (issue 3), counted in the login_attempts table so it holds across nodes.
// Policy:
// - Per IP: 30 failed logins within 15 minutes -> TooManyRequests for that IP until the
//   oldest of those failures is 15 minutes old.
// - Per account: after 5 failures within 15 minutes, attempts for that account from an IP
//   that has never signed in to it successfully (last 30 days) wait a window that doubles
//   with each further failure: 30 s, 60 s, 2 min ... capped at 15 minutes after the last
//   failure. IPs the player signed in from before are never slowed by the account counter,
//   so an attacker cannot lock the real player out; a new IP waits at most 15 minutes.
import { ErrorCode } from '@hc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { systemClock, type Clock } from '../../lib/clock';

export const THROTTLE_POLICY = {
  windowMs: 15 * 60_000,
  accountFreeFailures: 5,
  baseDelayMs: 30_000,
  maxDelayMs: 15 * 60_000,
  ipMaxFailures: 30,
  trustedIpMs: 30 * 86_400_000,
} as const;

export function createLoginThrottle(deps: { db: Kysely<DB>; clock?: Clock }) {
  const clock = deps.clock ?? systemClock;
  const { db } = deps;
  const P = THROTTLE_POLICY;

  return {
    /** Throws TooManyRequests when this attempt must wait (data.retry_after in seconds). */
    async check(accountId: number | null, ip: string): Promise<void> {
      const now = clock.now().getTime();
      const since = new Date(now - P.windowMs);
      const ipFailures = await db
        .selectFrom('login_attempts')
        .select('created_at')
        .where('ip', '=', ip)
        .where('success', '=', false)
        .where('created_at', '>', since)
        .orderBy('created_at', 'desc')
        .limit(P.ipMaxFailures)
        .execute();
      const oldest = ipFailures[P.ipMaxFailures - 1];
      if (oldest !== undefined) {
        const retryMs = oldest.created_at.getTime() + P.windowMs - now;
        throw new AppError(ErrorCode.TooManyRequests, { retry_after: Math.ceil(retryMs / 1000) });
      }
      if (accountId === null) return;
      const failures = await db
        .selectFrom('login_attempts')
        .select('created_at')
        .where('account_id', '=', accountId)
        .where('success', '=', false)
        .where('created_at', '>', since)
        .orderBy('created_at', 'desc')
        .execute();
      const last = failures[0];
      if (failures.length < P.accountFreeFailures || last === undefined) return;
      const trusted = await db
        .selectFrom('login_attempts')
        .select('id')
        .where('account_id', '=', accountId)
        .where('ip', '=', ip)
        .where('success', '=', true)
        .where('created_at', '>', new Date(now - P.trustedIpMs))
        .limit(1)
        .executeTakeFirst();
      if (trusted !== undefined) return;
      const extra = failures.length - P.accountFreeFailures;
      const delay = Math.min(P.baseDelayMs * 2 ** Math.min(extra, 16), P.maxDelayMs);
      const retryMs = last.created_at.getTime() + delay - now;
      if (retryMs > 0) {
        throw new AppError(ErrorCode.TooManyRequests, { retry_after: Math.ceil(retryMs / 1000) });
      }
    },

    async record(accountId: number | null, ip: string, success: boolean): Promise<void> {
      await db
        .insertInto('login_attempts')
        .values({ account_id: accountId, ip, success, created_at: clock.now() })
        .execute();
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
