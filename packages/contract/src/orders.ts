// Orders: create, pay with HC Point, records and detail (docs/product/top-up.md#top-up-screen, docs/product/top-up.md#order-status-screen, docs/product/account.md#top-up-history, docs/product/api.md#account-calls).
import { z } from 'zod';
import { defineCall, pageOf } from './call';
import {
  cpGoodsId,
  currencyCode,
  minorUnits,
  numericId,
  pageQuery,
  roleId,
  sdkOrderId,
  serverId,
  unixSeconds,
} from './common';
import { SERVER_ORDER_STATUSES } from './status';
import { epointBalanceResultSchema } from './wallet';
import { builtOnFirstUse } from './lazy';

export const serverOrderStatusSchema = builtOnFirstUse(() =>
  z.literal(SERVER_ORDER_STATUSES).describe('Server order status 1..6 (map with toClientStatus)'),
);
export const orderTypeSchema = builtOnFirstUse(() =>
  z.enum(['game', 'coin']).describe('game = game pack, coin = HC Point pack'),
);

export const createOrderBodySchema = builtOnFirstUse(() =>
  z.object({
    role_id: roleId,
    server_id: serverId,
    cp_goods_id: cpGoodsId,
    channel_code: z.string().min(1).max(32).describe('From orderWebPayChannel'),
    role_name: z.string().max(100),
    server_name: z.string().max(100),
  }),
);
export type CreateOrderBody = z.infer<typeof createOrderBodySchema>;
export const createOrderResultSchema = builtOnFirstUse(() =>
  z.object({
    pay_url: z.string().describe('Checkout page to open; for HC Point, the order detail page'),
    sdk_order_id: sdkOrderId,
  }),
);
export const orderWebCreate = defineCall({
  path: '/api/order/webCreate',
  method: 'POST',
  auth: 'required',
  body: () => createOrderBodySchema,
  result: () => createOrderResultSchema,
  summary: 'Create an unpaid order with a price snapshot and start payment',
  spec: 'docs/product/top-up.md#order-statuses, docs/product/api.md#top-up-calls',
  tag: 'orders',
});

export const paymentOrderEpointPay = defineCall({
  path: '/api/payment/order/epoint/pay',
  method: 'POST',
  auth: 'required',
  body: () => z.object({ paymentId: sdkOrderId }),
  result: () =>
    z.object({
      sdk_order_id: sdkOrderId,
      status: serverOrderStatusSchema,
      balance: epointBalanceResultSchema,
    }),
  summary: 'Pay an unpaid order with HC Point',
  spec: 'docs/product/hc-point.md#balance, docs/product/api.md#hc-point-calls, docs/product/errors.md#error-catalogue ePointNumInsufficient',
  tag: 'orders',
  chosen:
    'Result { sdk_order_id, status (server), balance { basicNum, presentNum } after payment }.',
});

const timeRange = {
  begin: unixSeconds.optional().describe('Unix seconds, inclusive'),
  end: unixSeconds.optional().describe('Unix seconds, inclusive (the whole second)'),
};

/** begin after end is refused with an issue on `end`. */
function beginNotAfterEnd(v: { begin?: number | undefined; end?: number | undefined }): boolean {
  return v.begin === undefined || v.end === undefined || v.begin <= v.end;
}
const beginAfterEndIssue = { message: 'end must not be before begin', path: ['end'] };

export const orderRecordBodySchema = builtOnFirstUse(() =>
  z
    .object({
      ...pageQuery,
      ...timeRange,
      sdk_order_id: sdkOrderId.optional().describe('Exact order number'),
      status: serverOrderStatusSchema
        .optional()
        .describe(
          'Server status (client filters go through toServerFilter). Matches the orders showing ' +
            'the same tag (displayStatus): 3 and 4 both match failed (3) and closed (4); 1 matches ' +
            'unpaid only (paid-but-undelivered 6 reads "processing" and is asked for as 6).',
        ),
    })
    .refine(beginNotAfterEnd, beginAfterEndIssue),
);
export const orderRecordRowSchema = builtOnFirstUse(() =>
  z.object({
    sdk_order_id: sdkOrderId,
    name: z.string().describe('Item name'),
    amount: minorUnits,
    currency: currencyCode,
    status: serverOrderStatusSchema,
    channel_name: z.string(),
    create_ts: unixSeconds,
    game_name: z.string(),
    server_name: z.string(),
    role_name: z.string(),
    uid: numericId.describe('Game account id'),
    order_type: orderTypeSchema,
  }),
);
export type OrderRecordRow = z.infer<typeof orderRecordRowSchema>;
export const orderRecord = defineCall({
  path: '/api/order/record',
  method: 'POST',
  auth: 'required',
  body: () => orderRecordBodySchema,
  result: () => pageOf(orderRecordRowSchema),
  summary: 'Top-up history of the signed-in account, newest first',
  spec: 'docs/product/account.md#top-up-history, docs/product/api.md#account-calls',
  tag: 'orders',
  chosen:
    'Rows add currency, game_name, server_name, role_name, uid, order_type to the required row; page 1, size 10 by default. ' +
    'All games of the account, newest first (create_ts, then creation order). begin/end are inclusive; begin after end -> InvalidParams (issue on end). ' +
    'status matches by shown tag: 3 or 4 -> failed and closed; others exactly (1 never matches 6).',
});

export const coinRecordRowSchema = builtOnFirstUse(() =>
  z.object({
    sdk_order_id: sdkOrderId.describe('Order number of the movement (or its ledger key)'),
    create_ts: unixSeconds,
    change: z.number().int().describe('Signed HC Point change'),
    balance: z.number().int().nonnegative().describe('HC Point balance after the change'),
    type: z.enum(['income', 'expense']),
  }),
);
export type CoinRecordRow = z.infer<typeof coinRecordRowSchema>;
export const orderCoinRecord = defineCall({
  path: '/api/order/coin/record',
  method: 'POST',
  auth: 'required',
  body: () => z.object({ ...pageQuery, ...timeRange }).refine(beginNotAfterEnd, beginAfterEndIssue),
  result: () => pageOf(coinRecordRowSchema),
  summary: 'HC Point ledger of the signed-in account, newest first',
  spec: 'docs/product/hc-point.md#hc-point-record, docs/product/api.md#hc-point-calls',
  tag: 'orders',
  chosen:
    'Rows as docs/product/hc-point.md#hc-point-record; page 1, size 10 by default. One row per ledger transfer of the game account ' +
    'of the request (gameid header, else the first bound), newest first; sdk_order_id = the order ' +
    'number (idempotency key before ":"), else the key; change = signed sum of basic + present; ' +
    'balance = basic + present after it; type income (change > 0) or expense. Transfers that do ' +
    'not change the total are not listed. begin after end -> InvalidParams.',
});

export const orderDetailResultSchema = builtOnFirstUse(() =>
  z.object({
    sdk_order_id: sdkOrderId,
    name: z.string(),
    status: serverOrderStatusSchema,
    channel_name: z.string(),
    account: z.string(),
    game_name: z.string(),
    server_name: z.string(),
    role_name: z.string(),
    amount: minorUnits,
    currency: currencyCode,
    create_ts: unixSeconds,
    pay_url: z.string().nullable().describe('Set while the order can still be paid'),
    timeline: z.array(z.object({ status: serverOrderStatusSchema, ts: unixSeconds })),
  }),
);
export type OrderDetail = z.infer<typeof orderDetailResultSchema>;
export const orderDetail = defineCall({
  path: '/api/order/detail',
  method: 'POST',
  auth: 'required',
  body: () => z.object({ sdk_order_id: sdkOrderId }),
  result: () => orderDetailResultSchema,
  summary: 'One order with its status timeline (payment detail screen)',
  spec: 'docs/product/top-up.md#order-status-screen',
  tag: 'orders',
  chosen:
    'Extension: path /api/order/detail. Result: status, method, account, game, server, amount plus timeline.',
});

export const orderCancelResultSchema = builtOnFirstUse(() =>
  z.object({
    sdk_order_id: sdkOrderId,
    status: serverOrderStatusSchema.describe('The order status after the call'),
  }),
);
export const orderCancel = defineCall({
  path: '/api/order/cancel',
  method: 'POST',
  auth: 'required',
  body: () => z.object({ sdk_order_id: sdkOrderId }),
  result: () => orderCancelResultSchema,
  summary: 'Cancel an unpaid order of the signed-in player (top-up page, unpaid orders)',
  spec: 'docs/product/top-up.md#unpaid-orders, docs/product/api.md#top-up-calls',
  tag: 'orders',
  chosen:
    'Extension. Body { sdk_order_id }; an unpaid order of the caller becomes closed (4) with a "cancelled" ' +
    'step on its timeline, in one transaction. Idempotent: an order that is no longer unpaid (cancelled before, ' +
    'expired, paid meanwhile) is left as it is and its status answered. Unknown or another player’s -> ' +
    'OrderNotFound. A payment arriving later is still applied (late payments, ADR 0019).',
});
