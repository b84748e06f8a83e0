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

export interface DB {
  accounts: AccountsTable;
  games: GamesTable;
  game_servers: GameServersTable;
  game_accounts: GameAccountsTable;
  sessions: SessionsTable;
  bulletins: BulletinsTable;
}
