// Sessions (docs/product/session.md#token): an opaque random token (128+ bits) given to the client once and stored
// hashed; idle and absolute expiry. "Remember me" drops the idle limit, the absolute one stays.
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { systemClock, type Clock } from '../../lib/clock';
import { createSessionsRepository, type SeenFrom } from './sessions.repository';

export interface SessionPolicy {
  /** A session without "remember me" ends after this long without a request. */
  idleMinutes: number;
  /** Every session ends this long after login, however active. */
  absoluteDays: number;
}

export const DEFAULT_SESSION_POLICY: SessionPolicy = { idleMinutes: 120, absoluteDays: 30 };

/** The signed-in player attached to a request (`req.session`). */
export interface Session {
  id: number;
  accountId: number;
  remember: boolean;
  createdAt: Date;
  absoluteExpiresAt: Date;
}

// Writing last_seen_at on every request would turn reads into writes; a minute is precise enough.
const TOUCH_INTERVAL_MS = 60_000;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{22,128}$/;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function createSessionService(deps: {
  db: Kysely<DB>;
  policy?: SessionPolicy;
  clock?: Clock;
}) {
  const repo = createSessionsRepository(deps.db);
  const policy = deps.policy ?? DEFAULT_SESSION_POLICY;
  const clock = deps.clock ?? systemClock;
  const idleMs = policy.idleMinutes * 60_000;

  function idleExpiry(now: Date, absolute: Date, remember: boolean): Date {
    return remember ? absolute : new Date(Math.min(now.getTime() + idleMs, absolute.getTime()));
  }

  return {
    /** Start a session for an account; returns the raw token (the only time it exists). */
    async create(
      accountId: number,
      options: { remember: boolean },
    ): Promise<{ token: string; sessionId: number }> {
      const now = clock.now();
      const absolute = new Date(now.getTime() + policy.absoluteDays * 86_400_000);
      const token = newSessionToken();
      const sessionId = await repo.insert({
        accountId,
        tokenHash: hashToken(token),
        now,
        idleExpiresAt: idleExpiry(now, absolute, options.remember),
        absoluteExpiresAt: absolute,
        remember: options.remember,
      });
      return { token, sessionId };
    },

    /**
     * The live session for a token, or null if unknown, revoked or expired. `seen` (the request's
     * address and browser) is recorded with the minute's touch, and on the first request.
     */
    async resolve(token: string | undefined, seen?: SeenFrom): Promise<Session | null> {
      if (token === undefined || !TOKEN_PATTERN.test(token)) return null;
      const row = await repo.findByTokenHash(hashToken(token));
      const now = clock.now();
      if (row === undefined || row.revokedAt !== null) return null;
      if (now >= row.idleExpiresAt || now >= row.absoluteExpiresAt) return null;
      const firstSeen = seen !== undefined && row.ip === null;
      if (firstSeen || now.getTime() - row.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
        // A touch only ever extends the idle time (a clock set back must not shorten it).
        const renewed = idleExpiry(now, row.absoluteExpiresAt, row.remember);
        const idle = renewed > row.idleExpiresAt ? renewed : row.idleExpiresAt;
        await repo.touch(row.id, now, idle, seen);
      }
      return {
        id: row.id,
        accountId: row.accountId,
        remember: row.remember,
        createdAt: row.createdAt,
        absoluteExpiresAt: row.absoluteExpiresAt,
      };
    },

    /** Logout: the token stops working at once. */
    async revoke(sessionId: number): Promise<void> {
      await repo.revoke(sessionId, clock.now());
    },

    /** "Account accessed on another device": end every other session of the account. */
    async revokeOthers(accountId: number, keepSessionId: number): Promise<void> {
      await repo.revokeAllOfAccount(accountId, clock.now(), keepSessionId);
    },

    /** Password reset: end every session of the account. */
    async revokeAllOfAccount(accountId: number): Promise<void> {
      await repo.revokeAllOfAccount(accountId, clock.now());
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;

/** Convenience for later issues and tests: start a session and return its raw token. */
export async function createSession(
  db: Kysely<DB>,
  accountId: number,
  options: { remember: boolean; policy?: SessionPolicy; clock?: Clock },
): Promise<string> {
  const service = createSessionService({
    db,
    ...(options.policy && { policy: options.policy }),
    ...(options.clock && { clock: options.clock }),
  });
  return (await service.create(accountId, { remember: options.remember })).token;
}
