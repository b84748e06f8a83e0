// Catalog calls (docs/product/api.md#top-up-calls): /api/order/webProduct, /api/order/webCoinProduct,
// /api/order/webPayChannel, /api/recharge/v2/items and /api/recharge/rebate/info.
// None of them calls the game gateway: webCreate validates server and role before any payment.
import { api, ErrorCode, type RequestHeaders } from '@hc/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { pickLanguage } from '../../lib/language';
import { registerCall } from '../../plugins/register-call';
import { createAccountsRepository } from '../auth/accounts.repository';
import { createGamesRepository } from '../games/games.repository';
import type { Session } from '../auth/sessions.service';
import { gameIdOf } from '../auth/player.routes';
import {
  createCatalogService,
  isSoldOn,
  payChannelsFor,
  type CatalogService,
} from './catalog.service';

export function registerCatalogRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<DB>; config: Pick<Config, 'payments'>; clock: Clock },
): CatalogService {
  const catalog = createCatalogService({ db: deps.db, clock: deps.clock });
  const accounts = createAccountsRepository(deps.db);
  const games = createGamesRepository(deps.db);

  /** The request's game: the gameid header (docs/product/api.md#request-headers), else the first bound game, else the first game. */
  async function gameOf(
    session: Session | null,
    headers: RequestHeaders,
  ): Promise<number | undefined> {
    const fromHeader = gameIdOf(headers.gameid);
    if (fromHeader !== undefined) return fromHeader;
    if (session !== null) {
      const [first] = await accounts.listGameAccounts(session.accountId);
      if (first !== undefined) return first.gameId;
    }
    return (await games.list())[0]?.id;
  }

  registerCall(app, api.orderWebProduct, async ({ session, headers, body, req }) => {
    const gameId = await gameOf(session, headers);
    if (gameId === undefined) return { list: [] };
    return { list: await catalog.gamePacks(gameId, body.server_id, pickLanguage(req.headers)) };
  });

  registerCall(app, api.orderWebCoinProduct, async ({ session, headers, req }) => {
    const gameId = await gameOf(session, headers);
    if (gameId === undefined) return { list: [] };
    return { list: await catalog.coinPacks(gameId, pickLanguage(req.headers)) };
  });

  registerCall(app, api.orderWebPayChannel, async ({ session, headers, body, req }) => {
    const gameId = await gameOf(session, headers);
    const product =
      gameId === undefined ? undefined : await catalog.findProduct(gameId, body.cp_goods_id);
    // An item of another game, retired, or not sold on this server is unknown here.
    if (product === undefined || !isSoldOn(product, body.server_id))
      throw new AppError(ErrorCode.ProductNotFound);
    return { list: payChannelsFor(deps.config, product, pickLanguage(req.headers)) };
  });

  registerCall(app, api.rechargeV2Items, async ({ session, headers, body, req }) => {
    const gameId = await gameOf(session, headers);
    if (gameId === undefined) return { game_packs: [], coin_packs: [] };
    const language = pickLanguage(req.headers);
    const [gamePacks, coinPacks] = await Promise.all([
      body.role_id !== undefined && body.server_id !== undefined
        ? catalog.gamePacks(gameId, body.server_id, language)
        : [],
      catalog.coinPacks(gameId, language),
    ]);
    return { game_packs: gamePacks, coin_packs: coinPacks };
  });

  registerCall(app, api.rechargeRebateInfo, async ({ session, headers, req }) =>
    catalog.rebateInfo(await gameOf(session, headers), pickLanguage(req.headers)),
  );

  return catalog;
}
