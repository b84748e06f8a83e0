// The console's Content calls (docs/console.md#content): articles, bulletins, home configuration
// and blocks, footer pages, and their previews. registerCall has checked the session cookie, the
// CSRF token and the `content` role (owner always) before a handler runs.
import { consoleApi } from '@hc/contract';
import type { FastifyInstance } from 'fastify';
import type { Container } from '../../container';
import { registerCall } from '../../plugins/register-call';

export function register(app: FastifyInstance, c: Container): void {
  const s = () => c.contentConsole;
  const actor = (o: { name: string; ip: string }) => ({ name: o.name, ip: o.ip });

  registerCall(app, consoleApi.consoleContentArticlesList, ({ body }) => s().articles(body));
  registerCall(app, consoleApi.consoleContentArticlesGet, ({ body }) => s().article(body.id));
  registerCall(app, consoleApi.consoleContentArticlesCreate, ({ body, operator }) =>
    s().createArticle(body, actor(operator)),
  );
  registerCall(
    app,
    consoleApi.consoleContentArticlesUpdate,
    ({ body: { id, ...input }, operator }) => s().updateArticle(id, input, actor(operator)),
  );
  registerCall(app, consoleApi.consoleContentArticlesDelete, ({ body, operator }) =>
    s().deleteArticle(body.id, actor(operator)),
  );
  registerCall(app, consoleApi.consoleContentArticlesPreview, ({ body }) =>
    s().previewArticle(body),
  );

  registerCall(app, consoleApi.consoleContentBulletinsList, ({ body }) => s().bulletins(body));
  registerCall(app, consoleApi.consoleContentBulletinsGet, ({ body }) => s().bulletin(body.id));
  registerCall(app, consoleApi.consoleContentBulletinsCreate, ({ body, operator }) =>
    s().createBulletin(body, actor(operator)),
  );
  registerCall(
    app,
    consoleApi.consoleContentBulletinsUpdate,
    ({ body: { id, ...input }, operator }) => s().updateBulletin(id, input, actor(operator)),
  );
  registerCall(app, consoleApi.consoleContentBulletinsDelete, ({ body, operator }) =>
    s().deleteBulletin(body.id, actor(operator)),
  );

  registerCall(app, consoleApi.consoleContentHomeGet, ({ body }) => s().home(body.gameId));
  registerCall(
    app,
    consoleApi.consoleContentHomeUpdate,
    ({ body: { gameId, ...settings }, operator }) =>
      s().updateHome(gameId, settings, actor(operator)),
  );
  registerCall(app, consoleApi.consoleContentHomePreview, ({ body }) => s().previewHome(body));
  registerCall(app, consoleApi.consoleContentBlocksCreate, ({ body, operator }) =>
    s().createBlock(body, actor(operator)),
  );
  registerCall(app, consoleApi.consoleContentBlocksUpdate, ({ body: { id, ...input }, operator }) =>
    s().updateBlock(id, input, actor(operator)),
  );
  registerCall(app, consoleApi.consoleContentBlocksDelete, ({ body, operator }) =>
    s().deleteBlock(body.id, actor(operator)),
  );
  registerCall(app, consoleApi.consoleContentBlocksPreview, ({ body }) => s().previewBlock(body));

  registerCall(app, consoleApi.consoleContentPagesList, () => s().pages());
  registerCall(app, consoleApi.consoleContentPagesGet, ({ body }) => s().page(body.slug));
  registerCall(app, consoleApi.consoleContentPagesUpdate, ({ body, operator }) =>
    s().updatePage(body.slug, body.texts, actor(operator)),
  );
  registerCall(app, consoleApi.consoleContentPagesPreview, ({ body }) => s().previewPage(body));
}
