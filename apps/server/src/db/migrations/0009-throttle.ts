// One log of throttled attempts for every limit (lib/throttle.ts): login, verification-code
// sends and gift codes. A row is one counted attempt in one bucket (e.g. `login:ip:<address>`);
// a limit counts the bucket's rows inside its window. Plain SQL valid on PostgreSQL 15.
import { sql, type Kysely } from 'kysely';

const statements = [
  sql`create table throttle_hits (
    id bigserial primary key,
    bucket text not null,
    created_at timestamptz not null
  )`,
  sql`create index throttle_hits_bucket_idx on throttle_hits (bucket, created_at)`,
  sql`create index throttle_hits_created_at_idx on throttle_hits (created_at)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
