// The exactly-once checks every fault scenario ends with, read from the database and from the
// demo game's grant counts (never from logs): docs/product/top-up.md#order-statuses, ARCHITECTURE.md#jobs-and-the-worker "no paid order is ever lost
// or delivered twice".
import { ServerOrderStatus } from '@hc/contract';
import { sql, type Kysely } from 'kysely';
import { expect } from 'vitest';
import type { DB } from '../../../apps/server/src/db/schema';
import { expectLedgerInvariants } from '../../../apps/server/test/support/ledger';
import type { Player } from './api';
import type { LoadStats } from './load';
import { waitFor, type Grants } from './procs';

const { Paid, Delivered } = ServerOrderStatus;

interface OrderFacts {
  id: number;
  sdk_order_id: string;
  status: number;
  provider: string;
  game_account_id: number;
  hc_price: number | null;
  hc_gift: number;
  debits: number;
  paid_events: number;
  delivered_events: number;
}

async function orderFacts(db: Kysely<DB>): Promise<OrderFacts[]> {
  const rows = await sql<OrderFacts>`
    select o.id::int as id, o.sdk_order_id, o.status, o.provider,
      o.game_account_id::int as game_account_id, o.hc_price, o.hc_gift,
      (select count(*) from ledger_transfers t
        where t.idempotency_key = o.sdk_order_id || ':epoint-pay')::int as debits,
      (select count(*) from payment_events e
        where e.order_id = o.id and e.outcome = 'paid')::int as paid_events,
      (select count(*) from order_events v
        where v.order_id = o.id and v.status = ${Delivered})::int as delivered_events
    from orders o order by o.id`.execute(db);
  return rows.rows;
}

/** Waits until no paid order is waiting for delivery and no delivery job is due or running. */
export async function waitDrained(db: Kysely<DB>, ms = 60_000): Promise<number> {
  return waitFor(
    'paid orders to be delivered',
    async () => {
      const r = await sql<{ paid: number; jobs: number }>`
        select (select count(*) from orders where status = ${Paid})::int as paid,
          (select count(*) from jobs where kind = 'deliver'
            and state in ('pending', 'running'))::int as jobs`.execute(db);
      const row = r.rows[0];
      return row !== undefined && row.paid === 0 && row.jobs === 0;
    },
    ms,
    250,
  );
}

export interface ExactlyOnceFigures {
  orders: number;
  paid: number;
  epointPaid: number;
  cardPaid: number;
  deliveries: number;
  /** Deliveries the game was asked for more than once (retries it deduplicated). */
  retried: number;
}

/**
 * Every order the ledger debited or whose payment event was stored is completed exactly once:
 * one debit, one delivery (game grant count 1), one "delivered" timeline entry; no order paid
 * without its debit; balances equal seeded - spent; every acknowledged payment is completed;
 * nothing dead in the job table; the ledger invariants hold.
 */
export async function expectExactlyOnce(input: {
  db: Kysely<DB>;
  grants: Grants;
  players: readonly Player[];
  load?: LoadStats;
}): Promise<ExactlyOnceFigures> {
  const { db, grants, players, load } = input;
  const orders = await orderFacts(db);
  const bySdk = new Map(orders.map((o) => [o.sdk_order_id, o]));

  const paidOrders = orders.filter((o) => o.debits > 0 || o.paid_events > 0);
  // Paid (by the ledger or the provider) <=> completed; nothing left half-way.
  const notCompleted = paidOrders.filter((o) => o.status !== Delivered);
  expect(notCompleted, 'paid orders that did not end completed').toEqual([]);
  const completedUnpaid = orders.filter(
    (o) => o.status === Delivered && o.debits === 0 && o.paid_events === 0,
  );
  expect(completedUnpaid, 'completed orders without a debit or a payment event').toEqual([]);
  expect(
    orders.filter((o) => o.status === Paid),
    'orders left paid but not delivered',
  ).toEqual([]);

  // Exactly once: one debit (HC Point) or one applied payment event (card), never both.
  const wrongCount = paidOrders.filter((o) =>
    o.provider === 'epoint'
      ? o.debits !== 1 || o.paid_events !== 0
      : o.paid_events !== 1 || o.debits !== 0,
  );
  expect(wrongCount, 'orders debited or paid more than once').toEqual([]);
  const twiceCompleted = orders.filter((o) => o.status === Delivered && o.delivered_events !== 1);
  expect(twiceCompleted, 'orders completed more than once').toEqual([]);

  // The game: one applied grant per completed order, none for anything else.
  const delivered = orders.filter((o) => o.status === Delivered);
  const badGrants = delivered
    .map((o) => ({ order: o.sdk_order_id, grant: grants.deliveries[`order:${o.sdk_order_id}`] }))
    .filter((g) => g.grant?.applied !== 1 || grants.orders[g.order] !== 1);
  expect(badGrants, 'completed orders not granted exactly once by the game').toEqual([]);
  const stray = Object.entries(grants.deliveries)
    .filter(([id]) => id.startsWith('order:'))
    .filter(([id]) => bySdk.get(id.slice('order:'.length))?.status !== Delivered)
    .map(([id]) => id);
  expect(stray, 'game grants for orders that are not completed').toEqual([]);

  // No dead letters; every delivery job done.
  const jobs = await sql<{ state: string; n: number }>`
    select state, count(*)::int as n from jobs where kind = 'deliver' group by state`.execute(db);
  expect(
    jobs.rows.filter((r) => r.state !== 'done'),
    'delivery jobs not done (dead or stuck)',
  ).toEqual([]);

  // Acknowledged payments are never lost.
  if (load !== undefined) {
    const lost = [...load.epointAcked, ...load.cardCharged].filter(
      (sdk) => bySdk.get(sdk)?.status !== Delivered,
    );
    expect(lost, 'acknowledged or charged payments that did not end completed').toEqual([]);
    expect(
      [...load.cardCharged].filter((sdk) => !load.cardAcked.has(sdk)),
      'charged card payments whose webhook was never acknowledged',
    ).toEqual([]);
  }

  // Balances: seeded - HC Point spent + rebates of card-paid game packs.
  const balances = await sql<{ game_account_id: number; balance: number }>`
    select game_account_id::int as game_account_id, sum(balance)::int as balance
    from ledger_accounts where game_account_id is not null group by game_account_id`.execute(db);
  const balanceOf = new Map(balances.rows.map((r) => [r.game_account_id, r.balance]));
  const drift = players
    .map((p) => {
      const mine = delivered.filter((o) => o.game_account_id === p.uid);
      const spent = mine.reduce((s, o) => s + (o.provider === 'epoint' ? (o.hc_price ?? 0) : 0), 0);
      const rebates = mine.reduce((s, o) => s + (o.provider === 'epoint' ? 0 : o.hc_gift), 0);
      return {
        player: p.account,
        expected: p.seeded - spent + rebates,
        actual: balanceOf.get(p.uid) ?? 0,
      };
    })
    .filter((b) => b.expected !== b.actual);
  expect(drift, 'balances that differ from seeded - sum of paid orders').toEqual([]);
  await expectLedgerInvariants(db);

  return {
    orders: orders.length,
    paid: paidOrders.length,
    epointPaid: paidOrders.filter((o) => o.provider === 'epoint').length,
    cardPaid: paidOrders.filter((o) => o.provider !== 'epoint').length,
    deliveries: delivered.length,
    retried: delivered.filter(
      (o) => (grants.deliveries[`order:${o.sdk_order_id}`]?.requests ?? 0) > 1,
    ).length,
  };
}

/** Price and currency of a game pack, from the catalogue the server seeded. */
export async function productOf(
  db: Kysely<DB>,
  cpGoodsId: string,
): Promise<{ cpGoodsId: string; price: number; currency: string }> {
  const row = await db
    .selectFrom('products')
    .select(['price', 'currency'])
    .where('cp_goods_id', '=', cpGoodsId)
    .where('game_id', '=', 1)
    .executeTakeFirstOrThrow();
  return { cpGoodsId, price: row.price, currency: row.currency };
}
