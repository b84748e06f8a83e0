// Gift-code campaigns in the console (docs/console.md#gift-codes, ADR 0046): a campaign gives a
// game pack or HC Point, has a per-account limit, a total cap and a validity window; its codes are
// generated in batches, exported as CSV and revoked one by one or all at once. Role `operations`.
import { z } from 'zod';
import { defineCall, pageOf } from '../call';
import { cpGoodsId, hcPoint, numericId, pageQuery, unixSeconds } from '../common';
import { GIFT_CODE_PATTERN, normaliseGiftCode } from '../gift-codes';
import { gameIdSchema } from './games';
import { builtOnFirstUse } from '../lazy';

/** Codes one generate call makes at most (written in batches of GIFT_CODE_BATCH). */
export const GIFT_CODES_PER_CALL = 50_000;
/** Codes written per transaction. */
export const GIFT_CODE_BATCH = 1_000;
export const GIFT_CAMPAIGN_STATUSES = ['scheduled', 'active', 'expired', 'revoked'] as const;
export const GIFT_CAMPAIGN_KINDS = ['single', 'shared'] as const;

export const giftRewardSchema = builtOnFirstUse(() =>
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('items'), cpGoodsId }),
    z.object({ type: z.literal('points'), points: hcPoint.min(1).max(1_000_000) }),
  ]),
);

/** A code as typed by a player (normalised: dashes and spaces dropped, upper case). */
export const giftCodeInput = builtOnFirstUse(() =>
  z
    .string()
    .max(64)
    .transform(normaliseGiftCode)
    .pipe(z.string().regex(GIFT_CODE_PATTERN, '6 to 32 letters and digits')),
);

export const giftCampaignSchema = builtOnFirstUse(() =>
  z.object({
    id: numericId,
    gameId: gameIdSchema,
    name: z.string(),
    /** single: one use per code, many codes; shared: one code many players type. */
    kind: z.enum(GIFT_CAMPAIGN_KINDS),
    reward: giftRewardSchema,
    perAccountLimit: z.number().int().positive(),
    totalCap: z.number().int().positive().nullable(),
    startsAt: unixSeconds.nullable(),
    expiresAt: unixSeconds.nullable(),
    revokedAt: unixSeconds.nullable(),
    status: z.enum(GIFT_CAMPAIGN_STATUSES),
    usage: z.object({
      /** Codes of the campaign (revoked ones included). */
      codes: z.number().int(),
      revoked: z.number().int(),
      /** Redemptions so far. */
      redeemed: z.number().int(),
      /** Redemptions still possible (null: no cap on a shared code). */
      remaining: z.number().int().nullable(),
      /** Codes that can be exported again (made in the console). */
      exportable: z.number().int(),
    }),
    createdAt: unixSeconds,
  }),
);
export type GiftCampaign = z.infer<typeof giftCampaignSchema>;

export const GIFT_CODE_CSV_COLUMNS = [
  'code',
  'campaign_id',
  'status',
  'uses',
  'expires_at',
] as const;

const windowFields = {
  startsAt: unixSeconds.nullable().optional(),
  expiresAt: unixSeconds.nullable().optional(),
};
const spec = 'docs/console.md#gift-codes';
const tag = 'console' as const;
const roles = ['operations'] as const;

export const consoleGiftCampaignsList = defineCall({
  path: '/api/console/gift-codes/campaigns/list',
  method: 'POST',
  auth: 'console',
  roles: [...roles],
  body: () =>
    z.object({
      gameId: gameIdSchema.optional(),
      status: z.enum(GIFT_CAMPAIGN_STATUSES).optional(),
      q: z.string().trim().max(64).optional(),
      ...pageQuery,
    }),
  result: () => pageOf(giftCampaignSchema),
  summary: 'Gift-code campaigns, newest first, with their usage',
  spec,
  chosen: 'POST with the filter in the body.',
  tag,
});

export const consoleGiftCampaignsGet = defineCall({
  path: '/api/console/gift-codes/campaigns/get',
  method: 'POST',
  auth: 'console',
  roles: [...roles],
  body: () => z.object({ id: numericId }),
  result: () => giftCampaignSchema,
  summary: 'One campaign with its usage',
  spec,
  chosen: 'GiftCampaignNotFound for an unknown id.',
  tag,
});

export const consoleGiftCampaignsCreate = defineCall({
  path: '/api/console/gift-codes/campaigns/create',
  method: 'POST',
  auth: 'console',
  roles: [...roles],
  body: () =>
    z
      .object({
        gameId: gameIdSchema,
        name: z.string().trim().min(1).max(100),
        kind: z.enum(GIFT_CAMPAIGN_KINDS),
        reward: giftRewardSchema,
        perAccountLimit: z.number().int().min(1).max(1000),
        totalCap: z.number().int().positive().max(100_000_000).nullable(),
        ...windowFields,
        /** shared: the code players type (default: a generated one). */
        code: giftCodeInput.optional(),
      })
      .refine((b) => b.startsAt == null || b.expiresAt == null || b.startsAt < b.expiresAt, {
        message: 'the start must be before the end',
        path: ['expiresAt'],
      })
      .refine((b) => b.kind === 'shared' || b.code === undefined, {
        message: 'only a shared campaign has a chosen code',
        path: ['code'],
      }),
  result: () =>
    z.object({
      campaign: giftCampaignSchema,
      /** shared: its code, shown now (it can also be exported). */
      code: z.string().optional(),
    }),
  summary: 'A new campaign; a shared campaign gets its one code now',
  spec,
  chosen:
    'GiftCampaignInvalid when the game has no such pack; GiftCodeTaken when the chosen code exists. Single-use codes are made with codes/generate.',
  tag,
});

export const consoleGiftCampaignsUpdate = defineCall({
  path: '/api/console/gift-codes/campaigns/update',
  method: 'POST',
  auth: 'console',
  roles: [...roles],
  body: () =>
    z.object({
      id: numericId,
      name: z.string().trim().min(1).max(100).optional(),
      perAccountLimit: z.number().int().min(1).max(1000).optional(),
      totalCap: z.number().int().positive().max(100_000_000).nullable().optional(),
      ...windowFields,
    }),
  result: () => giftCampaignSchema,
  summary: "Changes a campaign's name, limits or window",
  spec,
  chosen:
    'The reward and kind never change (redemptions already gave it). GiftCampaignRevoked after a revoke.',
  tag,
});

export const consoleGiftCampaignsRevoke = defineCall({
  path: '/api/console/gift-codes/campaigns/revoke',
  method: 'POST',
  auth: 'console',
  roles: [...roles],
  body: () => z.object({ id: numericId }),
  result: () => giftCampaignSchema,
  summary: 'Revokes a campaign: none of its codes can be redeemed any more',
  spec,
  chosen: 'Final; redemptions already made are kept and delivered.',
  tag,
});

export const consoleGiftCodesGenerate = defineCall({
  path: '/api/console/gift-codes/codes/generate',
  method: 'POST',
  auth: 'console',
  roles: [...roles],
  body: () =>
    z.object({
      campaignId: numericId,
      count: z.number().int().min(1).max(GIFT_CODES_PER_CALL),
    }),
  result: () => z.object({ generated: z.number().int(), campaign: giftCampaignSchema }),
  summary: 'Generates N new unique single-use codes for a campaign',
  spec,
  chosen:
    'Written 1,000 per transaction; uniqueness is the database constraint (a clash is drawn again). Export the codes as CSV; GiftCampaignInvalid for a shared campaign.',
  tag,
});

export const consoleGiftCodesExport = defineCall({
  path: '/api/console/gift-codes/codes/export',
  method: 'POST',
  auth: 'console',
  roles: [...roles],
  download: 'text/csv',
  body: () => z.object({ campaignId: numericId }),
  result: () => z.string().describe('CSV text (RFC 4180), header row first'),
  summary: "A campaign's codes as CSV (code, campaign_id, status, uses, expires_at)",
  spec,
  chosen:
    'Streamed; cells starting with = + - @ tab or CR get a leading quote. Codes made by the CLI before are not stored readable and are left out (usage.exportable). The export is audited.',
  tag,
});

export const consoleGiftCodesRevoke = defineCall({
  path: '/api/console/gift-codes/codes/revoke',
  method: 'POST',
  auth: 'console',
  roles: [...roles],
  body: () => z.object({ campaignId: numericId, code: giftCodeInput }),
  result: () => z.object({ success: z.literal(true), campaign: giftCampaignSchema }),
  summary: 'Revokes one code of a campaign',
  spec,
  chosen: 'GiftCodeNotFound when the code is not one of the campaign.',
  tag,
});
