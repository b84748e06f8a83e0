// Orders in the console: the calls and their query keys (docs/console.md#support-and-finance-orders).
// The list is keyset-paged ("Load more"); the filter lives in the address bar so the export and a
// shared link use the same one.
import { consoleApi, type OrdersFilter } from '@hc/contract';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { callConsole, downloadConsole } from '../../lib/api';

export const ORDERS_KEY = ['console', 'orders'] as const;
export const LIST_SIZE = 50;

export type OrdersFilterInput = Partial<OrdersFilter>;

export const ordersQuery = (filter: OrdersFilterInput) =>
  infiniteQueryOptions({
    queryKey: [...ORDERS_KEY, 'list', filter] as const,
    queryFn: ({ pageParam, signal }) =>
      callConsole(
        consoleApi.consoleOrdersList,
        {
          playerKind: 'auto',
          ...filter,
          size: LIST_SIZE,
          ...(pageParam !== undefined && { cursor: pageParam }),
        },
        { signal },
      ),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const orderQuery = (sdkOrderId: string) =>
  queryOptions({
    queryKey: [...ORDERS_KEY, 'get', sdkOrderId] as const,
    queryFn: ({ signal }) => callConsole(consoleApi.consoleOrdersGet, { sdkOrderId }, { signal }),
  });

export const redeliverOrder = (sdkOrderId: string, reason: string) =>
  callConsole(consoleApi.consoleOrdersRedeliver, { sdkOrderId, reason });
export const refundOrder = (sdkOrderId: string, reason: string) =>
  callConsole(consoleApi.consoleOrdersRefund, { sdkOrderId, reason });
export const exportOrders = (filter: OrdersFilterInput) =>
  downloadConsole(consoleApi.consoleOrdersExport, { playerKind: 'auto', ...filter }, 'orders.csv');

/** Money of `currency` in its minor units, in the chosen language. */
export function formatMoney(minor: number, currency: string, language: string): string {
  try {
    const format = new Intl.NumberFormat(language, { style: 'currency', currency });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(minor / 10 ** digits);
  } catch {
    return `${minor} ${currency}`;
  }
}

/** Fraction digits of `currency` (2 when the browser does not know it). */
function digitsOf(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
}

/** Major units typed by the operator ("4.99") in minor units of `currency` (499). */
export function toMinorUnits(text: string, currency: string): number | undefined {
  const value = Number(text.replace(',', '.'));
  if (text.trim() === '' || !Number.isFinite(value) || value < 0) return undefined;
  return Math.round(value * 10 ** digitsOf(currency));
}
