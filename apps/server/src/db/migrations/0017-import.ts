// Players brought from elsewhere (ADR 0043, docs/import.md): accounts imported by
// `portal import-accounts` keep the password hash of their old system, marked with its format,
// until their first sign-in re-hashes it to the portal's argon2id; and remember which import
// source made them, so a re-run of the same source recognises its own accounts and another
// source cannot take them over. Plain SQL valid on PostgreSQL 15.
import { sql, type Kysely } from 'kysely';

const statements = [
  // null: the portal's own argon2id (lib/password.ts). Otherwise the imported hash's format.
  sql`alter table accounts add column password_format text`,
  sql`alter table accounts add constraint accounts_password_format_check
    check (password_format in ('argon2', 'bcrypt', 'scrypt', 'pbkdf2_django', 'pbkdf2_passlib'))`,
  // The --source of the import run that created the account; null for accounts made here.
  sql`alter table accounts add column import_source text`,
  sql`alter table accounts add column imported_at timestamptz`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
