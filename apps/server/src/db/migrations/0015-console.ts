// The operator console (ADR 0040, docs/console.md): operators with their roles, console
// sessions (hashed tokens, CSRF token, idle and absolute expiry), two-factor recovery codes and
// one-time setup links. Every secret is stored hashed (tokens, recovery codes) or encrypted under
// DATA_KEY (the TOTP secret, which must be readable to check a code). Plain SQL valid on
// PostgreSQL 15 and PGlite.
import { sql, type Kysely } from 'kysely';

const statements = [
  sql`create table operators (
    id bigserial primary key,
    name text not null unique check (name ~ '^[a-z0-9_.-]{3,32}$'),
    display_name text not null,
    password_hash text,
    roles text[] not null check (
      cardinality(roles) > 0
      and roles <@ array['owner', 'operations', 'content', 'support', 'finance']::text[]
    ),
    totp_secret_enc text,
    totp_enabled_at timestamptz,
    totp_last_step bigint,
    disabled_at timestamptz,
    created_at timestamptz not null default now()
  )`,

  sql`create table operator_sessions (
    id bigserial primary key,
    operator_id bigint not null references operators (id),
    token_hash text not null unique,
    csrf_token text not null,
    created_at timestamptz not null,
    last_seen_at timestamptz not null,
    expires_at timestamptz not null,
    ip text,
    user_agent text,
    enrolment_only boolean not null default false,
    ended_at timestamptz
  )`,
  sql`create index operator_sessions_operator_idx on operator_sessions (operator_id)
    where ended_at is null`,
  sql`create index operator_sessions_expires_idx on operator_sessions (expires_at)`,

  sql`create table operator_recovery_codes (
    id bigserial primary key,
    operator_id bigint not null references operators (id),
    code_hash text not null,
    used_at timestamptz,
    created_at timestamptz not null
  )`,
  sql`create index operator_recovery_codes_operator_idx on operator_recovery_codes (operator_id)`,

  sql`create table operator_setup_tokens (
    id bigserial primary key,
    operator_id bigint not null references operators (id),
    token_hash text not null unique,
    created_at timestamptz not null,
    expires_at timestamptz not null,
    used_at timestamptz
  )`,
  sql`create index operator_setup_tokens_operator_idx on operator_setup_tokens (operator_id)`,
  sql`create index audit_log_actor_idx on audit_log (actor, at)`,
  sql`create index audit_log_action_idx on audit_log (action, at)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
