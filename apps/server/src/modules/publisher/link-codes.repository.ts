// Link codes (migration 0016-player-arrival, ADR 0042): one-time codes a game shows so a player
// signed in on the web binds the game's uid; stored as an HMAC, 10 minutes, single use.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export interface LinkCodeRow {
  id: number;
  gameId: number;
  uid: string;
  displayName: string | null;
  keyId: string;
  expiresAt: Date;
  usedAt: Date | null;
}

/** `db` is the pool or a transaction (ADR 0037). */
export function createLinkCodesRepository(db: Kysely<DB>) {
  return {
    /** false when another code has this hash (a collision: draw again). */
    async insert(code: {
      gameId: number;
      uid: string;
      displayName: string | null;
      keyId: string;
      codeHash: string;
      now: Date;
      expiresAt: Date;
    }): Promise<boolean> {
      const r = await db
        .insertInto('link_codes')
        .values({
          game_id: code.gameId,
          uid: code.uid,
          display_name: code.displayName,
          key_id: code.keyId,
          code_hash: code.codeHash,
          created_at: code.now,
          expires_at: code.expiresAt,
        })
        .onConflict((oc) => oc.column('code_hash').doNothing())
        .returning('id')
        .executeTakeFirst();
      return r !== undefined;
    },

    /** Ends the live unused codes of the uid (a new code replaces them): they expire now. */
    async retireUnused(gameId: number, uid: string, now: Date): Promise<void> {
      await db
        .updateTable('link_codes')
        .set({ expires_at: now })
        .where('game_id', '=', gameId)
        .where('uid', '=', uid)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .execute();
    },

    /** The code with this hash, locked when `forUpdate` (the bind transaction). */
    async byHash(codeHash: string, opts: { forUpdate?: boolean } = {}) {
      let q = db
        .selectFrom('link_codes')
        .select(['id', 'game_id', 'uid', 'display_name', 'key_id', 'expires_at', 'used_at'])
        .where('code_hash', '=', codeHash);
      if (opts.forUpdate) q = q.forUpdate();
      const r = await q.executeTakeFirst();
      return (
        r &&
        ({
          id: Number(r.id),
          gameId: r.game_id,
          uid: r.uid,
          displayName: r.display_name,
          keyId: r.key_id,
          expiresAt: r.expires_at,
          usedAt: r.used_at,
        } satisfies LinkCodeRow)
      );
    },

    async markUsed(id: number, accountId: number, now: Date): Promise<void> {
      await db
        .updateTable('link_codes')
        .set({ used_at: now, used_by: accountId })
        .where('id', '=', id)
        .execute();
    },

    async gameExists(gameId: number): Promise<boolean> {
      const r = await db
        .selectFrom('games')
        .select('id')
        .where('id', '=', gameId)
        .executeTakeFirst();
      return r !== undefined;
    },
  };
}
