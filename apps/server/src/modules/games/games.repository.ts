// Data access for games. Servers and roles live in each game and are read through its gateway.
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
  };
}

export type GamesRepository = ReturnType<typeof createGamesRepository>;
