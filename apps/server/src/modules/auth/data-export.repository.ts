// Reads for "Download my data" (docs/product/account.md#download-my-data, ADR 0049): everything
// the portal keeps about one account, read only. The HC Point movements are every ledger entry
// of the account's game accounts (basic and present), oldest first.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export function createDataExportRepository(db: Kysely<DB>) {
  return {
    profile(accountId: number) {
      return db
        .selectFrom('accounts')
        .select([
          'id',
          'account',
          'email',
          'phone',
          'created_at',
          'birthday',
          'terms_version',
          'terms_accepted_at',
          'privacy_version',
          'privacy_accepted_at',
          'language',
          'password_hash',
        ])
        .where('id', '=', accountId)
        .executeTakeFirst();
    },

    socialIdentities(accountId: number) {
      return db
        .selectFrom('social_identities')
        .select(['provider', 'name', 'email', 'created_at', 'last_login_at'])
        .where('account_id', '=', accountId)
        .orderBy('id')
        .execute();
    },

    gameAccounts(accountId: number) {
      return db
        .selectFrom('game_accounts as ga')
        .innerJoin('games as g', 'g.id', 'ga.game_id')
        .select(['ga.id', 'ga.game_id', 'g.name as game_name', 'ga.uid', 'ga.display_name'])
        .select(['ga.bound_at', 'ga.unbound_at'])
        .where('ga.account_id', '=', accountId)
        .orderBy('ga.id')
        .execute();
    },

    sessions(accountId: number) {
      return db
        .selectFrom('sessions')
        .select(['id', 'created_at', 'last_seen_at', 'revoked_at', 'ip', 'user_agent'])
        .where('account_id', '=', accountId)
        .orderBy('id')
        .execute();
    },

    orders(accountId: number) {
      return db
        .selectFrom('orders')
        .select([
          'sdk_order_id',
          'game_id',
          'game_account_id',
          'server_name',
          'role_id',
          'role_name',
          'kind',
          'item_name',
          'price',
          'currency',
          'hc_amount',
          'hc_gift',
          'hc_price',
          'channel_code',
          'provider',
          'status',
          'created_at',
          'paid_at',
          'completed_at',
        ])
        .where('account_id', '=', accountId)
        .orderBy('id')
        .execute();
    },

    ledger(accountId: number) {
      return db
        .selectFrom('ledger_entries as e')
        .innerJoin('ledger_accounts as a', 'a.id', 'e.ledger_account_id')
        .innerJoin('ledger_transfers as t', 't.id', 'e.transfer_id')
        .innerJoin('game_accounts as ga', 'ga.id', 'a.game_account_id')
        .select(['ga.id as game_account_id', 'a.kind', 'e.amount', 't.kind as transfer'])
        .select(['t.idempotency_key', 'e.created_at'])
        .where('ga.account_id', '=', accountId)
        .where('a.kind', 'in', ['basic', 'present'])
        .orderBy('e.id')
        .execute();
    },

    realName(accountId: number) {
      return db
        .selectFrom('real_name_info')
        .selectAll()
        .where('account_id', '=', accountId)
        .executeTakeFirst();
    },

    redemptions(accountId: number) {
      return db
        .selectFrom('redemptions as r')
        .innerJoin('redeem_batches as b', 'b.id', 'r.batch_id')
        .select(['b.name as batch', 'b.game_id', 'r.game_account_id', 'r.server_name'])
        .select(['r.role_id', 'r.role_name', 'r.status', 'r.created_at', 'r.delivered_at'])
        .where('r.account_id', '=', accountId)
        .orderBy('r.id')
        .execute();
    },
  };
}
