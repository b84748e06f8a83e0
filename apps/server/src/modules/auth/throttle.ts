// Login throttling on the shared throttle (lib/throttle.ts, ADR 0028), so it holds across nodes
// and under concurrency: an attempt is counted BEFORE its check runs and released when it
// succeeds, so only failures (and checks still running) count.
// Policy:
// - Per IP: 30 counted attempts within 15 minutes (wrong passwords, wrong codes, unknown
//   accounts alike) -> TooManyRequests until the oldest of them is 15 minutes old.
// - Per account, password checks only: 5 within 15 minutes from IPs that have not signed in to
//   the account successfully in the last 30 days -> TooManyRequests (retry_after) until the
//   oldest is 15 minutes old. IPs the player signed in from before are never slowed by the
//   account counter, and sign-in by email or phone code does not use it (a code has its own
//   limit of 5 tries), so an attacker cannot lock the real player out.
// login_attempts keeps the outcome of every check (a success marks the IP as the player's).
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { systemClock, type Clock } from '../../lib/clock';
import { createThrottle, type ThrottleRule } from '../../lib/throttle';
import { createLoginAttemptsRepository } from './login-attempts.repository';

export const THROTTLE_POLICY = {
  windowMs: 15 * 60_000,
  accountFreeFailures: 5,
  ipMaxFailures: 30,
  trustedIpMs: 30 * 86_400_000,
} as const;

/** A counted login attempt; settle it once its check has run. */
export interface LoginAttempt {
  succeeded(): Promise<void>;
  failed(): Promise<void>;
}

export function createLoginThrottle(deps: { db: Kysely<DB>; clock?: Clock }) {
  const clock = deps.clock ?? systemClock;
  const { db } = deps;
  const throttle = createThrottle({ db, clock });
  const attempts = createLoginAttemptsRepository(db);
  const P = THROTTLE_POLICY;

  const ipRule = (ip: string): ThrottleRule => ({
    bucket: `login:ip:${ip}`,
    limit: P.ipMaxFailures,
    windowMs: P.windowMs,
  });
  const accountRule = (accountId: number): ThrottleRule => ({
    bucket: `login:account:${accountId}`,
    limit: P.accountFreeFailures,
    windowMs: P.windowMs,
  });

  async function record(accountId: number | null, ip: string, success: boolean): Promise<void> {
    await attempts.insert({ accountId, ip, success, now: clock.now() });
  }

  /** Whether `ip` signed in to the account successfully within the last 30 days. */
  async function isTrustedIp(accountId: number, ip: string): Promise<boolean> {
    return attempts.succeededSince(accountId, ip, new Date(clock.now().getTime() - P.trustedIpMs));
  }

  return {
    isTrustedIp,

    /**
     * Counts one attempt before its check runs; throws TooManyRequests (data.retry_after in
     * seconds) when it must wait. `accountId` null: an unknown account (the IP counts only).
     * `password`: a password check, which also counts against the account from a new IP.
     */
    async begin(
      accountId: number | null,
      ip: string,
      kind: 'password' | 'code',
    ): Promise<LoginAttempt> {
      const rules = [ipRule(ip)];
      if (accountId !== null && kind === 'password' && !(await isTrustedIp(accountId, ip)))
        rules.push(accountRule(accountId));
      const hit = await throttle.take(rules);
      return {
        async succeeded() {
          // Independent writes: at once, so their commits share a WAL flush.
          await Promise.all([hit.release(), record(accountId, ip, true)]);
        },
        failed: () => record(accountId, ip, false),
      };
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
