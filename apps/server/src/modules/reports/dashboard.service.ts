// The console dashboard (docs/console.md#dashboards, ADR 0055): one answer with every chart's
// data for a range of whole UTC days. Amounts stay per unit (currency, or HCP for HC Point);
// nothing here adds two units together.
import {
  DASHBOARD_DEFAULT_DAYS,
  DASHBOARD_MAX_DAYS,
  DASHBOARD_TOP_PRODUCTS,
  ErrorCode,
  prefixedEventName,
  type DashboardProduct,
  type DashboardResult,
} from '@hc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { TOPUP_PAGE } from '../analytics/analytics.report';
import { createReportsRepository, type DayRange } from './reports.repository';

const DAY = 86_400;

const num = (v: number | string | bigint | null | undefined): number =>
  v === null || v === undefined ? 0 : Number(v);

const isoDay = (seconds: number): string => new Date(seconds * 1000).toISOString().slice(0, 10);

/**
 * A percentile of a histogram (bucket lower bounds in seconds with their counts, ascending), as
 * PostgreSQL's percentile_cont computes it over the bucketed values: linear interpolation between
 * the two values around position p * (n - 1). Null when the histogram is empty.
 */
export function percentile(
  histogram: ReadonlyArray<{ bucket: number; orders: number }>,
  p: number,
): number | null {
  const n = histogram.reduce((sum, h) => sum + h.orders, 0);
  if (n === 0) return null;
  const position = p * (n - 1);
  const valueAt = (index: number): number => {
    let seen = 0;
    for (const h of histogram) {
      seen += h.orders;
      if (index < seen) return h.bucket;
    }
    return histogram[histogram.length - 1]?.bucket ?? 0;
  };
  const low = Math.floor(position);
  const lower = valueAt(low);
  const upper = valueAt(Math.min(n - 1, low + 1));
  return lower + (upper - lower) * (position - low);
}

/** The range asked for, checked: whole UTC days, from < to, at most DASHBOARD_MAX_DAYS. */
export function dashboardRange(
  body: { from?: number; to?: number },
  now: Date,
): { from: number; to: number } {
  const today = Math.floor(now.getTime() / 1000 / DAY) * DAY;
  const to = body.to ?? today + DAY;
  const from = body.from ?? to - DASHBOARD_DEFAULT_DAYS * DAY;
  if (from % DAY !== 0 || to % DAY !== 0 || from >= to || (to - from) / DAY > DASHBOARD_MAX_DAYS)
    throw new AppError(ErrorCode.DashboardRangeInvalid, { maxDays: DASHBOARD_MAX_DAYS });
  return { from, to };
}

export function createDashboardService(deps: { db: Kysely<DB>; clock: Clock }) {
  const repo = createReportsRepository(deps.db);

  return {
    async get(body: { from?: number; to?: number; gameId?: number }): Promise<DashboardResult> {
      const { from, to } = dashboardRange(body, deps.clock.now());
      const range: DayRange = {
        from: isoDay(from),
        to: isoDay(to),
        ...(body.gameId !== undefined && { gameId: body.gameId }),
      };
      const [games, revenue, perDay, products, lags, dead, events] = await Promise.all([
        repo.games(),
        repo.revenue(range),
        repo.ordersPerDay(range),
        repo.products(range),
        repo.lagHistogram(range),
        repo.deadDeliveries(range),
        repo.funnelEvents(range, {
          page: TOPUP_PAGE,
          showPage: prefixedEventName('show_page'),
          buyRequest: prefixedEventName('buy_request'),
        }),
      ]);

      const byDay = new Map(perDay.map((r) => [num(r.day), r]));
      const orders: DashboardResult['orders'] = [];
      for (let day = from; day < to; day += DAY) {
        const r = byDay.get(day);
        orders.push({
          day,
          created: num(r?.created),
          paid: num(r?.paid),
          delivered: num(r?.delivered),
          refunded: num(r?.refunded),
        });
      }
      const total = (k: 'created' | 'paid' | 'delivered') =>
        orders.reduce((sum, d) => sum + d[k], 0);
      const paid = total('paid');
      const failed = num(dead);

      const ranked = products.map((p) => ({
        productId: num(p.product_id),
        gameId: num(p.game_id),
        currency: p.currency,
        paidCount: num(p.paid),
        grossAmount: num(p.gross),
        netAmount: num(p.net),
      }));
      const byRevenue: typeof ranked = [];
      for (const unit of [...new Set(ranked.map((p) => p.currency))].sort()) {
        byRevenue.push(
          ...ranked
            .filter((p) => p.currency === unit)
            .sort((a, b) => b.netAmount - a.netAmount || a.productId - b.productId)
            .slice(0, DASHBOARD_TOP_PRODUCTS),
        );
      }
      const byCount = [...ranked]
        .sort((a, b) => b.paidCount - a.paidCount || a.productId - b.productId)
        .slice(0, DASHBOARD_TOP_PRODUCTS);
      const ids = [...new Set([...byRevenue, ...byCount].map((p) => p.productId))];
      const names = new Map(
        (await repo.productNames(ids)).map((p) => [
          Number(p.id),
          p.names as Record<string, string>,
        ]),
      );
      const named = (p: (typeof ranked)[number]): DashboardProduct => ({
        ...p,
        names: names.get(p.productId) ?? {},
      });

      return {
        from,
        to,
        gameId: body.gameId ?? null,
        games: games.map((g) => ({ id: Number(g.id), name: g.name })),
        revenue: revenue.map((r) => ({
          day: num(r.day),
          gameId: num(r.game_id),
          provider: r.provider,
          currency: r.currency,
          paidCount: num(r.paid),
          grossAmount: num(r.gross),
          refundedCount: num(r.refunded),
          refundedAmount: num(r.refunded_amount),
          netAmount: num(r.gross) - num(r.refunded_amount),
        })),
        orders,
        funnel: {
          topupViews: num(events?.views),
          buyRequests: num(events?.requests),
          ordersCreated: total('created'),
          ordersPaid: paid,
          ordersDelivered: total('delivered'),
        },
        delivery: {
          paid,
          delivered: total('delivered'),
          lagP50Seconds: percentile(lags, 0.5),
          lagP95Seconds: percentile(lags, 0.95),
          failed,
          failureRate: paid === 0 ? null : Math.min(1, failed / paid),
        },
        topByRevenue: byRevenue.map(named),
        topByCount: byCount.map(named),
      };
    },
  };
}
