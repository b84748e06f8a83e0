// Kysely table types for every table the migrations create. Only repositories use them.
import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type Json<T> = ColumnType<T, string, string>;

export interface AccountsTable {
  id: Generated<number>;
  account: string;
  email: string | null;
  phone: string | null;
  password_hash: string | null;
  /** 0002-auth: false -> email login answers canNoEmailLogin (docs/product/errors.md#error-catalogue). */
  email_login_enabled: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
  /** 0014-publisher: set while the account is disabled (no sign-in, sessions ended). */
  disabled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** 0016-player-arrival: `YYYY-MM-DD` given at sign-up (spending rules later). */
  birthday: ColumnType<Date | string | null, string | null | undefined, string | null>;
  /** 0016-player-arrival: the terms / privacy versions accepted at sign-up, and when. */
  terms_version: ColumnType<string | null, string | null | undefined, string | null>;
  terms_accepted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  privacy_version: ColumnType<string | null, string | null | undefined, string | null>;
  privacy_accepted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /**
   * 0017-import: the format of an imported password hash, kept until the first sign-in
   * re-hashes it; null for the portal's own argon2id.
   */
  password_format: ColumnType<
    ImportedPasswordFormat | null,
    ImportedPasswordFormat | null | undefined,
    ImportedPasswordFormat | null
  >;
  /** 0017-import: the import source (`import-accounts --source`) that created the account. */
  import_source: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0017-import: when that import run wrote the account. */
  imported_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** 0021-self-service: the language of the account's notices (its last self-service request). */
  language: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0021-self-service: deletion asked for at, and erasure due at (both set or both null). */
  deletion_requested_at: NullableTime;
  deletion_due_at: NullableTime;
  /** 0021-self-service: personal data erased (the row stays, anonymised, for money records). */
  erased_at: NullableTime;
}

/** Formats of imported password hashes (lib/password-formats.ts). */
export type ImportedPasswordFormat =
  'argon2' | 'bcrypt' | 'scrypt' | 'pbkdf2_django' | 'pbkdf2_passlib';

export type Platform = 'android' | 'pc' | 'ios';

export interface GamesTable {
  id: number;
  name: string;
  icon: string;
  platforms: ColumnType<Platform[], Platform[], Platform[]>;
  sort: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
  /** 0020: name and icon URL per player language. */
  names: ColumnType<LocalizedText, string | undefined, string>;
  icons: ColumnType<LocalizedText, string | undefined, string>;
  updated_at: NullableTime;
  /** 0022: who checks the players' passwords, set in the console; null: GAME_GATEWAYS decides. */
  credentials: ColumnType<
    'portal' | 'game' | null,
    'portal' | 'game' | null | undefined,
    'portal' | 'game' | null
  >;
}

/** 0020: a game's gateway, set from the console (GAME_GATEWAYS is the fallback). */
export interface GameGatewaysTable {
  game_id: number;
  url: string;
  /** The shared secret sealed under DATA_KEY (context `game_gateway:<game id>`). */
  secret_enc: string;
  key_fingerprint: string;
  credentials: ColumnType<'portal' | 'game', 'portal' | 'game' | undefined, 'portal' | 'game'>;
  rotated_at: Date;
  updated_at: Date;
}

/** 0020: the portal's view of a game's servers: its maintenance switch and message. */
export interface GameServersTable {
  id: Generated<number>;
  game_id: number;
  server_id: number;
  name: string;
  /** 0 open, 1 maintenance (set by an operator; the game's own state also counts). */
  state: ColumnType<number, number | undefined, number>;
  sort: ColumnType<number, number | undefined, number>;
  maintenance_message: ColumnType<LocalizedText, string | undefined, string>;
  updated_at: NullableTime;
}

export interface GameAccountsTable {
  id: Generated<number>;
  account_id: number;
  game_id: number;
  created_at: CreatedAt;
  /**
   * 0014-publisher: the player's id in the game, unique per game. Defaults (a trigger) to the
   * row's id as text, the id the game was always sent for accounts the portal made itself.
   */
  uid: ColumnType<string, string | undefined, never>;
  /** 0014-publisher: the player's name in the game, as the game's backend gave it. */
  display_name: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0014-publisher: when the binding was made (or last made again). */
  bound_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** 0014-publisher: set while the game account is detached from its portal account. */
  unbound_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface SessionsTable {
  id: Generated<number>;
  account_id: number;
  token_hash: string;
  created_at: CreatedAt;
  last_seen_at: Timestamp;
  idle_expires_at: Timestamp;
  absolute_expires_at: Timestamp;
  remember: boolean;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** 0021: the address and browser the session was last used from (signed-in devices). */
  ip: ColumnType<string | null, string | null | undefined, string | null>;
  user_agent: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Per-language bulletin text, keyed by docs/product/languages.md language tag. */
export type BulletinTexts = Partial<
  Record<string, { title: string; content: string; link?: string | null }>
>;

export interface BulletinsTable {
  id: Generated<number>;
  pinned: ColumnType<boolean, boolean | undefined, boolean>;
  texts: Json<BulletinTexts>;
  link: string | null;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
  /** 0019: players see the bulletin from begins_at until ends_at (null: no end). */
  begins_at: ColumnType<Date, Date | string | undefined, Date | string>;
  ends_at: NullableTime;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

type NullableTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** 0002-auth: single-use hand-over tickets (hctoken), stored as sha256. */
export interface WebTicketsTable {
  id: Generated<number>;
  /** null on a game's ticket (0016): the account is the uid's at exchange, or a new one. */
  account_id: number | null;
  /** 0016-player-arrival: the game and player id a game's hand-over ticket is for. */
  game_id: ColumnType<number | null, number | null | undefined, number | null>;
  uid: ColumnType<string | null, string | null | undefined, string | null>;
  display_name: ColumnType<string | null, string | null | undefined, string | null>;
  /** The publisher key that issued it (the audit row of an account it makes). */
  key_id: ColumnType<string | null, string | null | undefined, string | null>;
  ticket_hash: string;
  /** Issued by a fresh sign-in (social): the exchange applies SESSION_SINGLE_DEVICE. */
  new_login: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTime;
}

/** 0016-player-arrival: one-time codes a game shows so a signed-in player binds its uid. */
export interface LinkCodesTable {
  id: Generated<number>;
  game_id: number;
  uid: string;
  display_name: string | null;
  key_id: string;
  code_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTime;
  used_by: number | null;
}

/** 0002-auth: verification codes; the rows are also the send log for rate limits. */
export interface VerificationCodesTable {
  id: Generated<number>;
  channel: 'email' | 'phone';
  destination: string;
  purpose: 'login' | 'reset' | 'signup' | 'contact';
  code_hash: string;
  ip: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  attempts: ColumnType<number, number | undefined, number>;
  used_at: NullableTime;
}

/** 0002-auth: login attempts for throttling. */
export interface LoginAttemptsTable {
  id: Generated<number>;
  account_id: number | null;
  ip: string;
  success: boolean;
  created_at: Timestamp;
}

/** 0002-auth: messages kept for the dev outbox (DEV_OUTBOX=true only). */
export interface DevOutboxTable {
  id: Generated<number>;
  channel: string;
  recipient: string;
  subject: string;
  body: string;
  created_at: Timestamp;
}

/** 0003-social: pending OAuth round trips (single use, 10 minutes), state stored as sha256. */
export interface OAuthStatesTable {
  id: Generated<number>;
  state_hash: string;
  provider: string;
  code_verifier: string;
  nonce: string | null;
  redirect: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  /** 0021-self-service: set when the round trip links an identity to this signed-in account. */
  link_account_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** 0003-social: identities keyed by (provider, subject), never by email. */
export interface SocialIdentitiesTable {
  id: Generated<number>;
  provider: 'google' | 'apple' | 'facebook' | 'wechat';
  subject: string;
  account_id: number;
  name: string | null;
  email: string | null;
  created_at: CreatedAt;
  last_login_at: NullableTime;
}

/** 0004-wallet: one row per (game account, bucket), plus system counterparties. */
export type LedgerAccountKind =
  | 'basic'
  | 'present'
  | 'system_purchase'
  | 'system_bonus'
  | 'system_spend'
  | 'system_refund'
  /** 0024-console-players: the counterparty of operator adjustments. */
  | 'system_adjustment';

export interface LedgerAccountsTable {
  id: Generated<number>;
  game_account_id: number | null;
  kind: LedgerAccountKind;
  /** Maintained by the ledger_entries trigger only. */
  balance: ColumnType<number, number | undefined, number>;
  may_go_negative: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
}

/** 0004-wallet: append-only; idempotency_key = order id + operation. */
export interface LedgerTransfersTable {
  id: Generated<number>;
  idempotency_key: string;
  kind: string;
  created_at: CreatedAt;
}

/** 0004-wallet: append-only; the entries of a transfer sum to zero. */
export interface LedgerEntriesTable {
  id: Generated<number>;
  transfer_id: number;
  ledger_account_id: number;
  amount: number;
  created_at: CreatedAt;
}

/** 0005-topup: per-language names, {"en-US": "..."}. */
export type LocalizedText = Partial<Record<string, string>>;
export interface PackItem {
  item_id: string;
  name: string;
  count: number;
}
export interface RebateInfo {
  percent: number;
  amount: number;
  end_ts: number | null;
}

/** 0005-topup: game packs (kind game) and HC Point packs (kind coin). */
export interface ProductsTable {
  id: Generated<number>;
  game_id: number;
  cp_goods_id: string;
  kind: 'game' | 'coin';
  names: Json<LocalizedText>;
  /** Integer minor units of `currency`. */
  price: number;
  currency: string;
  icon: string;
  /** Extra percent shown as a tag (docs/product/top-up.md#items). */
  bonus: ColumnType<number, number | undefined, number>;
  /** HC Point gift: credited to `present` for coin packs. */
  gift: ColumnType<number, number | undefined, number>;
  /** HC Point credited to `basic` by a coin pack; null for game packs. */
  amount: number | null;
  items: ColumnType<PackItem[], string | undefined, string>;
  rebate: ColumnType<RebateInfo | null, string | null | undefined, string | null>;
  /** null: sold on every server of the game. */
  server_ids: number[] | null;
  sort: ColumnType<number, number | undefined, number>;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
  /** 0018: pictures per language (the `icon` is the default). */
  icons: ColumnType<LocalizedText, string | undefined, string>;
  /** 0018: sale window; null = no start / no end. */
  sale_begin_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  sale_end_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface RebateTier {
  threshold: number;
  currency: string;
  percent: number;
}
export interface RebateCampaignsTable {
  id: Generated<number>;
  game_id: number;
  begin_at: Date | null;
  end_at: Date | null;
  tiers: Json<RebateTier[]>;
  texts: Json<LocalizedText>;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
  /** 0018. */
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** 0018-console-catalog: images uploaded in the console, content-addressed. */
export interface ImagesTable {
  id: Generated<number>;
  /** Lowercase hex SHA-256 of `bytes`. */
  sha256: string;
  type: 'image/png' | 'image/jpeg' | 'image/webp';
  width: number;
  height: number;
  size: number;
  /** The file (storage 'database'); null when it is in the bucket (0023). */
  bytes: Uint8Array | null;
  /** The operator's name. */
  uploaded_by: string;
  created_at: CreatedAt;
  /** 0023: where the bytes are (ADR 0051). */
  storage: ColumnType<'database' | 's3', 'database' | 's3' | undefined, 'database' | 's3'>;
}

/** Server order status (docs/product/top-up.md#order-statuses): 1 unpaid, 2 delivered, 3 failed, 4 closed, 5 refunded, 6 paid. */
export type OrderStatusValue = 1 | 2 | 3 | 4 | 5 | 6;

export interface OrdersTable {
  id: Generated<number>;
  sdk_order_id: string;
  account_id: number;
  game_account_id: number;
  game_id: number;
  server_id: number;
  server_name: string;
  role_id: string;
  role_name: string;
  product_id: number;
  cp_goods_id: string;
  kind: 'game' | 'coin';
  item_name: string;
  item_names: Json<LocalizedText>;
  price: number;
  currency: string;
  /** Coin packs: HC Point credited to basic / present. */
  hc_amount: number | null;
  hc_gift: ColumnType<number, number | undefined, number>;
  /** Game packs paid with HC Point: the points charged. */
  hc_price: number | null;
  items: Json<PackItem[]>;
  channel_code: string;
  provider: string;
  provider_ref: string | null;
  /** The provider's id of the payment itself (Stripe PaymentIntent, PayPal capture), once paid. */
  payment_ref: ColumnType<string | null, string | null | undefined, string | null>;
  pay_url: string | null;
  /** A request is creating the checkout until then (one checkout per order). */
  checkout_until: NullableTime;
  /** When the worker last asked the provider about this unpaid order. */
  payment_checked_at: NullableTime;
  status: ColumnType<OrderStatusValue, OrderStatusValue | undefined, OrderStatusValue>;
  language: ColumnType<string, string | undefined, string>;
  idempotency_key: string | null;
  expires_at: Timestamp;
  paid_at: NullableTime;
  completed_at: NullableTime;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface OrderEventsTable {
  id: Generated<number>;
  order_id: number;
  status: OrderStatusValue;
  note: string | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface PaymentEventsTable {
  id: Generated<number>;
  provider: string;
  event_id: string;
  type: string;
  order_id: number | null;
  /** What applying it did: paid, failed, refunded, duplicate, ignored, mismatch, unknown_order... */
  outcome: string;
  payload: Json<unknown>;
  /** The event as understood (kind, references, amount); kept while it waits (`deferred`). */
  event: ColumnType<unknown, string | null | undefined, string | null>;
  received_at: CreatedAt;
}

/** `discarded` (0026-console-jobs): set by an operator; never claimed again. */
export type JobState = 'pending' | 'running' | 'done' | 'dead' | 'discarded';
export interface JobsTable {
  id: Generated<number>;
  kind: string;
  dedupe_key: string;
  order_id: number | null;
  payload: Json<Record<string, unknown>>;
  state: ColumnType<JobState, JobState | undefined, JobState>;
  attempts: ColumnType<number, number | undefined, number>;
  run_at: ColumnType<Date, Date | string | undefined, Date | string>;
  lease_until: NullableTime;
  last_error: string | null;
  result: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface SandboxPaymentsTable {
  id: string;
  order_ref: string;
  amount: number;
  currency: string;
  item_name: string;
  language: string;
  return_url: string;
  status: ColumnType<
    'open' | 'paid' | 'declined' | 'refunded',
    'open' | 'paid' | 'declined' | 'refunded' | undefined,
    'open' | 'paid' | 'declined' | 'refunded'
  >;
  method: string | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** 0006: a refund's HC Point shortfall, settled from later credits. */
export interface AccountDebtsTable {
  id: Generated<number>;
  game_account_id: number;
  order_id: number | null;
  amount: number;
  settled: ColumnType<number, number | undefined, number>;
  reason: string;
  created_at: CreatedAt;
  settled_at: NullableTime;
}

/**
 * 0006: docs/product/account.md#real-name-information. 0008 (ADR 0027): the record lives only in `info_enc`
 * (envelope under DATA_KEY, key id in `key_id`); the other fields are legacy, null once a row is
 * converted.
 */
export interface RealNameInfoTable {
  account_id: number;
  info_enc: string | null;
  key_id: string | null;
  full_name: string | null;
  birthday: string | null;
  address: string | null;
  phone: string | null;
  email: string | null;
  id_number_enc: string | null;
  id_number_masked: string | null;
  sign_region: string | null;
  sign_date: string | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** Per-language article / block text. */
export type LocalizedDoc = Partial<
  Record<string, { title: string; content: string; summary?: string }>
>;

export interface ArticlesTable {
  id: Generated<number>;
  game_id: number | null;
  /** 1 news, 2 event, 3 update, 4 strategy (contract extension). */
  type: number;
  texts: Json<LocalizedDoc>;
  img: string | null;
  pinned: ColumnType<boolean, boolean | undefined, boolean>;
  published_at: ColumnType<Date, Date | string | undefined, Date | string>;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
  /** 0019. */
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface GameHomeTable {
  game_id: number;
  config: Json<Record<string, unknown>>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface GameContentsTable {
  id: Generated<number>;
  game_id: number;
  kind: 'info' | 'feature';
  texts: Json<LocalizedDoc>;
  img: string | null;
  sort: ColumnType<number, number | undefined, number>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface SitePagesTable {
  slug: string;
  texts: Json<LocalizedDoc>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface RedeemBatchesTable {
  id: Generated<number>;
  game_id: number;
  name: string;
  kind: 'single' | 'shared';
  product_id: number | null;
  expires_at: NullableTime;
  total_cap: number | null;
  per_account_limit: ColumnType<number, number | undefined, number>;
  redeemed: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
  /** 0020: the campaign's window opens (null: at once), its revocation, its HC Point reward. */
  starts_at: NullableTime;
  revoked_at: NullableTime;
  points: number | null;
}

export interface RedeemCodesTable {
  id: Generated<number>;
  batch_id: number;
  code_hash: string;
  uses: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
  /** 0020: the code sealed under DATA_KEY (console-made codes, for the CSV export). */
  code_enc: string | null;
  revoked_at: NullableTime;
}

export interface RedemptionsTable {
  id: Generated<number>;
  code_id: number;
  batch_id: number;
  account_id: number;
  game_account_id: number;
  server_id: number;
  server_name: string;
  role_id: string;
  role_name: string;
  delivery_id: string;
  status: ColumnType<
    'pending' | 'delivered',
    'pending' | 'delivered' | undefined,
    'pending' | 'delivered'
  >;
  created_at: CreatedAt;
  delivered_at: NullableTime;
}

export interface RedeemAttemptsTable {
  id: Generated<number>;
  account_id: number | null;
  ip: string;
  success: boolean;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface AnalyticsEventsTable {
  id: Generated<number>;
  received_at: ColumnType<Date, Date | string | undefined, never>;
  event_at: ColumnType<Date, Date | string, never>;
  device_id: string;
  sid: string;
  seq: number;
  event: string;
  page: string;
  page_duration: number | null;
  type: string | null;
  region: string | null;
  result: string | null;
  trafficsource: string | null;
  trafficsource_link: string | null;
  loading_request_time: number | null;
  loading_time: number | null;
  game_id: number | null;
  account_id: number | null;
  lang: string | null;
}

export interface AnalyticsNoncesTable {
  sid: string;
  nonce: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

/** 0013: a key handed out by the analytics session call (ADR 0032). */
export interface AnalyticsSessionsTable {
  sid: string;
  device_id: string;
  /** The portal account signed in when the key was asked for, or null. */
  account_id: number | null;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export interface AnalyticsRateTable {
  /** `device:<device_id>` or `ip:<address>` (lib/rate-counter.ts). */
  bucket: string;
  window_start: Date;
  count: number;
}

/** 0009-throttle: one counted attempt in one bucket (lib/throttle.ts). */
export interface ThrottleHitsTable {
  id: Generated<number>;
  /** What is limited, e.g. `login:account:<id>` or `code:ip:<address>`. */
  bucket: string;
  created_at: Timestamp;
}

/** 0014-publisher: per-game Publisher API keys (at most two active: rotation overlap). */
export interface PublisherKeysTable {
  id: Generated<number>;
  game_id: number;
  key_id: string;
  /** The HMAC secret, encrypted under DATA_KEY (context `publisher_key:<key_id>`). */
  secret_enc: string;
  created_at: CreatedAt;
  revoked_at: NullableTime;
}

/** 0014-publisher: nonces of signed publisher requests, single use within 10 minutes. */
export interface PublisherNoncesTable {
  key_id: string;
  nonce: string;
  created_at: Timestamp;
}

/** 0014-publisher: first answers of publisher writes per (game, Idempotency-Key). */
export interface PublisherIdempotencyTable {
  game_id: number;
  idempotency_key: string;
  request_hash: string;
  answer: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: Timestamp;
}

export type AuditActorKind = 'publisher' | 'operator' | 'cli' | 'player';

/** 0014-publisher: append-only (the database refuses UPDATE, DELETE and TRUNCATE). */
export interface AuditLogTable {
  id: Generated<number>;
  at: Timestamp;
  actor_kind: AuditActorKind;
  actor: string;
  ip: string | null;
  action: string;
  target: string | null;
  before: ColumnType<unknown, string | null | undefined, never>;
  after: ColumnType<unknown, string | null | undefined, never>;
}

/** 0015-console: the publisher's staff (docs/console.md). */
export interface OperatorsTable {
  id: Generated<number>;
  name: string;
  display_name: string;
  /** argon2id; null until the operator answered a setup link. */
  password_hash: ColumnType<string | null, string | null | undefined, string | null>;
  roles: ColumnType<string[], string[], string[]>;
  /** The TOTP secret encrypted under DATA_KEY (pending until totp_enabled_at is set). */
  totp_secret_enc: ColumnType<string | null, string | null | undefined, string | null>;
  totp_enabled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The last TOTP time step accepted (a code is accepted once). */
  totp_last_step: ColumnType<string | null, number | null | undefined, number | null>;
  disabled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: CreatedAt;
}

/** 0015-console: console sessions; the token is stored as its SHA-256. */
export interface OperatorSessionsTable {
  id: Generated<number>;
  operator_id: number;
  token_hash: string;
  csrf_token: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  /** The absolute end (12 hours after sign-in). */
  expires_at: Timestamp;
  ip: string | null;
  user_agent: string | null;
  /** May only enrol two-factor authentication or sign out. */
  enrolment_only: ColumnType<boolean, boolean | undefined, boolean>;
  ended_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** 0015-console: two-factor recovery codes, HMAC-SHA256 under CODE_HASH_SECRET, used once. */
export interface OperatorRecoveryCodesTable {
  id: Generated<number>;
  operator_id: number;
  code_hash: string;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
}

/** 0015-console: one-time setup links (24 hours); the token is stored as its SHA-256. */
export interface OperatorSetupTokensTable {
  id: Generated<number>;
  operator_id: number;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface DB {
  accounts: AccountsTable;
  games: GamesTable;
  game_gateways: GameGatewaysTable;
  game_servers: GameServersTable;
  game_accounts: GameAccountsTable;
  sessions: SessionsTable;
  bulletins: BulletinsTable;
  web_tickets: WebTicketsTable;
  link_codes: LinkCodesTable;
  verification_codes: VerificationCodesTable;
  login_attempts: LoginAttemptsTable;
  dev_outbox: DevOutboxTable;
  oauth_states: OAuthStatesTable;
  social_identities: SocialIdentitiesTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_transfers: LedgerTransfersTable;
  ledger_entries: LedgerEntriesTable;
  products: ProductsTable;
  rebate_campaigns: RebateCampaignsTable;
  orders: OrdersTable;
  order_events: OrderEventsTable;
  payment_events: PaymentEventsTable;
  jobs: JobsTable;
  sandbox_payments: SandboxPaymentsTable;
  account_debts: AccountDebtsTable;
  real_name_info: RealNameInfoTable;
  articles: ArticlesTable;
  game_home: GameHomeTable;
  game_contents: GameContentsTable;
  site_pages: SitePagesTable;
  redeem_batches: RedeemBatchesTable;
  redeem_codes: RedeemCodesTable;
  redemptions: RedemptionsTable;
  redeem_attempts: RedeemAttemptsTable;
  analytics_events: AnalyticsEventsTable;
  analytics_nonces: AnalyticsNoncesTable;
  analytics_rate: AnalyticsRateTable;
  analytics_sessions: AnalyticsSessionsTable;
  throttle_hits: ThrottleHitsTable;
  publisher_keys: PublisherKeysTable;
  publisher_nonces: PublisherNoncesTable;
  publisher_idempotency: PublisherIdempotencyTable;
  audit_log: AuditLogTable;
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
  operator_recovery_codes: OperatorRecoveryCodesTable;
  operator_setup_tokens: OperatorSetupTokensTable;
  images: ImagesTable;
  hc_adjustments: HcAdjustmentsTable;
  reconciliation_runs: ReconciliationRunsTable;
  reconciliation_differences: ReconciliationDifferencesTable;
}

/** 0024-console-players: HC Point adjustments by operators (docs/console.md#support-players). */
export interface HcAdjustmentsTable {
  id: Generated<number>;
  idempotency_key: string;
  account_id: number;
  game_account_id: number;
  /** Signed: > 0 credit, < 0 debit. */
  amount: number;
  reason: string;
  status: 'pending' | 'applied' | 'rejected';
  requested_by: string;
  requested_at: Timestamp;
  decided_by: string | null;
  decided_at: NullableTime;
  decision_note: string | null;
}

/** 0028-reconciliation: provider settlement runs (docs/console.md#finance-reconciliation). */
export interface ReconciliationRunsTable {
  id: Generated<number>;
  provider: 'sandbox' | 'stripe' | 'paypal';
  source: 'upload' | 'fetch';
  format: 'stripe_csv' | 'paypal_stl' | 'sandbox_csv' | 'api';
  period_from: Timestamp;
  period_to: Timestamp;
  file_sha256: string;
  lines: number;
  matched: number;
  differences: number;
  created_by: string;
  created_at: CreatedAt;
}

/** 0028-reconciliation: one difference of a run, and how it was resolved. */
export interface ReconciliationDifferencesTable {
  id: Generated<number>;
  run_id: number;
  kind:
    | 'provider_only'
    | 'portal_only'
    | 'amount_mismatch'
    | 'refund_provider_only'
    | 'refund_portal_only';
  order_ref: string | null;
  order_id: number | null;
  provider_ref: string | null;
  provider_amount: number | null;
  provider_currency: string | null;
  portal_amount: number | null;
  portal_currency: string | null;
  occurred_at: NullableTime;
  status: ColumnType<'open' | 'resolved', 'open' | 'resolved' | undefined, 'open' | 'resolved'>;
  resolution: 'payment_applied' | 'refund_applied' | 'noted' | null;
  resolved_by: string | null;
  resolved_at: NullableTime;
  note: string | null;
}
