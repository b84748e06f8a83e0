// Data access of the console's player support (docs/console.md#support-players): the search, the
// player page's lists (keyset-paged on ids, newest first; indexes of 0024-console-players) and
// the lock. `db` is the pool or a transaction.
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { DB } from '../../db/schema';

export interface FoundAccount {
  id: number;
  account: string;
  email: string | null;
  phone: string | null;
  disabled_at: Date | null;
  created_at: Date;
}

/** LIKE pattern of a prefix: %, _ and \ are matched as themselves. */
const prefixPattern = (s: string) => `${s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function createSupportRepository(db: Kysely<DB>) {
  return {
    /** Accounts of the game uid (any game). */
    async accountIdsByUid(uid: string): Promise<number[]> {
      const rows = await db
        .selectFrom('game_accounts')
        .select('account_id')
        .where('uid', '=', uid)
        .execute();
      return rows.map((r) => Number(r.account_id));
    },

    async accountIdsByOrder(sdkOrderId: string): Promise<number[]> {
      const rows = await db
        .selectFrom('orders')
        .select('account_id')
        .where('sdk_order_id', '=', sdkOrderId)
        .execute();
      return rows.map((r) => Number(r.account_id));
    },

    /**
     * Accounts matching any of: login name prefix, email (exact, any case), phone (exact), one
     * of `ids`; newest first, ids below `before`, `limit` rows.
     */
    async searchAccounts(
      f: { accountPrefix?: string; email?: string; phone?: string; ids?: number[] },
      before: number | undefined,
      limit: number,
    ): Promise<FoundAccount[]> {
      const any: Array<ReturnType<typeof sql<SqlBool>>> = [];
      if (f.accountPrefix !== undefined)
        any.push(sql<SqlBool>`lower(account) like ${prefixPattern(f.accountPrefix)}`);
      if (f.email !== undefined) any.push(sql<SqlBool>`lower(email) = ${f.email.toLowerCase()}`);
      if (f.phone !== undefined) any.push(sql<SqlBool>`phone = ${f.phone}`);
      if (f.ids !== undefined && f.ids.length > 0)
        any.push(sql<SqlBool>`id in (${sql.join(f.ids)})`);
      if (any.length === 0) return [];
      let q = db
        .selectFrom('accounts')
        .select(['id', 'account', 'email', 'phone', 'disabled_at', 'created_at'])
        .where(sql<SqlBool>`(${sql.join(any, sql` or `)})`);
      if (before !== undefined) q = q.where('id', '<', before);
      const rows = await q.orderBy('id', 'desc').limit(limit).execute();
      return rows.map((r) => ({ ...r, id: Number(r.id) }));
    },

    async account(id: number) {
      return db
        .selectFrom('accounts')
        .select([
          'id',
          'account',
          'email',
          'phone',
          'disabled_at',
          'created_at',
          'language',
          'deletion_due_at',
          'erased_at',
        ])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** The account row locked until the transaction ends. */
    async lockAccount(id: number) {
      return db
        .selectFrom('accounts')
        .select(['id', 'disabled_at', 'email', 'erased_at', 'language'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },

    async setDisabledAt(id: number, at: Date | null): Promise<void> {
      await db.updateTable('accounts').set({ disabled_at: at }).where('id', '=', id).execute();
    },

    async socialProviders(accountId: number): Promise<string[]> {
      const rows = await db
        .selectFrom('social_identities')
        .select('provider')
        .where('account_id', '=', accountId)
        .orderBy('provider')
        .execute();
      return rows.map((r) => r.provider);
    },

    /** Game accounts with their game's name and HC Point buckets. */
    async gameAccounts(accountId: number) {
      const rows = await db
        .selectFrom('game_accounts as ga')
        .innerJoin('games as g', 'g.id', 'ga.game_id')
        .select([
          'ga.id',
          'ga.game_id',
          'g.name as game_name',
          'ga.uid',
          'ga.display_name',
          'ga.bound_at',
          'ga.unbound_at',
          sql<number>`coalesce((select balance from ledger_accounts
            where game_account_id = ga.id and kind = 'basic'), 0)`.as('basic'),
          sql<number>`coalesce((select balance from ledger_accounts
            where game_account_id = ga.id and kind = 'present'), 0)`.as('present'),
        ])
        .where('ga.account_id', '=', accountId)
        .orderBy('ga.game_id')
        .execute();
      return rows.map((r) => ({
        ...r,
        id: Number(r.id),
        basic: Number(r.basic),
        present: Number(r.present),
      }));
    },

    async gameAccountOf(accountId: number, gameAccountId: number) {
      return db
        .selectFrom('game_accounts')
        .select(['id', 'game_id', 'uid'])
        .where('id', '=', gameAccountId)
        .where('account_id', '=', accountId)
        .executeTakeFirst();
    },

    /** Sessions that still work at `now`, newest first. */
    async liveSessions(accountId: number, now: Date) {
      const rows = await db
        .selectFrom('sessions')
        .select(['id', 'created_at', 'last_seen_at', 'ip', 'user_agent', 'remember'])
        .where('account_id', '=', accountId)
        .where('revoked_at', 'is', null)
        .where('idle_expires_at', '>', now)
        .where('absolute_expires_at', '>', now)
        .orderBy('id', 'desc')
        .execute();
      return rows.map((r) => ({ ...r, id: Number(r.id) }));
    },

    /** Ends the account's live sessions (one, or all); answers the ids ended. */
    async endSessions(accountId: number, now: Date, sessionId?: number): Promise<number[]> {
      let q = db
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('account_id', '=', accountId)
        .where('revoked_at', 'is', null)
        .where('idle_expires_at', '>', now)
        .where('absolute_expires_at', '>', now);
      if (sessionId !== undefined) q = q.where('id', '=', sessionId);
      const rows = await q.returning('id').execute();
      return rows.map((r) => Number(r.id));
    },

    async orders(accountId: number, before: number | undefined, limit: number) {
      let q = db
        .selectFrom('orders as o')
        .leftJoin('games as g', 'g.id', 'o.game_id')
        .select([
          'o.id',
          'o.sdk_order_id',
          'o.game_id',
          'g.name as game_name',
          'o.item_name',
          'o.price',
          'o.currency',
          'o.hc_price',
          'o.channel_code',
          'o.status',
          'o.created_at',
          'o.paid_at',
        ])
        .where('o.account_id', '=', accountId);
      if (before !== undefined) q = q.where('o.id', '<', before);
      return q.orderBy('o.id', 'desc').limit(limit).execute();
    },

    /**
     * One row per ledger transfer that moved the game account's basic or present HC Point, with
     * the change per bucket and the total after it; newest first, transfer ids below `before`.
     */
    async ledger(gameAccountId: number, before: number | undefined, limit: number) {
      const { rows } = await sql<{
        id: number;
        idempotency_key: string;
        kind: string;
        created_at: Date;
        change: number;
        basic_change: number;
        present_change: number;
        balance: number;
      }>`
        with player_entries as (
          select e.id, e.transfer_id, e.amount, a.kind,
                 sum(e.amount) over (order by e.id) as running
          from ledger_entries e
          join ledger_accounts a on a.id = e.ledger_account_id
          where a.game_account_id = ${gameAccountId} and a.kind in ('basic', 'present')
        ),
        per_transfer as (
          select transfer_id, sum(amount) as change,
                 coalesce(sum(amount) filter (where kind = 'basic'), 0) as basic_change,
                 coalesce(sum(amount) filter (where kind = 'present'), 0) as present_change,
                 max(id) as last_entry_id
          from player_entries
          group by transfer_id
        )
        select t.id, t.idempotency_key, t.kind, t.created_at, p.change::bigint as change,
               p.basic_change::bigint as basic_change, p.present_change::bigint as present_change,
               pe.running::bigint as balance
        from per_transfer p
        join player_entries pe on pe.id = p.last_entry_id
        join ledger_transfers t on t.id = p.transfer_id
        where ${before === undefined ? sql`true` : sql`t.id < ${before}`}
        order by t.id desc
        limit ${limit}`.execute(db);
      return rows.map((r) => ({
        id: Number(r.id),
        key: r.idempotency_key,
        kind: r.kind,
        at: new Date(r.created_at),
        change: Number(r.change),
        basicChange: Number(r.basic_change),
        presentChange: Number(r.present_change),
        balance: Number(r.balance),
      }));
    },

    async redemptions(accountId: number, before: number | undefined, limit: number) {
      let q = db
        .selectFrom('redemptions as r')
        .innerJoin('redeem_batches as b', 'b.id', 'r.batch_id')
        .select([
          'r.id',
          'r.batch_id',
          'b.name',
          'b.game_id',
          'r.server_name',
          'r.role_name',
          'r.status',
          'r.created_at',
        ])
        .where('r.account_id', '=', accountId);
      if (before !== undefined) q = q.where('r.id', '<', before);
      return q.orderBy('r.id', 'desc').limit(limit).execute();
    },

    async audit(target: string, before: number | undefined, limit: number) {
      let q = db
        .selectFrom('audit_log')
        .select(['id', 'at', 'actor_kind', 'actor', 'ip', 'action', 'before', 'after'])
        .where('target', '=', target);
      if (before !== undefined) q = q.where('id', '<', before);
      return q.orderBy('id', 'desc').limit(limit).execute();
    },
  };
}

export type SupportRepository = ReturnType<typeof createSupportRepository>;
