// the built-in analytics collector (docs/product/analytics.md#events, docs/product/analytics.md#sending; ADR 0022).
// Events are kept for ANALYTICS_RETENTION_DAYS, then deleted by the worker. No column holds a
// password, code, token or real-name data: the contract's event schema has no field for them.
import { sql, type Kysely } from 'kysely';

const statements = [
  sql`create table analytics_events (
    id bigserial primary key,
    received_at timestamptz not null default now(),
    event_at timestamptz not null,
    device_id text not null,
    sid text not null,
    seq integer not null,
    event text not null,
    page text not null,
    page_duration integer,
    type text,
    region text,
    result text,
    trafficsource text,
    trafficsource_link text,
    loading_request_time integer,
    loading_time integer,
    game_id integer,
    account_id bigint,
    lang text
  )`,
  sql`create index analytics_events_event_at_idx on analytics_events (event_at)`,
  sql`create index analytics_events_device_idx on analytics_events (device_id, event_at)`,
  // Replay protection: a (sid, nonce) pair is accepted once; rows older than the timestamp
  // tolerance are useless and deleted by the worker.
  sql`create table analytics_nonces (
    sid text not null,
    nonce text not null,
    created_at timestamptz not null default now(),
    primary key (sid, nonce)
  )`,
  sql`create index analytics_nonces_created_idx on analytics_nonces (created_at)`,
  // Rate counters when REDIS_URL is not set (fixed one-minute windows, lib/rate-counter.ts):
  // `bucket` is e.g. `device:<device_id>` (collector) or `ip:<address>` (session call).
  sql`create table analytics_rate (
    bucket text not null,
    window_start timestamptz not null,
    count integer not null,
    primary key (bucket, window_start)
  )`,
  sql`create index analytics_rate_window_idx on analytics_rate (window_start)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
