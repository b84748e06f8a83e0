// Gift-pack redeem codes on the home page (SPEC §1, §2 Home "Redeem Code").
import { z } from 'zod';
import { defineCall } from './call';
import { roleId, sdkOrderId, serverId } from './common';

export const redeemBodySchema = z.object({
  code: z.string().trim().min(1).max(64),
  server_id: serverId,
  role_id: roleId,
});
export const redeemResultSchema = z.object({
  sdk_order_id: sdkOrderId.describe('Delivery order created for the pack'),
  rewards: z.array(z.object({ name: z.string(), count: z.number().int().positive() })),
});
export type RedeemResult = z.infer<typeof redeemResultSchema>;
export const redeemCode = defineCall({
  path: '/api/redeem/code/use',
  method: 'POST',
  auth: 'required',
  body: redeemBodySchema,
  result: redeemResultSchema,
  summary: 'Redeem a gift code for a role; the pack is delivered like a game pack',
  spec: 'SPEC §1, §2 Home',
  tag: 'content',
  chosen:
    'Not in SPEC §7: path /api/redeem/code/use. Errors RedeemCodeInvalid/Used/Expired, RedeemLimitReached.',
});
