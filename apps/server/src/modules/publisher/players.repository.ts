// The portal accounts and game accounts the Publisher API manages (migrations 0001, 0014).
// A game account is found by (game, uid); it is bound while unbound_at is null.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { createAccountsRepository } from '../auth/accounts.repository';

export interface PlayerAccountRow {
  id: number;
  account: string;
  email: string | null;
  phone: string | null;
  disabledAt: Date | null;
  createdAt: Date;
}

export interface GameAccountBindingRow {
  id: number;
  accountId: number;
  gameId: number;
  uid: string;
  displayName: string | null;
  boundAt: Date;
  unboundAt: Date | null;
}

type BindingRecord = {
  id: number;
  account_id: number;
  game_id: number;
  uid: string;
  display_name: string | null;
  bound_at: Date;
  unbound_at: Date | null;
};

const toBinding = (r: BindingRecord): GameAccountBindingRow => ({
  id: Number(r.id),
  accountId: Number(r.account_id),
  gameId: r.game_id,
  uid: r.uid,
  displayName: r.display_name,
  boundAt: r.bound_at,
  unboundAt: r.unbound_at,
});

const bindingColumns = [
  'id',
  'account_id',
  'game_id',
  'uid',
  'display_name',
  'bound_at',
  'unbound_at',
] as const;

export function createPlayersRepository(db: Kysely<DB>) {
  const accounts = createAccountsRepository(db);
  return {
    /** The accounts table's own checks and the (game, uid) lock (accounts.repository.ts). */
    lockUid: (gameId: number, uid: string) => accounts.lockUid(gameId, uid),
    loginNameTaken: (account: string) => accounts.loginNameTaken(account),
    emailTaken: (email: string, exceptId: number | null) => accounts.emailTaken(email, exceptId),
    phoneTaken: (phone: string, exceptId: number | null) => accounts.phoneTaken(phone, exceptId),

    async account(
      id: number,
      opts: { forUpdate?: boolean } = {},
    ): Promise<PlayerAccountRow | undefined> {
      let q = db
        .selectFrom('accounts')
        .select(['id', 'account', 'email', 'phone', 'disabled_at', 'created_at'])
        .where('id', '=', id);
      if (opts.forUpdate) q = q.forUpdate();
      const r = await q.executeTakeFirst();
      return (
        r && {
          id: Number(r.id),
          account: r.account,
          email: r.email,
          phone: r.phone,
          disabledAt: r.disabled_at,
          createdAt: r.created_at,
        }
      );
    },

    /** The game account of `uid` in the game, bound or not. */
    async byUid(
      gameId: number,
      uid: string,
      opts: { forUpdate?: boolean } = {},
    ): Promise<GameAccountBindingRow | undefined> {
      let q = db
        .selectFrom('game_accounts')
        .select(bindingColumns)
        .where('game_id', '=', gameId)
        .where('uid', '=', uid);
      if (opts.forUpdate) q = q.forUpdate();
      const r = await q.executeTakeFirst();
      return r && toBinding(r);
    },

    /** The account's bound game account in the game, if any. */
    async boundOf(accountId: number, gameId: number): Promise<GameAccountBindingRow | undefined> {
      const r = await db
        .selectFrom('game_accounts')
        .select(bindingColumns)
        .where('account_id', '=', accountId)
        .where('game_id', '=', gameId)
        .where('unbound_at', 'is', null)
        .executeTakeFirst();
      return r && toBinding(r);
    },

    /** A password-less account (it signs in by code, or through the game's hand-over). */
    async insertAccount(input: {
      account: string;
      email: string | null;
      phone: string | null;
      at: Date;
    }): Promise<number> {
      const r = await db
        .insertInto('accounts')
        .values({
          account: input.account,
          email: input.email?.toLowerCase() ?? null,
          phone: input.phone,
          password_hash: null,
          created_at: input.at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(r.id);
    },

    async insertGameAccount(input: {
      accountId: number;
      gameId: number;
      uid: string;
      displayName: string | null;
      at: Date;
    }): Promise<number> {
      const r = await db
        .insertInto('game_accounts')
        .values({
          account_id: input.accountId,
          game_id: input.gameId,
          uid: input.uid,
          display_name: input.displayName,
          created_at: input.at,
          bound_at: input.at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(r.id);
    },

    /** Binds an existing (unbound) game account to `accountId`. */
    async rebind(
      id: number,
      accountId: number,
      displayName: string | null,
      at: Date,
    ): Promise<void> {
      await db
        .updateTable('game_accounts')
        .set({ account_id: accountId, display_name: displayName, bound_at: at, unbound_at: null })
        .where('id', '=', id)
        .execute();
    },

    async unbind(id: number, at: Date): Promise<void> {
      await db.updateTable('game_accounts').set({ unbound_at: at }).where('id', '=', id).execute();
    },

    async setDisplayName(id: number, displayName: string | null): Promise<void> {
      await db
        .updateTable('game_accounts')
        .set({ display_name: displayName })
        .where('id', '=', id)
        .execute();
    },

    async setContact(
      accountId: number,
      contact: { email?: string | null; phone?: string | null },
    ): Promise<void> {
      const set: { email?: string | null; phone?: string | null } = {};
      if (contact.email !== undefined) set.email = contact.email?.toLowerCase() ?? null;
      if (contact.phone !== undefined) set.phone = contact.phone;
      if (Object.keys(set).length === 0) return;
      await db.updateTable('accounts').set(set).where('id', '=', accountId).execute();
    },

    async setDisabledAt(accountId: number, at: Date | null): Promise<void> {
      await db
        .updateTable('accounts')
        .set({ disabled_at: at })
        .where('id', '=', accountId)
        .execute();
    },

    /** Ends every live session of the account (disable). */
    async endSessions(accountId: number, at: Date): Promise<number> {
      const r = await db
        .updateTable('sessions')
        .set({ revoked_at: at })
        .where('account_id', '=', accountId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
    },
  };
}

export type PlayersRepository = ReturnType<typeof createPlayersRepository>;
