// Catalog calls (docs/product/api.md#top-up-calls): /api/order/webProduct,
// /api/order/webCoinProduct, /api/order/webPayChannel, /api/recharge/v2/items and
// /api/recharge/rebate/info. None of them calls the game gateway: webCreate validates server
// and role before any payment.
import { api, ErrorCode } from '@hc/contract';
import type { FastifyInstance } from 'fastify';
import type { Container } from '../../container';
import { AppError } from '../../lib/app-error';
import { registerCall } from '../../plugins/register-call';
import { createAccountsRepository } from '../auth/accounts.repository';
import type { Session } from '../auth/sessions.service';
import { createGamesRepository } from '../games/games.repository';
import { isSoldOn, payChannelsFor } from './catalog.service';

export function register(app: FastifyInstance, c: Container): void {
  const { catalog, config } = c;
  const accounts = createAccountsRepository(c.db);
  const games = createGamesRepository(c.db);

  /** Game ids seen to exist; a game is never deleted while the portal runs. */
  const knownGames = new Set<number>();

  /**
   * The request's game: the gameid header (docs/product/api.md#request-headers), else the
   * first bound game, else the first game. A gameid naming no game is ContextReset
   * (docs/product/session.md#code-20002), never a silent fallback.
   */
  async function gameOf(
    session: Session | null,
    requested: number | undefined,
  ): Promise<number | undefined> {
    if (requested !== undefined) {
      if (!knownGames.has(requested)) {
        if (!(await games.exists(requested))) throw new AppError(ErrorCode.ContextReset);
        knownGames.add(requested);
      }
      return requested;
    }
    if (session !== null) {
      const [first] = await accounts.listGameAccounts(session.accountId);
      if (first !== undefined) return first.gameId;
    }
    return (await games.list())[0]?.id;
  }

  registerCall(app, api.orderWebProduct, async ({ session, gameId, body, language }) => {
    const game = await gameOf(session, gameId);
    if (game === undefined) return { list: [] };
    return { list: await catalog.gamePacks(game, body.server_id, language) };
  });

  registerCall(app, api.orderWebCoinProduct, async ({ session, gameId, language }) => {
    const game = await gameOf(session, gameId);
    if (game === undefined) return { list: [] };
    return { list: await catalog.coinPacks(game, language) };
  });

  registerCall(app, api.orderWebPayChannel, async ({ session, gameId, body, language }) => {
    const game = await gameOf(session, gameId);
    const product =
      game === undefined ? undefined : await catalog.findProduct(game, body.cp_goods_id);
    // An item of another game, retired, or not sold on this server is unknown here.
    if (product === undefined || !isSoldOn(product, body.server_id))
      throw new AppError(ErrorCode.ProductNotFound);
    return { list: payChannelsFor(config, product, language) };
  });

  registerCall(app, api.rechargeV2Items, async ({ session, gameId, body, language }) => {
    const game = await gameOf(session, gameId);
    if (game === undefined) return { game_packs: [], coin_packs: [] };
    // docs/product/top-up.md#items: without a server, the packs sold on some server (the page
    // shows them before a server and role are chosen); with one, those sold on it. The role is
    // not checked here.
    const [gamePacks, coinPacks] = await Promise.all([
      catalog.gamePacks(game, body.server_id, language),
      catalog.coinPacks(game, language),
    ]);
    return { game_packs: gamePacks, coin_packs: coinPacks };
  });

  registerCall(app, api.rechargeRebateInfo, async ({ session, gameId, language }) =>
    catalog.rebateInfo(await gameOf(session, gameId), language),
  );
}
