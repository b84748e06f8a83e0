// Sessions (docs/product/session.md#token): an opaque random token (128+ bits) given to the client once and stored
// hashed; idle and absolute expiry. "Remember me" drops the idle limit, the absolute one stays.
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { systemClock, type Clock } from '../../lib/clock';
import { createSessionsRepository, type SeenFrom, type SessionRow } from './sessions.repository';

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

/**
 * How long this node answers a token from memory without reading its row (ADR 0058). A session
 * ended elsewhere stops working on every node when the `sessions` topic arrives (the row's
 * trigger notifies at commit), and at the latest after this long.
 */
export const SESSION_CACHE_TTL_MS = 5_000;
/** Entries kept at most; the oldest go first. */
const SESSION_CACHE_MAX = 10_000;

interface CachedSession {
  row: SessionRow;
  /** clock time (ms) until which the row may be used without reading it again */
  until: number;
}

export function createSessionService(deps: {
  db: Kysely<DB>;
  policy?: SessionPolicy;
  clock?: Clock;
  /** Keep resolved sessions in memory this long (ms); 0 or absent: read the row every time. */
  cacheTtlMs?: number;
}) {
  const repo = createSessionsRepository(deps.db);
  const policy = deps.policy ?? DEFAULT_SESSION_POLICY;
  const clock = deps.clock ?? systemClock;
  const idleMs = policy.idleMinutes * 60_000;
  const cacheTtlMs = deps.cacheTtlMs ?? 0;
  /** By token hash. */
  const cache = new Map<string, CachedSession>();
  /**
   * Bumped whenever sessions are forgotten: a row read before a revocation and answered after
   * it must not be cached.
   */
  let generation = 0;

  function forget(match?: (row: SessionRow) => boolean): void {
    generation++;
    if (match === undefined) cache.clear();
    else for (const [hash, entry] of cache) if (match(entry.row)) cache.delete(hash);
  }

  function toSession(row: SessionRow): Session {
    return {
      id: row.id,
      accountId: row.accountId,
      remember: row.remember,
      createdAt: row.createdAt,
      absoluteExpiresAt: row.absoluteExpiresAt,
    };
  }

  /**
   * A cached row answers only what the database would: live at `now`, no touch due, and the
   * first request's address already recorded when one is given. Anything else (even "expired":
   * another node may have touched the row since) reads the row.
   */
  function fromCache(tokenHash: string, now: Date, seen: boolean): Session | undefined {
    const entry = cache.get(tokenHash);
    if (entry === undefined) return undefined;
    const t = now.getTime();
    const { row } = entry;
    if (
      t >= entry.until ||
      row.revokedAt !== null ||
      (seen && row.ip === null) ||
      t >= row.idleExpiresAt.getTime() ||
      t >= row.absoluteExpiresAt.getTime() ||
      t - row.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS
    ) {
      cache.delete(tokenHash);
      return undefined;
    }
    return toSession(row);
  }

  function remember(tokenHash: string, row: SessionRow, now: Date, readAt: number): void {
    if (cacheTtlMs <= 0 || readAt !== generation) return;
    if (cache.size >= SESSION_CACHE_MAX) {
      const oldest = cache.keys().next();
      if (oldest.done !== true) cache.delete(oldest.value);
    }
    cache.set(tokenHash, { row, until: now.getTime() + cacheTtlMs });
  }

  function idleExpiry(now: Date, absolute: Date, remember: boolean): Date {
    return remember ? absolute : new Date(Math.min(now.getTime() + idleMs, absolute.getTime()));
  }

  return {
    /** Start a session for an account; returns the raw token (the only time it exists). */
    async create(
      accountId: number,
      options: { remember: boolean; endOthers?: boolean },
    ): Promise<{ token: string; sessionId: number }> {
      const now = clock.now();
      const absolute = new Date(now.getTime() + policy.absoluteDays * 86_400_000);
      const token = newSessionToken();
      const row = {
        accountId,
        tokenHash: hashToken(token),
        now,
        idleExpiresAt: idleExpiry(now, absolute, options.remember),
        absoluteExpiresAt: absolute,
        remember: options.remember,
      };
      if (options.endOthers !== true) return { token, sessionId: await repo.insert(row) };
      // A single-device sign-in: the account's other sessions end in the same statement.
      const sessionId = await repo.insertRevokingOthers(row);
      forget((cached) => cached.accountId === accountId && cached.id !== sessionId);
      return { token, sessionId };
    },

    /**
     * The live session for a token, or null if unknown, revoked or expired. `seen` (the request's
     * address and browser) is recorded with the minute's touch, and on the first request.
     */
    async resolve(token: string | undefined, seen?: SeenFrom): Promise<Session | null> {
      if (token === undefined || !TOKEN_PATTERN.test(token)) return null;
      const tokenHash = hashToken(token);
      if (cacheTtlMs > 0) {
        const cached = fromCache(tokenHash, clock.now(), seen !== undefined);
        if (cached !== undefined) return cached;
      }
      const readAt = generation;
      const found = await repo.findByTokenHash(tokenHash);
      const now = clock.now();
      if (found === undefined || found.revokedAt !== null) return null;
      if (now >= found.idleExpiresAt || now >= found.absoluteExpiresAt) return null;
      let row = found;
      const firstSeen = seen !== undefined && row.ip === null;
      if (firstSeen || now.getTime() - row.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
        // A touch only ever extends the idle time (a clock set back must not shorten it).
        const renewed = idleExpiry(now, row.absoluteExpiresAt, row.remember);
        const idle = renewed > row.idleExpiresAt ? renewed : row.idleExpiresAt;
        await repo.touch(row.id, now, idle, seen);
        row = {
          ...row,
          lastSeenAt: now,
          idleExpiresAt: idle,
          ...(seen && { ip: seen.ip, userAgent: seen.userAgent?.slice(0, 512) ?? null }),
        };
      }
      remember(tokenHash, row, now, readAt);
      return toSession(row);
    },

    /** Logout: the token stops working at once. */
    async revoke(sessionId: number): Promise<void> {
      await repo.revoke(sessionId, clock.now());
      forget((row) => row.id === sessionId);
    },

    /** "Account accessed on another device": end every other session of the account. */
    async revokeOthers(accountId: number, keepSessionId: number): Promise<void> {
      await repo.revokeAllOfAccount(accountId, clock.now(), keepSessionId);
      forget((row) => row.accountId === accountId && row.id !== keepSessionId);
    },

    /** Password reset: end every session of the account. */
    async revokeAllOfAccount(accountId: number): Promise<void> {
      await repo.revokeAllOfAccount(accountId, clock.now());
      forget((row) => row.accountId === accountId);
    },

    /**
     * Drops this node's cached sessions (all, or those of one account). Called after a
     * transaction that ended sessions has committed, and on the bus topic `sessions` (ADR 0058).
     */
    forget(accountId?: number): void {
      forget(accountId === undefined ? undefined : (row) => row.accountId === accountId);
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
