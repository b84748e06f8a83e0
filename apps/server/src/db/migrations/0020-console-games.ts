// Games, servers and gift codes managed from the console (ADR 0046, docs/console.md#games-and-servers,
// docs/console.md#gift-codes). Games get per-language names and icons; each game's gateway URL and
// secret move into the database (secret sealed under DATA_KEY, GAME_GATEWAYS stays the fallback);
// servers (game_servers, as the game reports them) carry the portal's maintenance switch and message;
// gift-code campaigns get a start, an HC Point reward and revocation, and console-made codes are
// kept sealed under DATA_KEY so they can be exported again. Plain SQL valid on PostgreSQL 15.
import { sql, type Kysely } from 'kysely';

const statements = [
  sql`alter table games add column names jsonb not null default '{}'`,
  sql`alter table games add column icons jsonb not null default '{}'`,
  sql`alter table games add column updated_at timestamptz`,
  sql`create table game_gateways (
    game_id integer primary key references games (id) on delete cascade,
    url text not null,
    secret_enc text not null,
    key_fingerprint text not null,
    credentials text not null default 'portal' check (credentials in ('portal', 'game')),
    rotated_at timestamptz not null,
    updated_at timestamptz not null
  )`,
  sql`create table game_servers (
    id bigserial primary key,
    game_id integer not null references games (id) on delete cascade,
    server_id integer not null,
    name text not null,
    state smallint not null default 0 check (state in (0, 1)),
    sort integer not null default 0,
    maintenance_message jsonb not null default '{}',
    updated_at timestamptz,
    unique (game_id, server_id)
  )`,
  sql`alter table redeem_batches add column starts_at timestamptz`,
  sql`alter table redeem_batches add column revoked_at timestamptz`,
  sql`alter table redeem_batches add column points integer check (points > 0)`,
  sql`alter table redeem_batches alter column product_id drop not null`,
  sql`alter table redeem_batches add constraint redeem_batches_reward_check
    check ((product_id is null) <> (points is null))`,
  sql`alter table redeem_codes add column code_enc text`,
  sql`alter table redeem_codes add column revoked_at timestamptz`,
  sql`create index redeem_codes_batch_idx on redeem_codes (batch_id, id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
