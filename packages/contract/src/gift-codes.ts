// Gift-pack redeem codes on the home page (docs/product/content.md#redeem-codes, docs/product/content.md#home "Redeem Code").
// A code is entered for a chosen server and role of the signed-in player; its batch's pack is
// delivered to that role by the worker, exactly once (delivery id `redeem:<n>`).
import { z } from 'zod';
import { defineCall } from './call';
import { roleId, serverId } from './common';
import { builtOnFirstUse } from './lazy';

/** What players type: normalised on the server (trim, upper-case, spaces and dashes removed). */
export const GIFT_CODE_PATTERN = /^[A-Z0-9]{6,32}$/;

/** `RD-AB12 cd34` and `rdab12cd34` are the same code `RDAB12CD34`. */
export function normaliseGiftCode(raw: string): string {
  return raw
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '');
}

export const redeemBodySchema = builtOnFirstUse(() =>
  z.object({
    code: z.string().trim().min(1).max(64),
    server_id: serverId,
    role_id: roleId,
  }),
);
export const redeemResultSchema = builtOnFirstUse(() =>
  z.object({
    redemption_id: z
      .string()
      .regex(/^redeem:\d+$/)
      .describe('The redemption, also the delivery id the game records (`redeem:<n>`)'),
    rewards: z.array(z.object({ name: z.string(), count: z.number().int().positive() })),
  }),
);
export type RedeemResult = z.infer<typeof redeemResultSchema>;
export const redeemCode = defineCall({
  path: '/api/redeem/code/use',
  method: 'POST',
  auth: 'required',
  body: () => redeemBodySchema,
  result: () => redeemResultSchema,
  summary:
    'Redeem a gift code for a role; the pack is delivered to the role by the worker (exactly once)',
  spec: 'docs/product/content.md#redeem-codes, docs/product/content.md#home',
  tag: 'gift-codes',
  chosen:
    'Extension: path /api/redeem/code/use. The server and role are checked with the game ' +
    '(RoleNotFound, serverMaintenance). Errors: RedeemCodeInvalid (wrong shape or unknown), ' +
    'RedeemCodeExpired, RedeemLimitReached (this account already redeemed it / its batch limit), ' +
    'RedeemCodeUsed (single-use code taken or batch cap reached), RedeemWrongGame (code of ' +
    'another game), TooManyRequests with data.retry_after (10 failures per account or 30 per IP ' +
    'within 15 minutes).',
});
