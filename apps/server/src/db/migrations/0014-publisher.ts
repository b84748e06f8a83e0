// Players come from the game (ADR 0039): the game's own player id on game accounts,
// disabled accounts, per-game publisher keys, replay and idempotency records of the Publisher
// API, and the append-only audit log. Plain SQL valid on PostgreSQL 15.
import { sql, type Kysely } from 'kysely';

const statements = [
  // The game's player id. Rows made before (and rows the portal makes itself: demo seed, tests)
  // keep the rule they always had: the uid the game knows is the game account id.
  sql`alter table game_accounts add column uid text`,
  sql`update game_accounts set uid = id::text`,
  sql`create function game_accounts_default_uid() returns trigger language plpgsql as $$
    begin
      if new.uid is null then new.uid := new.id::text; end if;
      return new;
    end $$`,
  sql`create trigger game_accounts_default_uid before insert on game_accounts
    for each row execute function game_accounts_default_uid()`,
  sql`alter table game_accounts alter column uid set not null`,
  sql`alter table game_accounts add constraint game_accounts_uid_check
    check (uid ~ '^[!-~]{1,64}$')`,
  sql`create unique index game_accounts_game_uid_key on game_accounts (game_id, uid)`,
  sql`alter table game_accounts add column display_name text`,
  // Unbinding detaches a game account from its portal account without deleting it (its orders
  // and HC Point stay with it); binding the uid again reuses the row. One bound game account
  // per portal account and game, as before.
  sql`alter table game_accounts add column unbound_at timestamptz`,
  sql`alter table game_accounts add column bound_at timestamptz not null default now()`,
  sql`update game_accounts set bound_at = created_at`,
  sql`alter table game_accounts drop constraint game_accounts_account_id_game_id_key`,
  sql`create unique index game_accounts_account_game_key on game_accounts (account_id, game_id)
    where unbound_at is null`,

  sql`alter table accounts add column disabled_at timestamptz`,

  // Per-game keys of the Publisher API. The secret is needed to check an HMAC, so it is kept
  // encrypted under DATA_KEY (lib/data-cipher.ts, context "publisher_key:<key_id>"), not hashed.
  sql`create table publisher_keys (
    id bigserial primary key,
    game_id integer not null references games (id),
    key_id text not null unique,
    secret_enc text not null,
    created_at timestamptz not null default now(),
    revoked_at timestamptz
  )`,
  sql`create index publisher_keys_game_idx on publisher_keys (game_id) where revoked_at is null`,

  // Nonces seen in the last 10 minutes (replay refusal); purged by the retention job.
  sql`create table publisher_nonces (
    key_id text not null,
    nonce text not null,
    created_at timestamptz not null,
    primary key (key_id, nonce)
  )`,
  sql`create index publisher_nonces_created_at_idx on publisher_nonces (created_at)`,

  // First answers of writes per (game, Idempotency-Key); purged after 24 hours.
  sql`create table publisher_idempotency (
    game_id integer not null,
    idempotency_key text not null,
    request_hash text not null,
    answer jsonb,
    created_at timestamptz not null,
    primary key (game_id, idempotency_key)
  )`,
  sql`create index publisher_idempotency_created_at_idx on publisher_idempotency (created_at)`,

  // Who changed what: the Publisher API now, the operator console later. Append-only: the
  // database refuses UPDATE, DELETE and TRUNCATE. Never holds secrets or password hashes.
  sql`create table audit_log (
    id bigserial primary key,
    at timestamptz not null default now(),
    actor_kind text not null check (actor_kind in ('publisher', 'operator', 'cli')),
    actor text not null,
    ip text,
    action text not null,
    target text,
    before jsonb,
    after jsonb
  )`,
  sql`create index audit_log_target_idx on audit_log (target, at)`,
  sql`create index audit_log_at_idx on audit_log (at)`,
  sql`create function audit_log_refuse_change() returns trigger language plpgsql as $$
    begin
      raise exception 'audit_log is append-only: % refused', tg_op
        using errcode = 'P0001';
    end $$`,
  sql`create trigger audit_log_append_only before update or delete on audit_log
    for each row execute function audit_log_refuse_change()`,
  sql`create trigger audit_log_no_truncate before truncate on audit_log
    for each statement execute function audit_log_refuse_change()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
