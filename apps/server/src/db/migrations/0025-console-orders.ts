// Orders in the console (docs/console.md#support-and-finance-orders, ADR 0053): the indexes the
// order search needs to answer a page from an index at 1,000,000 orders. Every list is newest
// first with a keyset on (created_at, id), so each filter gets a composite index that ends with
// (created_at, id) and the planner reads the page in order and stops; an amount range uses
// (currency, price). The player filter uses orders_account_created_idx (0005) for accounts and
// the new game account index for uids; the order page's webhook events and jobs get an index
// on their order. Plain SQL valid on PostgreSQL 15 and PGlite.
import { sql, type Kysely } from 'kysely';

const statements = [
  sql`create index orders_created_id_idx on orders (created_at desc, id desc)`,
  sql`create index orders_status_created_idx on orders (status, created_at desc, id desc)`,
  sql`create index orders_game_server_created_idx on orders
    (game_id, server_id, created_at desc, id desc)`,
  sql`create index orders_provider_created_idx on orders (provider, created_at desc, id desc)`,
  sql`create index orders_currency_price_idx on orders (currency, price)`,
  sql`create index orders_game_account_created_idx on orders
    (game_account_id, created_at desc, id desc)`,
  sql`create index payment_events_order_idx on payment_events (order_id, id)`,
  sql`create index jobs_order_idx on jobs (order_id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
