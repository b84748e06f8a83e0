// Display helpers of the top-up screens: money from integer minor units (DESIGN §4), product
// order by SPEC §3/§9's price×1000 key, and order times (Unix seconds on the wire).
import { productSortKey, type Product } from '@hc/contract';

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
export function formatTime(seconds: number, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'medium' }).format(
    new Date(seconds * 1000),
  );
}

/** SPEC §3, §9: items ordered by price with the key price×1000 (stable for equal prices). */
export function sortProducts(list: readonly Product[]): Product[] {
  return list
    .map((product, index) => ({ product, index }))
    .sort((a, b) => productSortKey(a.product) - productSortKey(b.product) || a.index - b.index)
    .map(({ product }) => product);
}
