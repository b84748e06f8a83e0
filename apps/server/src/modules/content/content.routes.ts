// The reading side (docs/product/api.md#content-calls): /api/setting/webHomeConfJodo,
// /api/game/info/content/:id, /api/setting/webArticle, /api/setting/webArticleDetail and
// /api/setting/page (footer pages).
import { api } from '@hc/contract';
import type { FastifyInstance } from 'fastify';
import type { Container } from '../../container';
import { registerCall } from '../../plugins/register-call';

export function register(app: FastifyInstance, c: Container): void {
  const { content } = c;

  registerCall(app, api.settingWebHomeConfJodo, async ({ gameId, language }) =>
    content.homeConf(await content.gameOf(gameId), language),
  );

  registerCall(app, api.gameInfoContent, async ({ params, language }) =>
    content.block(params.id, language),
  );

  // Without a gameid header every game's articles are listed; with one, that game's and the
  // site-wide ones.
  registerCall(app, api.settingWebArticle, async ({ body, gameId, language }) =>
    content.articles(
      {
        page: body.page,
        size: body.size,
        ...(body.type === undefined ? {} : { type: body.type }),
        ...(gameId === undefined ? {} : { gameId }),
        order: body.order,
        ...(body.within_days === undefined ? {} : { withinDays: body.within_days }),
      },
      language,
    ),
  );

  registerCall(app, api.settingWebArticleDetail, async ({ body, language }) =>
    content.article(body.id, language),
  );

  registerCall(app, api.settingPage, async ({ body, language }) =>
    content.page(body.slug, language),
  );
}
