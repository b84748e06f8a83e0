// What every settlement source (report file or provider API) is read into
// (docs/console.md#finance-reconciliation): the period it covers and its payment and refund
// lines. Fees, payouts, transfers and other lines are not reconciled and not kept.
import type { ReconciliationProvider } from '@hc/contract';

export interface SettlementLine {
  type: 'payment' | 'refund';
  /** The line of the file it came from (1-based), or null when fetched. */
  line: number | null;
  /** The portal order number when the provider carries it (metadata, invoice id). */
  orderRef: string | null;
  /** The provider's ids of this line that may be stored on an order (checkout, payment). */
  refs: string[];
  /** The id shown to the operator (charge, capture, sandbox payment). */
  providerRef: string;
  /** Positive minor units (refunds are positive amounts of type refund). */
  amount: number;
  currency: string;
  occurredAt: Date;
}

export interface SettlementReport {
  provider: ReconciliationProvider;
  format: 'stripe_csv' | 'paypal_stl' | 'sandbox_csv' | 'api';
  /** `from` inclusive, `to` exclusive. */
  periodFrom: Date;
  periodTo: Date;
  lines: SettlementLine[];
}

/** A report file that cannot be read: the 1-based line and what is wrong with it. */
export class SettlementFileError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
    this.name = 'SettlementFileError';
  }
}
