// Replay and idempotency records of the Publisher API (migration 0014-publisher).
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export interface StoredAnswer {
  requestHash: string;
  answer: unknown;
}

export function createPublisherRequestsRepository(db: Kysely<DB>) {
  return {
    /**
     * Records the nonce of `keyId`; false when it was seen after `seenSince` (a replay). A row
     * older than that (not purged yet) is taken over.
     */
    async useNonce(keyId: string, nonce: string, now: Date, seenSince: Date): Promise<boolean> {
      const r = await sql<{ key_id: string }>`
        insert into publisher_nonces (key_id, nonce, created_at)
        values (${keyId}, ${nonce}, ${now})
        on conflict (key_id, nonce) do update set created_at = excluded.created_at
          where publisher_nonces.created_at < ${seenSince}
        returning key_id`.execute(db);
      return r.rows.length === 1;
    },

    async answerOf(gameId: number, key: string): Promise<StoredAnswer | undefined> {
      const r = await db
        .selectFrom('publisher_idempotency')
        .select(['request_hash', 'answer'])
        .where('game_id', '=', gameId)
        .where('idempotency_key', '=', key)
        .where('answer', 'is not', null)
        .executeTakeFirst();
      return r && { requestHash: r.request_hash, answer: r.answer };
    },

    /**
     * Claims the key in the caller's transaction: true when this request is the first. A
     * concurrent first request holds the row until it commits; this waits for it, then false.
     */
    async claim(gameId: number, key: string, requestHash: string, now: Date): Promise<boolean> {
      const r = await db
        .insertInto('publisher_idempotency')
        .values({
          game_id: gameId,
          idempotency_key: key,
          request_hash: requestHash,
          created_at: now,
        })
        .onConflict((oc) => oc.columns(['game_id', 'idempotency_key']).doNothing())
        .returning('game_id')
        .executeTakeFirst();
      return r !== undefined;
    },

    async store(gameId: number, key: string, answer: unknown): Promise<void> {
      await db
        .updateTable('publisher_idempotency')
        .set({ answer: JSON.stringify(answer) })
        .where('game_id', '=', gameId)
        .where('idempotency_key', '=', key)
        .execute();
    },
  };
}
