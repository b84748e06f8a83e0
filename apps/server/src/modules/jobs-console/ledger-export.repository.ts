// Data access for the HC Point ledger export (docs/console.md#jobs-and-exports, ADR 0054): the
// entries of a period in (created_at, id) keyset batches, each batch a short query of its own (no
// long transaction, no cursor held open), and whether an account exists.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export const LEDGER_EXPORT_BATCH = 1000;

export interface EntryRow {
  id: string | number;
  at: Date;
  /** created_at as PostgreSQL prints it: the keyset cursor, exact to the microsecond. */
  at_key: string;
  transfer_id: string | number;
  transfer_key: string;
  transfer_kind: string;
  ledger_account_id: string | number;
  bucket: string;
  account_id: string | number | null;
  account: string | null;
  game_account_id: string | number | null;
  game_id: number | null;
  game_uid: string | null;
  amount: string | number;
}

export interface LedgerExportQuery {
  from: Date;
  to: Date;
  accountId?: number | undefined;
}

/** Every entry of the query, oldest first, `batch` rows per query. */
async function* entries(
  db: Kysely<DB>,
  q: LedgerExportQuery,
  batch = LEDGER_EXPORT_BATCH,
): AsyncGenerator<EntryRow> {
  let after: { key: string; id: string | number } | undefined;
  for (;;) {
    const cursor =
      after === undefined
        ? sql`true`
        : sql`(e.created_at, e.id) > (${after.key}::timestamptz, ${after.id})`;
    const player =
      q.accountId === undefined
        ? sql`true`
        : sql`e.ledger_account_id in (select la2.id from ledger_accounts la2
            join game_accounts ga2 on ga2.id = la2.game_account_id
            where ga2.account_id = ${q.accountId})`;
    const { rows } = await sql<EntryRow>`
      select e.id, e.created_at as at, e.created_at::text as at_key, e.amount,
        t.id as transfer_id, t.idempotency_key as transfer_key, t.kind as transfer_kind,
        la.id as ledger_account_id, la.kind as bucket,
        ga.id as game_account_id, ga.game_id, ga.uid as game_uid,
        a.id as account_id, a.account
      from ledger_entries e
      join ledger_transfers t on t.id = e.transfer_id
      join ledger_accounts la on la.id = e.ledger_account_id
      left join game_accounts ga on ga.id = la.game_account_id
      left join accounts a on a.id = ga.account_id
      where e.created_at >= ${q.from} and e.created_at < ${q.to} and ${player} and ${cursor}
      order by e.created_at, e.id
      limit ${batch}`.execute(db);
    for (const r of rows) yield r;
    const last = rows[rows.length - 1];
    if (last === undefined || rows.length < batch) return;
    after = { key: last.at_key, id: last.id };
  }
}

export function createLedgerExportRepository(db: Kysely<DB>) {
  return {
    entries: (q: LedgerExportQuery, batch = LEDGER_EXPORT_BATCH) => entries(db, q, batch),

    async accountExists(id: number): Promise<boolean> {
      const row = await db
        .selectFrom('accounts')
        .select('id')
        .where('id', '=', id)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
