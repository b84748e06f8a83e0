// Reads an uploaded settlement report (docs/console.md#finance-reconciliation): a Stripe balance
// transactions CSV, a PayPal settlement report (STL, CSV flavour) or the sandbox settlement CSV,
// recognised from the first line. Parsing is strict: the first thing wrong stops it with the
// file's line number, so a malformed file never becomes a run.
import { CsvError } from 'csv-parse';
import { parse } from 'csv-parse/sync';
import { fromDecimalString } from '../../adapters/payments/money';
import { SettlementFileError, type SettlementLine, type SettlementReport } from './settlement';

interface Row {
  cells: string[];
  line: number;
}

function rowsOf(text: string): Row[] {
  try {
    const records = parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    return records.map((r) => ({ cells: r.record.map((c) => c.trim()), line: r.info.lines }));
  } catch (err) {
    if (err instanceof CsvError)
      throw new SettlementFileError(
        typeof err.lines === 'number' ? err.lines : 1,
        `not valid CSV: ${err.message}`,
      );
    throw err;
  }
}

/** Header names compared without case and with runs of spaces as one (PayPal doubles some). */
const norm = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

function columnsOf(header: Row, required: readonly string[]) {
  const index = new Map<string, number>();
  header.cells.forEach((name, i) => {
    if (!index.has(norm(name))) index.set(norm(name), i);
  });
  const missing = required.filter((r) => !index.has(r));
  if (missing.length > 0)
    throw new SettlementFileError(header.line, `missing column(s): ${missing.join(', ')}`);
  return (row: Row, name: string): string => {
    const i = index.get(name);
    return i === undefined ? '' : (row.cells[i] ?? '');
  };
}

function amountOf(row: Row, value: string, currency: string, what: string): number {
  try {
    return fromDecimalString(value, currency);
  } catch (err) {
    throw new SettlementFileError(
      row.line,
      `${what} ${JSON.stringify(value)}: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
}

function currencyOf(row: Row, value: string): string {
  const code = value.toUpperCase();
  if (!/^[A-Z]{3}$/.test(code))
    throw new SettlementFileError(row.line, `not a currency code: ${JSON.stringify(value)}`);
  return code;
}

function minorOf(row: Row, value: string, what: string): number {
  if (!/^\d{1,15}$/.test(value))
    throw new SettlementFileError(
      row.line,
      `${what} must be whole minor units: ${JSON.stringify(value)}`,
    );
  return Number(value);
}

function requireText(row: Row, value: string, what: string): string {
  if (value === '') throw new SettlementFileError(row.line, `${what} is empty`);
  if (value.length > 128) throw new SettlementFileError(row.line, `${what} is too long`);
  return value;
}

// ---- Stripe ---------------------------------------------------------------------------------

const STRIPE_COLUMNS = ['id', 'type', 'source', 'amount', 'currency', 'created (utc)'] as const;
/** Balance transaction types that are payments and refunds; others (fees, payouts) are skipped. */
export const STRIPE_PAYMENT_TYPES = new Set(['charge', 'payment']);
export const STRIPE_REFUND_TYPES = new Set(['refund', 'payment_refund']);
const STRIPE_ID = /^(ch|py|pi|cs|re|pyr|txn)_[A-Za-z0-9_]+$/;

/** `2026-01-15 08:00`, `2026-01-15 08:00:12` (UTC), or an ISO 8601 time with its zone. */
function stripeTime(row: Row, value: string): Date {
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})(:\d{2})?(Z|[+-]\d{2}:?\d{2})?$/.exec(value);
  const d =
    m === null ? new Date(NaN) : new Date(`${m[1]}T${m[2]}${m[3] ?? ':00'}${zoneOf(m[4] ?? 'Z')}`);
  if (Number.isNaN(d.getTime()))
    throw new SettlementFileError(row.line, `not a time: ${JSON.stringify(value)}`);
  return d;
}

function zoneOf(zone: string): string {
  if (zone === 'Z') return 'Z';
  return zone.includes(':') ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`;
}

function parseStripe(rows: Row[]): SettlementReport {
  const [header, ...body] = rows as [Row, ...Row[]];
  const col = columnsOf(header, STRIPE_COLUMNS);
  const orderColumn = header.cells.map(norm).find((n) => n === 'order_id (metadata)');
  const lines: SettlementLine[] = [];
  let first: Date | undefined;
  let last: Date | undefined;
  for (const row of body) {
    const type = col(row, 'type').toLowerCase();
    requireText(row, col(row, 'id'), 'id');
    if (type === '') throw new SettlementFileError(row.line, 'Type is empty');
    const occurredAt = stripeTime(row, col(row, 'created (utc)'));
    const currency = currencyOf(row, col(row, 'currency'));
    const amount = amountOf(row, col(row, 'amount'), currency, 'Amount');
    if (first === undefined || occurredAt < first) first = occurredAt;
    if (last === undefined || occurredAt > last) last = occurredAt;
    const isPayment = STRIPE_PAYMENT_TYPES.has(type);
    if (!isPayment && !STRIPE_REFUND_TYPES.has(type)) continue;
    const source = requireText(row, col(row, 'source'), 'Source');
    const orderRef = orderColumn === undefined ? '' : col(row, orderColumn);
    lines.push({
      type: isPayment ? 'payment' : 'refund',
      line: row.line,
      orderRef: orderRef === '' ? null : orderRef,
      // Any Stripe id on the line (a payment intent or session column of the export) may be the
      // one stored on the order.
      refs: [...new Set(row.cells.filter((c) => STRIPE_ID.test(c)))],
      providerRef: source,
      amount: Math.abs(amount),
      currency,
      occurredAt,
    });
  }
  if (first === undefined || last === undefined)
    throw new SettlementFileError(header.line + 1, 'the report has no transactions');
  return {
    provider: 'stripe',
    format: 'stripe_csv',
    periodFrom: first,
    // The period ends just after the last transaction (`to` is exclusive).
    periodTo: new Date(last.getTime() + 1000),
    lines,
  };
}

// ---- PayPal settlement report (STL) --------------------------------------------------------

const STL_ROW_TYPES = new Set(['RH', 'FH', 'SH', 'CH', 'SB', 'SF', 'SC', 'RF', 'RC', 'FF']);
const STL_COLUMNS = [
  'transaction id',
  'invoice id',
  'paypal reference id',
  'transaction event code',
  'transaction initiation date',
  'transaction debit or credit',
  'gross transaction amount',
  'gross transaction currency',
] as const;

/** `2026/01/15 08:00:00 -0800` (PayPal's report time), or ISO 8601. */
function stlTime(row: Row, value: string): Date {
  const m = /^(\d{4})\/(\d{2})\/(\d{2}) (\d{2}:\d{2}:\d{2}) ?([+-]\d{4}|Z)?$/.exec(value);
  const d =
    m === null
      ? new Date(/^\d{4}-\d{2}-\d{2}T/.test(value) ? value : NaN)
      : new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}${zoneOf(m[5] ?? 'Z')}`);
  if (Number.isNaN(d.getTime()))
    throw new SettlementFileError(row.line, `not a time: ${JSON.stringify(value)}`);
  return d;
}

/** T00xx: payments received; T11xx: refunds and reversals of them (PayPal event codes). */
export function paypalLineType(code: string): 'payment' | 'refund' | undefined {
  if (/^T00\d{2}$/.test(code)) return 'payment';
  if (code === 'T1106' || code === 'T1107') return 'refund';
  return undefined;
}

function parsePaypalStl(rows: Row[]): SettlementReport {
  let col: ((row: Row, name: string) => string) | undefined;
  let period: { from: Date; to: Date } | undefined;
  let sectionRows = 0;
  let inSection = false;
  let sawFooter = false;
  const lines: SettlementLine[] = [];
  for (const row of rows) {
    const kind = row.cells[0] ?? '';
    if (!STL_ROW_TYPES.has(kind))
      throw new SettlementFileError(row.line, `unknown row type ${JSON.stringify(kind)}`);
    if (sawFooter) throw new SettlementFileError(row.line, 'rows after the file footer (FF)');
    switch (kind) {
      case 'RH':
      case 'FH':
      case 'RF':
      case 'SF':
        break;
      case 'FF':
        sawFooter = true;
        break;
      case 'SH': {
        const from = stlTime(row, row.cells[1] ?? '');
        const to = stlTime(row, row.cells[2] ?? '');
        if (from >= to)
          throw new SettlementFileError(row.line, 'the section ends before it begins');
        period = {
          from: period === undefined || from < period.from ? from : period.from,
          to: period === undefined || to > period.to ? to : period.to,
        };
        inSection = true;
        sectionRows = 0;
        break;
      }
      case 'CH':
        col = columnsOf({ cells: row.cells.slice(1), line: row.line }, STL_COLUMNS);
        break;
      case 'SC': {
        const count = Number(row.cells[1]);
        if (!inSection) throw new SettlementFileError(row.line, 'SC row outside a section');
        if (count !== sectionRows)
          throw new SettlementFileError(
            row.line,
            `the section says ${row.cells[1] ?? ''} rows but has ${sectionRows}`,
          );
        inSection = false;
        break;
      }
      case 'RC':
        break;
      case 'SB': {
        if (col === undefined || !inSection)
          throw new SettlementFileError(row.line, 'SB row before the section and column headers');
        sectionRows++;
        const body: Row = { cells: row.cells.slice(1), line: row.line };
        const type = paypalLineType(col(body, 'transaction event code'));
        const transactionId = requireText(body, col(body, 'transaction id'), 'Transaction ID');
        const currency = currencyOf(body, col(body, 'gross transaction currency'));
        const amount = minorOf(
          body,
          col(body, 'gross transaction amount'),
          'Gross Transaction Amount',
        );
        const sign = col(body, 'transaction debit or credit');
        if (sign !== 'CR' && sign !== 'DR')
          throw new SettlementFileError(
            row.line,
            `Transaction Debit or Credit must be CR or DR: ${JSON.stringify(sign)}`,
          );
        const occurredAt = stlTime(body, col(body, 'transaction initiation date'));
        if (type === undefined) break;
        const invoice = col(body, 'invoice id');
        const custom = col(body, 'custom field');
        const reference = col(body, 'paypal reference id');
        lines.push({
          type,
          line: row.line,
          orderRef: invoice !== '' ? invoice : custom !== '' ? custom : null,
          refs: reference === '' ? [transactionId] : [transactionId, reference],
          providerRef: transactionId,
          amount,
          currency,
          occurredAt,
        });
        break;
      }
    }
  }
  const lastLine = rows[rows.length - 1]?.line ?? 1;
  if (period === undefined) throw new SettlementFileError(lastLine, 'no section header (SH) row');
  if (inSection) throw new SettlementFileError(lastLine, 'the last section has no SC row');
  return {
    provider: 'paypal',
    format: 'paypal_stl',
    periodFrom: period.from,
    periodTo: period.to,
    lines,
  };
}

// ---- Sandbox settlement CSV ----------------------------------------------------------------

export const SANDBOX_REPORT_COLUMNS = [
  'payment_id',
  'order_id',
  'type',
  'amount',
  'currency',
  'method',
  'occurred_at',
] as const;

function isoTime(row: Row, value: string): Date {
  const d = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/.test(value)
    ? new Date(value)
    : new Date(NaN);
  if (Number.isNaN(d.getTime()))
    throw new SettlementFileError(row.line, `not an ISO 8601 UTC time: ${JSON.stringify(value)}`);
  return d;
}

function parseSandbox(rows: Row[]): SettlementReport {
  const [header, start, end, ...body] = rows as [Row, Row | undefined, Row | undefined, ...Row[]];
  if (header.cells.join(',') !== SANDBOX_REPORT_COLUMNS.join(','))
    throw new SettlementFileError(
      header.line,
      `the header must be ${SANDBOX_REPORT_COLUMNS.join(',')}`,
    );
  const periodRow = (row: Row | undefined, type: string, line: number): Date => {
    if (row === undefined || row.cells[2] !== type)
      throw new SettlementFileError(row?.line ?? line, `expected the ${type} row`);
    return isoTime(row, row.cells[6] ?? '');
  };
  const from = periodRow(start, 'period_start', header.line + 1);
  const to = periodRow(end, 'period_end', header.line + 2);
  if (from >= to) throw new SettlementFileError(end?.line ?? 3, 'the period ends before it begins');
  const lines: SettlementLine[] = body.map((row) => {
    if (row.cells.length !== SANDBOX_REPORT_COLUMNS.length)
      throw new SettlementFileError(
        row.line,
        `expected ${SANDBOX_REPORT_COLUMNS.length} columns, found ${row.cells.length}`,
      );
    const [paymentId = '', orderId = '', type = '', amount = '', currency = '', , at = ''] =
      row.cells;
    if (type !== 'payment' && type !== 'refund')
      throw new SettlementFileError(
        row.line,
        `type must be payment or refund: ${JSON.stringify(type)}`,
      );
    const minor = /^-?\d{1,15}$/.test(amount) ? Number(amount) : NaN;
    if (!Number.isSafeInteger(minor) || (type === 'payment') !== minor > 0)
      throw new SettlementFileError(
        row.line,
        `amount must be whole minor units, positive for a payment and negative for a refund: ${JSON.stringify(amount)}`,
      );
    return {
      type,
      line: row.line,
      orderRef: requireText(row, orderId, 'order_id'),
      refs: [requireText(row, paymentId, 'payment_id')],
      providerRef: paymentId,
      amount: Math.abs(minor),
      currency: currencyOf(row, currency),
      occurredAt: isoTime(row, at),
    };
  });
  return { provider: 'sandbox', format: 'sandbox_csv', periodFrom: from, periodTo: to, lines };
}

/** Reads a report file of any accepted format; SettlementFileError names the line. */
export function parseSettlementReport(bytes: Buffer): SettlementReport {
  if (bytes.length === 0) throw new SettlementFileError(1, 'the file is empty');
  const text = bytes.toString('utf8');
  if (text.includes('\uFFFD')) throw new SettlementFileError(1, 'the file is not UTF-8 text');
  const rows = rowsOf(text);
  const first = rows[0];
  if (first === undefined) throw new SettlementFileError(1, 'the file is empty');
  const lead = first.cells[0] ?? '';
  if (lead === SANDBOX_REPORT_COLUMNS[0]) return parseSandbox(rows);
  if (lead === 'RH') return parsePaypalStl(rows);
  if (norm(lead) === 'id' && first.cells.some((c) => norm(c) === 'created (utc)'))
    return parseStripe(rows);
  throw new SettlementFileError(
    first.line,
    'not a known settlement report: expected a Stripe balance transactions CSV (header starting with "id"), ' +
      `a PayPal settlement report (first row "RH") or a sandbox report (header "${SANDBOX_REPORT_COLUMNS.join(',')}")`,
  );
}
