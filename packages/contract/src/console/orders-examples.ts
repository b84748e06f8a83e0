// Examples of the console's order calls (docs/console.md#support-and-finance-orders), spread into
// consoleExamples.
import type { CallBody, CallResult } from '../call';
import type { ConsoleApi, ConsoleCallName } from './api';

type OrdersCallName = Extract<ConsoleCallName, `consoleOrders${string}`>;
export type OrdersExamples = {
  [K in OrdersCallName]: { body: CallBody<ConsoleApi[K]>; result: CallResult<ConsoleApi[K]> };
};

const now = 1_767_225_600; // 2026-01-01T00:00:00Z
const sdkOrderId = 'HC20260101A1B2C3D4E5F6';
const row = {
  id: 88_412,
  sdkOrderId,
  accountId: 1001,
  account: 'demo',
  gameId: 1,
  gameName: 'Demo Game',
  serverId: 1,
  serverName: 'Dawn',
  roleName: 'Aria',
  itemName: 'Adventurer Pack',
  kind: 'game' as const,
  price: 499,
  currency: 'USD',
  hcPrice: null,
  channel: 'card',
  status: 6,
  createdAt: now,
  paidAt: now + 40,
};
const deliverJob = {
  id: 301,
  kind: 'deliver',
  state: 'dead' as const,
  attempts: 8,
  lastError: 'game gateway: timeout after 3000 ms',
  runAt: now + 3600,
  createdAt: now + 40,
  updatedAt: now + 3600,
  result: null,
};
const reason = 'Game was down during maintenance; the player asked for the pack.';

export const ordersExamples: OrdersExamples = {
  consoleOrdersList: {
    body: { status: 6, gameId: 1, channel: 'sandbox', from: now, playerKind: 'auto', size: 50 },
    result: { list: [row], nextCursor: null },
  },
  consoleOrdersGet: {
    body: { sdkOrderId },
    result: {
      order: {
        ...row,
        gameAccountId: 5001,
        uid: '100001',
        roleId: 'r-5001-1',
        cpGoodsId: 'pack_adventurer',
        items: [{ item_id: 'gem', count: 330 }],
        hcAmount: null,
        hcGift: 0,
        provider: 'sandbox',
        language: 'en-US',
        expiresAt: now + 1800,
        completedAt: null,
        updatedAt: now + 40,
      },
      timeline: [
        { status: 1, note: null, at: now },
        { status: 6, note: null, at: now + 40 },
      ],
      references: { checkoutId: 'sbx_Q2hlY2tvdXQ', paymentId: null, refundIds: [] },
      webhookEvents: [
        {
          id: 77,
          provider: 'sandbox',
          eventId: 'evt_0f3c',
          type: 'payment.succeeded',
          outcome: 'paid',
          receivedAt: now + 40,
          payload: { id: 'evt_0f3c', type: 'payment.succeeded' },
        },
      ],
      jobs: [deliverJob],
      audit: [],
      actions: { redeliver: true, refund: true },
    },
  },
  consoleOrdersRedeliver: {
    body: { sdkOrderId, reason },
    result: {
      job: {
        ...deliverJob,
        state: 'pending',
        attempts: 0,
        runAt: now + 7200,
        updatedAt: now + 7200,
      },
    },
  },
  consoleOrdersRefund: {
    body: { sdkOrderId, reason: 'Charged twice; the player asked for a refund.' },
    result: {
      outcome: 'refunded',
      status: 5,
      provider: 'sandbox',
      refundId: 'rf_Q2hlY2tvdXQ',
      takenBack: 0,
      shortfall: 0,
      returned: 0,
    },
  },
  consoleOrdersExport: {
    body: { status: 2, from: now, currency: 'USD', amountMin: 100, playerKind: 'auto' },
    result:
      'order_number,created_at,paid_at,status,account_id,account,game_id,server_id,server_name,role_name,item_name,kind,price,currency,hc_price,channel,provider\n' +
      `${sdkOrderId},2026-01-01T00:00:00.000Z,2026-01-01T00:00:40.000Z,2,1001,demo,1,1,Dawn,Aria,Adventurer Pack,game,499,USD,,card,sandbox\n`,
  },
};
