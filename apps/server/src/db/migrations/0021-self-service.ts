// Account self-service and deletion (ADR 0049): where a session was used from (for the player's
// list of signed-in devices), the language of the account's notices, the scheduled deletion and
// the erasure mark, a verification-code purpose for a new email or phone, social sign-ins linked
// from the account page, and the player as an audit actor. Plain SQL valid on PostgreSQL 15 and
// PGlite.
import { sql, type Kysely } from 'kysely';

const statements = [
  // Signed-in devices: the last address and browser a session was used from.
  sql`alter table sessions add column ip text`,
  sql`alter table sessions add column user_agent text`,

  // The language the account's notices are written in (the player's last self-service request).
  sql`alter table accounts add column language text`,
  // Deletion: asked for at, erased from (after the grace period), and erased (kept anonymised).
  sql`alter table accounts add column deletion_requested_at timestamptz`,
  sql`alter table accounts add column deletion_due_at timestamptz`,
  sql`alter table accounts add column erased_at timestamptz`,
  sql`alter table accounts add constraint accounts_deletion_check
    check ((deletion_requested_at is null) = (deletion_due_at is null))`,

  // A code sent to a new email or phone before it replaces the account's.
  sql`alter table verification_codes drop constraint verification_codes_purpose_check`,
  sql`alter table verification_codes add constraint verification_codes_purpose_check
    check (purpose in ('login', 'reset', 'signup', 'contact'))`,

  // A social round trip started from the account page links the identity to that account.
  sql`alter table oauth_states add column link_account_id bigint
    references accounts (id) on delete cascade`,

  // Players act on their own account (deletion asked for, cancelled, carried out).
  sql`alter table audit_log drop constraint audit_log_actor_kind_check`,
  sql`alter table audit_log add constraint audit_log_actor_kind_check
    check (actor_kind in ('publisher', 'operator', 'cli', 'player'))`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
