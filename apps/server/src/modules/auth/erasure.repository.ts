// The statements of an account's erasure (ADR 0049): personal data deleted or cleared, the
// account row kept anonymised (`deleted-<id>`) so orders and the HC Point ledger, which the law
// requires to be kept, still have their owner row. Call it on a repository built from one
// transaction (ADR 0037): the erasure is all or nothing.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export function createErasureRepository(db: Kysely<DB>) {
  return {
    /** The account row, locked (FOR UPDATE) until the erasure commits. */
    async lockAccount(accountId: number) {
      return db
        .selectFrom('accounts')
        .select(['id', 'email', 'phone', 'deletion_due_at', 'erased_at'])
        .where('id', '=', accountId)
        .forUpdate()
        .executeTakeFirst();
    },

    /** Erases everything personal; the counts of rows deleted or cleared, for the audit row. */
    async erase(
      accountId: number,
      contacts: { email: string | null; phone: string | null },
      now: Date,
    ): Promise<Record<string, number>> {
      const n = (r: { numDeletedRows?: bigint; numUpdatedRows?: bigint }) =>
        Number(r.numDeletedRows ?? r.numUpdatedRows ?? 0);
      const counts: Record<string, number> = {};
      counts.social_identities = n(
        await db
          .deleteFrom('social_identities')
          .where('account_id', '=', accountId)
          .executeTakeFirst(),
      );
      counts.real_name_info = n(
        await db
          .deleteFrom('real_name_info')
          .where('account_id', '=', accountId)
          .executeTakeFirst(),
      );
      counts.sessions = n(
        await db.deleteFrom('sessions').where('account_id', '=', accountId).executeTakeFirst(),
      );
      counts.login_attempts = n(
        await db
          .deleteFrom('login_attempts')
          .where('account_id', '=', accountId)
          .executeTakeFirst(),
      );
      counts.web_tickets = n(
        await db.deleteFrom('web_tickets').where('account_id', '=', accountId).executeTakeFirst(),
      );
      await db.deleteFrom('oauth_states').where('link_account_id', '=', accountId).execute();
      for (const [channel, destination] of [
        ['email', contacts.email?.toLowerCase() ?? null],
        ['phone', contacts.phone],
      ] as const)
        if (destination !== null)
          await db
            .deleteFrom('verification_codes')
            .where('channel', '=', channel)
            .where('destination', '=', destination)
            .execute();
      await db
        .updateTable('redeem_attempts')
        .set({ account_id: null })
        .where('account_id', '=', accountId)
        .execute();
      await db
        .updateTable('analytics_sessions')
        .set({ account_id: null })
        .where('account_id', '=', accountId)
        .execute();
      await db
        .updateTable('analytics_events')
        .set({ account_id: null })
        .where('account_id', '=', accountId)
        .execute();
      await db
        .updateTable('link_codes')
        .set({ used_by: null })
        .where('used_by', '=', accountId)
        .execute();
      counts.game_accounts = n(
        await db
          .updateTable('game_accounts')
          .set({ unbound_at: now, display_name: null })
          .where('account_id', '=', accountId)
          .where('unbound_at', 'is', null)
          .executeTakeFirst(),
      );
      await db
        .updateTable('game_accounts')
        .set({ display_name: null })
        .where('account_id', '=', accountId)
        .execute();
      // Money records stay; the character names on them are the player's, so they go.
      counts.orders = n(
        await db
          .updateTable('orders')
          .set({ role_name: '', pay_url: null })
          .where('account_id', '=', accountId)
          .executeTakeFirst(),
      );
      counts.redemptions = n(
        await db
          .updateTable('redemptions')
          .set({ role_name: '' })
          .where('account_id', '=', accountId)
          .executeTakeFirst(),
      );
      await db
        .updateTable('accounts')
        .set({
          account: `deleted-${accountId}`,
          email: null,
          phone: null,
          password_hash: null,
          password_format: null,
          birthday: null,
          terms_version: null,
          terms_accepted_at: null,
          privacy_version: null,
          privacy_accepted_at: null,
          import_source: null,
          language: null,
          deletion_requested_at: null,
          deletion_due_at: null,
          erased_at: now,
          disabled_at: now,
        })
        .where('id', '=', accountId)
        .execute();
      return counts;
    },
  };
}
