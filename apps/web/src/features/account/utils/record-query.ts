// Record filters to request bodies (docs/product/top-up.md#order-statuses, docs/product/api.md#account-calls /api/order/record and
// /api/order/coin/record): client status filters go through toServerFilter (filter 4 is sent
// as 2), a picked date range becomes Unix seconds of the local day start and end.
import { toServerFilter, toUnixSeconds, type ClientOrderStatus } from '@hc/contract';
import type { HcPointRecordBody, OrderRecordBody } from '../api/account-api';

export const RECORD_PAGE_SIZE = 10;

/** What DatePickerInput type="range" gives: `YYYY-MM-DD` strings (or Dates), null while open. */
export type DayRange = [string | Date | null, string | Date | null];

function localDay(value: string | Date): Date | null {
  if (value instanceof Date) {
    return Number.isNaN(value.getTime())
      ? null
      : new Date(value.getFullYear(), value.getMonth(), value.getDate());
  }
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return null;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

/** Local 00:00:00 of the first day to 23:59:59 of the last, in seconds; nothing for half a range. */
export function dayRangeToSeconds(range: DayRange): { begin?: number; end?: number } {
  const [from, to] = range;
  if (!from || !to) return {};
  const start = localDay(from);
  const last = localDay(to);
  if (!start || !last) return {};
  const end = new Date(last.getFullYear(), last.getMonth(), last.getDate(), 23, 59, 59);
  return { begin: toUnixSeconds(start), end: toUnixSeconds(end) };
}

export interface OrderRecordFilters {
  page: number;
  status: ClientOrderStatus | null;
  orderId: string;
  range: DayRange;
}

export function orderRecordBody(filters: OrderRecordFilters): OrderRecordBody {
  const orderId = filters.orderId.trim();
  return {
    page: filters.page,
    size: RECORD_PAGE_SIZE,
    ...dayRangeToSeconds(filters.range),
    ...(orderId ? { sdk_order_id: orderId } : {}),
    ...(filters.status !== null ? { status: toServerFilter(filters.status) } : {}),
  };
}

export function hcPointRecordBody(filters: { page: number; range: DayRange }): HcPointRecordBody {
  return { page: filters.page, size: RECORD_PAGE_SIZE, ...dayRangeToSeconds(filters.range) };
}

export function pageCount(total: number, size: number = RECORD_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size));
}
