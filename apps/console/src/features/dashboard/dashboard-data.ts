// The dashboard's data (docs/console.md#dashboards): the call, its range, and the shapes each
// chart draws, built from one answer. Amounts stay per unit (a currency, or HCP for HC Point):
// nothing here adds two units together. The CSV of each chart is built from the same rows.
import {
  consoleApi,
  DASHBOARD_DEFAULT_DAYS,
  DASHBOARD_HC_POINT_UNIT,
  DASHBOARD_MAX_DAYS,
  type DashboardProduct,
  type DashboardResult,
} from '@hc/contract';
import { queryOptions } from '@tanstack/react-query';
import { callConsole } from '../../lib/api';

export const DAY_SECONDS = 86_400;

/** The request: `from` inclusive, `to` exclusive, UTC midnights; optional game. */
export interface DashboardQuery {
  from: number;
  to: number;
  gameId?: number;
}

export const dashboardQuery = (q: DashboardQuery) =>
  queryOptions({
    queryKey: ['console', 'dashboard', q] as const,
    queryFn: ({ signal }) => callConsole(consoleApi.consoleDashboardGet, q, { signal }),
    staleTime: 60_000,
  });

/** `YYYY-MM-DD` of a UTC day (Unix seconds of its midnight). */
export function isoDay(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

/** Unix seconds of the UTC midnight of a `YYYY-MM-DD` day. */
export function dayOf(iso: string): number {
  return Date.parse(`${iso}T00:00:00Z`) / 1000;
}

/** The last DASHBOARD_DEFAULT_DAYS UTC days, today included. */
export function defaultRange(now = Date.now()): [string, string] {
  const today = Math.floor(now / 1000 / DAY_SECONDS) * DAY_SECONDS;
  return [isoDay(today - (DASHBOARD_DEFAULT_DAYS - 1) * DAY_SECONDS), isoDay(today)];
}

/** The query of a chosen range of days (both included), or why it cannot be asked. */
export function rangeQuery(
  range: [string | null, string | null],
  gameId: number | null,
): DashboardQuery | 'incomplete' | 'tooLong' {
  const [first, last] = range;
  if (!first || !last) return 'incomplete';
  const from = dayOf(first);
  const to = dayOf(last) + DAY_SECONDS;
  if (!(to > from)) return 'incomplete';
  if ((to - from) / DAY_SECONDS > DASHBOARD_MAX_DAYS) return 'tooLong';
  return { from, to, ...(gameId !== null && { gameId }) };
}

/** How many minor units one major unit has (USD 2, JPY 0); HC Point has no minor unit. */
export function minorDigits(unit: string): number {
  if (unit === DASHBOARD_HC_POINT_UNIT) return 0;
  try {
    return (
      new Intl.NumberFormat('en-US', { style: 'currency', currency: unit }).resolvedOptions()
        .maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
}

/** Minor units as a number of major units (for chart axes). */
export function toMajor(minor: number, unit: string): number {
  return minor / 10 ** minorDigits(unit);
}

/** An amount in minor units, written in `language` (HC Point: `hcPointLabel` with the number). */
export function formatAmount(
  minor: number,
  unit: string,
  language: string,
  hcPointLabel: (count: string) => string,
): string {
  if (unit === DASHBOARD_HC_POINT_UNIT)
    return hcPointLabel(new Intl.NumberFormat(language).format(minor));
  const digits = minorDigits(unit);
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency: unit,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(minor / 10 ** digits);
}

export function formatCount(value: number, language: string): string {
  return new Intl.NumberFormat(language).format(value);
}

export function formatPercent(ratio: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 }).format(
    ratio,
  );
}

/** A short day label (e.g. "Jan 10", "1月10日"), of the UTC day. */
export function formatDay(seconds: number, language: string): string {
  return new Intl.DateTimeFormat(language, {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(seconds * 1000));
}

/** Seconds as "4.5 s", "2 min 5 s", "1 h 3 min". */
export function formatSeconds(seconds: number, language: string): string {
  const n = (v: number, unit: 'second' | 'minute' | 'hour', digits = 0) =>
    new Intl.NumberFormat(language, {
      style: 'unit',
      unit,
      unitDisplay: 'narrow',
      maximumFractionDigits: digits,
    }).format(v);
  if (seconds < 60) return n(seconds, 'second', 1);
  if (seconds < 3600)
    return `${n(Math.floor(seconds / 60), 'minute')} ${n(Math.round(seconds % 60), 'second')}`;
  return `${n(Math.floor(seconds / 3600), 'hour')} ${n(Math.round((seconds % 3600) / 60), 'minute')}`;
}

/** Every unit with paid orders in the answer: currencies first (sorted), HC Point last. */
export function unitsOf(d: DashboardResult): string[] {
  const units = [...new Set(d.revenue.map((r) => r.currency))].sort();
  return [
    ...units.filter((u) => u !== DASHBOARD_HC_POINT_UNIT),
    ...units.filter((u) => u === DASHBOARD_HC_POINT_UNIT),
  ];
}

export type Measure = 'net' | 'gross';
export type Grouping = 'game' | 'channel';

export interface SeriesData {
  /** One row per day: `day` (label), `dayStart` (seconds) and one key per series. */
  rows: Array<Record<string, number | string>>;
  /** The series keys, in a stable order, with their labels. */
  series: Array<{ key: string; label: string }>;
}

/**
 * Revenue per day of one unit, one series per game or channel, in major units; every day of the
 * range, zero days included.
 */
export function revenueSeries(
  d: DashboardResult,
  unit: string,
  measure: Measure,
  grouping: Grouping,
  labels: {
    day: (s: number) => string;
    game: (id: number) => string;
    channel: (p: string) => string;
  },
): SeriesData {
  const rows: SeriesData['rows'] = d.orders.map((o) => ({
    day: labels.day(o.day),
    dayStart: o.day,
  }));
  const index = new Map(d.orders.map((o, i) => [o.day, i]));
  const keys = new Map<string, string>();
  for (const r of d.revenue) {
    if (r.currency !== unit) continue;
    const key = grouping === 'game' ? `g${r.gameId}` : `p_${r.provider}`;
    if (!keys.has(key))
      keys.set(key, grouping === 'game' ? labels.game(r.gameId) : labels.channel(r.provider));
    const row = rows[index.get(r.day) ?? -1];
    if (row === undefined) continue;
    const minor = measure === 'net' ? r.netAmount : r.grossAmount;
    row[key] = Number(row[key] ?? 0) + minor;
  }
  const series = [...keys].map(([key, label]) => ({ key, label }));
  for (const row of rows)
    for (const { key } of series) row[key] = toMajor(Number(row[key] ?? 0), unit);
  return { rows, series };
}

/** Totals of the range per unit: paid orders, gross, refunded, net (minor units). */
export function unitTotals(d: DashboardResult) {
  return unitsOf(d).map((unit) => {
    const rows = d.revenue.filter((r) => r.currency === unit);
    const sum = (
      k: 'paidCount' | 'grossAmount' | 'refundedCount' | 'refundedAmount' | 'netAmount',
    ) => rows.reduce((s, r) => s + r[k], 0);
    return {
      currency: unit,
      paidCount: sum('paidCount'),
      grossAmount: sum('grossAmount'),
      refundedCount: sum('refundedCount'),
      refundedAmount: sum('refundedAmount'),
      netAmount: sum('netAmount'),
    };
  });
}

/** The top list of one unit by net revenue, and the list by paid orders. */
export function topProducts(d: DashboardResult, by: 'revenue' | 'count', unit: string) {
  return by === 'revenue' ? d.topByRevenue.filter((p) => p.currency === unit) : d.topByCount;
}

/** A product's name in `language`, else English, else its id. */
export function productName(p: DashboardProduct, language: string): string {
  return p.names[language] ?? p.names['en-US'] ?? `#${p.productId}`;
}

// ---- CSV ----------------------------------------------------------------------------------

/**
 * One CSV cell. Text that a spreadsheet would evaluate (starting with =, +, -, @, tab or CR)
 * gets a leading `'`, as the server's exports do (docs/console.md#audit-log); numbers are
 * written as they are.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function toCsv(header: string[], rows: Array<Array<string | number | null>>): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** The CSV files of the charts, named by chart; amounts in minor units with their currency. */
export function chartCsv(
  d: DashboardResult,
  chart: 'revenue' | 'orders' | 'funnel' | 'delivery' | 'products',
  gameName: (id: number) => string,
): string {
  switch (chart) {
    case 'revenue':
      return toCsv(
        [
          'day',
          'game_id',
          'game',
          'channel',
          'currency',
          'paid_orders',
          'gross_minor',
          'refunded_orders',
          'refunded_minor',
          'net_minor',
        ],
        d.revenue.map((r) => [
          isoDay(r.day),
          r.gameId,
          gameName(r.gameId),
          r.provider,
          r.currency,
          r.paidCount,
          r.grossAmount,
          r.refundedCount,
          r.refundedAmount,
          r.netAmount,
        ]),
      );
    case 'orders':
      return toCsv(
        ['day', 'created', 'paid', 'delivered', 'refunded'],
        d.orders.map((o) => [isoDay(o.day), o.created, o.paid, o.delivered, o.refunded]),
      );
    case 'funnel':
      return toCsv(
        ['step', 'count'],
        [
          ['topup_page_views', d.funnel.topupViews],
          ['buy_requests', d.funnel.buyRequests],
          ['orders_created', d.funnel.ordersCreated],
          ['orders_paid', d.funnel.ordersPaid],
          ['orders_delivered', d.funnel.ordersDelivered],
        ],
      );
    case 'delivery':
      return toCsv(
        ['paid', 'delivered', 'lag_p50_seconds', 'lag_p95_seconds', 'failed', 'failure_rate'],
        [
          [
            d.delivery.paid,
            d.delivery.delivered,
            d.delivery.lagP50Seconds,
            d.delivery.lagP95Seconds,
            d.delivery.failed,
            d.delivery.failureRate,
          ],
        ],
      );
    case 'products': {
      const row = (list: string, p: DashboardProduct) => [
        list,
        p.productId,
        p.names['en-US'] ?? '',
        p.gameId,
        p.currency,
        p.paidCount,
        p.grossAmount,
        p.netAmount,
      ];
      return toCsv(
        [
          'list',
          'product_id',
          'name',
          'game_id',
          'currency',
          'paid_orders',
          'gross_minor',
          'net_minor',
        ],
        [
          ...d.topByRevenue.map((p) => row('by_revenue', p)),
          ...d.topByCount.map((p) => row('by_count', p)),
        ],
      );
    }
  }
}

/** Offers `text` as a CSV file download (the answer already on the page: no second call). */
export function saveCsv(text: string, filename: string): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
