// Console catalog editing and images (ADR 0047, docs/console.md#catalog, #images): uploaded images
// stored in the database (content-addressed by the SHA-256 of the stored bytes, served by every
// node at /media/<sha256>.<ext>); per-language pack pictures, a sale window and an update time on
// products; an update time on rebate campaigns. Plain SQL valid on PostgreSQL 15.
import { sql, type Kysely } from 'kysely';

const statements = [
  sql`create table images (
    id bigserial primary key,
    sha256 text not null unique check (sha256 ~ '^[0-9a-f]{64}$'),
    type text not null check (type in ('image/png', 'image/jpeg', 'image/webp')),
    width integer not null check (width > 0),
    height integer not null check (height > 0),
    size integer not null check (size > 0),
    bytes bytea not null,
    uploaded_by text not null,
    created_at timestamptz not null default now()
  )`,
  sql`create index images_created_idx on images (id desc)`,
  // Pictures per language ({"zh-CN": "/media/…"}); `icon` stays the en-US / default picture.
  sql`alter table products add column icons jsonb not null default '{}'`,
  // Sale window: null = no start / no end. Players see an active pack only inside it.
  sql`alter table products add column sale_begin_at timestamptz`,
  sql`alter table products add column sale_end_at timestamptz`,
  sql`alter table products add constraint products_sale_window_check
    check (sale_begin_at is null or sale_end_at is null or sale_end_at > sale_begin_at)`,
  sql`alter table products add column updated_at timestamptz not null default now()`,
  sql`alter table rebate_campaigns add column updated_at timestamptz not null default now()`,
  sql`alter table rebate_campaigns add constraint rebate_campaigns_window_check
    check (begin_at is null or end_at is null or end_at > begin_at)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
