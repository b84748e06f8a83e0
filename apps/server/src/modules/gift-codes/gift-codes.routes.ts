// The gift-code call: POST /api/redeem/code/use for the signed-in player's
// role in the request's game (gameid header).
import { api, ErrorCode } from '@hc/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { GameGateway } from '../../adapters/game-gateway/types';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { registerCall } from '../../plugins/register-call';
import { gameIdOf } from '../auth/player.routes';
import type { PlayerService } from '../auth/player.service';
import { createRedeemService } from './gift-codes.service';

export function registerRedeemRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<DB>; clock: Clock; gateway: GameGateway; users: PlayerService },
): void {
  const redeem = createRedeemService(deps);
  registerCall(app, api.redeemCode, async ({ session, headers, body, req }) => {
    const requested = gameIdOf(headers.gameid);
    const me = await deps.users.currentUser(session, requested);
    // The request's game only: no fallback to another game the player has an account in.
    if (me.gameId === null || me.gameAccountId === null || (requested ?? me.gameId) !== me.gameId)
      throw new AppError(ErrorCode.GameAccountNotFound);
    return redeem.redeem({
      accountId: session.accountId,
      gameId: me.gameId,
      gameAccountId: me.gameAccountId,
      ip: req.ip,
      code: body.code,
      serverId: body.server_id,
      roleId: body.role_id,
      log: req.log,
    });
  });
}
