// The console's Content section (docs/console.md#content, ADR 0048): bulletins get a schedule
// (begins_at, ends_at: players see a bulletin only in between) and articles and bulletins an
// updated_at for the console's lists. Existing bulletins begin when they were created and never
// end, so what players see does not change. Plain SQL valid on PostgreSQL 15 and PGlite.
import { sql, type Kysely } from 'kysely';

const statements = [
  sql`alter table bulletins add column begins_at timestamptz`,
  sql`update bulletins set begins_at = created_at`,
  sql`alter table bulletins alter column begins_at set not null`,
  sql`alter table bulletins alter column begins_at set default now()`,
  sql`alter table bulletins add column ends_at timestamptz`,
  sql`alter table bulletins add constraint bulletins_schedule_check
    check (ends_at is null or ends_at > begins_at)`,
  sql`alter table bulletins add column updated_at timestamptz not null default now()`,
  sql`create index bulletins_live_idx on bulletins (begins_at desc) where pinned and active`,
  sql`alter table articles add column updated_at timestamptz not null default now()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
