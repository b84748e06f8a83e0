// Data access of the sign-in for games that keep their players' credentials (ADR 0043): the
// portal account bound to the game's uid, created or refreshed from what the game answered.
// Every method runs on the caller's transaction (`db` is a Transaction<DB>).
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { createAccountsRepository } from './accounts.repository';

export interface GameBinding {
  id: number;
  accountId: number;
  displayName: string | null;
  unbound: boolean;
}

export function createGameCredentialsRepository(db: Kysely<DB>) {
  const accounts = createAccountsRepository(db);
  return {
    /** The accounts table's own checks and the (game, uid) lock (accounts.repository.ts). */
    lockUid: (gameId: number, uid: string) => accounts.lockUid(gameId, uid),
    loginNameTaken: (account: string) => accounts.loginNameTaken(account),
    emailTaken: (email: string, exceptId: number | null) => accounts.emailTaken(email, exceptId),
    phoneTaken: (phone: string, exceptId: number | null) => accounts.phoneTaken(phone, exceptId),

    async bindingOf(gameId: number, uid: string): Promise<GameBinding | undefined> {
      const row = await db
        .selectFrom('game_accounts')
        .select(['id', 'account_id', 'display_name', 'unbound_at'])
        .where('game_id', '=', gameId)
        .where('uid', '=', uid)
        .forUpdate()
        .executeTakeFirst();
      return (
        row && {
          id: row.id,
          accountId: row.account_id,
          displayName: row.display_name,
          unbound: row.unbound_at !== null,
        }
      );
    },

    async accountContact(
      id: number,
    ): Promise<{ email: string | null; phone: string | null } | undefined> {
      return db
        .selectFrom('accounts')
        .select(['email', 'phone'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },

    /** A portal account without a password: the game keeps it. */
    async insertAccount(input: {
      account: string;
      email: string | null;
      phone: string | null;
    }): Promise<number> {
      const row = await db
        .insertInto('accounts')
        .values({
          account: input.account,
          email: input.email?.toLowerCase() ?? null,
          phone: input.phone,
          password_hash: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async setContact(
      id: number,
      contact: { email?: string | null; phone?: string | null },
    ): Promise<void> {
      const set: { email?: string | null; phone?: string | null } = {};
      if (contact.email !== undefined) set.email = contact.email?.toLowerCase() ?? null;
      if (contact.phone !== undefined) set.phone = contact.phone;
      if (Object.keys(set).length === 0) return;
      await db.updateTable('accounts').set(set).where('id', '=', id).execute();
    },

    async insertBinding(input: {
      accountId: number;
      gameId: number;
      uid: string;
      displayName: string | null;
      at: Date;
    }): Promise<void> {
      await db
        .insertInto('game_accounts')
        .values({
          account_id: input.accountId,
          game_id: input.gameId,
          uid: input.uid,
          display_name: input.displayName,
          created_at: input.at,
          bound_at: input.at,
        })
        .execute();
    },

    async rebind(id: number, accountId: number, displayName: string | null, at: Date) {
      await db
        .updateTable('game_accounts')
        .set({ account_id: accountId, display_name: displayName, bound_at: at, unbound_at: null })
        .where('id', '=', id)
        .execute();
    },

    async setDisplayName(id: number, displayName: string | null): Promise<void> {
      await db
        .updateTable('game_accounts')
        .set({ display_name: displayName })
        .where('id', '=', id)
        .execute();
    },
  };
}
