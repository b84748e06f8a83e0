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
  /** 0002-auth: false -> email login answers canNoEmailLogin (SPEC §8). */
  email_login_enabled: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
}

export type Platform = 'android' | 'pc' | 'ios';

export interface GamesTable {
  id: number;
  name: string;
  icon: string;
  platforms: ColumnType<Platform[], Platform[], Platform[]>;
  sort: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
}

export interface GameServersTable {
  id: Generated<number>;
  game_id: number;
  server_id: number;
  name: string;
  /** 0 open, 1 maintenance (SPEC §3). */
  state: ColumnType<number, number | undefined, number>;
  sort: ColumnType<number, number | undefined, number>;
}

export interface GameAccountsTable {
  id: Generated<number>;
  account_id: number;
  game_id: number;
  created_at: CreatedAt;
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
}

/** Per-language bulletin text, keyed by SPEC §1 language tag. */
export type BulletinTexts = Partial<Record<string, { title: string; content: string }>>;

export interface BulletinsTable {
  id: Generated<number>;
  pinned: ColumnType<boolean, boolean | undefined, boolean>;
  texts: Json<BulletinTexts>;
  link: string | null;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
}

type NullableTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** 0002-auth: single-use hand-over tickets (hctoken), stored as sha256. */
export interface WebTicketsTable {
  id: Generated<number>;
  account_id: number;
  ticket_hash: string;
  /** Issued by a fresh sign-in (social): the exchange applies SESSION_SINGLE_DEVICE. */
  new_login: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTime;
}

/** 0002-auth: verification codes; the rows are also the send log for rate limits. */
export interface VerificationCodesTable {
  id: Generated<number>;
  channel: 'email' | 'phone';
  destination: string;
  purpose: 'login' | 'reset';
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
  'basic' | 'present' | 'system_purchase' | 'system_bonus' | 'system_spend' | 'system_refund';

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

export interface DB {
  accounts: AccountsTable;
  games: GamesTable;
  game_servers: GameServersTable;
  game_accounts: GameAccountsTable;
  sessions: SessionsTable;
  bulletins: BulletinsTable;
  web_tickets: WebTicketsTable;
  verification_codes: VerificationCodesTable;
  login_attempts: LoginAttemptsTable;
  dev_outbox: DevOutboxTable;
  oauth_states: OAuthStatesTable;
  social_identities: SocialIdentitiesTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_transfers: LedgerTransfersTable;
  ledger_entries: LedgerEntriesTable;
}
