// refund debts, real-name information, articles, home content, site pages and
// gift codes. (One migration for both issues: they were built together.)
import { sql, type Kysely } from 'kysely';

const statements = [
  // A refunded HC Point pack whose points were partly spent: the shortfall is a flagged debt,
  // settled from the account's next HC Point credits (ADR in docs/decisions).
  sql`create table account_debts (
    id bigserial primary key,
    game_account_id bigint not null references game_accounts (id),
    order_id bigint references orders (id),
    amount integer not null check (amount > 0),
    settled integer not null default 0 check (settled >= 0 and settled <= amount),
    reason text not null,
    created_at timestamptz not null default now(),
    settled_at timestamptz,
    unique (order_id, reason)
  )`,
  sql`create index account_debts_open_idx on account_debts (game_account_id)
    where settled < amount`,
  // docs/product/account.md#real-name-information; the ID number only encrypted (AES-256-GCM) plus a mask.
  sql`create table real_name_info (
    account_id bigint primary key references accounts (id),
    full_name text not null,
    birthday text not null,
    address text not null,
    phone text not null,
    email text not null,
    id_number_enc text not null,
    id_number_masked text not null,
    sign_region text not null,
    sign_date text not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  // Articles (docs/product/content.md#articles): texts {"en-US": {title, content (sanitised HTML), summary}}.
  sql`create table articles (
    id bigserial primary key,
    game_id integer references games (id),
    type smallint not null check (type between 1 and 4),
    texts jsonb not null,
    img text,
    pinned boolean not null default false,
    published_at timestamptz not null default now(),
    active boolean not null default true,
    created_at timestamptz not null default now()
  )`,
  sql`create index articles_list_idx on articles (type, published_at desc) where active`,
  // Home page: one row per game (banner, downloads, logger URL, footer links).
  sql`create table game_home (
    game_id integer primary key references games (id),
    config jsonb not null,
    updated_at timestamptz not null default now()
  )`,
  // Game Info / Game Features blocks: texts {"en-US": {title, content, summary}}.
  sql`create table game_contents (
    id bigserial primary key,
    game_id integer not null references games (id),
    kind text not null check (kind in ('info', 'feature')),
    texts jsonb not null,
    img text,
    sort integer not null default 0,
    updated_at timestamptz not null default now()
  )`,
  // Footer pages (About Us, Contact us, Privacy Policy, User Agreement): texts per language.
  sql`create table site_pages (
    slug text primary key,
    texts jsonb not null,
    updated_at timestamptz not null default now()
  )`,
  // Gift codes: a batch gives one pack (a game-pack product's items).
  sql`create table redeem_batches (
    id bigserial primary key,
    game_id integer not null references games (id),
    name text not null,
    kind text not null check (kind in ('single', 'shared')),
    product_id bigint not null references products (id),
    expires_at timestamptz,
    total_cap integer check (total_cap is null or total_cap > 0),
    per_account_limit integer not null default 1 check (per_account_limit > 0),
    redeemed integer not null default 0,
    created_at timestamptz not null default now()
  )`,
  // Codes are stored only as SHA-256 of the normalised code.
  sql`create table redeem_codes (
    id bigserial primary key,
    batch_id bigint not null references redeem_batches (id),
    code_hash text not null unique,
    uses integer not null default 0,
    created_at timestamptz not null default now()
  )`,
  sql`create table redemptions (
    id bigserial primary key,
    code_id bigint not null references redeem_codes (id),
    batch_id bigint not null references redeem_batches (id),
    account_id bigint not null references accounts (id),
    game_account_id bigint not null references game_accounts (id),
    server_id integer not null,
    server_name text not null,
    role_id text not null,
    role_name text not null,
    delivery_id text not null unique,
    status text not null default 'pending' check (status in ('pending', 'delivered')),
    created_at timestamptz not null default now(),
    delivered_at timestamptz
  )`,
  sql`create index redemptions_account_batch_idx on redemptions (account_id, batch_id)`,
  sql`create table redeem_attempts (
    id bigserial primary key,
    account_id bigint,
    ip text not null,
    success boolean not null,
    created_at timestamptz not null default now()
  )`,
  sql`create index redeem_attempts_account_idx on redeem_attempts (account_id, created_at)`,
  sql`create index redeem_attempts_ip_idx on redeem_attempts (ip, created_at)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
