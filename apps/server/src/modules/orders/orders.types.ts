// Types shared by the orders use cases (create-order.ts, payment-events.ts, ...) and their
// facade, orders.service.ts.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { GameGateway } from '../../adapters/game-gateway/types';
import type { PaymentProviders } from '../../adapters/payments';
import type { Config } from '../../config';
import type { DB } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { RateCounter } from '../../lib/rate-counter';

export interface OrdersDeps {
  db: Kysely<DB>;
  clock: Clock;
  config: Config;
  gateway: GameGateway;
  providers: PaymentProviders;
  log: FastifyBaseLogger;
  /** The per-player creation limit's counter (shared by every node); the API passes one. */
  rate?: RateCounter;
}

export interface CreateOrderInput {
  accountId: number;
  gameId: number;
  gameAccountId: number;
  body: {
    role_id: string;
    server_id: number;
    cp_goods_id: string;
    channel_code: string;
  };
  idempotencyKey: string | undefined;
  language: string;
}

/** What a create answers: where to pay, and the order number. */
export interface CreateOrderResult {
  pay_url: string;
  sdk_order_id: string;
}

export type ApplyOutcome =
  | 'paid'
  | 'failed'
  | 'refunded'
  | 'duplicate'
  | 'ignored'
  | 'unknown_order'
  | 'amount_mismatch'
  /** The event names another payment than the one recorded on the order: refused. */
  | 'ref_mismatch'
  /** A refund larger than what was paid: refused, alerted in the log. */
  | 'refund_exceeds_payment'
  /** A refund that came before its payment: kept, applied when the payment arrives. */
  | 'deferred'
  | 'no_change';

/** What a deferred event keeps of itself (payment_events.event). */
export interface DeferredRefund {
  kind: 'refunded';
  providerRef: string;
  amount: number;
  currency: string;
}
