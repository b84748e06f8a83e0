// Social sign-in tables: pending OAuth round trips (state, PKCE verifier, nonce, redirect kept
// server-side, single use) and linked identities keyed by (provider, subject), never by email.
import { sql, type Kysely } from 'kysely';

const statements = [
  sql`create table oauth_states (
    id bigserial primary key,
    state_hash text not null unique,
    provider text not null,
    code_verifier text not null,
    nonce text,
    redirect text not null,
    created_at timestamptz not null,
    expires_at timestamptz not null
  )`,
  sql`create index oauth_states_expires_at_idx on oauth_states (expires_at)`,
  sql`create table social_identities (
    id bigserial primary key,
    provider text not null check (provider in ('google', 'apple', 'facebook', 'wechat')),
    subject text not null,
    account_id bigint not null references accounts (id) on delete cascade,
    name text,
    email text,
    created_at timestamptz not null default now(),
    last_login_at timestamptz,
    unique (provider, subject)
  )`,
  sql`create index social_identities_account_id_idx on social_identities (account_id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
