// The console's Content section (docs/console.md#content, ADR 0048): articles, bulletins, the home
// configuration with its Game Info / Game Features blocks, and the four footer pages, each with
// its texts in the nine player languages. HTML is sanitised by the server with the allow-list the
// player pages rely on; the preview calls answer the player contract's shapes, drafts included.
import { z } from 'zod';
import { defineCall, pageOf } from '../call';
import { numericId, pageQuery, unixSeconds } from '../common';
import { LANGUAGES } from '../constants';
import {
  articleSchema,
  articleTypeSchema,
  gameContentSchema,
  homeConfResultSchema,
  sitePageSchema,
  sitePageSlugSchema,
} from '../content';
import { builtOnFirstUse } from '../lazy';

/** Console content calls accept bodies up to this many bytes (texts in nine languages). */
export const CONTENT_BODY_LIMIT = 2 * 1024 * 1024;
/** Longest title of an article, bulletin, block or page. */
export const CONTENT_TITLE_MAX = 200;
/** Longest HTML of one language's article, block or page body. */
export const CONTENT_HTML_MAX = 60_000;
/** Longest plain text of one language's bulletin. */
export const BULLETIN_TEXT_MAX = 1000;

export const contentLanguageSchema = builtOnFirstUse(() =>
  z.enum(LANGUAGES).describe('Player language tag'),
);

/** A site path (`/main/…`, `/media/…`) or an absolute http(s) URL; nothing that runs script. */
export const contentLink = builtOnFirstUse(() =>
  z
    .string()
    .trim()
    .max(500)
    .regex(
      /^(\/([^\s"'<>\\/][^\s"'<>\\]*)?|https?:\/\/[^\s"'<>\\]+)$/i,
      'a /path or an http(s) URL',
    )
    .describe('A path of the portal or an http(s) URL'),
);
/** An image: an uploaded `/media/<sha256>.<ext>`, another path of the portal, or an https URL. */
export const contentImage = builtOnFirstUse(() =>
  z
    .string()
    .trim()
    .max(500)
    .regex(/^(\/([^\s"'<>\\/][^\s"'<>\\]*)?|https:\/\/[^\s"'<>\\]+)$/i, 'a /path or an https URL')
    .describe('Image URL: /media/<sha256>.<ext> from the image upload, a /path, or https'),
);

/** One language's text of an article, block or footer page: plain title, HTML body. */
export const docTextSchema = builtOnFirstUse(() =>
  z.object({
    title: z.string().trim().max(CONTENT_TITLE_MAX),
    content: z.string().max(CONTENT_HTML_MAX).describe('HTML; the server sanitises it'),
  }),
);
export type DocTextInput = z.infer<typeof docTextSchema>;
export const docTextsSchema = builtOnFirstUse(() =>
  z
    .partialRecord(contentLanguageSchema, docTextSchema)
    .describe('Texts by language; a language without a title and a body is missing'),
);
export type DocTexts = z.infer<typeof docTextsSchema>;

/** One language's bulletin: title, plain text and its own link (or none). */
export const bulletinTextSchema = builtOnFirstUse(() =>
  z.object({
    title: z.string().trim().max(CONTENT_TITLE_MAX),
    content: z.string().trim().max(BULLETIN_TEXT_MAX).describe('Plain text'),
    link: contentLink.nullable(),
  }),
);
export const bulletinTextsSchema = builtOnFirstUse(() =>
  z.partialRecord(contentLanguageSchema, bulletinTextSchema),
);
export type BulletinTexts = z.infer<typeof bulletinTextsSchema>;

const missingLanguages = builtOnFirstUse(() =>
  z
    .array(contentLanguageSchema)
    .describe('Player languages without a title and a text (players get the en-US text)'),
);

/** draft: not active; scheduled: publish time in the future; live: shown to players. */
export const ARTICLE_STATUSES = ['live', 'scheduled', 'draft'] as const;
export const articleStatusSchema = builtOnFirstUse(() => z.enum(ARTICLE_STATUSES));
export type ArticleStatus = z.infer<typeof articleStatusSchema>;

const articleFields = {
  type: articleTypeSchema,
  /** null: every game's players see it; a game id: that game's players only. */
  gameId: numericId.nullable().default(null),
  img: contentImage.nullable().describe('Cover image'),
  pinned: z.boolean(),
  /** false: a draft (never listed for players). */
  active: z.boolean(),
  /** The date shown; in the future: scheduled (players see it from then on). */
  publishedAt: unixSeconds,
  texts: docTextsSchema,
};
export const articleInputSchema = builtOnFirstUse(() => z.object(articleFields));
export type ArticleInput = z.input<typeof articleInputSchema>;

export const consoleArticleItemSchema = builtOnFirstUse(() =>
  z.object({
    id: numericId,
    type: articleTypeSchema,
    gameId: numericId.nullable(),
    /** The en-US title, else the first language's. */
    title: z.string(),
    img: z.string().nullable(),
    pinned: z.boolean(),
    active: z.boolean(),
    publishedAt: unixSeconds,
    status: articleStatusSchema,
    missingLanguages,
    updatedAt: unixSeconds,
  }),
);
export type ConsoleArticleItem = z.infer<typeof consoleArticleItemSchema>;
export const consoleArticleSchema = builtOnFirstUse(() =>
  consoleArticleItemSchema.extend({ texts: docTextsSchema }),
);
export type ConsoleArticle = z.infer<typeof consoleArticleSchema>;

/** live: shown now; scheduled: begins later; ended: its end passed; draft: switched off. */
export const BULLETIN_STATUSES = ['live', 'scheduled', 'ended', 'draft'] as const;
export const bulletinStatusSchema = builtOnFirstUse(() => z.enum(BULLETIN_STATUSES));
export type BulletinStatus = z.infer<typeof bulletinStatusSchema>;

const bulletinFields = {
  /** Only pinned bulletins are shown at the top of the player pages (the newest live one). */
  pinned: z.boolean(),
  active: z.boolean(),
  beginsAt: unixSeconds,
  /** null: no end. */
  endsAt: unixSeconds.nullable(),
  texts: bulletinTextsSchema,
};
export const bulletinInputSchema = builtOnFirstUse(() => z.object(bulletinFields));
export type BulletinInput = z.input<typeof bulletinInputSchema>;
export const consoleBulletinItemSchema = builtOnFirstUse(() =>
  z.object({
    id: numericId,
    title: z.string(),
    pinned: z.boolean(),
    active: z.boolean(),
    beginsAt: unixSeconds,
    endsAt: unixSeconds.nullable(),
    status: bulletinStatusSchema,
    missingLanguages,
    updatedAt: unixSeconds,
  }),
);
export type ConsoleBulletinItem = z.infer<typeof consoleBulletinItemSchema>;
export const consoleBulletinSchema = builtOnFirstUse(() =>
  consoleBulletinItemSchema.extend({
    texts: bulletinTextsSchema,
  }),
);
export type ConsoleBulletin = z.infer<typeof consoleBulletinSchema>;

export const HOME_BLOCK_KINDS = ['info', 'feature'] as const;
export const homeBlockKindSchema = builtOnFirstUse(() => z.enum(HOME_BLOCK_KINDS));
const blockFields = {
  kind: homeBlockKindSchema.describe('info: Game Info; feature: Game Features'),
  img: contentImage.nullable(),
  /** Display order within its kind, smallest first. */
  sort: z.number().int().min(0).max(10_000),
  texts: docTextsSchema,
};
export const blockInputSchema = builtOnFirstUse(() => z.object(blockFields));
export const consoleBlockSchema = builtOnFirstUse(() =>
  z.object({
    id: numericId,
    gameId: numericId,
    ...blockFields,
    missingLanguages,
    updatedAt: unixSeconds,
  }),
);
export type ConsoleBlock = z.infer<typeof consoleBlockSchema>;

export const homeDownloadsSchema = builtOnFirstUse(() =>
  z.object({
    android: contentLink.nullable(),
    pc: contentLink.nullable(),
    ios: contentLink.nullable(),
  }),
);
export const homeSettingsSchema = builtOnFirstUse(() =>
  z.object({
    /** The banner / key art at the top of Home (`cgi` on the player side). */
    banner: contentImage.nullable(),
    downloads: homeDownloadsSchema,
  }),
);
export type HomeSettings = z.infer<typeof homeSettingsSchema>;
export const consoleHomeSchema = builtOnFirstUse(() =>
  z.object({
    /** Every game, for the game picker. */
    games: z.array(
      z.object({
        id: numericId,
        name: z.string(),
        /** Download links show only for these platforms (android, pc, ios). */
        platforms: z.array(z.string()),
      }),
    ),
    gameId: numericId,
    settings: homeSettingsSchema,
    blocks: z.array(consoleBlockSchema),
    updatedAt: unixSeconds.nullable(),
  }),
);
export type ConsoleHome = z.infer<typeof consoleHomeSchema>;

export const consolePageItemSchema = builtOnFirstUse(() =>
  z.object({
    slug: sitePageSlugSchema,
    title: z.string(),
    missingLanguages,
    /** null: never written. */
    updatedAt: unixSeconds.nullable(),
  }),
);
export const consolePageSchema = builtOnFirstUse(() =>
  consolePageItemSchema.extend({ texts: docTextsSchema }),
);
export type ConsolePage = z.infer<typeof consolePageSchema>;

/** The previewed item's id; 0 for one never saved. */
const previewId = builtOnFirstUse(() =>
  z.number().int().nonnegative().describe('0: not saved yet'),
);

const spec = 'docs/console.md#content';
const tag = 'console' as const;
const roles = ['content'] as const;
const common = {
  method: 'POST',
  auth: 'console',
  roles,
  spec,
  tag,
} as const;
const big = { bodyLimit: CONTENT_BODY_LIMIT } as const;
const idBody = builtOnFirstUse(() => z.object({ id: numericId }));
const done = builtOnFirstUse(() => z.object({ success: z.literal(true) }));
const fallbackRule =
  'The en-US title and text are required (players without their language get them): ContentFallbackMissing. ';

// Articles -----------------------------------------------------------------------------------

export const consoleContentArticlesList = defineCall({
  ...common,
  path: '/api/console/content/articles/list',
  body: () =>
    z.object({
      type: articleTypeSchema.optional(),
      status: articleStatusSchema.optional(),
      /** Part of a title, in any language. */
      search: z.string().trim().min(1).max(100).optional(),
      /** Only articles missing a language (any one). */
      missing: z.boolean().optional(),
      ...pageQuery,
    }),
  result: () => pageOf(consoleArticleItemSchema),
  summary: 'Articles of every status (live, scheduled, draft), newest publish time first',
  chosen: 'POST with the filters in the body; pinned articles are not lifted.',
});

export const consoleContentArticlesGet = defineCall({
  ...common,
  path: '/api/console/content/articles/get',
  body: () => idBody,
  result: () => consoleArticleSchema,
  summary: 'One article with its texts in every language (ContentArticleNotFound)',
  chosen: 'Any status (draft, scheduled, live); texts only of the languages written.',
});

export const consoleContentArticlesCreate = defineCall({
  ...common,
  ...big,
  path: '/api/console/content/articles/create',
  body: () => articleInputSchema,
  result: () => consoleArticleSchema,
  summary: 'Creates an article (draft, scheduled or published); HTML is sanitised; audited',
  chosen:
    fallbackRule +
    'Languages whose title and body are both empty are dropped. Audited as article.create.',
});

export const consoleContentArticlesUpdate = defineCall({
  ...common,
  ...big,
  path: '/api/console/content/articles/update',
  body: () => articleInputSchema.extend({ id: numericId }),
  result: () => consoleArticleSchema,
  summary: 'Replaces an article (every field); HTML is sanitised; audited with before and after',
  chosen: fallbackRule + 'Audited as article.update with the changed fields only.',
});

export const consoleContentArticlesDelete = defineCall({
  ...common,
  path: '/api/console/content/articles/delete',
  body: () => idBody,
  result: () => done,
  summary: 'Deletes an article for good (to hide it, save it as a draft); audited',
  chosen: 'A real delete, audited with the article before; ContentArticleNotFound when unknown.',
});

export const consoleContentArticlesPreview = defineCall({
  ...common,
  ...big,
  path: '/api/console/content/articles/preview',
  body: () =>
    z
      .object({
        language: contentLanguageSchema,
        /** A stored article (draft and scheduled ones too). */
        id: numericId.optional(),
        /** Unsaved editor state: previewed as it would be stored (with id: that article's edit). */
        draft: articleInputSchema.optional(),
      })
      .refine((b) => b.id !== undefined || b.draft !== undefined, {
        message: 'send id, draft or both',
      }),
  result: () => articleSchema.extend({ id: previewId }),
  summary: "The player's article detail for a stored or unsaved article, in one language",
  chosen:
    'Answers exactly what /api/setting/webArticleDetail would answer once published: the same ' +
    'sanitised HTML, the language picked with the en-US fallback. Nothing is stored.',
});

// Bulletins ----------------------------------------------------------------------------------

export const consoleContentBulletinsList = defineCall({
  ...common,
  path: '/api/console/content/bulletins/list',
  body: () => z.object({ status: bulletinStatusSchema.optional(), ...pageQuery }),
  result: () => pageOf(consoleBulletinItemSchema),
  summary: 'Bulletins with their status (live, scheduled, ended, draft), newest begin first',
  chosen: 'POST with the status filter in the body; status is computed at the time of the call.',
});

export const consoleContentBulletinsGet = defineCall({
  ...common,
  path: '/api/console/content/bulletins/get',
  body: () => idBody,
  result: () => consoleBulletinSchema,
  summary: 'One bulletin with its texts and links in every language (ContentBulletinNotFound)',
  chosen:
    'Each language with its own link; bulletins from before the console show their one link in every language.',
});

export const consoleContentBulletinsCreate = defineCall({
  ...common,
  path: '/api/console/content/bulletins/create',
  body: () => bulletinInputSchema,
  result: () => consoleBulletinSchema,
  summary: 'Creates a bulletin; audited',
  chosen:
    fallbackRule +
    'endsAt must be after beginsAt (ContentScheduleInvalid). Players see the newest live pinned bulletin.',
});

export const consoleContentBulletinsUpdate = defineCall({
  ...common,
  path: '/api/console/content/bulletins/update',
  body: () => bulletinInputSchema.extend({ id: numericId }),
  result: () => consoleBulletinSchema,
  summary: 'Replaces a bulletin; audited with before and after',
  chosen: fallbackRule + 'endsAt must be after beginsAt (ContentScheduleInvalid).',
});

export const consoleContentBulletinsDelete = defineCall({
  ...common,
  path: '/api/console/content/bulletins/delete',
  body: () => idBody,
  result: () => done,
  summary: 'Deletes a bulletin for good; audited',
  chosen: 'A real delete, audited with the bulletin before; ContentBulletinNotFound when unknown.',
});

// Home ---------------------------------------------------------------------------------------

export const consoleContentHomeGet = defineCall({
  ...common,
  path: '/api/console/content/home/get',
  body: () => z.object({ gameId: numericId.optional().describe('Omitted: the first game') }),
  result: () => consoleHomeSchema,
  summary: "A game's home configuration: banner, download links and its blocks",
  chosen: 'Answers the games for the picker too. ContentGameNotFound for an unknown game.',
});

export const consoleContentHomeUpdate = defineCall({
  ...common,
  path: '/api/console/content/home/update',
  body: () => homeSettingsSchema.extend({ gameId: numericId }),
  result: () => consoleHomeSchema,
  summary: "Sets a game's banner and download links; audited",
  chosen:
    'The footer paths and the analytics collector of the configuration are kept as they are. ' +
    'A link for a platform the game is not on is kept but not shown to players.',
});

export const consoleContentHomePreview = defineCall({
  ...common,
  path: '/api/console/content/home/preview',
  body: () =>
    z.object({
      gameId: numericId,
      language: contentLanguageSchema,
      /** Unsaved banner and links; omitted: the stored ones. */
      settings: homeSettingsSchema.optional(),
    }),
  result: () => z.object({ home: homeConfResultSchema, blocks: z.array(gameContentSchema) }),
  summary: "The player's home configuration and every block in full, in one language",
  chosen:
    'home is what /api/setting/webHomeConfJodo would answer; blocks what /api/game/info/content/{id} would.',
});

export const consoleContentBlocksCreate = defineCall({
  ...common,
  ...big,
  path: '/api/console/content/blocks/create',
  body: () => blockInputSchema.extend({ gameId: numericId }),
  result: () => consoleBlockSchema,
  summary: 'Adds a Game Info or Game Features block to a game; HTML is sanitised; audited',
  chosen: fallbackRule,
});

export const consoleContentBlocksUpdate = defineCall({
  ...common,
  ...big,
  path: '/api/console/content/blocks/update',
  body: () => blockInputSchema.extend({ id: numericId }),
  result: () => consoleBlockSchema,
  summary: 'Replaces a block; HTML is sanitised; audited with before and after',
  chosen: fallbackRule,
});

export const consoleContentBlocksDelete = defineCall({
  ...common,
  path: '/api/console/content/blocks/delete',
  body: () => idBody,
  result: () => done,
  summary: 'Removes a block; audited',
  chosen: 'A real delete, audited with the block before; ContentBlockNotFound when unknown.',
});

export const consoleContentBlocksPreview = defineCall({
  ...common,
  ...big,
  path: '/api/console/content/blocks/preview',
  body: () =>
    z.object({
      language: contentLanguageSchema,
      gameId: numericId,
      id: numericId.optional(),
      draft: blockInputSchema,
    }),
  result: () => gameContentSchema.extend({ id: previewId }),
  summary: "The player's block detail for unsaved block texts, in one language",
  chosen:
    'Answers what /api/game/info/content/{id} would answer for the draft (id 0 when never saved); nothing is stored.',
});

// Footer pages -------------------------------------------------------------------------------

export const consoleContentPagesList = defineCall({
  ...common,
  path: '/api/console/content/pages/list',
  body: () => z.object({}),
  result: () => z.object({ list: z.array(consolePageItemSchema) }),
  summary: 'The four footer pages (about, contact, privacy, agreement), written or not',
  chosen: 'Always the four slugs in footer order; updatedAt null for a page never written.',
});

export const consoleContentPagesGet = defineCall({
  ...common,
  path: '/api/console/content/pages/get',
  body: () => z.object({ slug: sitePageSlugSchema }),
  result: () => consolePageSchema,
  summary: "A footer page's texts in every language (empty when never written)",
  chosen:
    'A page never written answers empty texts and updatedAt null (players get NotFound for it).',
});

export const consoleContentPagesUpdate = defineCall({
  ...common,
  ...big,
  path: '/api/console/content/pages/update',
  body: () => z.object({ slug: sitePageSlugSchema, texts: docTextsSchema }),
  result: () => consolePageSchema,
  summary: "Replaces a footer page's texts; HTML is sanitised; audited",
  chosen: fallbackRule,
});

export const consoleContentPagesPreview = defineCall({
  ...common,
  ...big,
  path: '/api/console/content/pages/preview',
  body: () =>
    z.object({
      slug: sitePageSlugSchema,
      language: contentLanguageSchema,
      /** Unsaved texts; omitted: the stored ones. */
      texts: docTextsSchema.optional(),
    }),
  result: () => sitePageSchema,
  summary: "The player's footer page for stored or unsaved texts, in one language",
  chosen:
    'Answers what /api/setting/page would answer for the texts given (or the stored ones); nothing is stored.',
});
