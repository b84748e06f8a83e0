// The reading side of the portal (docs/product/content.md#home, docs/product/content.md#articles, docs/product/content.md#home-configuration, docs/product/api.md#content-calls): home
// configuration, Game Info / Game Features blocks, articles and footer pages in the request
// language with en-US fallback (docs/product/constants.md#stored-keys). Stored HTML is sanitised again before it is served.
import {
  ErrorCode,
  type Article,
  type ArticleSummary,
  type ArticleTypeValue,
  type GameContent,
  type HomeConf,
  type Language,
  type SitePage,
  type SitePageSlug,
  inLanguage,
  toUnixSeconds,
} from '@hc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { plainTextExcerpt, sanitizeHtml } from '../../lib/sanitize-html';
import type { LocalizedDoc } from '../../db/schema';
import { createGamesRepository, type GameRow } from '../games/games.repository';
import {
  createContentRepository,
  type ArticleOrder,
  type ArticleRow,
  type ContentBlockRow,
  type DocText,
  type HomeConfig,
} from './content.repository';

/** A served text: title plain, content sanitised once more. */
export function served(doc: DocText | undefined): {
  title: string;
  content: string;
  summary: string;
} {
  const content = sanitizeHtml(doc?.content ?? '');
  return {
    title: plainTextExcerpt(doc?.title ?? '', 200),
    content,
    summary: plainTextExcerpt(doc?.summary ?? content),
  };
}

/** The player's article detail of a row (any status: the console previews drafts with it). */
export function articleOf(
  row: Pick<ArticleRow, 'id' | 'type' | 'texts' | 'img' | 'publishedAt'>,
  language: Language,
): Article {
  const text = served(inLanguage(row.texts, language));
  return {
    id: row.id,
    title: text.title,
    content: text.content,
    img: row.img,
    type: row.type as ArticleTypeValue,
    create_ts: toUnixSeconds(row.publishedAt),
  };
}

/** The player's Game Info / Game Features block. */
export function blockOf(block: ContentBlockRow, language: Language): GameContent {
  const text = served(inLanguage(block.texts, language));
  return {
    id: block.id,
    game_id: block.gameId,
    kind: block.kind,
    title: text.title,
    content: text.content,
    img: block.img,
    update_ts: toUnixSeconds(block.updatedAt),
  };
}

/** The player's footer page; undefined when it has no text in any language. */
export function pageOf(
  slug: SitePageSlug,
  texts: LocalizedDoc,
  updatedAt: Date,
  language: Language,
): SitePage | undefined {
  const text = inLanguage(texts, language);
  if (text === undefined) return undefined;
  const out = served(text);
  return { slug, title: out.title, content: out.content, update_ts: toUnixSeconds(updatedAt) };
}

/** The player's home configuration of a game from its stored configuration and blocks. */
export function homeConfOf(
  game: GameRow,
  home: HomeConfig | undefined,
  blocks: readonly ContentBlockRow[],
  language: Language,
  publicBaseUrl: string,
): HomeConf {
  const summaries = blocks.map((b) => {
    const text = served(inLanguage(b.texts, language));
    return { kind: b.kind, id: b.id, title: text.title, img: b.img, summary: text.summary };
  });
  const pick = (kind: 'info' | 'feature') =>
    summaries.filter((s) => s.kind === kind).map(({ kind: _kind, ...rest }) => rest);
  // A link shows only for a platform the game is on (docs/product/top-up.md#order-statuses Game platforms).
  const offered = (platform: 'android' | 'pc' | 'ios') =>
    (game.platforms as readonly string[]).includes(platform)
      ? (home?.downloads?.[platform] ?? null)
      : null;
  return {
    gameInfo: {
      game_id: game.id,
      name: game.name,
      icon: game.icon,
      cgi: home?.cgi ?? '',
      downloads: { android: offered('android'), pc: offered('pc'), ios: offered('ios') },
      customConfig: {
        loggerUrl: home?.loggerUrl ?? `${publicBaseUrl}/api/analytics/collect`,
      },
    },
    gameContent: { info: pick('info'), features: pick('feature') },
    footer: {
      about: home?.footer?.about ?? null,
      contact: home?.footer?.contact ?? null,
      privacy: home?.footer?.privacy ?? null,
      agreement: home?.footer?.agreement ?? null,
    },
  };
}

export function createContentService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  /** config.publicBaseUrl: the default analytics collector lives under it. */
  publicBaseUrl: string;
}) {
  const repo = createContentRepository(deps.db);
  const games = createGamesRepository(deps.db);

  return {
    repo,

    /** The request's game: the gameid header when it names a game, else the first game. */
    async gameOf(requested: number | undefined): Promise<number | undefined> {
      if (requested !== undefined && (await games.exists(requested))) return requested;
      return (await games.list())[0]?.id;
    },

    async homeConf(gameId: number | undefined, language: Language): Promise<HomeConf> {
      const game =
        gameId === undefined ? undefined : (await games.list()).find((g) => g.id === gameId);
      if (game === undefined) throw new AppError(ErrorCode.NotFound);
      const [home, blocks] = await Promise.all([repo.findHome(game.id), repo.listBlocks(game.id)]);
      return homeConfOf(game, home, blocks, language, deps.publicBaseUrl);
    },

    async block(id: number, language: Language): Promise<GameContent> {
      const block = await repo.findBlock(id);
      if (block === undefined) throw new AppError(ErrorCode.NotFound);
      return blockOf(block, language);
    },

    /**
     * docs/product/content.md#articles list: pinned first (or by date only with order 'newest'),
     * newest first; `withinDays` keeps the last N days (the Latest tab); a page past the end is empty.
     */
    async articles(
      query: {
        page: number;
        size: number;
        type?: ArticleTypeValue;
        gameId?: number;
        order?: ArticleOrder;
        withinDays?: number;
      },
      language: Language,
    ): Promise<{ list: ArticleSummary[]; total: number; page: number; size: number }> {
      const now = deps.clock.now();
      const filter = {
        now,
        ...(query.type === undefined ? {} : { type: query.type }),
        ...(query.gameId === undefined ? {} : { gameId: query.gameId }),
        ...(query.withinDays === undefined
          ? {}
          : { since: new Date(now.getTime() - query.withinDays * 86_400_000) }),
      };
      const [total, rows] = await Promise.all([
        repo.countArticles(filter),
        repo.listArticles(
          filter,
          { offset: (query.page - 1) * query.size, limit: query.size },
          query.order ?? 'pinned',
        ),
      ]);
      return {
        list: rows.map((row) => {
          const text = served(inLanguage(row.texts, language));
          return {
            id: row.id,
            title: text.title,
            summary: text.summary,
            img: row.img,
            type: row.type as ArticleTypeValue,
            create_ts: toUnixSeconds(row.publishedAt),
          };
        }),
        total,
        page: query.page,
        size: query.size,
      };
    },

    async article(id: number, language: Language): Promise<Article> {
      const row = await repo.findArticle(id, deps.clock.now());
      if (row === undefined) throw new AppError(ErrorCode.ArticleNotFound);
      return articleOf(row, language);
    },

    async page(slug: SitePageSlug, language: Language): Promise<SitePage> {
      const page = await repo.findPage(slug);
      const out = page && pageOf(slug, page.texts, page.updatedAt, language);
      if (out === undefined) throw new AppError(ErrorCode.NotFound);
      return out;
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
