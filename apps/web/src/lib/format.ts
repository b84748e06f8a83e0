// Display helpers shared by the top-up and account screens: money from integer minor units
// (ARCHITECTURE.md#contract), numbers and times (Unix seconds on the wire) in the UI language, and the colour
// of an order status tag (docs/product/top-up.md#order-statuses, docs/product/top-up.md#order-lifecycle).
import type { OrderDisplayStatus } from '@hc/contract';

/** 499 + "USD" -> "$4.99" in the UI language; the currency's own fraction digits are used. */
export function formatMoney(minor: number, currency: string, language: string): string {
  try {
    const format = new Intl.NumberFormat(language, { style: 'currency', currency });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(minor / 10 ** digits);
  } catch {
    return `${(minor / 100).toFixed(2)} ${currency}`;
  }
}

export function formatNumber(value: number, language: string): string {
  return new Intl.NumberFormat(language).format(value);
}

/** Unix seconds -> a localized date and time. */
export function formatTime(
  seconds: number,
  language: string,
  timeStyle: 'medium' | 'short' = 'medium',
): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle }).format(
    new Date(seconds * 1000),
  );
}

const tones: Record<OrderDisplayStatus, string> = {
  unpaid: 'orange',
  processing: 'blue',
  failed: 'red',
  completed: 'green',
  refunded: 'gray',
};

/** Mantine colour of an order status tag. */
export function statusTone(display: OrderDisplayStatus): string {
  return tones[display];
}
