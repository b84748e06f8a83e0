// The one money and time formatting of the web (lib/format.ts): money from minor units in the UI
// language, Unix seconds as a date, a date and time, and ISO 8601.
import { describe, expect, it } from 'vitest';
import { formatMoney, formatUnixSeconds, unixSecondsToIso } from './format';

describe('formatMoney', () => {
  it('uses the currency fraction digits and the language', () => {
    expect(formatMoney(499, 'USD', 'en-US')).toBe('$4.99');
    expect(formatMoney(500, 'JPY', 'ja-JP')).toMatch(/500/);
    expect(formatMoney(123456, 'EUR', 'de-DE')).toBe('1.234,56\u00a0€');
  });
});

describe('formatUnixSeconds', () => {
  const seconds = 1_700_000_000;
  const at = new Date(seconds * 1000);
  it('formats a date, a date and time, or a date and short time in the language', () => {
    expect(formatUnixSeconds(seconds, 'en-US', 'date')).toBe(
      new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(at),
    );
    expect(formatUnixSeconds(seconds, 'de-DE')).toBe(
      new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'medium' }).format(at),
    );
    expect(formatUnixSeconds(seconds, 'en-US', 'dateShortTime')).toBe(
      new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(at),
    );
  });
  it('gives ISO 8601 for <time dateTime>', () => {
    expect(unixSecondsToIso(seconds)).toBe('2023-11-14T22:13:20.000Z');
  });
});
