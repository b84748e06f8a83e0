// The console dashboards (docs/console.md#dashboards, ADR 0055): revenue, orders, the top-up
// funnel, delivery lag and top products for a range of whole UTC days, optionally one game.
// Money is never added across currencies: every amount comes with its unit. The unit `HCP` is
// HC Point paid for game packs (channel `epoint`), not money.
import { z } from 'zod';
import { defineCall } from '../call';
import { INT4_MAX, numericId, unixSeconds } from '../common';
import { builtOnFirstUse } from '../lazy';

/** Longest range of one dashboard call, in days. */
export const DASHBOARD_MAX_DAYS = 366;
/** The range when the call names none: the last 30 UTC days, today included. */
export const DASHBOARD_DEFAULT_DAYS = 30;
/** The unit of HC Point amounts (game packs paid with HC Point). */
export const DASHBOARD_HC_POINT_UNIT = 'HCP';
/** How many products each top list holds (per unit for the revenue list). */
export const DASHBOARD_TOP_PRODUCTS = 10;

const spec = 'docs/console.md#dashboards';
const tag = 'console' as const;

const count = builtOnFirstUse(() => z.number().int().nonnegative());
const unit = builtOnFirstUse(() =>
  z
    .string()
    .regex(/^[A-Z]{3}$/)
    .describe('ISO 4217 currency code of the amounts (minor units), or HCP for HC Point'),
);
const money = builtOnFirstUse(() => z.number().int().describe('Minor units of `currency`'));

export const dashboardRevenueRowSchema = builtOnFirstUse(() =>
  z.object({
    /** The UTC day (Unix seconds of its midnight) the orders were paid on. */
    day: unixSeconds,
    gameId: numericId,
    /** Payment provider: sandbox, stripe, paypal, … or epoint (HC Point). */
    provider: z.string(),
    currency: unit,
    /** Paid orders of that day (refunded later or not). */
    paidCount: count,
    /** What they were paid: gross revenue. */
    grossAmount: money,
    /** Of those, the orders refunded since, and their amount. */
    refundedCount: count,
    refundedAmount: money,
    /** grossAmount - refundedAmount: net revenue. */
    netAmount: money,
  }),
);
export type DashboardRevenueRow = z.infer<typeof dashboardRevenueRowSchema>;

export const dashboardOrdersDaySchema = builtOnFirstUse(() =>
  z.object({
    day: unixSeconds,
    /** Orders created that day. */
    created: count,
    /** Orders paid that day, and of those the ones delivered and refunded since. */
    paid: count,
    delivered: count,
    refunded: count,
  }),
);

export const dashboardProductSchema = builtOnFirstUse(() =>
  z.object({
    productId: numericId,
    gameId: numericId,
    /** The product's names by language (the catalog's current names). */
    names: z.record(z.string(), z.string()),
    currency: unit,
    paidCount: count,
    grossAmount: money,
    netAmount: money,
  }),
);
export type DashboardProduct = z.infer<typeof dashboardProductSchema>;

export const dashboardResultSchema = builtOnFirstUse(() =>
  z.object({
    /** The range answered: `from` inclusive, `to` exclusive, both UTC midnights. */
    from: unixSeconds,
    to: unixSeconds,
    gameId: numericId.nullable(),
    /** Every game, for names and the filter. */
    games: z.array(z.object({ id: numericId, name: z.string() })),
    /** One row per day, game, provider and unit with paid orders; by day. */
    revenue: z.array(dashboardRevenueRowSchema),
    /** Every day of the range, in order (zero days included). */
    orders: z.array(dashboardOrdersDaySchema),
    funnel: z.object({
      /** Views of the top-up page (analytics show_page events). */
      topupViews: count,
      /** "Buy" presses (analytics buy_request events). */
      buyRequests: count,
      /** Orders created, paid, and of the paid ones delivered, in the range. */
      ordersCreated: count,
      ordersPaid: count,
      ordersDelivered: count,
    }),
    delivery: z.object({
      /** Orders paid in the range, and of those delivered. */
      paid: count,
      delivered: count,
      /** Seconds from paid to delivered (order timeline), median and 95th percentile; null: none delivered. */
      lagP50Seconds: z.number().nonnegative().nullable(),
      lagP95Seconds: z.number().nonnegative().nullable(),
      /** Orders paid in the range whose delivery job gave up (dead). */
      failed: count,
      /** failed / paid (0..1); null when nothing was paid. */
      failureRate: z.number().min(0).max(1).nullable(),
    }),
    /** Top products by net revenue, DASHBOARD_TOP_PRODUCTS per unit. */
    topByRevenue: z.array(dashboardProductSchema),
    /** Top products by paid orders, DASHBOARD_TOP_PRODUCTS in all. */
    topByCount: z.array(dashboardProductSchema),
  }),
);
export type DashboardResult = z.infer<typeof dashboardResultSchema>;

export const consoleDashboardGet = defineCall({
  path: '/api/console/dashboard/get',
  method: 'POST',
  auth: 'console',
  roles: ['finance'],
  body: () =>
    z.object({
      from: unixSeconds.optional().describe('First UTC day (its midnight, inclusive)'),
      to: unixSeconds.optional().describe('End: the UTC midnight after the last day (exclusive)'),
      gameId: numericId.max(INT4_MAX).optional(),
    }),
  result: () => dashboardResultSchema,
  summary: 'Revenue, orders, funnel, delivery lag and top products for a range of UTC days',
  spec,
  chosen:
    'from and to are UTC midnights (from inclusive, to exclusive), at most DASHBOARD_MAX_DAYS days apart; without them the last ' +
    'DASHBOARD_DEFAULT_DAYS days (today included). Otherwise DashboardRangeInvalid (data.maxDays). Revenue is by the day of payment; ' +
    'gross counts every paid order, net takes away the ones refunded since (ADR 0055).',
  tag,
});
