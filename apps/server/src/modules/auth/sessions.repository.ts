// Data access for sessions; tokens are stored only as their sha256 hash.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export interface SessionRow {
  id: number;
  accountId: number;
  createdAt: Date;
  lastSeenAt: Date;
  idleExpiresAt: Date;
  absoluteExpiresAt: Date;
  remember: boolean;
  revokedAt: Date | null;
  ip: string | null;
  userAgent: string | null;
}

/** Where a request came from (the list of signed-in devices). */
export interface SeenFrom {
  ip: string;
  userAgent: string | null;
}

export interface NewSession {
  accountId: number;
  tokenHash: string;
  now: Date;
  idleExpiresAt: Date;
  absoluteExpiresAt: Date;
  remember: boolean;
}

/** The row of a new session. */
function sessionRow(s: NewSession) {
  return {
    account_id: s.accountId,
    token_hash: s.tokenHash,
    created_at: s.now,
    last_seen_at: s.now,
    idle_expires_at: s.idleExpiresAt,
    absolute_expires_at: s.absoluteExpiresAt,
    remember: s.remember,
  };
}

export function createSessionsRepository(db: Kysely<DB>) {
  return {
    async insert(s: NewSession): Promise<number> {
      const row = await db
        .insertInto('sessions')
        .values(sessionRow(s))
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /**
     * insert, and every other live session of the account revoked, in one statement (a
     * single-device sign-in: one round trip and one commit). The UPDATE runs on the statement's
     * snapshot, which does not hold the new row, so the new session stays live.
     */
    async insertRevokingOthers(s: NewSession): Promise<number> {
      const row = await db
        .with('s', (qb) => qb.insertInto('sessions').values(sessionRow(s)).returning('id'))
        .with('r', (qb) =>
          qb
            .updateTable('sessions')
            .set({ revoked_at: s.now })
            .where('account_id', '=', s.accountId)
            .where('revoked_at', 'is', null)
            .returning('id'),
        )
        .selectFrom('s')
        .select('s.id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async findByTokenHash(tokenHash: string): Promise<SessionRow | undefined> {
      const r = await db
        .selectFrom('sessions')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      return (
        r && {
          id: r.id,
          accountId: r.account_id,
          createdAt: r.created_at,
          lastSeenAt: r.last_seen_at,
          idleExpiresAt: r.idle_expires_at,
          absoluteExpiresAt: r.absolute_expires_at,
          remember: r.remember,
          revokedAt: r.revoked_at,
          ip: r.ip,
          userAgent: r.user_agent,
        }
      );
    },

    async touch(id: number, lastSeenAt: Date, idleExpiresAt: Date, seen?: SeenFrom): Promise<void> {
      await db
        .updateTable('sessions')
        .set({
          last_seen_at: lastSeenAt,
          idle_expires_at: idleExpiresAt,
          ...(seen && { ip: seen.ip, user_agent: seen.userAgent?.slice(0, 512) ?? null }),
        })
        .where('id', '=', id)
        .execute();
    },

    /** The account's sessions that still work at `now` (not revoked, not expired). */
    async listLive(accountId: number, now: Date) {
      return db
        .selectFrom('sessions')
        .select(['id', 'created_at', 'last_seen_at', 'ip', 'user_agent'])
        .where('account_id', '=', accountId)
        .where('revoked_at', 'is', null)
        .where('idle_expires_at', '>', now)
        .where('absolute_expires_at', '>', now)
        .orderBy('last_seen_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /** Ends one live session of the account; whether one was ended. */
    async revokeOfAccount(accountId: number, id: number, now: Date): Promise<boolean> {
      const r = await db
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('id', '=', id)
        .where('account_id', '=', accountId)
        .where('revoked_at', 'is', null)
        .where('idle_expires_at', '>', now)
        .where('absolute_expires_at', '>', now)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    async revoke(id: number, at: Date): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ revoked_at: at })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .execute();
    },

    async revokeAllOfAccount(accountId: number, at: Date, exceptId?: number): Promise<void> {
      let q = db
        .updateTable('sessions')
        .set({ revoked_at: at })
        .where('account_id', '=', accountId)
        .where('revoked_at', 'is', null);
      if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
      await q.execute();
    },

    /** Test and maintenance hook: move a session's expiry (e.g. to simulate expiry). */
    async setExpiry(id: number, idleExpiresAt: Date, absoluteExpiresAt: Date): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ idle_expires_at: idleExpiresAt, absolute_expires_at: absoluteExpiresAt })
        .where('id', '=', id)
        .execute();
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
