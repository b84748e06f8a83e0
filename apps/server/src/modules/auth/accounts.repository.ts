// Data access for login accounts (`accid`) and their game accounts (`gameAccountId`/uid).
import { sql, type Kysely, type Selectable } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { named } from '../../db/named-statements';
import type { AccountsTable, DB, ImportedPasswordFormat } from '../../db/schema';

export interface AccountRow {
  id: number;
  account: string;
  email: string | null;
  phone: string | null;
  passwordHash: string | null;
  /** The format of an imported hash not yet re-hashed (migration 0017); null: argon2id. */
  passwordFormat: ImportedPasswordFormat | null;
  emailLoginEnabled: boolean;
  createdAt: Date;
  /** Set while the account is disabled (Publisher API): it cannot sign in. */
  disabledAt: Date | null;
  /** Set while a deletion the player asked for waits for its grace period (ADR 0049). */
  deletionDueAt: Date | null;
}

export interface GameAccountRow {
  id: number;
  accountId: number;
  gameId: number;
}

export interface NewAccount {
  account: string;
  email?: string | null;
  phone?: string | null;
  passwordHash?: string | null;
}

type AccountRecord = Selectable<AccountsTable>;

function toRow(row: AccountRecord): AccountRow {
  return {
    id: row.id,
    account: row.account,
    email: row.email,
    phone: row.phone,
    passwordHash: row.password_hash,
    passwordFormat: row.password_format,
    emailLoginEnabled: row.email_login_enabled,
    createdAt: row.created_at,
    disabledAt: row.disabled_at,
    deletionDueAt: row.deletion_due_at,
  };
}

export function createAccountsRepository(db: Kysely<DB>) {
  return {
    async findById(id: number): Promise<AccountRow | undefined> {
      const row = await db
        .selectFrom('accounts')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toRow(row);
    },

    /** By login name (exact, case-sensitive as stored). */
    async findByAccountName(account: string): Promise<AccountRow | undefined> {
      const row = await db
        .selectFrom('accounts')
        .selectAll()
        .where('account', '=', account)
        .executeTakeFirst();
      return row && toRow(row);
    },

    /** Emails compare case-insensitively (the unique index is on lower(email)). */
    async findByEmail(email: string): Promise<AccountRow | undefined> {
      const row = await db
        .selectFrom('accounts')
        .selectAll()
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
        .executeTakeFirst();
      return row && toRow(row);
    },

    /** Another account than `exceptId` signs in with this email (case-insensitive). */
    async emailTaken(email: string, exceptId: number | null): Promise<boolean> {
      let q = db
        .selectFrom('accounts')
        .select('id')
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()));
      if (exceptId !== null) q = q.where('id', '!=', exceptId);
      return (await q.executeTakeFirst()) !== undefined;
    },

    /** Another account than `exceptId` has this phone (E.164). */
    async phoneTaken(phone: string, exceptId: number | null): Promise<boolean> {
      let q = db.selectFrom('accounts').select('id').where('phone', '=', phone);
      if (exceptId !== null) q = q.where('id', '!=', exceptId);
      return (await q.executeTakeFirst()) !== undefined;
    },

    /** Some account has exactly this login name; `ignoreCase` also finds other casings. */
    async loginNameTaken(
      account: string,
      options: { ignoreCase?: boolean } = {},
    ): Promise<boolean> {
      const q = db.selectFrom('accounts').select('id');
      const row = await (
        options.ignoreCase === true
          ? q.where((eb) => eb(eb.fn('lower', ['account']), '=', account.toLowerCase()))
          : q.where('account', '=', account)
      ).executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Serialises every change of one (game, uid) for the caller's transaction: the Publisher
     * API, the hand-over and the game-credential sign-in take the same lock.
     */
    async lockUid(gameId: number, uid: string): Promise<void> {
      await sql`select pg_advisory_xact_lock(hashtextextended(${`publisher:${gameId}:${uid}`}, 0))`.execute(
        db,
      );
    },

    /** Phones are stored in E.164. */
    async findByPhone(phone: string): Promise<AccountRow | undefined> {
      const row = await db
        .selectFrom('accounts')
        .selectAll()
        .where('phone', '=', phone)
        .executeTakeFirst();
      return row && toRow(row);
    },

    async setPasswordHash(id: number, passwordHash: string): Promise<void> {
      await db
        .updateTable('accounts')
        .set({ password_hash: passwordHash, password_format: null })
        .where('id', '=', id)
        .execute();
    },

    /**
     * Replaces an imported hash (ADR 0043) with the portal's own, only while the account still
     * holds exactly `importedHash` (one statement: a concurrent reset or re-hash wins).
     */
    async replaceImportedHash(
      id: number,
      importedHash: string,
      passwordHash: string,
    ): Promise<boolean> {
      const result = await db
        .updateTable('accounts')
        .set({ password_hash: passwordHash, password_format: null })
        .where('id', '=', id)
        .where('password_hash', '=', importedHash)
        .where('password_format', 'is not', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async setEmailLoginEnabled(id: number, enabled: boolean): Promise<void> {
      await db
        .updateTable('accounts')
        .set({ email_login_enabled: enabled })
        .where('id', '=', id)
        .execute();
    },

    async setPhone(id: number, phone: string | null): Promise<void> {
      await db.updateTable('accounts').set({ phone }).where('id', '=', id).execute();
    },

    async insert(account: NewAccount): Promise<number> {
      const row = await db
        .insertInto('accounts')
        .values({
          account: account.account,
          email: account.email?.toLowerCase() ?? null,
          phone: account.phone ?? null,
          password_hash: account.passwordHash ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async count(): Promise<number> {
      const row = await db
        .selectFrom('accounts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async bindGameAccount(accountId: number, gameId: number): Promise<number> {
      const row = await db
        .insertInto('game_accounts')
        .values({ account_id: accountId, game_id: gameId })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** The uid the game knows a game account by (ADR 0039); it never changes once written. */
    async gameUidOf(gameAccountId: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('game_accounts')
        .select('uid')
        .where('id', '=', gameAccountId)
        .executeTakeFirst();
      return row?.uid;
    },

    /**
     * The login name and the game accounts (ordered as listGameAccounts) in one round trip:
     * what every signed-in call that needs the player reads (ADR 0023 follow-up).
     */
    async findNameWithGameAccounts(
      id: number,
    ): Promise<{ account: string; gameAccounts: GameAccountRow[] } | undefined> {
      // Named (ADR 0062): every call that needs the player runs it.
      const query = db
        .selectFrom('accounts as a')
        .select((eb) => [
          'a.account',
          jsonArrayFrom(
            eb
              .selectFrom('game_accounts as ga')
              .innerJoin('games as g', 'g.id', 'ga.game_id')
              .select(['ga.id', 'ga.game_id'])
              .whereRef('ga.account_id', '=', 'a.id')
              .where('ga.unbound_at', 'is', null)
              .orderBy('g.sort')
              .orderBy('ga.id'),
          ).as('game_accounts'),
        ])
        .where('a.id', '=', id)
        .compile();
      const row = (await db.executeQuery(named('accounts_player', query))).rows[0];
      return (
        row && {
          account: row.account,
          gameAccounts: row.game_accounts.map((g) => ({
            id: Number(g.id),
            accountId: id,
            gameId: Number(g.game_id),
          })),
        }
      );
    },

    /** The account's game accounts, the preferred game first (then by game sort order). */
    async listGameAccounts(accountId: number): Promise<GameAccountRow[]> {
      const rows = await db
        .selectFrom('game_accounts')
        .innerJoin('games', 'games.id', 'game_accounts.game_id')
        .select(['game_accounts.id', 'game_accounts.account_id', 'game_accounts.game_id'])
        .where('game_accounts.account_id', '=', accountId)
        .where('game_accounts.unbound_at', 'is', null)
        .orderBy('games.sort')
        .orderBy('game_accounts.id')
        .execute();
      return rows.map((r) => ({ id: r.id, accountId: r.account_id, gameId: r.game_id }));
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
