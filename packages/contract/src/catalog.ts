// Servers, roles, products and payment methods: what a player can buy and where it goes (docs/product/top-up.md#top-up-screen, docs/product/top-up.md#items, docs/product/api.md#top-up-calls).
import { z } from 'zod';
import { defineCall, emptyBodySchema } from './call';
import {
  cpGoodsId,
  currencyCode,
  hcPoint,
  minorUnits,
  roleId,
  serverId,
  unixSeconds,
} from './common';
import { ITEM_SORT_FACTOR } from './constants';
import { builtOnFirstUse } from './lazy';

export const rebateSchema = builtOnFirstUse(() =>
  z.object({
    percent: z
      .number()
      .int()
      .nonnegative()
      .describe('Extra HC Point returned, percent of the price'),
    amount: hcPoint.describe('HC Point returned for this item'),
    end_ts: unixSeconds.nullable().describe('When the rebate offer ends; null = open-ended'),
  }),
);

export const productSchema = builtOnFirstUse(() =>
  z.object({
    name: z.string(),
    price: minorUnits,
    currency: currencyCode,
    cp_goods_id: cpGoodsId,
    icon: z.string(),
    bonus: z
      .number()
      .int()
      .nonnegative()
      .optional()
      .describe('Extra percent shown as a tag; the server always sends it (0 = no tag)'),
    gift: hcPoint
      .optional()
      .describe('HC Point gift (coin packs: credited to present); sent only when > 0'),
    rebate: rebateSchema.optional().describe('Sent only while a rebate offer applies to the item'),
    is_epoint: z.boolean().describe('true: HC Point pack (coin product); false: game pack'),
    amount: hcPoint.nullable().describe('HC Point credited by a coin pack; null for game packs'),
  }),
);
export type Product = z.infer<typeof productSchema>;

/** docs/product/top-up.md#items, docs/product/constants.md#rules: items are ordered by price with the key price×1000. */
export function productSortKey(p: Pick<Product, 'price'>): number {
  return p.price * ITEM_SORT_FACTOR;
}

export const productListSchema = builtOnFirstUse(() => z.object({ list: z.array(productSchema) }));
export const roleTargetBodySchema = builtOnFirstUse(() =>
  z.object({ role_id: roleId, server_id: serverId }),
);

export const orderWebProduct = defineCall({
  path: '/api/order/webProduct',
  method: 'POST',
  auth: 'required',
  body: () => roleTargetBodySchema,
  result: () => productListSchema,
  summary: 'Game packs for a role',
  spec: 'docs/product/top-up.md#items, docs/product/api.md#top-up-calls',
  tag: 'catalog',
  chosen:
    'Game packs of the game in the gameid header (else the first bound game) sold on server_id; ' +
    'names in the request language (lang header, Accept-Language, en-US fallback); sorted by ' +
    'productSortKey (price×1000), then catalogue order. The role is not checked here (webCreate ' +
    'checks it through the game gateway). Result { list: Product[] }.',
});
export const orderWebCoinProduct = defineCall({
  path: '/api/order/webCoinProduct',
  method: 'POST',
  auth: 'optional',
  body: () => emptyBodySchema,
  result: () => productListSchema,
  summary: 'HC Point packs',
  spec: 'docs/product/top-up.md#items, docs/product/api.md#top-up-calls',
  tag: 'catalog',
  chosen:
    'HC Point packs of the request game, sorted like webProduct. Result { list: Product[] } with ' +
    'is_epoint true, amount = HC Point credited to basic, gift = HC Point credited to present, ' +
    'bonus = the percent on the tag.',
});

/** Payment method codes sent as `channel_code` by webPayChannel and webCreate. */
export const PayChannelCode = { card: 'card', paypal: 'paypal', epoint: 'epoint' } as const;
export type PayChannelCodeValue = (typeof PayChannelCode)[keyof typeof PayChannelCode];

export const payChannelSchema = builtOnFirstUse(() =>
  z.object({
    channel_code: z.string().min(1).max(32),
    channel_name: z.string(),
    kind: z.enum(['card', 'paypal', 'epoint', 'other']).describe('epoint = pay with HC Point'),
    icon: z.string().nullable(),
  }),
);
export type PayChannel = z.infer<typeof payChannelSchema>;
export const orderWebPayChannel = defineCall({
  path: '/api/order/webPayChannel',
  method: 'POST',
  auth: 'required',
  body: () => roleTargetBodySchema.extend({ cp_goods_id: cpGoodsId }),
  result: () => z.object({ list: z.array(payChannelSchema) }),
  summary: 'Payment methods available for an item',
  spec: 'docs/product/top-up.md#top-up-screen, docs/product/api.md#top-up-calls',
  tag: 'catalog',
  chosen:
    'Result { list: [{ channel_code, channel_name, kind, icon }] }: card ("Visa / Mastercard") and ' +
    'paypal ("PayPal") when their provider is configured, epoint (HC Point, name in the request ' +
    'language) for game packs only; icon null (the web draws its own). An item that is unknown, ' +
    'inactive or not sold on server_id -> ProductNotFound.',
});

export const rechargeV2Items = defineCall({
  path: '/api/recharge/v2/items',
  method: 'POST',
  auth: 'required',
  body: () =>
    z.object({
      role_id: roleId.optional(),
      server_id: serverId
        .optional()
        .describe('Game server id: game_packs sold on it; without it, those sold on any server'),
    }),
  result: () =>
    z.object({ game_packs: z.array(productSchema), coin_packs: z.array(productSchema) }),
  summary: 'Both kinds of item in one answer for the top-up screen',
  spec: 'docs/product/top-up.md#items, docs/product/api.md#top-up-calls',
  tag: 'catalog',
  chosen:
    'Body { role_id?, server_id? }. game_packs: with server_id, as webProduct (the packs sold on ' +
    "that server); without it, the game's active packs sold on at least one server (server_ids " +
    'null or not empty), so the top-up screen shows them before a server and role are chosen; ' +
    'role_id is not checked. coin_packs as webCoinProduct.',
});

export const rebateTierSchema = builtOnFirstUse(() =>
  z.object({
    threshold: minorUnits.describe('Minimum paid amount for this tier'),
    currency: currencyCode,
    percent: z.number().int().nonnegative(),
  }),
);
export const rebateInfoResultSchema = builtOnFirstUse(() =>
  z.object({
    active: z.boolean(),
    begin_ts: unixSeconds.nullable(),
    end_ts: unixSeconds.nullable(),
    tiers: z.array(rebateTierSchema),
    desc: z.string().describe('Plain text in the request language (en-US fallback); empty if none'),
  }),
);
export type RebateInfo = z.infer<typeof rebateInfoResultSchema>;
export const rechargeRebateInfo = defineCall({
  path: '/api/recharge/rebate/info',
  method: 'POST',
  auth: 'none',
  body: () => emptyBodySchema,
  result: () => rebateInfoResultSchema,
  summary: 'Current top-up rebate campaign',
  spec: 'docs/product/top-up.md#items, docs/product/api.md#top-up-calls, docs/product/errors.md#error-catalogue',
  tag: 'catalog',
  chosen:
    'Body empty; the campaign of the game in the gameid header (else the first game). Result { active, begin_ts, end_ts, tiers: [{ threshold, currency, percent }] ' +
    '(ascending threshold), desc }; no running campaign -> active false, tiers [], desc "".',
});
