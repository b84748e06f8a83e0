// Foundation tables: accounts, games and servers, game accounts, sessions, bulletins.
// Plain SQL valid on PostgreSQL 15 (PGlite runs a newer PostgreSQL; use nothing newer than 15).
import { sql, type Kysely } from 'kysely';

const statements = [
  sql`create table accounts (
    id bigserial primary key,
    account text not null unique,
    email text,
    phone text,
    password_hash text,
    created_at timestamptz not null default now()
  )`,
  // Emails compare case-insensitively; phones are stored normalised (E.164) by the writer.
  sql`create unique index accounts_email_key on accounts (lower(email)) where email is not null`,
  sql`create unique index accounts_phone_key on accounts (phone) where phone is not null`,
  sql`create table games (
    id integer primary key,
    name text not null,
    icon text not null default '',
    platforms text[] not null default '{}',
    sort integer not null default 0,
    created_at timestamptz not null default now(),
    constraint games_platforms_check check (platforms <@ array['android', 'pc', 'ios']::text[])
  )`,
  sql`create table game_servers (
    id bigserial primary key,
    game_id integer not null references games (id) on delete cascade,
    server_id integer not null,
    name text not null,
    state smallint not null default 0 check (state in (0, 1)),
    sort integer not null default 0,
    unique (game_id, server_id)
  )`,
  sql`create table game_accounts (
    id bigserial primary key,
    account_id bigint not null references accounts (id) on delete cascade,
    game_id integer not null references games (id),
    created_at timestamptz not null default now(),
    unique (account_id, game_id)
  )`,
  sql`create table sessions (
    id bigserial primary key,
    account_id bigint not null references accounts (id) on delete cascade,
    token_hash text not null unique,
    created_at timestamptz not null default now(),
    last_seen_at timestamptz not null,
    idle_expires_at timestamptz not null,
    absolute_expires_at timestamptz not null,
    remember boolean not null default false,
    revoked_at timestamptz
  )`,
  sql`create index sessions_account_id_idx on sessions (account_id)`,
  sql`create index sessions_absolute_expires_at_idx on sessions (absolute_expires_at)`,
  sql`create table bulletins (
    id bigserial primary key,
    pinned boolean not null default false,
    texts jsonb not null,
    link text,
    active boolean not null default true,
    created_at timestamptz not null default now()
  )`,
  sql`create index bulletins_pinned_idx on bulletins (created_at desc) where pinned and active`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
