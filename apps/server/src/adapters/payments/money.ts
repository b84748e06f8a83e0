// Money helpers for the payment providers: integer minor units <-> the decimal strings some
// provider APIs want (PayPal), and display formatting. The exponent table follows ISO 4217 as
// card networks and PayPal apply it (JPY, KRW, VND have no minor unit).

const zeroDecimal = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'ISK',
  'JPY',
  'KMF',
  'KRW',
  'MGA',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);
const threeDecimal = new Set(['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND']);

/** Number of decimals of a currency's minor unit (USD 2, JPY 0, KWD 3). */
export function currencyExponent(currency: string): number {
  const code = currency.toUpperCase();
  if (!/^[A-Z]{3}$/.test(code)) throw new RangeError(`not an ISO 4217 currency code: ${currency}`);
  if (zeroDecimal.has(code)) return 0;
  if (threeDecimal.has(code)) return 3;
  return 2;
}

/** 1999 USD -> "19.99"; 1200 JPY -> "1200"; -5 USD -> "-0.05". */
export function toDecimalString(minor: number, currency: string): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`amount must be an integer: ${minor}`);
  const exponent = currencyExponent(currency);
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(minor));
  if (exponent === 0) return sign + digits;
  const padded = digits.padStart(exponent + 1, '0');
  return `${sign}${padded.slice(0, -exponent)}.${padded.slice(-exponent)}`;
}

/**
 * "19.99" USD -> 1999; "1200" JPY -> 1200; "10" USD -> 1000. More decimals than the currency
 * has (e.g. "1.5" JPY, "1.999" USD) is an error, never rounded: amounts are compared exactly.
 */
export function fromDecimalString(value: string, currency: string): number {
  const exponent = currencyExponent(currency);
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) throw new RangeError(`not a decimal amount: ${JSON.stringify(value)}`);
  const [, sign = '', whole = '', fraction = ''] = match;
  const significant = fraction.replace(/0+$/, '');
  if (significant.length > exponent)
    throw new RangeError(`${value} has more decimals than ${currency} allows (${exponent})`);
  const minor = Number(whole + fraction.padEnd(exponent, '0').slice(0, exponent));
  if (!Number.isSafeInteger(minor)) throw new RangeError(`amount too large: ${value}`);
  return sign === '-' && minor !== 0 ? -minor : minor;
}

/** Localised display, e.g. formatMoney(1999, 'USD', 'de-DE') -> "19,99 $". */
export function formatMoney(minor: number, currency: string, language: string): string {
  const exponent = currencyExponent(currency);
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: exponent,
    maximumFractionDigits: exponent,
  }).format(minor / 10 ** exponent);
}
