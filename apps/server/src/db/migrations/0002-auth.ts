// Sign-in tables: hand-over tickets, verification codes (also the send log for rate
// limits), login attempts (throttling), the dev outbox, and per-account email-login switch.
// Plain SQL valid on PostgreSQL 15.
import { sql, type Kysely } from 'kysely';

const statements = [
  sql`alter table accounts add column email_login_enabled boolean not null default true`,
  // Single-use game-client / social hand-over tickets (docs/product/session.md#hand-over hctoken), stored as sha256.
  sql`create table web_tickets (
    id bigserial primary key,
    account_id bigint not null references accounts (id) on delete cascade,
    ticket_hash text not null unique,
    new_login boolean not null default false,
    created_at timestamptz not null,
    expires_at timestamptz not null,
    used_at timestamptz
  )`,
  sql`create index web_tickets_expires_at_idx on web_tickets (expires_at)`,
  // One row per code sent (or pretended sent, for unknown destinations): the rows are also the
  // send log the rate limits count, so limits hold across nodes without Redis.
  sql`create table verification_codes (
    id bigserial primary key,
    channel text not null check (channel in ('email', 'phone')),
    destination text not null,
    purpose text not null check (purpose in ('login', 'reset')),
    code_hash text not null,
    ip text not null,
    created_at timestamptz not null,
    expires_at timestamptz not null,
    attempts integer not null default 0,
    used_at timestamptz
  )`,
  sql`create index verification_codes_dest_idx on verification_codes (channel, destination, created_at)`,
  sql`create index verification_codes_ip_idx on verification_codes (ip, created_at)`,
  sql`create table login_attempts (
    id bigserial primary key,
    account_id bigint references accounts (id) on delete cascade,
    ip text not null,
    success boolean not null,
    created_at timestamptz not null
  )`,
  sql`create index login_attempts_account_idx on login_attempts (account_id, created_at)`,
  sql`create index login_attempts_ip_idx on login_attempts (ip, created_at)`,
  sql`create table dev_outbox (
    id bigserial primary key,
    channel text not null,
    recipient text not null,
    subject text not null,
    body text not null,
    created_at timestamptz not null
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
