// Minor units <-> provider decimal strings (PayPal amounts), with each currency's exponent.
import { describe, expect, it } from 'vitest';
import {
  currencyExponent,
  formatMoney,
  fromDecimalString,
  toDecimalString,
} from '../../src/adapters/payments/money';

describe('money', () => {
  it('knows the exponent of zero-, two- and three-decimal currencies', () => {
    expect(currencyExponent('JPY')).toBe(0);
    expect(currencyExponent('krw')).toBe(0);
    expect(currencyExponent('VND')).toBe(0);
    expect(currencyExponent('USD')).toBe(2);
    expect(currencyExponent('TWD')).toBe(2);
    expect(currencyExponent('KWD')).toBe(3);
    expect(() => currencyExponent('US')).toThrow(RangeError);
  });

  it('writes minor units as decimal strings', () => {
    expect(toDecimalString(1999, 'USD')).toBe('19.99');
    expect(toDecimalString(5, 'USD')).toBe('0.05');
    expect(toDecimalString(0, 'EUR')).toBe('0.00');
    expect(toDecimalString(100000, 'THB')).toBe('1000.00');
    expect(toDecimalString(1200, 'JPY')).toBe('1200');
    expect(toDecimalString(55000, 'VND')).toBe('55000');
    expect(toDecimalString(1234, 'KWD')).toBe('1.234');
    expect(toDecimalString(-250, 'USD')).toBe('-2.50');
    expect(() => toDecimalString(1.5, 'USD')).toThrow(RangeError);
  });

  it('reads decimal strings back exactly, refusing extra precision', () => {
    expect(fromDecimalString('19.99', 'USD')).toBe(1999);
    expect(fromDecimalString('19.9', 'USD')).toBe(1990);
    expect(fromDecimalString('10', 'USD')).toBe(1000);
    expect(fromDecimalString('0.05', 'USD')).toBe(5);
    expect(fromDecimalString('1200', 'JPY')).toBe(1200);
    expect(fromDecimalString('1200.00', 'JPY')).toBe(1200);
    expect(fromDecimalString('1.234', 'KWD')).toBe(1234);
    expect(fromDecimalString('-2.50', 'USD')).toBe(-250);
    expect(() => fromDecimalString('1.5', 'JPY')).toThrow(RangeError);
    expect(() => fromDecimalString('1.999', 'USD')).toThrow(RangeError);
    expect(() => fromDecimalString('1,99', 'USD')).toThrow(RangeError);
    expect(() => fromDecimalString('', 'USD')).toThrow(RangeError);
  });

  it('round-trips every amount', () => {
    for (const currency of ['USD', 'JPY', 'KWD', 'VND'])
      for (const minor of [0, 1, 9, 10, 99, 100, 101, 123456789])
        expect(fromDecimalString(toDecimalString(minor, currency), currency)).toBe(minor);
  });

  it('formats for display in the player language', () => {
    expect(formatMoney(1999, 'USD', 'en-US')).toBe('$19.99');
    expect(formatMoney(1999, 'USD', 'de-DE')).toBe('19,99\u00a0$');
    expect(formatMoney(1200, 'JPY', 'ja-JP')).toBe('￥1,200');
  });
});
