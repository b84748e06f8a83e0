// /api/character/info/select and /api/character/game/info (docs/product/account.md#account-screen, docs/product/api.md#account-calls): the role
// a player picks, checked with the game through its gateway (docs/game-gateway.md), and the games bound to
// the account with the role of the newest order of each game account.
import { ErrorCode, toUnixSeconds, type Language, type SelectedCharacter } from '@hc/contract';
import type { Kysely } from 'kysely';
import type { GameGateway } from '../../adapters/game-gateway/types';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { createGamesRepository } from './games.repository';
import { findServerAndRole, type GameLog } from './games.service';
import type { Session } from '../auth/sessions.service';
import type { PlayerService } from '../auth/player.service';

export interface BoundGame {
  game_id: number;
  game_name: string;
  icon: string;
  gameAccountId: number;
  uid: string;
  display_name: string | null;
  bind_ts: number;
  last_character: SelectedCharacter | null;
}

export function createCharacterService(deps: {
  db: Kysely<DB>;
  gateway: GameGateway;
  users: PlayerService;
}) {
  const games = createGamesRepository(deps.db);
  return {
    /**
     * The role as the game reports it: unknown -> RoleNotFound, maintenance ->
     * serverMaintenance, game unreachable -> SystemBusy (docs/product/errors.md#error-catalogue). Nothing is stored.
     */
    async select(
      session: Session,
      requestedGameId: number | undefined,
      choice: { server_id: number; role_id: string },
      log?: GameLog,
      language?: Language,
    ): Promise<SelectedCharacter> {
      // The game account is picked exactly as uinfo and webRole pick it.
      const me = await deps.users.current(session, requestedGameId);
      if (me.gameAccountId === null || me.gameId === null)
        throw new AppError(ErrorCode.GameAccountNotFound);
      const { server, role } = await findServerAndRole(
        deps.gateway,
        me.gameId,
        me.gameAccountId,
        choice.server_id,
        choice.role_id,
        log,
        language,
      );
      return {
        server_id: server.server_id,
        server_name: server.server_name,
        role_id: role.role_id,
        role_name: role.role_name,
        ...(role.level === undefined ? {} : { level: role.level }),
      };
    },

    /** Bound games in bind order, each with the role of its newest order (null before any). */
    async boundGames(accountId: number): Promise<BoundGame[]> {
      const bound = await games.boundGameAccounts(accountId);
      return Promise.all(
        bound.map(async (g) => {
          const last = await games.lastOrderedCharacter(g.gameAccountId);
          return {
            game_id: g.game_id,
            game_name: g.name,
            icon: g.icon,
            gameAccountId: g.gameAccountId,
            uid: g.uid,
            display_name: g.display_name,
            bind_ts: toUnixSeconds(new Date(g.bound_at)),
            last_character: last ?? null,
          };
        }),
      );
    },
  };
}
