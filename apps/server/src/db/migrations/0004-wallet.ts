// HC Point wallet (docs/product/hc-point.md#balances): an append-only double-entry ledger. The database itself refuses
// updates/deletes of entries, transfers whose entries do not sum to zero, and player balances
// below zero, so no code path can break the ledger rules.
import { sql, type Kysely } from 'kysely';

const statements = [
  sql`create table ledger_accounts (
    id bigserial primary key,
    game_account_id bigint references game_accounts (id),
    kind text not null check (kind in
      ('basic', 'present', 'system_purchase', 'system_bonus', 'system_spend', 'system_refund')),
    balance bigint not null default 0,
    may_go_negative boolean not null default false,
    created_at timestamptz not null default now(),
    constraint ledger_accounts_owner check (
      (game_account_id is not null and kind in ('basic', 'present') and not may_go_negative)
      or (game_account_id is null and kind like 'system\\_%' and may_go_negative)),
    constraint ledger_accounts_balance_nonnegative check (may_go_negative or balance >= 0),
    unique (game_account_id, kind)
  )`,
  // System counterparties exist once each (unique above treats nulls as distinct).
  sql`create unique index ledger_accounts_system_kind_idx on ledger_accounts (kind)
    where game_account_id is null`,
  sql`insert into ledger_accounts (game_account_id, kind, may_go_negative) values
    (null, 'system_purchase', true), (null, 'system_bonus', true),
    (null, 'system_spend', true), (null, 'system_refund', true)`,
  sql`create table ledger_transfers (
    id bigserial primary key,
    idempotency_key text not null unique,
    kind text not null,
    created_at timestamptz not null default now()
  )`,
  sql`create table ledger_entries (
    id bigserial primary key,
    transfer_id bigint not null references ledger_transfers (id),
    ledger_account_id bigint not null references ledger_accounts (id),
    amount bigint not null check (amount <> 0),
    created_at timestamptz not null default now()
  )`,
  sql`create index ledger_entries_transfer_id_idx on ledger_entries (transfer_id)`,
  sql`create index ledger_entries_account_id_idx on ledger_entries (ledger_account_id, id)`,
  // Append-only: entries and transfers are never changed or removed.
  sql`create function ledger_refuse_change() returns trigger language plpgsql as $$
    begin
      raise exception 'ledger is append-only: % on % refused', tg_op, tg_table_name
        using errcode = 'P0001';
    end $$`,
  sql`create trigger ledger_entries_append_only before update or delete on ledger_entries
    for each row execute function ledger_refuse_change()`,
  sql`create trigger ledger_entries_no_truncate before truncate on ledger_entries
    for each statement execute function ledger_refuse_change()`,
  sql`create trigger ledger_transfers_append_only before update or delete on ledger_transfers
    for each row execute function ledger_refuse_change()`,
  sql`create trigger ledger_transfers_no_truncate before truncate on ledger_transfers
    for each statement execute function ledger_refuse_change()`,
  // A balance is the sum of its entries: each entry moves it, so the CHECK above applies.
  sql`create function ledger_apply_entry() returns trigger language plpgsql as $$
    begin
      update ledger_accounts set balance = balance + new.amount
        where id = new.ledger_account_id;
      return null;
    end $$`,
  sql`create trigger ledger_entries_apply after insert on ledger_entries
    for each row execute function ledger_apply_entry()`,
  // A balance changes only through its entries (the trigger above, depth 2): direct updates of
  // a balance, or of an account's owner/kind, and deletes are refused.
  sql`create function ledger_accounts_guard() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' or pg_trigger_depth() < 2
        or new.game_account_id is distinct from old.game_account_id or new.kind <> old.kind
        or new.may_go_negative <> old.may_go_negative then
        raise exception 'ledger account balances change only through ledger entries'
          using errcode = 'P0001';
      end if;
      return new;
    end $$`,
  sql`create trigger ledger_accounts_guard before update or delete on ledger_accounts
    for each row execute function ledger_accounts_guard()`,
  // Double entry: at commit, every transfer touched must sum to zero.
  sql`create function ledger_check_transfer_sum() returns trigger language plpgsql as $$
    declare total numeric;
    begin
      select coalesce(sum(amount), 0) into total from ledger_entries
        where transfer_id = new.transfer_id;
      if total <> 0 then
        raise exception 'ledger transfer % does not sum to zero (%)', new.transfer_id, total
          using errcode = '23514';
      end if;
      return null;
    end $$`,
  sql`create constraint trigger ledger_entries_zero_sum after insert on ledger_entries
    deferrable initially deferred
    for each row execute function ledger_check_transfer_sum()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
