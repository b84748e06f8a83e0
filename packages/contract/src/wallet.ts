// HC Point balances (SPEC §3 Client user info and Coin balance, §7).
import { z } from 'zod';
import { defineCall, emptyBodySchema } from './call';
import { hcPoint, numericId } from './common';

export const coinBalanceResultSchema = z.object({ amount: hcPoint });
export const operateCoinBalance = defineCall({
  path: '/api/operate/coinBalance',
  method: 'POST',
  auth: 'required',
  body: emptyBodySchema,
  result: coinBalanceResultSchema,
  summary: 'Total HC Point of the signed-in account',
  spec: 'SPEC §3 Coin balance, §7',
  tag: 'wallet',
  chosen: 'Body empty; amount = basicNum + presentNum.',
});

export const epointBalanceResultSchema = z.object({
  basicNum: hcPoint.describe('Bought HC Point'),
  presentNum: hcPoint.describe('Bonus HC Point'),
});
export type EpointBalance = z.infer<typeof epointBalanceResultSchema>;
export const epointBalance = defineCall({
  path: '/api/operate/epoint/balance',
  method: 'POST',
  auth: 'required',
  body: z.object({ userId: numericId.describe('Game account id') }),
  result: epointBalanceResultSchema,
  summary: 'HC Point balance for a game account; ePointNum = basicNum + presentNum',
  spec: 'SPEC §3, §7',
  tag: 'wallet',
  chosen: 'SPEC does not show method and path: POST /api/operate/epoint/balance.',
});

/** SPEC §3: ePointNum is basicNum plus presentNum. */
export function ePointNum(b: EpointBalance): number {
  return b.basicNum + b.presentNum;
}
