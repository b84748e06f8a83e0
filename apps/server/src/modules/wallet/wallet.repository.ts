// Data access for the HC Point ledger (0004-wallet): the code naming the ledger tables, with one
// exception: the one-statement HC Point payment in orders.repository.ts (ADR 0063), which books
// the same debit as debitHcPointWithBalance in the same statement as the order's payment.
import { sql, type Kysely } from 'kysely';
import type { DB, LedgerAccountKind } from '../../db/schema';

export type PlayerBucket = 'basic' | 'present';
export type SystemAccount =
  'system_purchase' | 'system_bonus' | 'system_spend' | 'system_refund' | 'system_adjustment';

export interface LedgerAccountRef {
  id: number;
  gameAccountId: number | null;
  kind: LedgerAccountKind;
  balance: number;
}

/**
 * `db` is the pool or a transaction (ADR 0037). Everything that moves HC Point runs on a
 * repository built from the caller's transaction (`createWalletRepository(trx)`).
 */
export function createWalletRepository(db: Kysely<DB>) {
  return {
    /** Balances per bucket of a game account (buckets without a row are absent). */
    async balances(gameAccountId: number): Promise<Partial<Record<PlayerBucket, number>>> {
      const rows = await db
        .selectFrom('ledger_accounts')
        .select(['kind', 'balance'])
        .where('game_account_id', '=', gameAccountId)
        .execute();
      const out: Partial<Record<PlayerBucket, number>> = {};
      for (const r of rows) if (r.kind === 'basic' || r.kind === 'present') out[r.kind] = r.balance;
      return out;
    },

    ...ledgerStatements(db),
    ...debtStatements(db),
  };
}

export type WalletRepository = ReturnType<typeof createWalletRepository>;

function ledgerStatements(db: Kysely<DB>) {
  return {
    async transferExists(idempotencyKey: string): Promise<boolean> {
      const row = await db
        .selectFrom('ledger_transfers')
        .select('id')
        .where('idempotency_key', '=', idempotencyKey)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Creates the player's bucket rows when missing. */
    async ensurePlayerAccounts(gameAccountId: number, kinds: PlayerBucket[]): Promise<void> {
      if (kinds.length === 0) return;
      await db
        .insertInto('ledger_accounts')
        .values(kinds.map((kind) => ({ game_account_id: gameAccountId, kind })))
        .onConflict((oc) => oc.columns(['game_account_id', 'kind']).doNothing())
        .execute();
    },

    /** Player buckets, locked FOR UPDATE in id order (one lock order for every caller). */
    async lockPlayerAccounts(gameAccountId: number): Promise<LedgerAccountRef[]> {
      const rows = await db
        .selectFrom('ledger_accounts')
        .select(['id', 'game_account_id', 'kind', 'balance'])
        .where('game_account_id', '=', gameAccountId)
        .orderBy('id')
        .forUpdate()
        .execute();
      return rows.map((r) => ({
        id: r.id,
        gameAccountId: r.game_account_id,
        kind: r.kind,
        balance: r.balance,
      }));
    },

    /**
     * lockPlayerAccounts and transferExists in one round trip (ADR 0023): the buckets locked FOR
     * UPDATE in id order (none when the player has no bucket yet) and whether the key was used.
     */
    async lockPlayerAccountsAndCheckKey(
      gameAccountId: number,
      idempotencyKey: string,
    ): Promise<{ accounts: LedgerAccountRef[]; keyUsed: boolean }> {
      const { rows } = await sql<{
        key_used: boolean;
        id: number | null;
        kind: LedgerAccountKind | null;
        balance: number | null;
      }>`select k.key_used, b.id, b.kind, b.balance
        from (select exists (select 1 from ledger_transfers where idempotency_key = ${idempotencyKey})
          as key_used) k
        left join lateral (select id, kind, balance from ledger_accounts
          where game_account_id = ${gameAccountId} order by id for update) b on true`.execute(db);
      const accounts: LedgerAccountRef[] = [];
      for (const r of rows) {
        if (r.id === null || r.kind === null || r.balance === null) continue;
        accounts.push({
          id: Number(r.id),
          gameAccountId,
          kind: r.kind,
          balance: Number(r.balance),
        });
      }
      return { accounts, keyUsed: rows[0]?.key_used === true };
    },

    /**
     * insertTransfer and insertEntries as one statement (ADR 0023): the transfer's id, or
     * undefined when the key was already used (then no entry is written). A system
     * counterparty is named by kind and resolved in the same statement.
     */
    async insertTransferWithEntries(
      idempotencyKey: string,
      kind: string,
      entries: Array<
        ({ ledgerAccountId: number } | { system: SystemAccount }) & { amount: number }
      >,
    ): Promise<number | undefined> {
      if (entries.length === 0) return this.insertTransfer(idempotencyKey, kind);
      const rows = sql.join(
        entries.map((e) =>
          'system' in e
            ? sql`((select id from ledger_accounts where game_account_id is null
                and kind = ${e.system}), ${e.amount}::bigint)`
            : sql`(${e.ledgerAccountId}::bigint, ${e.amount}::bigint)`,
        ),
      );
      const { rows: inserted } = await sql<{ transfer_id: number }>`with t as (
          insert into ledger_transfers (idempotency_key, kind) values (${idempotencyKey}, ${kind})
          on conflict (idempotency_key) do nothing returning id)
        insert into ledger_entries (transfer_id, ledger_account_id, amount)
        select t.id, x.account_id, x.amount from t
        cross join (values ${rows}) as x (account_id, amount)
        returning transfer_id`.execute(db);
      const id = inserted[0]?.transfer_id;
      return id === undefined ? undefined : Number(id);
    },

    async accountId(
      ref: { gameAccountId: number; kind: PlayerBucket } | { system: SystemAccount },
    ) {
      let q = db.selectFrom('ledger_accounts').select('id');
      q =
        'system' in ref
          ? q.where('kind', '=', ref.system).where('game_account_id', 'is', null)
          : q.where('kind', '=', ref.kind).where('game_account_id', '=', ref.gameAccountId);
      const row = await q.executeTakeFirstOrThrow();
      return row.id;
    },

    /** The new transfer's id, or undefined when the key was already used. */
    async insertTransfer(idempotencyKey: string, kind: string): Promise<number | undefined> {
      const row = await db
        .insertInto('ledger_transfers')
        .values({ idempotency_key: idempotencyKey, kind })
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id;
    },

    async insertEntries(
      transferId: number,
      entries: Array<{ ledgerAccountId: number; amount: number }>,
    ): Promise<void> {
      if (entries.length === 0) return;
      await db
        .insertInto('ledger_entries')
        .values(
          entries.map((e) => ({
            transfer_id: transferId,
            ledger_account_id: e.ledgerAccountId,
            amount: e.amount,
          })),
        )
        .execute();
    },

    /** The entries a transfer booked on one player's accounts, with the bucket of each. */
    async playerEntries(idempotencyKey: string, gameAccountId: number) {
      return db
        .selectFrom('ledger_transfers as t')
        .innerJoin('ledger_entries as e', 'e.transfer_id', 't.id')
        .innerJoin('ledger_accounts as a', 'a.id', 'e.ledger_account_id')
        .select(['a.kind', 'e.amount'])
        .where('t.idempotency_key', '=', idempotencyKey)
        .where('a.game_account_id', '=', gameAccountId)
        .execute();
    },
  };
}

/** Refund debts (account_debts, ADR 0019). */
function debtStatements(db: Kysely<DB>) {
  return {
    /** The account's debts (settled or not). */
    async debts(gameAccountId: number) {
      return db
        .selectFrom('account_debts')
        .select(['amount', 'settled'])
        .where('game_account_id', '=', gameAccountId)
        .execute();
    },

    /** The refund shortfall recorded for an order, if any (the operator's refund report). */
    async refundShortfallOfOrder(orderId: number) {
      return db
        .selectFrom('account_debts')
        .select(['amount', 'settled'])
        .where('order_id', '=', orderId)
        .where('reason', '=', 'refund_shortfall')
        .executeTakeFirst();
    },

    /** The account's open debts, oldest first, locked FOR UPDATE. */
    async lockOpenDebts(gameAccountId: number) {
      return db
        .selectFrom('account_debts')
        .select(['id', 'amount', 'settled'])
        .where('game_account_id', '=', gameAccountId)
        .whereRef('settled', '<', 'amount')
        .orderBy('id')
        .forUpdate()
        .execute();
    },

    async setDebtSettled(id: number, settled: number, settledAt: Date | null): Promise<void> {
      await db
        .updateTable('account_debts')
        .set({ settled, settled_at: settledAt })
        .where('id', '=', id)
        .execute();
    },

    /** A refund's shortfall as a debt of the account (once per order). */
    async insertShortfallDebt(d: {
      gameAccountId: number;
      orderId: number | null;
      amount: number;
      now: Date;
    }): Promise<void> {
      await db
        .insertInto('account_debts')
        .values({
          game_account_id: d.gameAccountId,
          order_id: d.orderId,
          amount: d.amount,
          reason: 'refund_shortfall',
          created_at: d.now,
        })
        .onConflict((oc) => oc.columns(['order_id', 'reason']).doNothing())
        .execute();
    },
  };
}
