// Data access for games. Servers and roles live in each game and are read through its gateway.
// The character calls read the bound game accounts and the role of each one's newest order here.
import type { Kysely } from 'kysely';
import type { DB, Platform } from '../../db/schema';

export interface GameRow {
  id: number;
  name: string;
  icon: string;
  platforms: Platform[];
  sort: number;
}

export function createGamesRepository(db: Kysely<DB>) {
  return {
    /** Every game, in display order. */
    async list(): Promise<GameRow[]> {
      const rows = await db
        .selectFrom('games')
        .select(['id', 'name', 'icon', 'platforms', 'sort'])
        .orderBy('sort')
        .orderBy('id')
        .execute();
      return rows.map((r) => ({ ...r, platforms: [...r.platforms] }));
    },

    async count(): Promise<number> {
      const row = await db
        .selectFrom('games')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async exists(id: number): Promise<boolean> {
      return (
        (await db.selectFrom('games').select('id').where('id', '=', id).executeTakeFirst()) !==
        undefined
      );
    },

    async insert(game: GameRow): Promise<void> {
      await db
        .insertInto('games')
        .values({
          id: game.id,
          name: game.name,
          icon: game.icon,
          platforms: game.platforms,
          sort: game.sort,
        })
        .execute();
    },

    /** An account's bound game accounts with their game, in bind order. */
    boundGameAccounts(accountId: number) {
      return db
        .selectFrom('game_accounts')
        .innerJoin('games', 'games.id', 'game_accounts.game_id')
        .select([
          'game_accounts.id as gameAccountId',
          'game_accounts.uid',
          'game_accounts.display_name',
          'game_accounts.bound_at',
          'games.id as game_id',
          'games.name',
          'games.icon',
        ])
        .where('game_accounts.account_id', '=', accountId)
        .where('game_accounts.unbound_at', 'is', null)
        .orderBy('game_accounts.bound_at')
        .orderBy('game_accounts.id')
        .execute();
    },

    /** The server and role of a game account's newest order (undefined before any). */
    lastOrderedCharacter(gameAccountId: number) {
      return db
        .selectFrom('orders')
        .select(['server_id', 'server_name', 'role_id', 'role_name'])
        .where('game_account_id', '=', gameAccountId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },
  };
}

export type GamesRepository = ReturnType<typeof createGamesRepository>;
