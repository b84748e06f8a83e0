// The catalog in the console (docs/console.md#catalog, ADR 0047): game packs, HC Point packs and
// top-up rebate campaigns of each game, their names and pictures in the nine player languages,
// and a preview that answers exactly what the player's top-up page receives.
import { z } from 'zod';
import { defineCall } from '../call';
import { productSchema, rebateInfoResultSchema } from '../catalog';
import {
  INT4_MAX,
  cpGoodsId,
  hcPoint,
  minorUnits,
  numericId,
  serverId,
  unixSeconds,
} from '../common';
import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from '../constants';
import { builtOnFirstUse } from '../lazy';

/**
 * Currencies a pack may be priced in: those that both card (Stripe) and PayPal take, so every
 * payment method the top-up page offers can charge the price.
 */
export const CATALOG_CURRENCIES = [
  'USD',
  'EUR',
  'GBP',
  'JPY',
  'HKD',
  'TWD',
  'THB',
  'SGD',
  'AUD',
  'CAD',
  'CHF',
  'NZD',
  'MYR',
  'PHP',
] as const;
export const catalogCurrencySchema = builtOnFirstUse(() => z.enum(CATALOG_CURRENCIES));

export const PACK_KINDS = ['game', 'coin'] as const;
export type PackKind = (typeof PACK_KINDS)[number];

/**
 * Where a pack stands now: on sale (players see it), scheduled (its sale starts later), ended
 * (its sale window is over), disabled (switched off).
 */
export const PACK_STATUSES = ['on_sale', 'scheduled', 'ended', 'disabled'] as const;
export type PackStatus = (typeof PACK_STATUSES)[number];

export const PACK_NAME_MAX = 64;
export const BONUS_PERCENT_MAX = 1000;

const languageRecord = <T extends z.ZodType>(value: T) =>
  z.object(
    Object.fromEntries(LANGUAGES.map((l) => [l, value.optional()])) as Record<
      Language,
      z.ZodOptional<T>
    >,
  );

/** Names per player language; an empty or absent language shows the en-US name. */
export const packNamesSchema = builtOnFirstUse(() =>
  languageRecord(z.string().trim().max(PACK_NAME_MAX)),
);
/**
 * A pack picture: an image uploaded in the console (`/media/<sha256>.<ext>`), or a picture the
 * pack already had from elsewhere (a site path such as `/catalog/x.svg` of the demo data), which
 * may be kept but not newly chosen.
 */
export const packImageUrl = builtOnFirstUse(() =>
  z
    .string()
    .max(300)
    .regex(/^\/[A-Za-z0-9][A-Za-z0-9._/-]*$/, 'a site path such as /media/<sha256>.png')
    .refine((path) => !path.includes('..'), 'a site path without ..')
    .describe('Picture URL (site path)'),
);
/** Pictures per player language; an absent language shows the en-US picture. */
export const packImagesSchema = builtOnFirstUse(() => languageRecord(packImageUrl));

export const packItemSchema = builtOnFirstUse(() =>
  z.object({
    item_id: z.string().trim().min(1).max(64),
    name: z.string().trim().min(1).max(64),
    count: z.number().int().positive().max(1_000_000),
  }),
);

/** The editable fields of a pack. */
export const packFieldsSchema = builtOnFirstUse(() =>
  z.object({
    cpGoodsId: cpGoodsId.regex(/^[A-Za-z0-9._:-]+$/, 'letters, digits and . _ : -'),
    names: packNamesSchema,
    images: packImagesSchema,
    /** Integer minor units of `currency`; more than 0. */
    price: minorUnits.positive().max(INT4_MAX),
    currency: catalogCurrencySchema,
    /** Extra percent shown on the tag (`+N%`); 0 = no tag. */
    bonus: z.number().int().min(0).max(BONUS_PERCENT_MAX),
    /** HC Point gift (HC Point packs: credited to the present balance); 0 = none. */
    gift: hcPoint.max(INT4_MAX),
    /** HC Point credited by an HC Point pack (required, > 0); null for game packs. */
    amount: hcPoint.positive().max(INT4_MAX).nullable(),
    /** Game packs: what the game delivers. */
    items: z.array(packItemSchema).max(50),
    /** Game packs: the servers it is sold on; null = every server. */
    serverIds: z.array(serverId).max(500).nullable(),
    /** Lower first among packs of the same price (players see packs ordered by price). */
    sort: z.number().int().min(-100_000).max(100_000),
    enabled: z.boolean(),
    /** Sale window (Unix seconds): null = from now on / no end. */
    saleBegin: unixSeconds.nullable(),
    saleEnd: unixSeconds.nullable(),
  }),
);
export type PackFields = z.infer<typeof packFieldsSchema>;

export const packSchema = builtOnFirstUse(() =>
  packFieldsSchema.extend({
    id: numericId,
    gameId: numericId,
    kind: z.enum(PACK_KINDS),
    status: z.enum(PACK_STATUSES),
    /** Player languages without a name of their own (they show the en-US name). */
    missingNames: z.array(z.enum(LANGUAGES)),
    updatedAt: unixSeconds,
  }),
);
export type Pack = z.infer<typeof packSchema>;

export const catalogGameSchema = builtOnFirstUse(() =>
  z.object({ id: numericId, name: z.string() }),
);

export const rebateTierEditSchema = builtOnFirstUse(() =>
  z.object({
    threshold: minorUnits.max(INT4_MAX),
    currency: catalogCurrencySchema,
    percent: z.number().int().min(1).max(100),
  }),
);

export const rebateFieldsSchema = builtOnFirstUse(() =>
  z.object({
    /** Window in Unix seconds; null = from the start / no end. */
    begin: unixSeconds.nullable(),
    end: unixSeconds.nullable(),
    tiers: z.array(rebateTierEditSchema).min(1).max(20),
    /** The description shown above the packs, per player language (en-US fallback). */
    texts: languageRecord(z.string().trim().max(500)),
    enabled: z.boolean(),
  }),
);
export type RebateFields = z.infer<typeof rebateFieldsSchema>;

/** running: players see it now; scheduled / ended by its window; disabled: switched off. */
export const REBATE_STATUSES = ['running', 'scheduled', 'ended', 'disabled'] as const;

export const rebateCampaignSchema = builtOnFirstUse(() =>
  rebateFieldsSchema.extend({
    id: numericId,
    gameId: numericId,
    status: z.enum(REBATE_STATUSES),
    missingTexts: z.array(z.enum(LANGUAGES)),
    updatedAt: unixSeconds,
  }),
);
export type RebateCampaign = z.infer<typeof rebateCampaignSchema>;

const spec = 'docs/console.md#catalog';
const tag = 'console' as const;
const roles = ['operations'] as const;

export const consoleCatalogPacksList = defineCall({
  path: '/api/console/catalog/packs/list',
  method: 'POST',
  auth: 'console',
  roles,
  body: () => z.object({ gameId: numericId.optional(), kind: z.enum(PACK_KINDS) }),
  result: () =>
    z.object({
      games: z.array(catalogGameSchema),
      /** The game listed: the one asked for, else the first game; null when there is none. */
      gameId: numericId.nullable(),
      list: z.array(packSchema),
    }),
  summary: 'Every pack of one kind of a game (enabled or not), in the order players see them',
  spec,
  chosen: 'Not paged: a game has tens of packs. Answers the games too, for the game picker.',
  tag,
});

export const consoleCatalogPackCreate = defineCall({
  path: '/api/console/catalog/packs/create',
  method: 'POST',
  auth: 'console',
  roles,
  body: () =>
    packFieldsSchema.extend({ gameId: numericId.max(INT4_MAX), kind: z.enum(PACK_KINDS) }),
  result: () => packSchema,
  summary: 'Adds a game pack or an HC Point pack',
  spec,
  chosen: `CatalogPackInvalid (data.issues) for what the top-up page could not show or sell: an enabled pack without a ${FALLBACK_LANGUAGE} name or picture, an HC Point pack without an amount or with items, a game pack with an amount, a sale that ends before it begins. CatalogGoodsIdTaken when the game has the item id.`,
  tag,
});

export const consoleCatalogPackUpdate = defineCall({
  path: '/api/console/catalog/packs/update',
  method: 'POST',
  auth: 'console',
  roles,
  body: () => packFieldsSchema.extend({ id: numericId }),
  result: () => packSchema,
  summary: 'Changes a pack (every field; the game and kind stay)',
  spec,
  chosen:
    'The whole pack is sent (what the editor shows), checked like create. Orders keep the snapshot they took.',
  tag,
});

export const previewProductSchema = builtOnFirstUse(() =>
  productSchema.extend({
    /** Why players do not see it (absent: they do). */
    hidden: z.enum(['scheduled', 'ended', 'disabled']).optional(),
  }),
);

export const consoleCatalogPreview = defineCall({
  path: '/api/console/catalog/preview',
  method: 'POST',
  auth: 'console',
  roles,
  body: () =>
    z.object({
      gameId: numericId,
      kind: z.enum(PACK_KINDS),
      language: z.enum(LANGUAGES),
      /** Game packs: the server the player picked (packs not sold there are left out). */
      serverId: serverId.optional(),
    }),
  result: () =>
    z.object({
      /** Exactly what webProduct / webCoinProduct answer players now, in `language`. */
      list: z.array(productSchema),
      /** Every pack in player shape, in player order, with the ones players do not see flagged. */
      all: z.array(previewProductSchema),
      /** Exactly what rebate/info answers players now, in `language`. */
      rebate: rebateInfoResultSchema,
    }),
  summary: 'The top-up page as a player sees it now, in a chosen language',
  spec,
  chosen: "Reads the database, not the players' cache, so a change just saved is shown.",
  tag,
});

export const consoleCatalogRebatesList = defineCall({
  path: '/api/console/catalog/rebates/list',
  method: 'POST',
  auth: 'console',
  roles,
  body: () => z.object({ gameId: numericId.optional() }),
  result: () =>
    z.object({
      games: z.array(catalogGameSchema),
      gameId: numericId.nullable(),
      list: z.array(rebateCampaignSchema),
    }),
  summary: "A game's top-up rebate campaigns, latest window first",
  spec,
  chosen: 'Not paged: a game has few campaigns. Answers the games too, for the game picker.',
  tag,
});

export const consoleCatalogRebateCreate = defineCall({
  path: '/api/console/catalog/rebates/create',
  method: 'POST',
  auth: 'console',
  roles,
  body: () => rebateFieldsSchema.extend({ gameId: numericId.max(INT4_MAX) }),
  result: () => rebateCampaignSchema,
  summary: 'Adds a top-up rebate campaign',
  spec,
  chosen:
    'The top-up page shows one campaign: RebateCampaignOverlap when its window meets another enabled campaign of the game. RebateCampaignInvalid (data.issues) for a window ending before it begins, repeated tier thresholds, or no en-US text.',
  tag,
});

export const consoleCatalogRebateUpdate = defineCall({
  path: '/api/console/catalog/rebates/update',
  method: 'POST',
  auth: 'console',
  roles,
  body: () => rebateFieldsSchema.extend({ id: numericId }),
  result: () => rebateCampaignSchema,
  summary: 'Changes a top-up rebate campaign (every field; the game stays)',
  spec,
  chosen:
    'The whole campaign is sent, checked like create (overlap with other enabled campaigns excluded itself).',
  tag,
});
