// HC Point balances (docs/product/session.md#user-info, docs/product/hc-point.md#balance, docs/product/api.md#hc-point-calls).
import { z } from 'zod';
import { defineCall, emptyBodySchema } from './call';
import { hcPoint, numericId } from './common';
import { builtOnFirstUse } from './lazy';

export const coinBalanceResultSchema = builtOnFirstUse(() => z.object({ amount: hcPoint }));
export const operateCoinBalance = defineCall({
  path: '/api/operate/coinBalance',
  method: 'POST',
  auth: 'required',
  body: () => emptyBodySchema,
  result: () => coinBalanceResultSchema,
  summary: 'Total HC Point of the signed-in account',
  spec: 'docs/product/hc-point.md#balance, docs/product/api.md#hc-point-calls',
  tag: 'wallet',
  chosen: 'Body empty; amount = basicNum + presentNum.',
});

export const epointBalanceResultSchema = builtOnFirstUse(() =>
  z.object({
    basicNum: hcPoint.describe('Bought HC Point'),
    presentNum: hcPoint.describe('Bonus HC Point'),
  }),
);
export type EpointBalance = z.infer<typeof epointBalanceResultSchema>;
export const epointBalance = defineCall({
  path: '/api/operate/epoint/balance',
  method: 'POST',
  auth: 'required',
  body: () => z.object({ userId: numericId.describe('Game account id') }),
  result: () => epointBalanceResultSchema,
  summary: 'HC Point balance for a game account; ePointNum = basicNum + presentNum',
  spec: 'docs/product/hc-point.md#balance, docs/product/api.md#hc-point-calls',
  tag: 'wallet',
  chosen: 'Method and path were left open: POST /api/operate/epoint/balance.',
});

/** docs/product/hc-point.md#balance: ePointNum is basicNum plus presentNum. */
export function ePointNum(b: EpointBalance): number {
  return b.basicNum + b.presentNum;
}
