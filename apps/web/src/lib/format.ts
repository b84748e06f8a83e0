// Display helpers shared by the feature screens: money from integer minor units
// (ARCHITECTURE.md#contract), numbers, and times (Unix seconds on the wire) in the UI language,
// and the colour of an order status tag (docs/product/top-up.md#order-statuses,
// docs/product/top-up.md#order-lifecycle). The one place the web formats these.
import type { OrderDisplayStatus } from '@hc/contract';

// One formatter per language and style (and currency): building an Intl formatter costs far more
// than using one (it showed in the home and top-up pages' start-up profiles,
// docs/frontend-budgets.md); a pack list formats every price.
const timeFormatters = new Map<string, Intl.DateTimeFormat>();
const moneyFormatters = new Map<string, { format: Intl.NumberFormat; digits: number }>();
const numberFormatters = new Map<string, Intl.NumberFormat>();

/**
 * Builds the language's date formatter ahead of the first page: the first Intl formatter of a
 * language loads its locale data, a long piece of work that would otherwise fall in the first
 * render's task (main.tsx calls this in a task of its own).
 */
export function warmFormatters(language: string): void {
  formatUnixSeconds(0, language, 'date');
}

/** 499 + "USD" -> "$4.99" in the UI language; the currency's own fraction digits are used. */
export function formatMoney(minor: number, currency: string, language: string): string {
  try {
    const key = `${language}|${currency}`;
    let money = moneyFormatters.get(key);
    if (!money) {
      const format = new Intl.NumberFormat(language, { style: 'currency', currency });
      money = { format, digits: format.resolvedOptions().maximumFractionDigits ?? 2 };
      moneyFormatters.set(key, money);
    }
    return money.format.format(minor / 10 ** money.digits);
  } catch {
    return `${(minor / 100).toFixed(2)} ${currency}`;
  }
}

export function formatNumber(value: number, language: string): string {
  let format = numberFormatters.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language);
    numberFormatters.set(language, format);
  }
  return format.format(value);
}

/**
 * How a time is shown: `date` a calendar date (articles, pages), `dateTime` with the time of day
 * (order detail), `dateShortTime` without the seconds (record lists), `shortTime` the time of day
 * alone (a table cell showing the date and the time on lines of their own).
 */
export type TimeStyle = 'date' | 'dateTime' | 'dateShortTime' | 'shortTime';

const TIME_OPTIONS: Record<TimeStyle, Intl.DateTimeFormatOptions> = {
  date: { dateStyle: 'medium' },
  dateTime: { dateStyle: 'medium', timeStyle: 'medium' },
  dateShortTime: { dateStyle: 'medium', timeStyle: 'short' },
  shortTime: { timeStyle: 'short' },
};

const fromUnixSeconds = (seconds: number): Date => new Date(seconds * 1000);

/** Unix seconds -> a localized date (and time of day, by `style`). */
export function formatUnixSeconds(
  seconds: number,
  language: string,
  style: TimeStyle = 'dateTime',
): string {
  const key = `${language}|${style}`;
  let formatter = timeFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(language, TIME_OPTIONS[style]);
    timeFormatters.set(key, formatter);
  }
  return formatter.format(fromUnixSeconds(seconds));
}

/**
 * A calendar day as the API keeps it (`YYYY-MM-DD`, no time zone) -> the day in the reader's
 * language; anything else is shown as it is.
 */
export function formatCalendarDay(day: string, language: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const [, y, m, d] = match;
  const key = `${language}|day`;
  let formatter = timeFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
    timeFormatters.set(key, formatter);
  }
  return formatter.format(new Date(Date.UTC(Number(y), Number(m) - 1, Number(d))));
}

/** Unix seconds -> ISO 8601, for `<time dateTime>`. */
export const unixSecondsToIso = (seconds: number): string => fromUnixSeconds(seconds).toISOString();

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
