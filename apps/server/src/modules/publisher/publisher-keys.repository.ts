// Publisher keys (migration 0014-publisher): per game, at most two active at a time.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export interface PublisherKeyRow {
  id: number;
  gameId: number;
  keyId: string;
  secretEnc: string;
  createdAt: Date;
  revokedAt: Date | null;
}

export function createPublisherKeysRepository(db: Kysely<DB>) {
  const columns = ['id', 'game_id', 'key_id', 'secret_enc', 'created_at', 'revoked_at'] as const;
  const toRow = (r: {
    id: number;
    game_id: number;
    key_id: string;
    secret_enc: string;
    created_at: Date;
    revoked_at: Date | null;
  }): PublisherKeyRow => ({
    id: Number(r.id),
    gameId: r.game_id,
    keyId: r.key_id,
    secretEnc: r.secret_enc,
    createdAt: r.created_at,
    revokedAt: r.revoked_at,
  });

  return {
    async byKeyId(keyId: string): Promise<PublisherKeyRow | undefined> {
      const r = await db
        .selectFrom('publisher_keys')
        .select(columns)
        .where('key_id', '=', keyId)
        .executeTakeFirst();
      return r && toRow(r);
    },

    /** The game's keys, oldest first (active and revoked). */
    async ofGame(gameId: number): Promise<PublisherKeyRow[]> {
      const rows = await db
        .selectFrom('publisher_keys')
        .select(columns)
        .where('game_id', '=', gameId)
        .orderBy('id')
        .execute();
      return rows.map(toRow);
    },

    /** Serialises key changes of one game (the games row lock, held until COMMIT). */
    async lockGame(gameId: number): Promise<boolean> {
      const r = await db
        .selectFrom('games')
        .select('id')
        .where('id', '=', gameId)
        .forUpdate()
        .executeTakeFirst();
      return r !== undefined;
    },

    async insert(key: {
      gameId: number;
      keyId: string;
      secretEnc: string;
      at: Date;
    }): Promise<void> {
      await db
        .insertInto('publisher_keys')
        .values({
          game_id: key.gameId,
          key_id: key.keyId,
          secret_enc: key.secretEnc,
          created_at: key.at,
        })
        .execute();
    },

    async revoke(keyId: string, at: Date): Promise<boolean> {
      const r = await db
        .updateTable('publisher_keys')
        .set({ revoked_at: at })
        .where('key_id', '=', keyId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
  };
}
