// Data access for account self-service (migration 0021-self-service, ADR 0049): the owner's view
// of the account, email and phone changes, the notice language, linked social identities and the
// deletion schedule. `db` is the pool or a transaction (ADR 0037).
import type { SocialProvider } from '@hc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export interface OwnAccount {
  id: number;
  account: string;
  email: string | null;
  phone: string | null;
  hasPassword: boolean;
  language: string | null;
  deletionDueAt: Date | null;
}

export interface LinkedIdentity {
  provider: SocialProvider;
  name: string | null;
  linkedAt: Date;
}

export function createSelfServiceRepository(db: Kysely<DB>) {
  return {
    async account(id: number): Promise<OwnAccount | undefined> {
      const r = await db
        .selectFrom('accounts')
        .select(['id', 'account', 'email', 'phone', 'password_hash', 'language', 'deletion_due_at'])
        .where('id', '=', id)
        .where('erased_at', 'is', null)
        .executeTakeFirst();
      return (
        r && {
          id: Number(r.id),
          account: r.account,
          email: r.email,
          phone: r.phone,
          hasPassword: r.password_hash !== null,
          language: r.language,
          deletionDueAt: r.deletion_due_at,
        }
      );
    },

    async identities(accountId: number): Promise<LinkedIdentity[]> {
      const rows = await db
        .selectFrom('social_identities')
        .select(['provider', 'name', 'created_at'])
        .where('account_id', '=', accountId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map((r) => ({ provider: r.provider, name: r.name, linkedAt: r.created_at }));
    },

    /** The language of the account's notices (the player's latest self-service request). */
    async setLanguage(accountId: number, language: string): Promise<void> {
      await db
        .updateTable('accounts')
        .set({ language })
        .where('id', '=', accountId)
        .where((eb) => eb('language', 'is', null).or('language', '!=', language))
        .execute();
    },

    /** The unique indexes (lower(email), phone) refuse an address another account took meanwhile. */
    async setContact(accountId: number, channel: 'email' | 'phone', value: string): Promise<void> {
      await db
        .updateTable('accounts')
        .set(channel === 'email' ? { email: value.toLowerCase() } : { phone: value })
        .where('id', '=', accountId)
        .execute();
    },

    /** Removes the account's identity of a provider; whether one was removed. */
    async unlink(accountId: number, provider: SocialProvider): Promise<boolean> {
      const r = await db
        .deleteFrom('social_identities')
        .where('account_id', '=', accountId)
        .where('provider', '=', provider)
        .executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },

    /** Locks the account row for a change that depends on its sign-in methods (FOR UPDATE). */
    async lock(accountId: number): Promise<void> {
      await db
        .selectFrom('accounts')
        .select('id')
        .where('id', '=', accountId)
        .forUpdate()
        .executeTakeFirst();
    },

    async scheduleDeletion(accountId: number, requestedAt: Date, dueAt: Date): Promise<void> {
      await db
        .updateTable('accounts')
        .set({ deletion_requested_at: requestedAt, deletion_due_at: dueAt })
        .where('id', '=', accountId)
        .execute();
    },

    /** Clears a pending deletion; whether one was pending. */
    async cancelDeletion(accountId: number): Promise<boolean> {
      const r = await db
        .updateTable('accounts')
        .set({ deletion_requested_at: null, deletion_due_at: null })
        .where('id', '=', accountId)
        .where('deletion_due_at', 'is not', null)
        .where('erased_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      return r !== undefined;
    },
  };
}

export type SelfServiceRepository = ReturnType<typeof createSelfServiceRepository>;
