// Routes of the reading side (docs/product/api.md#content-calls): /api/setting/webHomeConfJodo, /api/game/info/content/:id,
// /api/setting/webArticle, /api/setting/webArticleDetail, /api/setting/page (footer pages), and
// the character calls /api/character/info/select and /api/character/game/info.
import { api } from '@hc/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { GameGateway } from '../../adapters/game-gateway/types';
import type { Config } from '../../config';
import type { DB } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { pickLanguage } from '../../lib/language';
import { registerCall } from '../../plugins/register-call';
import { gameIdOf } from '../auth/player.routes';
import type { PlayerService } from '../auth/player.service';
import { createCharacterService } from '../games/character.service';
import { createContentService, type ContentService } from './content.service';

export function registerContentRoutes(
  app: FastifyInstance,
  deps: {
    db: Kysely<DB>;
    config: Pick<Config, 'publicBaseUrl'>;
    clock: Clock;
    gateway: GameGateway;
    users: PlayerService;
  },
): ContentService {
  const content = createContentService({
    db: deps.db,
    clock: deps.clock,
    publicBaseUrl: deps.config.publicBaseUrl,
  });
  const characters = createCharacterService(deps);

  registerCall(app, api.settingWebHomeConfJodo, async ({ headers, req }) =>
    content.homeConf(await content.gameOf(gameIdOf(headers.gameid)), pickLanguage(req.headers)),
  );

  registerCall(app, api.gameInfoContent, async ({ params, req }) =>
    content.block(params.id, pickLanguage(req.headers)),
  );

  // Without a gameid header every game's articles are listed; with one, that game's and the
  // site-wide ones.
  registerCall(app, api.settingWebArticle, async ({ body, headers, req }) => {
    const gameId = gameIdOf(headers.gameid);
    return content.articles(
      {
        page: body.page,
        size: body.size,
        ...(body.type === undefined ? {} : { type: body.type }),
        ...(gameId === undefined ? {} : { gameId }),
      },
      pickLanguage(req.headers),
    );
  });

  registerCall(app, api.settingWebArticleDetail, async ({ body, req }) =>
    content.article(body.id, pickLanguage(req.headers)),
  );

  registerCall(app, api.settingPage, async ({ body, req }) =>
    content.page(body.slug, pickLanguage(req.headers)),
  );

  registerCall(app, api.characterInfoSelect, async ({ session, headers, body, req }) =>
    characters.select(session, gameIdOf(headers.gameid), body, req.log),
  );

  registerCall(app, api.characterGameInfo, async ({ session }) => ({
    list: await characters.boundGames(session.accountId),
  }));

  return content;
}
