// Analytics sessions issued by the session call, and indexes for the retention job
// (jobs/retention.ts, ADR 0032). Plain SQL valid on PostgreSQL 15.
import { sql, type Kysely } from 'kysely';

const statements = [
  // One row per key handed out by POST /api/analytics/session: the collector accepts a batch
  // only for a sid in this table, of the same device, and takes the account from here (the
  // portal session of the session call), never from the batch alone.
  sql`create table analytics_sessions (
    sid text primary key,
    device_id text not null,
    account_id bigint,
    created_at timestamptz not null,
    expires_at timestamptz not null
  )`,
  sql`create index analytics_sessions_expires_idx on analytics_sessions (expires_at)`,
  // The retention job deletes by age in batches; these keep each batch an index scan.
  sql`create index sessions_idle_expires_at_idx on sessions (idle_expires_at)`,
  sql`create index sessions_revoked_at_idx on sessions (revoked_at) where revoked_at is not null`,
  sql`create index verification_codes_expires_at_idx on verification_codes (expires_at)`,
  sql`create index login_attempts_created_at_idx on login_attempts (created_at)`,
  sql`create index redeem_attempts_created_at_idx on redeem_attempts (created_at)`,
  sql`create index payment_events_received_at_idx on payment_events (received_at)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
