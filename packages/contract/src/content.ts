// Articles, home configuration and game content: the public reading side of the portal (SPEC §2 Home, §3 Article, §7).
import { z } from 'zod';
import { defineCall, emptyBodySchema, pageOf } from './call';
import { numericId, pageQuery, unixSeconds } from './common';
import { ArticleType } from './constants';

export const articleTypeSchema = z
  .literal([ArticleType.news, ArticleType.event, ArticleType.update, ArticleType.strategy])
  .describe('1 news, 2 event, 3 update, 4 strategy (contract extension)');

export const articleSchema = z.object({
  id: numericId,
  title: z.string(),
  content: z.string().describe('Sanitised HTML'),
  img: z.string().nullable().describe('Cover image URL'),
  type: articleTypeSchema,
  create_ts: unixSeconds,
});
export type Article = z.infer<typeof articleSchema>;
export const articleSummarySchema = articleSchema.omit({ content: true }).extend({
  summary: z.string().describe('Plain-text excerpt'),
});
export type ArticleSummary = z.infer<typeof articleSummarySchema>;

export const settingWebArticle = defineCall({
  path: '/api/setting/webArticle',
  method: 'POST',
  auth: 'none',
  body: z.object({
    ...pageQuery,
    type: articleTypeSchema.optional().describe('Omitted: all types'),
  }),
  result: pageOf(articleSummarySchema),
  summary: 'Announcement list, newest first, in the request language',
  spec: 'SPEC §3 Article, §7',
  tag: 'content',
  chosen:
    'Rows are articles without content plus a plain-text summary; type 4 (strategy) extends SPEC §9.',
});

export const settingWebArticleDetail = defineCall({
  path: '/api/setting/webArticleDetail',
  method: 'POST',
  auth: 'none',
  body: z.object({ id: numericId }),
  result: articleSchema,
  summary: 'One announcement (ArticleNotFound when missing)',
  spec: 'SPEC §3 Article, §7',
  tag: 'content',
  chosen: 'Result is the article of SPEC §3.',
});

export const contentBlockSummarySchema = z.object({
  id: numericId.describe('Use with gameInfoContent'),
  title: z.string(),
  img: z.string().nullable(),
  summary: z.string(),
});
export const homeConfResultSchema = z.object({
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
    customConfig: z.object({ loggerUrl: z.string().describe('Analytics collector URL (SPEC §7)') }),
  }),
  gameContent: z.object({
    info: z.array(contentBlockSummarySchema).describe('Game Info blocks'),
    features: z.array(contentBlockSummarySchema).describe('Game Features blocks'),
  }),
  footer: z.object({
    about: z.string().nullable(),
    contact: z.string().nullable(),
    privacy: z.string().nullable(),
    agreement: z.string().nullable(),
  }),
});
export type HomeConf = z.infer<typeof homeConfResultSchema>;
export const settingWebHomeConfJodo = defineCall({
  path: '/api/setting/webHomeConfJodo',
  method: 'POST',
  auth: 'none',
  body: emptyBodySchema,
  result: homeConfResultSchema,
  summary: 'Home page configuration for the current game (gameid header)',
  spec: 'SPEC §2 Home, §3 Home config, §7',
  tag: 'content',
  chosen:
    'gameInfo adds game_id, name, icon, downloads; gameContent lists info/feature blocks; footer links of SPEC §2.',
});

export const gameContentSchema = z.object({
  id: numericId,
  game_id: numericId,
  kind: z.enum(['info', 'feature']),
  title: z.string(),
  content: z.string().describe('Sanitised HTML'),
  img: z.string().nullable(),
  update_ts: unixSeconds,
});
export type GameContent = z.infer<typeof gameContentSchema>;
export const gameInfoContent = defineCall({
  path: '/api/game/info/content/:id',
  method: 'POST',
  auth: 'none',
  body: emptyBodySchema,
  params: z.object({ id: z.coerce.number().int().positive() }),
  result: gameContentSchema,
  summary: 'One Game Info or Game Features block',
  spec: 'SPEC §2 Home, §7',
  tag: 'content',
  chosen: 'id is a path parameter; body empty; NotFound when missing.',
});
