// Reconciliation of provider settlements against orders (docs/console.md#finance-reconciliation,
// ADR 0056): one row per run (who, when, provider, period, file hash, counts) and one per
// difference found, which keeps who resolved it, when, how and with what note. Plain SQL valid on
// PostgreSQL 15 and PGlite.
import { sql, type Kysely } from 'kysely';

const statements = [
  sql`create table reconciliation_runs (
    id bigserial primary key,
    provider text not null check (provider in ('sandbox', 'stripe', 'paypal')),
    source text not null check (source in ('upload', 'fetch')),
    format text not null check (format in ('stripe_csv', 'paypal_stl', 'sandbox_csv', 'api')),
    period_from timestamptz not null,
    period_to timestamptz not null,
    file_sha256 text not null,
    lines integer not null,
    matched integer not null,
    differences integer not null,
    created_by text not null,
    created_at timestamptz not null,
    constraint reconciliation_runs_period_check check (period_from < period_to)
  )`,
  sql`create index reconciliation_runs_created_idx on reconciliation_runs (id desc)`,
  sql`create table reconciliation_differences (
    id bigserial primary key,
    run_id bigint not null references reconciliation_runs (id),
    kind text not null check (kind in ('provider_only', 'portal_only', 'amount_mismatch',
      'refund_provider_only', 'refund_portal_only')),
    order_ref text,
    order_id bigint references orders (id),
    provider_ref text,
    provider_amount bigint,
    provider_currency text,
    portal_amount bigint,
    portal_currency text,
    occurred_at timestamptz,
    status text not null default 'open' check (status in ('open', 'resolved')),
    resolution text check (resolution in ('payment_applied', 'refund_applied', 'noted')),
    resolved_by text,
    resolved_at timestamptz,
    note text,
    constraint reconciliation_differences_resolved_check check (
      (status = 'open') = (resolved_at is null)
      and (status = 'open' or (resolved_by is not null and resolution is not null)))
  )`,
  sql`create index reconciliation_differences_run_idx on reconciliation_differences (run_id, id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
