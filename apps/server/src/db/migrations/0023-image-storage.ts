// Images in an S3-compatible bucket (ADR 0051, docs/console.md#images): the `images` table stays
// the index of every uploaded image (the console's list, the catalog's URL check, deletes), and
// `storage` says where its bytes are: in `bytes` (database) or in the bucket (s3, `bytes` null).
// Plain SQL valid on PostgreSQL 15.
import { sql, type Kysely } from 'kysely';

const statements = [
  sql`alter table images add column storage text not null default 'database'
    check (storage in ('database', 's3'))`,
  sql`alter table images alter column bytes drop not null`,
  sql`alter table images add constraint images_bytes_where_stored
    check ((storage = 'database') = (bytes is not null))`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
