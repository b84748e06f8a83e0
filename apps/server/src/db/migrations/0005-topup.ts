// Top-up: catalog, orders with their timeline, payment webhook events, the job outbox
// of the delivery worker, and the built-in sandbox provider's own payments. Servers and roles now
// come from each game's gateway (docs/game-gateway.md), so the seeded server table goes.
import { sql, type Kysely } from 'kysely';

const statements = [
  sql`drop table game_servers`,
  // Game packs (kind game: items go to a role) and HC Point packs (kind coin: amount + gift to the
  // wallet). names: {"en-US": "...", ...}; server_ids null = sold on every server.
  sql`create table products (
    id bigserial primary key,
    game_id integer not null references games (id),
    cp_goods_id text not null,
    kind text not null check (kind in ('game', 'coin')),
    names jsonb not null,
    price integer not null check (price > 0),
    currency text not null check (currency ~ '^[A-Z]{3}$'),
    icon text not null,
    bonus integer not null default 0 check (bonus >= 0),
    gift integer not null default 0 check (gift >= 0),
    amount integer check (amount is null or amount > 0),
    items jsonb not null default '[]',
    rebate jsonb,
    server_ids integer[],
    sort integer not null default 0,
    active boolean not null default true,
    created_at timestamptz not null default now(),
    unique (game_id, cp_goods_id),
    constraint products_coin_amount check ((kind = 'coin') = (amount is not null))
  )`,
  sql`create index products_game_kind_idx on products (game_id, kind) where active`,
  sql`create table rebate_campaigns (
    id bigserial primary key,
    game_id integer not null references games (id),
    begin_at timestamptz,
    end_at timestamptz,
    tiers jsonb not null,
    texts jsonb not null,
    active boolean not null default true,
    created_at timestamptz not null default now()
  )`,
  // Orders: server status 1 unpaid, 2 delivered, 3 failed, 4 closed, 5 refunded, 6 paid (docs/product/top-up.md#order-statuses).
  // Everything shown later is a snapshot taken at creation (price, names, items).
  sql`create table orders (
    id bigserial primary key,
    sdk_order_id text not null unique,
    account_id bigint not null references accounts (id),
    game_account_id bigint not null references game_accounts (id),
    game_id integer not null references games (id),
    server_id integer not null,
    server_name text not null,
    role_id text not null,
    role_name text not null,
    product_id bigint not null references products (id),
    cp_goods_id text not null,
    kind text not null check (kind in ('game', 'coin')),
    item_name text not null,
    item_names jsonb not null,
    price integer not null check (price > 0),
    currency text not null,
    hc_amount integer,
    hc_gift integer not null default 0,
    hc_price integer,
    items jsonb not null default '[]',
    channel_code text not null,
    provider text not null,
    provider_ref text,
    pay_url text,
    status smallint not null default 1 check (status between 1 and 6),
    language text not null default 'en-US',
    idempotency_key text,
    expires_at timestamptz not null,
    paid_at timestamptz,
    completed_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  sql`create unique index orders_idempotency_idx on orders (account_id, idempotency_key)
    where idempotency_key is not null`,
  sql`create index orders_account_created_idx on orders (account_id, created_at desc)`,
  sql`create index orders_unpaid_expires_idx on orders (expires_at) where status = 1`,
  sql`create index orders_provider_ref_idx on orders (provider, provider_ref)`,
  sql`create table order_events (
    id bigserial primary key,
    order_id bigint not null references orders (id),
    status smallint not null check (status between 1 and 6),
    note text,
    created_at timestamptz not null default now()
  )`,
  sql`create index order_events_order_idx on order_events (order_id, id)`,
  // Every verified webhook event, once: (provider, event_id) is the replay guard.
  sql`create table payment_events (
    id bigserial primary key,
    provider text not null,
    event_id text not null,
    type text not null,
    order_id bigint references orders (id),
    outcome text not null,
    payload jsonb not null,
    received_at timestamptz not null default now(),
    unique (provider, event_id)
  )`,
  // The outbox of background work (ADR 0017): written in the transaction that makes the work
  // necessary, claimed with FOR UPDATE SKIP LOCKED under a lease, retried with backoff.
  sql`create table jobs (
    id bigserial primary key,
    kind text not null,
    dedupe_key text not null unique,
    order_id bigint references orders (id),
    payload jsonb not null default '{}',
    state text not null default 'pending' check (state in ('pending', 'running', 'done', 'dead')),
    attempts integer not null default 0,
    run_at timestamptz not null default now(),
    lease_until timestamptz,
    last_error text,
    result jsonb,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  sql`create index jobs_due_idx on jobs (run_at) where state in ('pending', 'running')`,
  // The built-in sandbox provider keeps its own payments, like a real provider would.
  sql`create table sandbox_payments (
    id text primary key,
    order_ref text not null,
    amount integer not null,
    currency text not null,
    item_name text not null,
    language text not null,
    return_url text not null,
    status text not null default 'open' check (status in ('open', 'paid', 'declined', 'refunded')),
    method text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
