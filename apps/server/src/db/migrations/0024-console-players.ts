// Support in the console (docs/console.md#support-players, ADR 0052): the indexes the player
// search and the player page need to stay fast at 100,000 players and 1,000,000 orders, the
// operator adjustment counterparty of the HC Point ledger, and HC Point adjustments (pending
// until a second operator approves those above ADJUSTMENT_APPROVAL_THRESHOLD). Plain SQL valid on
// PostgreSQL 15 and PGlite.
import { sql, type Kysely } from 'kysely';

const statements = [
  // Search by login name: exact or prefix, case-insensitive (the account name is unique as typed).
  sql`create index accounts_account_lower_idx on accounts (lower(account) text_pattern_ops)`,
  // Search by game uid across games (the unique index leads with game_id).
  sql`create index game_accounts_uid_idx on game_accounts (uid)`,
  // The player page's lists, newest first with a keyset on id.
  sql`create index orders_account_id_idx on orders (account_id, id desc)`,
  sql`create index redemptions_account_id_idx on redemptions (account_id, id desc)`,
  sql`create index audit_log_target_id_idx on audit_log (target, id desc)`,

  // The counterparty of operator adjustments: credits come from it, debits go back to it.
  sql`alter table ledger_accounts drop constraint ledger_accounts_kind_check`,
  sql`alter table ledger_accounts add constraint ledger_accounts_kind_check check (kind in
    ('basic', 'present', 'system_purchase', 'system_bonus', 'system_spend', 'system_refund',
     'system_adjustment'))`,
  sql`insert into ledger_accounts (game_account_id, kind, may_go_negative)
    values (null, 'system_adjustment', true)`,

  // One row per adjustment asked for; the ledger transfer (key `adjustment:<id>`) is written when
  // it is applied: at once below the threshold, else with the approval, in one transaction.
  sql`create table hc_adjustments (
    id bigserial primary key,
    idempotency_key text not null unique,
    account_id bigint not null references accounts (id),
    game_account_id bigint not null references game_accounts (id),
    amount bigint not null check (amount <> 0),
    reason text not null,
    status text not null check (status in ('pending', 'applied', 'rejected')),
    requested_by text not null,
    requested_at timestamptz not null,
    decided_by text,
    decided_at timestamptz,
    decision_note text,
    constraint hc_adjustments_decision_check check (
      (status = 'pending') = (decided_at is null)
      and (status = 'pending' or decided_by is not null))
  )`,
  sql`create index hc_adjustments_pending_idx on hc_adjustments (id desc) where status = 'pending'`,
  sql`create index hc_adjustments_account_idx on hc_adjustments (account_id, id desc)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
