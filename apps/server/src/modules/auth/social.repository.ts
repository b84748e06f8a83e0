// Data access for social sign-in: single-use OAuth states and (provider, subject) identities.
import type { SocialProvider } from '@hc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export interface PendingState {
  provider: string;
  codeVerifier: string;
  nonce: string | null;
  redirect: string;
  expiresAt: Date;
  /** Set when the round trip links the identity to this signed-in account (ADR 0049). */
  linkAccountId?: number | null;
}

export interface IdentityRow {
  id: number;
  accountId: number;
  name: string | null;
}

/** `db` is the pool or a transaction (ADR 0037). */
export function createSocialRepository(db: Kysely<DB>) {
  return {
    async saveState(stateHash: string, state: PendingState, now: Date): Promise<void> {
      await db
        .insertInto('oauth_states')
        .values({
          state_hash: stateHash,
          provider: state.provider,
          code_verifier: state.codeVerifier,
          nonce: state.nonce,
          redirect: state.redirect,
          created_at: now,
          expires_at: state.expiresAt,
          link_account_id: state.linkAccountId ?? null,
        })
        .execute();
    },

    /** Delete and return the state (single use: a second call finds nothing). */
    async takeState(stateHash: string): Promise<PendingState | undefined> {
      const row = await db
        .deleteFrom('oauth_states')
        .where('state_hash', '=', stateHash)
        .returningAll()
        .executeTakeFirst();
      return (
        row && {
          provider: row.provider,
          codeVerifier: row.code_verifier,
          nonce: row.nonce,
          redirect: row.redirect,
          expiresAt: row.expires_at,
          linkAccountId: row.link_account_id === null ? null : Number(row.link_account_id),
        }
      );
    },

    async purgeExpiredStates(now: Date): Promise<void> {
      await db.deleteFrom('oauth_states').where('expires_at', '<', now).execute();
    },

    async findIdentity(
      provider: SocialProvider,
      subject: string,
    ): Promise<IdentityRow | undefined> {
      const row = await db
        .selectFrom('social_identities')
        .select(['id', 'account_id', 'name'])
        .where('provider', '=', provider)
        .where('subject', '=', subject)
        .executeTakeFirst();
      return row && { id: row.id, accountId: Number(row.account_id), name: row.name };
    },

    /** The account's identity of a provider, if it has one. */
    async identityOfAccount(accountId: number, provider: SocialProvider) {
      return db
        .selectFrom('social_identities')
        .select('id')
        .where('account_id', '=', accountId)
        .where('provider', '=', provider)
        .executeTakeFirst();
    },

    /** Links an identity to an existing account (the unique (provider, subject) decides races). */
    async linkIdentity(input: {
      accountId: number;
      provider: SocialProvider;
      subject: string;
      name: string | null;
      email: string | null;
      now: Date;
    }): Promise<void> {
      await db
        .insertInto('social_identities')
        .values({
          provider: input.provider,
          subject: input.subject,
          account_id: input.accountId,
          name: input.name,
          email: input.email,
          created_at: input.now,
          last_login_at: null,
        })
        .execute();
    },

    async touchIdentity(id: number, now: Date, name: string | null): Promise<void> {
      await db
        .updateTable('social_identities')
        .set((eb) => ({ last_login_at: now, name: eb.fn.coalesce('name', eb.val(name)) }))
        .where('id', '=', id)
        .execute();
    },

    /**
     * A new password-less account with the identity; returns its id. Two statements: call it on
     * a repository built from a transaction (ADR 0037).
     */
    async createAccountWithIdentity(input: {
      account: string;
      provider: SocialProvider;
      subject: string;
      name: string | null;
      email: string | null;
      now: Date;
    }): Promise<number> {
      const account = await db
        .insertInto('accounts')
        .values({ account: input.account, email: null, phone: null, password_hash: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('social_identities')
        .values({
          provider: input.provider,
          subject: input.subject,
          account_id: account.id,
          name: input.name,
          email: input.email,
          last_login_at: input.now,
        })
        .execute();
      return Number(account.id);
    },
  };
}

export type SocialRepository = ReturnType<typeof createSocialRepository>;
