// Data access for games and their servers (SPEC §3: server state 0 open, 1 maintenance).
import type { Kysely } from 'kysely';
import type { DB, Platform } from '../../db/schema';

export interface GameRow {
  id: number;
  name: string;
  icon: string;
  platforms: Platform[];
  sort: number;
}

export interface GameServerRow {
  gameId: number;
  serverId: number;
  name: string;
  state: 0 | 1;
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

    async insertServers(servers: GameServerRow[]): Promise<void> {
      if (servers.length === 0) return;
      await db
        .insertInto('game_servers')
        .values(
          servers.map((s) => ({
            game_id: s.gameId,
            server_id: s.serverId,
            name: s.name,
            state: s.state,
            sort: s.sort,
          })),
        )
        .execute();
    },

    async listServers(gameId: number): Promise<GameServerRow[]> {
      const rows = await db
        .selectFrom('game_servers')
        .select(['game_id', 'server_id', 'name', 'state', 'sort'])
        .where('game_id', '=', gameId)
        .orderBy('sort')
        .orderBy('server_id')
        .execute();
      return rows.map((r) => ({
        gameId: r.game_id,
        serverId: r.server_id,
        name: r.name,
        state: r.state === 1 ? 1 : 0,
        sort: r.sort,
      }));
    },
  };
}

export type GamesRepository = ReturnType<typeof createGamesRepository>;
