// Examples of the dashboard call (docs/console.md#dashboards).
import type { ConsoleExamples } from './examples';

const day = 1_767_225_600; // 2026-01-01T00:00:00Z
const pack = {
  productId: 3,
  gameId: 1,
  names: { 'en-US': 'Adventurer pack', 'zh-CN': '冒险者礼包' },
  currency: 'USD',
  paidCount: 12,
  grossAmount: 5988,
  netAmount: 5489,
};

export const dashboardExamples: Pick<ConsoleExamples, 'consoleDashboardGet'> = {
  consoleDashboardGet: {
    body: { from: day, to: day + 86_400, gameId: 1 },
    result: {
      from: day,
      to: day + 86_400,
      gameId: 1,
      games: [{ id: 1, name: 'Demo Game' }],
      revenue: [
        {
          day,
          gameId: 1,
          provider: 'stripe',
          currency: 'USD',
          paidCount: 12,
          grossAmount: 5988,
          refundedCount: 1,
          refundedAmount: 499,
          netAmount: 5489,
        },
        {
          day,
          gameId: 1,
          provider: 'epoint',
          currency: 'HCP',
          paidCount: 2,
          grossAmount: 998,
          refundedCount: 0,
          refundedAmount: 0,
          netAmount: 998,
        },
      ],
      orders: [{ day, created: 20, paid: 14, delivered: 13, refunded: 1 }],
      funnel: {
        topupViews: 310,
        buyRequests: 42,
        ordersCreated: 20,
        ordersPaid: 14,
        ordersDelivered: 13,
      },
      delivery: {
        paid: 14,
        delivered: 13,
        lagP50Seconds: 2.5,
        lagP95Seconds: 11,
        failed: 1,
        failureRate: 1 / 14,
      },
      topByRevenue: [pack],
      topByCount: [pack],
    },
  },
};
