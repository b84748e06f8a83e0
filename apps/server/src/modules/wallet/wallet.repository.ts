// Data access for the HC Point ledger (0004-wallet): the only code naming the ledger tables.
import { type Kysely, type Transaction } from 'kysely';
import type { DB, LedgerAccountKind } from '../../db/schema';

export type PlayerBucket = 'basic' | 'present';
export type SystemAccount = 'system_purchase' | 'system_bonus' | 'system_spend' | 'system_refund';

export interface LedgerAccountRef {
  id: number;
  gameAccountId: number | null;
  kind: LedgerAccountKind;
  balance: number;
}

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
  };
}

/** Statements that run inside the caller's transaction. */
export function walletStatements(trx: Transaction<DB>) {
  return {
    async transferExists(idempotencyKey: string): Promise<boolean> {
      const row = await trx
        .selectFrom('ledger_transfers')
        .select('id')
        .where('idempotency_key', '=', idempotencyKey)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Creates the player's bucket rows when missing. */
    async ensurePlayerAccounts(gameAccountId: number, kinds: PlayerBucket[]): Promise<void> {
      if (kinds.length === 0) return;
      await trx
        .insertInto('ledger_accounts')
        .values(kinds.map((kind) => ({ game_account_id: gameAccountId, kind })))
        .onConflict((oc) => oc.columns(['game_account_id', 'kind']).doNothing())
        .execute();
    },

    /** Player buckets, locked FOR UPDATE in id order (one lock order for every caller). */
    async lockPlayerAccounts(gameAccountId: number): Promise<LedgerAccountRef[]> {
      const rows = await trx
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

    async accountId(
      ref: { gameAccountId: number; kind: PlayerBucket } | { system: SystemAccount },
    ) {
      let q = trx.selectFrom('ledger_accounts').select('id');
      q =
        'system' in ref
          ? q.where('kind', '=', ref.system).where('game_account_id', 'is', null)
          : q.where('kind', '=', ref.kind).where('game_account_id', '=', ref.gameAccountId);
      const row = await q.executeTakeFirstOrThrow();
      return row.id;
    },

    /** The new transfer's id, or undefined when the key was already used. */
    async insertTransfer(idempotencyKey: string, kind: string): Promise<number | undefined> {
      const row = await trx
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
      await trx
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
  };
}
