// Test helper: the HC Point ledger invariants (docs/product/hc-point.md#balances), checked after every
// integration test that moves HC Point (`afterEach(() => expectLedgerInvariants(db))`):
// all entries sum to zero, and so does every transfer; each balance equals the sum of its
// entries; no player balance is below zero; no order is credited twice (at most one credit or
// rebate transfer per order, none for an order that was never paid).
import { ServerOrderStatus } from '@hc/contract';
import { sql, type Kysely } from 'kysely';
import { expect } from 'vitest';
import type { DB } from '../../src/db/schema';

export async function expectLedgerInvariants(db: Kysely<DB>): Promise<void> {
  const total = await sql<{ total: string }>`
    select coalesce(sum(amount), 0)::text as total from ledger_entries`.execute(db);
  expect(total.rows[0]?.total, 'sum of all ledger entries').toBe('0');

  const unbalanced = await sql<{ transfer_id: string }>`
    select transfer_id::text from ledger_entries
    group by transfer_id having sum(amount) <> 0`.execute(db);
  expect(unbalanced.rows, 'transfers whose entries do not sum to 0').toEqual([]);

  const drift = await sql<{ id: string }>`
    select a.id::text from ledger_accounts a
    left join ledger_entries e on e.ledger_account_id = a.id
    group by a.id having a.balance <> coalesce(sum(e.amount), 0)`.execute(db);
  expect(drift.rows, 'balances that differ from the sum of their entries').toEqual([]);

  const negative = await sql<{ id: string }>`
    select id::text from ledger_accounts
    where game_account_id is not null and balance < 0`.execute(db);
  expect(negative.rows, 'player balances below zero').toEqual([]);

  const credits = await sql<{ sdk_order_id: string; status: number; n: string }>`
    select o.sdk_order_id, o.status, count(t.id)::text as n from orders o
    join ledger_transfers t on t.idempotency_key in
      (o.sdk_order_id || ':credit', o.sdk_order_id || ':rebate')
    group by o.sdk_order_id, o.status`.execute(db);
  const unpaid: number[] = [
    ServerOrderStatus.Unpaid,
    ServerOrderStatus.Failed,
    ServerOrderStatus.Closed,
  ];
  const twice = credits.rows.filter((r) => Number(r.n) > 1 || unpaid.includes(Number(r.status)));
  expect(twice, 'orders credited twice, or credited without being paid').toEqual([]);
}
