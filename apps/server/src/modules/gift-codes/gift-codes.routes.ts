// The gift-code call: POST /api/redeem/code/use for the signed-in player's role in the request's
// game (gameid header).
import { api, ErrorCode } from '@hc/contract';
import type { FastifyInstance } from 'fastify';
import type { Container } from '../../container';
import { AppError } from '../../lib/app-error';
import { registerCall } from '../../plugins/register-call';

export function register(app: FastifyInstance, c: Container): void {
  const { giftCodes } = c;
  registerCall(app, api.redeemCode, async ({ session, gameId, player, body, req, language }) => {
    const me = await player();
    // The request's game only: no fallback to another game the player has an account in.
    if (me.gameId === null || me.gameAccountId === null || (gameId ?? me.gameId) !== me.gameId)
      throw new AppError(ErrorCode.GameAccountNotFound);
    return giftCodes.redeem({
      accountId: session.accountId,
      gameId: me.gameId,
      gameAccountId: me.gameAccountId,
      ip: req.ip,
      code: body.code,
      serverId: body.server_id,
      roleId: body.role_id,
      log: req.log,
      language,
    });
  });
}
