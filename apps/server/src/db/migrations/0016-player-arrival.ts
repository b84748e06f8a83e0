// How players arrive (ADR 0042): hand-over tickets a game issues for its own player id (the
// account is found or made when the ticket is exchanged), one-time link codes a game shows so a
// player signed in on the web can bind that game account, and what sign-up records on the account
// (birthday, accepted terms and privacy versions). Plain SQL valid on PostgreSQL 15 and PGlite.
import { sql, type Kysely } from 'kysely';

const statements = [
  // A game's ticket names (game, uid), not an account: the account is the uid's at exchange
  // time, or a new one bound to it.
  sql`alter table web_tickets alter column account_id drop not null`,
  sql`alter table web_tickets add column game_id integer references games (id)`,
  sql`alter table web_tickets add column uid text`,
  sql`alter table web_tickets add column display_name text`,
  sql`alter table web_tickets add column key_id text`,
  sql`alter table web_tickets add constraint web_tickets_target_check
    check (account_id is not null or (game_id is not null and uid is not null))`,

  // Link codes: stored as an HMAC (CODE_HASH_SECRET), 10 minutes, single use.
  sql`create table link_codes (
    id bigserial primary key,
    game_id integer not null references games (id),
    uid text not null check (uid ~ '^[!-~]{1,64}$'),
    display_name text,
    key_id text not null,
    code_hash text not null unique,
    created_at timestamptz not null,
    expires_at timestamptz not null,
    used_at timestamptz,
    used_by bigint references accounts (id) on delete set null
  )`,
  sql`create index link_codes_game_uid_idx on link_codes (game_id, uid) where used_at is null`,
  sql`create index link_codes_expires_at_idx on link_codes (expires_at)`,

  // Sign-up: the birthday (for spending rules) and the consents with their versions.
  sql`alter table accounts add column birthday date`,
  sql`alter table accounts add column terms_version text`,
  sql`alter table accounts add column terms_accepted_at timestamptz`,
  sql`alter table accounts add column privacy_version text`,
  sql`alter table accounts add column privacy_accepted_at timestamptz`,

  // Codes for sign-up have their own purpose.
  sql`alter table verification_codes drop constraint verification_codes_purpose_check`,
  sql`alter table verification_codes add constraint verification_codes_purpose_check
    check (purpose in ('login', 'reset', 'signup'))`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
