// The analytics report: counts per event per UTC day and the top-up funnel
// (devices that saw the top-up page -> later asked to buy -> later completed a buy) for a range
// of whole UTC days. `npm run portal -- analytics-report` prints it (commands/analytics-report.ts).
// "Later" compares event times (Unix seconds): an event in the same second counts as later.
import { prefixedEventName } from '@hc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { createAnalyticsRepository } from './analytics.repository';

/** The top-up page's route (apps/web/src/lib/paths.ts `paths.recharge`, docs/product/top-up.md#top-up-screen). */
export const TOPUP_PAGE = '/main/recharge';

export interface AnalyticsReport {
  /** First and last UTC day of the range, inclusive (YYYY-MM-DD). */
  from: string;
  to: string;
  /** Stored events per UTC day and event name, by day then event. */
  days: Array<{ day: string; event: string; count: number }>;
  /** Per event name over the whole range. */
  totals: Record<string, number>;
  funnel: {
    page: string;
    /** Devices with a show_page of the top-up page in the range. */
    show_page: number;
    /** ... of those, with a buy_request at or after their first such show_page. */
    buy_request: number;
    /** ... of those, with a buy_done at or after their first such buy_request. */
    buy_done: number;
    /** Percentages with one decimal (null when the base is 0). */
    request_rate: number | null;
    done_rate: number | null;
    overall_rate: number | null;
  };
}

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/** Midnight UTC of a YYYY-MM-DD day, or undefined when it is not a real date. */
export function parseDay(day: string): Date | undefined {
  if (!DAY_RE.test(day)) return undefined;
  const d = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== day ? undefined : d;
}

const rate = (part: number, whole: number): number | null =>
  whole === 0 ? null : Math.round((part / whole) * 1000) / 10;

export async function analyticsReport(
  db: Kysely<DB>,
  range: { from: string; to: string },
): Promise<AnalyticsReport> {
  const start = parseDay(range.from);
  const last = parseDay(range.to);
  if (start === undefined || last === undefined || last < start)
    throw new RangeError('from and to must be YYYY-MM-DD days with from <= to');
  const end = new Date(last.getTime() + 86_400_000);

  const repo = createAnalyticsRepository(db);
  const counted = await repo.eventCountsPerDay(start, end);
  const days = counted.map((r) => ({ day: r.day, event: r.event, count: Number(r.count) }));
  const totals: Record<string, number> = {};
  for (const r of days) totals[r.event] = (totals[r.event] ?? 0) + r.count;

  const row = await repo.topupFunnel({
    page: TOPUP_PAGE,
    showPage: prefixedEventName('show_page'),
    buyRequest: prefixedEventName('buy_request'),
    buyDone: prefixedEventName('buy_done'),
    start,
    end,
  });
  const shown = Number(row?.shown ?? 0);
  const requested = Number(row?.requested ?? 0);
  const done = Number(row?.done ?? 0);
  return {
    from: range.from,
    to: range.to,
    days,
    totals,
    funnel: {
      page: TOPUP_PAGE,
      show_page: shown,
      buy_request: requested,
      buy_done: done,
      request_rate: rate(requested, shown),
      done_rate: rate(done, requested),
      overall_rate: rate(done, shown),
    },
  };
}

function table(header: string[], rows: string[][], alignRight: boolean[]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) =>
        alignRight[i] === true ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0),
      )
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)];
}

const pct = (v: number | null): string => (v === null ? '-' : `${v.toFixed(1)}%`);

/** The report as text lines: the per-day table, totals, then the funnel. */
export function formatAnalyticsReport(report: AnalyticsReport): string[] {
  const out: string[] = [`Analytics ${report.from} .. ${report.to} (UTC days, inclusive)`, ''];
  out.push('Events per day');
  if (report.days.length === 0) out.push('(no events in this range)');
  else
    out.push(
      ...table(
        ['day', 'event', 'count'],
        report.days.map((r) => [r.day, r.event, String(r.count)]),
        [false, false, true],
      ),
    );
  out.push('', 'Totals');
  out.push(
    ...table(
      ['event', 'count'],
      Object.entries(report.totals)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([e, n]) => [e, String(n)]),
      [false, true],
    ),
  );
  const f = report.funnel;
  out.push('', `Funnel (devices; top-up page ${f.page})`);
  out.push(
    ...table(
      ['step', 'devices', 'of previous', 'of first'],
      [
        ['show_page (top-up)', String(f.show_page), '', ''],
        ['buy_request after it', String(f.buy_request), pct(f.request_rate), pct(f.request_rate)],
        ['buy_done after that', String(f.buy_done), pct(f.done_rate), pct(f.overall_rate)],
      ],
      [false, true, true, true],
    ),
  );
  return out;
}
