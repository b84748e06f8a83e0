// Orders in the console (docs/console.md#support-and-finance-orders, ADR 0053): search and filter
// every order (keyset-paged, newest first), the order page (timeline, provider references,
// webhook events, delivery attempts, audit entries), re-delivery of a failed or dead delivery,
// a full refund through the order's provider (or back to the wallet for HC Point orders), and
// the CSV export of a filter. Roles `support` and `finance` (owner always).
import { z } from 'zod';
import { defineCall } from '../call';
import { currencyCode, INT4_MAX, minorUnits, numericId, unixSeconds } from '../common';
import { keysetPageOf } from './players';
import { builtOnFirstUse } from '../lazy';

/** What paid the order: a payment provider, or `epoint` (HC Point). */
export const ORDER_CHANNELS = ['sandbox', 'stripe', 'paypal', 'epoint'] as const;
export type OrderChannel = (typeof ORDER_CHANNELS)[number];
/** How `player` is read: auto (an id, a login name or a game uid), or one of them only. */
export const ORDER_PLAYER_KINDS = ['auto', 'accountId', 'account', 'uid'] as const;
/** Server order statuses (docs/product/top-up.md#order-statuses). */
export const orderStatusCode = builtOnFirstUse(() => z.number().int().min(1).max(6));

const spec = 'docs/console.md#support-and-finance-orders';
const tag = 'console' as const;
const roles = ['support', 'finance'] as const;

const filterFields = {
  status: orderStatusCode.optional(),
  /** Created from this time on (inclusive). */
  from: unixSeconds.optional(),
  /** Created before this time (exclusive). */
  to: unixSeconds.optional(),
  gameId: z.number().int().positive().max(INT4_MAX).optional(),
  serverId: z.number().int().positive().max(INT4_MAX).optional(),
  channel: z.enum(ORDER_CHANNELS).optional(),
  /** Required with an amount range: minor units mean nothing without their currency. */
  currency: currencyCode.optional(),
  amountMin: minorUnits.max(INT4_MAX).optional(),
  amountMax: minorUnits.max(INT4_MAX).optional(),
  /** An account id, a login name (any case) or a game uid; see `playerKind`. */
  player: z.string().trim().min(1).max(128).optional(),
  playerKind: z.enum(ORDER_PLAYER_KINDS).default('auto'),
  /** The order number (exact). */
  orderNumber: z.string().trim().min(1).max(64).optional(),
};
export const ordersFilterSchema = builtOnFirstUse(() => z.object(filterFields));
export type OrdersFilter = z.infer<typeof ordersFilterSchema>;

export const consoleOrderRowSchema = builtOnFirstUse(() =>
  z.object({
    /** Also the paging cursor. */
    id: numericId,
    sdkOrderId: z.string(),
    accountId: numericId,
    account: z.string(),
    gameId: z.number().int(),
    gameName: z.string(),
    serverId: z.number().int(),
    serverName: z.string(),
    roleName: z.string(),
    itemName: z.string(),
    kind: z.enum(['game', 'coin']),
    price: minorUnits,
    currency: z.string(),
    /** Price in HC Point when paid with HC Point. */
    hcPrice: z.number().int().nullable(),
    channel: z.string(),
    status: orderStatusCode,
    createdAt: unixSeconds,
    paidAt: unixSeconds.nullable(),
  }),
);
export type ConsoleOrderRow = z.infer<typeof consoleOrderRowSchema>;

export const orderJobSchema = builtOnFirstUse(() =>
  z.object({
    id: numericId,
    kind: z.string(),
    state: z.enum(['pending', 'running', 'done', 'dead', 'discarded']),
    attempts: z.number().int(),
    lastError: z.string().nullable(),
    runAt: unixSeconds,
    createdAt: unixSeconds,
    updatedAt: unixSeconds,
    result: z.unknown(),
  }),
);
export type OrderJob = z.infer<typeof orderJobSchema>;

export const consoleOrderDetailSchema = builtOnFirstUse(() =>
  z.object({
    order: consoleOrderRowSchema.extend({
      gameAccountId: numericId,
      uid: z.string(),
      roleId: z.string(),
      cpGoodsId: z.string(),
      items: z.unknown(),
      hcAmount: z.number().int().nullable(),
      hcGift: z.number().int(),
      provider: z.string(),
      language: z.string(),
      expiresAt: unixSeconds,
      completedAt: unixSeconds.nullable(),
      updatedAt: unixSeconds,
    }),
    timeline: z.array(
      z.object({ status: orderStatusCode, note: z.string().nullable(), at: unixSeconds }),
    ),
    references: z.object({
      /** The checkout the order was paid through (Stripe Checkout session, PayPal order, …). */
      checkoutId: z.string().nullable(),
      /** The payment's own id once paid (Stripe PaymentIntent, PayPal capture). */
      paymentId: z.string().nullable(),
      /** Refund ids known to the portal (from operator refunds and refund events). */
      refundIds: z.array(z.string()),
    }),
    /** Provider webhook events applied to (or refused for) this order, in arrival order. */
    webhookEvents: z.array(
      z.object({
        id: numericId,
        provider: z.string(),
        eventId: z.string(),
        type: z.string(),
        outcome: z.string(),
        receivedAt: unixSeconds,
        payload: z.unknown(),
      }),
    ),
    /** The order's background jobs: delivery, receipt, take-back. */
    jobs: z.array(orderJobSchema),
    /** Audit entries whose target is this order (`order:<number>`), newest first. */
    audit: z.array(
      z.object({
        id: numericId,
        at: unixSeconds,
        actorKind: z.string(),
        actor: z.string(),
        ip: z.string().nullable(),
        action: z.string(),
        before: z.unknown(),
        after: z.unknown(),
      }),
    ),
    /** What this order allows now. */
    actions: z.object({ redeliver: z.boolean(), refund: z.boolean() }),
  }),
);
export type ConsoleOrderDetail = z.infer<typeof consoleOrderDetailSchema>;

/** Columns of the CSV export, in order (times ISO 8601 UTC, money in minor units). */
export const ORDERS_CSV_COLUMNS = [
  'order_number',
  'created_at',
  'paid_at',
  'status',
  'account_id',
  'account',
  'game_id',
  'server_id',
  'server_name',
  'role_name',
  'item_name',
  'kind',
  'price',
  'currency',
  'hc_price',
  'channel',
  'provider',
] as const;

const reason = builtOnFirstUse(() => z.string().trim().min(3).max(500));
const orderRef = { sdkOrderId: z.string().trim().min(1).max(64) };

export const consoleOrdersList = defineCall({
  path: '/api/console/orders/list',
  method: 'POST',
  auth: 'console',
  roles: [...roles],
  body: () =>
    z.object({
      ...filterFields,
      cursor: numericId.optional(),
      size: z.number().int().min(1).max(100).default(50),
    }),
  result: () => keysetPageOf(consoleOrderRowSchema),
  summary: 'Orders, newest first, filtered; keyset-paged',
  spec,
  chosen:
    'Keyset on (created_at, id) from the cursor order; every filter narrows (AND). An amount range needs `currency` (OrdersFilterInvalid).',
  tag,
});

export const consoleOrdersGet = defineCall({
  path: '/api/console/orders/get',
  method: 'POST',
  auth: 'console',
  roles: [...roles],
  body: () => z.object(orderRef),
  result: () => consoleOrderDetailSchema,
  summary: 'An order: fields, timeline, provider references, webhook events, jobs, audit',
  spec,
  chosen: 'ConsoleOrderNotFound for an unknown order number.',
  tag,
});

export const consoleOrdersRedeliver = defineCall({
  path: '/api/console/orders/redeliver',
  method: 'POST',
  auth: 'console',
  roles: [...roles],
  body: () => z.object({ ...orderRef, reason }),
  result: () => z.object({ job: orderJobSchema }),
  summary: "Queues a paid game pack's failed or dead delivery again, due now",
  spec,
  chosen:
    'The same deliver job (attempts reset, due now): the game dedupes on the delivery id. OrderRedeliverNotAllowed (`data.reason`) otherwise. Audited (order.redeliver).',
  tag,
});

export const consoleOrdersRefund = defineCall({
  path: '/api/console/orders/refund',
  method: 'POST',
  auth: 'console',
  roles: [...roles],
  body: () => z.object({ ...orderRef, reason }),
  result: () =>
    z.object({
      /** `already_refunded`: nothing changed by this call. */
      outcome: z.enum(['refunded', 'already_refunded']),
      status: orderStatusCode,
      provider: z.string(),
      refundId: z.string().nullable(),
      /** HC Point taken back from the wallet (HC Point pack credit or rebate). */
      takenBack: z.number().int(),
      /** HC Point already spent, recorded as debt. */
      shortfall: z.number().int(),
      /** HC Point given back to the wallet (paid with HC Point). */
      returned: z.number().int(),
    }),
  summary:
    'Refunds a paid or delivered order in full through its provider (HC Point: to the wallet)',
  spec,
  chosen:
    'The provider refunds, then the refund is applied at once (the webhook then changes nothing). Idempotent: a refunded order answers already_refunded. OrderRefundNotAllowed for other statuses. Audited (order.refund).',
  tag,
});

export const consoleOrdersExport = defineCall({
  path: '/api/console/orders/export',
  method: 'POST',
  auth: 'console',
  roles: [...roles],
  download: 'text/csv',
  body: () => ordersFilterSchema,
  result: () => z.string().describe('CSV text (RFC 4180), header row first'),
  summary: 'The orders of a filter as a CSV file, newest first',
  spec,
  chosen:
    'Streamed in batches (constant memory). Cells starting with = + - @ tab or CR get a leading single quote. Audited (order.export).',
  tag,
});
