// Articles, home configuration and game content: the public reading side of the portal (docs/product/content.md#home, docs/product/content.md#articles, docs/product/api.md#content-calls).
import { z } from 'zod';
import { defineCall, emptyBodySchema, pageOf } from './call';
import { numericId, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, unixSeconds } from './common';
import { ArticleType } from './constants';
import { builtOnFirstUse } from './lazy';

/** Highest page number accepted by the article list (beyond it: InvalidParams). */
export const ARTICLE_PAGE_MAX = 1000;
/** Longest `within_days` window of the article list (docs/product/content.md#announcement-tabs). */
export const ARTICLE_WITHIN_DAYS_MAX = 366;

export const articleTypeSchema = builtOnFirstUse(() =>
  z
    .literal([ArticleType.news, ArticleType.event, ArticleType.update, ArticleType.strategy])
    .describe('1 news, 2 event, 3 update, 4 strategy (contract extension)'),
);

export const articleSchema = builtOnFirstUse(() =>
  z.object({
    id: numericId,
    title: z.string(),
    content: z.string().describe('Sanitised HTML'),
    img: z.string().nullable().describe('Cover image URL'),
    type: articleTypeSchema,
    create_ts: unixSeconds,
  }),
);
export type Article = z.infer<typeof articleSchema>;
export const articleSummarySchema = builtOnFirstUse(() =>
  articleSchema.omit({ content: true }).extend({
    summary: z.string().describe('Plain-text excerpt'),
  }),
);
export type ArticleSummary = z.infer<typeof articleSummarySchema>;

export const settingWebArticle = defineCall({
  path: '/api/setting/webArticle',
  method: 'POST',
  auth: 'none',
  body: () =>
    z.object({
      page: z.number().int().positive().max(ARTICLE_PAGE_MAX).default(1),
      size: z.number().int().positive().max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
      type: articleTypeSchema.optional().describe('Omitted: all types'),
      order: z
        .enum(['pinned', 'newest'])
        .default('pinned')
        .describe('pinned: pinned articles first, then newest first; newest: by publish date only'),
      within_days: z
        .number()
        .int()
        .positive()
        .max(ARTICLE_WITHIN_DAYS_MAX)
        .optional()
        .describe('Only articles published in the last N days; omitted: any date'),
    }),
  result: () => pageOf(articleSummarySchema),
  summary: 'Announcement list, pinned first then newest first, in the request language',
  spec: 'docs/product/content.md#announcement-tabs, docs/product/content.md#articles, docs/product/api.md#content-calls',
  tag: 'content',
  chosen:
    'Rows are articles without content plus a plain-text summary (max 160 characters, no markup); ' +
    'pinned first, then newest first, unless order is "newest" (publish date only, pinned ignored); ' +
    'within_days keeps the articles published in the last N days (1..366). Type 4 (strategy) ' +
    'extends docs/product/content.md#articles (ADR 0020). Tabs: All = no type, order newest; ' +
    'Latest = no type, order newest, within_days 30; Announcements = 1, Activity = 2, Update = 3, ' +
    "Strategy = 4 (pinned first); Hot News = All's first page. A page past the end is an empty " +
    'list; page > 1000, size > 100, within_days > 366 or an unknown type is InvalidParams.',
});

export const settingWebArticleDetail = defineCall({
  path: '/api/setting/webArticleDetail',
  method: 'POST',
  auth: 'none',
  body: () => z.object({ id: numericId }),
  result: () => articleSchema,
  summary: 'One announcement (ArticleNotFound when missing)',
  spec: 'docs/product/content.md#articles, docs/product/api.md#content-calls',
  tag: 'content',
  chosen:
    'Result is the article of docs/product/content.md#articles in the request language (en-US fallback); ArticleNotFound ' +
    'when the id is unknown or the article is inactive.',
});

export const contentBlockSummarySchema = builtOnFirstUse(() =>
  z.object({
    id: numericId.describe('Use with gameInfoContent'),
    title: z.string(),
    img: z.string().nullable(),
    summary: z.string(),
  }),
);
export const homeConfResultSchema = builtOnFirstUse(() =>
  z.object({
    gameInfo: z.object({
      game_id: numericId,
      name: z.string(),
      icon: z.string(),
      cgi: z.string().describe('Key art / CGI video URL shown at the top of Home'),
      downloads: z.object({
        android: z.string().nullable(),
        pc: z.string().nullable(),
        ios: z.string().nullable(),
      }),
      customConfig: z.object({
        loggerUrl: z
          .string()
          .describe('Analytics collector URL (docs/product/analytics.md#sending)'),
      }),
    }),
    gameContent: z.object({
      info: z.array(contentBlockSummarySchema).describe('Game Info blocks'),
      features: z.array(contentBlockSummarySchema).describe('Game Features blocks'),
    }),
    footer: z
      .object({
        about: z.string().nullable(),
        contact: z.string().nullable(),
        privacy: z.string().nullable(),
        agreement: z.string().nullable(),
      })
      .describe('Web paths (or external URLs) of the footer pages; null hides the link'),
  }),
);
export type HomeConf = z.infer<typeof homeConfResultSchema>;
export const settingWebHomeConfJodo = defineCall({
  path: '/api/setting/webHomeConfJodo',
  method: 'POST',
  auth: 'none',
  body: () => emptyBodySchema,
  result: () => homeConfResultSchema,
  summary: 'Home page configuration for the current game (gameid header)',
  spec: 'docs/product/content.md#home, docs/product/content.md#home-configuration, docs/product/api.md#content-calls',
  tag: 'content',
  chosen:
    'The game is the gameid header, else the first game (NotFound when there is none). gameInfo ' +
    'adds game_id, name, icon, downloads (null: platform not offered); cgi is the banner/key-art ' +
    'URL; gameContent lists info/feature blocks (request language, en-US fallback) sorted for ' +
    'display; footer holds the paths of the four footer pages of docs/product/content.md#footer-pages.',
});

export const gameContentSchema = builtOnFirstUse(() =>
  z.object({
    id: numericId,
    game_id: numericId,
    kind: z.enum(['info', 'feature']),
    title: z.string(),
    content: z.string().describe('Sanitised HTML'),
    img: z.string().nullable(),
    update_ts: unixSeconds,
  }),
);
export type GameContent = z.infer<typeof gameContentSchema>;
export const gameInfoContent = defineCall({
  path: '/api/game/info/content/:id',
  method: 'POST',
  auth: 'none',
  body: () => emptyBodySchema,
  params: () => z.object({ id: z.coerce.number().int().positive() }),
  result: () => gameContentSchema,
  summary: 'One Game Info or Game Features block',
  spec: 'docs/product/content.md#home, docs/product/api.md#content-calls',
  tag: 'content',
  chosen: 'id is a path parameter; body empty; NotFound when missing.',
});

export const SITE_PAGE_SLUGS = ['about', 'contact', 'privacy', 'agreement'] as const;
export const sitePageSlugSchema = builtOnFirstUse(() => z.enum(SITE_PAGE_SLUGS));
export type SitePageSlug = z.infer<typeof sitePageSlugSchema>;
export const sitePageSchema = builtOnFirstUse(() =>
  z.object({
    slug: sitePageSlugSchema,
    title: z.string(),
    content: z.string().describe('Sanitised HTML'),
    update_ts: unixSeconds,
  }),
);
export type SitePage = z.infer<typeof sitePageSchema>;
export const settingPage = defineCall({
  path: '/api/setting/page',
  method: 'POST',
  auth: 'none',
  body: () => z.object({ slug: sitePageSlugSchema }),
  result: () => sitePageSchema,
  summary: 'A footer page: About Us, Contact us, Privacy Policy or User Agreement',
  spec: 'docs/product/content.md#footer-pages',
  tag: 'content',
  chosen:
    'Extension: body { slug }; result { slug, title, content (sanitised HTML), ' +
    'update_ts } in the request language (en-US fallback); NotFound when the page is not written.',
});

// The pinned bulletin (docs/product/content.md#bulletin).
export const bulletinSchema = builtOnFirstUse(() =>
  z.object({
    id: numericId,
    title: z.string(),
    content: z.string().describe('Plain text'),
    link: z.string().nullable(),
    create_ts: unixSeconds,
  }),
);
export type Bulletin = z.infer<typeof bulletinSchema>;
export const bulletinTop = defineCall({
  path: '/api/bulletin/top',
  method: 'GET',
  auth: 'none',
  body: () => emptyBodySchema,
  result: () => z.object({ bulletin: bulletinSchema.nullable() }),
  summary:
    'The pinned bulletin, in the request language (lang or Accept-Language header, else en-US)',
  spec: 'docs/product/api.md#system-calls',
  tag: 'content',
  chosen: 'Result { bulletin: null | { id, title, content (plain text), link, create_ts } }.',
});
