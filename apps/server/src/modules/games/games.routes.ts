// /api/user/webRole (docs/product/top-up.md#servers-and-roles, docs/product/api.md#top-up-calls): the servers of the request's game with the
// roles of the player's game account there, read through the game gateway (docs/game-gateway.md).
import { api, ErrorCode } from '@hc/contract';
import type { FastifyInstance } from 'fastify';
import type { GameGateway } from '../../adapters/game-gateway/types';
import { AppError } from '../../lib/app-error';
import { registerCall } from '../../plugins/register-call';
import { gameIdOf } from '../auth/player.routes';
import type { PlayerService } from '../auth/player.service';
import { createGameService } from './games.service';

export function registerGameRoutes(
  app: FastifyInstance,
  deps: { gateway: GameGateway; users: PlayerService },
): void {
  const games = createGameService({ gateway: deps.gateway });

  // The game account is picked exactly as uinfo picks it (gameid header, else the first bound);
  // its id is the uid the game knows.
  registerCall(app, api.userWebRole, async ({ session, headers, req }) => {
    const me = await deps.users.currentUser(session, gameIdOf(headers.gameid));
    if (me.gameAccountId === null || me.gameId === null) {
      throw new AppError(ErrorCode.GameAccountNotFound);
    }
    return { list: await games.serverRoles(me.gameId, me.gameAccountId, req.log) };
  });
}
