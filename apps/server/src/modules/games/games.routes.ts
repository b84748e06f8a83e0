// /api/user/webRole (docs/product/top-up.md#servers-and-roles, docs/product/api.md#top-up-calls):
// the servers of the request's game with the roles of the player's game account there, read
// through the game gateway (docs/game-gateway.md); and the character calls
// /api/character/info/select and /api/character/game/info.
import { api, ErrorCode } from '@hc/contract';
import type { FastifyInstance } from 'fastify';
import type { Container } from '../../container';
import { AppError } from '../../lib/app-error';
import { registerCall } from '../../plugins/register-call';

export function register(app: FastifyInstance, c: Container): void {
  const { games, characters } = c;

  // The game account is picked exactly as uinfo picks it (gameid header, else the first bound);
  // its id is the uid the game knows.
  registerCall(app, api.userWebRole, async ({ player, req, language }) => {
    const me = await player();
    if (me.gameAccountId === null || me.gameId === null) {
      throw new AppError(ErrorCode.GameAccountNotFound);
    }
    return { list: await games.serverRoles(me.gameId, me.gameAccountId, req.log, language) };
  });

  registerCall(app, api.characterInfoSelect, async ({ session, gameId, body, req, language }) =>
    characters.select(session, gameId, body, req.log, language),
  );

  registerCall(app, api.characterGameInfo, async ({ session }) => ({
    list: await characters.boundGames(session.accountId),
  }));

  // A link code the game showed binds its player to the signed-in account (ADR 0042).
  registerCall(app, api.userGameAccountBind, async ({ session, body, req }) => {
    const { gameId } = await c.arrival.bindByLinkCode(session.accountId, body.code, req.ip);
    const bound = (await characters.boundGames(session.accountId)).find(
      (g) => g.game_id === gameId,
    );
    if (bound === undefined) throw new AppError(ErrorCode.GameAccountNotFound);
    return bound;
  });
}
