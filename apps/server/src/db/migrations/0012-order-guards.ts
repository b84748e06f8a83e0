// Guards on orders and payment events (ADR 0031, docs/payments.md):
// - orders.payment_ref: the provider's id of the payment itself, recorded when the order is paid
//   (Stripe PaymentIntent, PayPal capture). Refund events name it; provider_ref stays the
//   checkout's id (sandbox payment, Stripe session, PayPal order).
// - orders.checkout_until: while set and in the future, one request is creating the order's
//   checkout at the provider; others wait for its pay_url instead of creating a second one.
// - orders.payment_checked_at: when the worker last asked the provider about this unpaid order;
//   the payment check takes the orders looked at least recently first, in bounded batches.
// - payment_events.event: the event as the portal understood it (kind, references, amount),
//   kept for events that wait for the order to reach the state they need (outcome `deferred`).
// Plain SQL valid on PostgreSQL 15.
import { sql, type Kysely } from 'kysely';

const statements = [
  sql`alter table orders add column payment_ref text`,
  sql`alter table orders add column checkout_until timestamptz`,
  sql`alter table orders add column payment_checked_at timestamptz`,
  sql`alter table payment_events add column event jsonb`,
  // The open unpaid orders of one player (the per-player cap and reuse at creation).
  sql`create index orders_unpaid_account_idx on orders (account_id) where status = 1`,
  // The worker's sweep order: least recently looked at first.
  sql`create index orders_unpaid_check_idx on orders (coalesce(payment_checked_at, created_at))
    where status = 1`,
  sql`create index payment_events_deferred_idx on payment_events (order_id)
    where outcome = 'deferred'`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
