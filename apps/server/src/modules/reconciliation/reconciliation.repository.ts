// Data access of the settlement reconciliation (docs/console.md#finance-reconciliation, ADR 0056):
// runs and their differences (0028-reconciliation), the orders a report is matched against
// (matching.ts) and the sandbox's payments of a period (provider-fetch.ts). `db` is the pool or a
// transaction.
import {
  ServerOrderStatus,
  type ReconciliationKind,
  type ReconciliationProvider,
} from '@hc/contract';
import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { DB, ReconciliationDifferencesTable, ReconciliationRunsTable } from '../../db/schema';

const { Refunded } = ServerOrderStatus;

export type RunRow = Selectable<ReconciliationRunsTable> & { open: number | string };
export type DifferenceRow = Selectable<ReconciliationDifferencesTable> & {
  portal_status: number | null;
};

/** The columns of an order that matching compares. */
const orderColumns = [
  'id',
  'sdk_order_id',
  'provider_ref',
  'payment_ref',
  'price',
  'currency',
  'status',
  'paid_at',
] as const;

function runsQuery(db: Kysely<DB>) {
  return db
    .selectFrom('reconciliation_runs as r')
    .selectAll('r')
    .select(
      sql<number>`(select count(*) from reconciliation_differences d
        where d.run_id = r.id and d.status = 'open')`.as('open'),
    );
}

function differencesQuery(db: Kysely<DB>) {
  return db
    .selectFrom('reconciliation_differences as d')
    .leftJoin('orders as o', 'o.id', 'd.order_id')
    .selectAll('d')
    .select('o.status as portal_status');
}

export function createReconciliationRepository(db: Kysely<DB>) {
  return {
    /** A run with its count of open differences. */
    runById(id: number): Promise<RunRow | undefined> {
      return runsQuery(db).where('r.id', '=', id).executeTakeFirst();
    },

    /** A difference with its order's status here (null without an order). */
    differenceById(id: number): Promise<DifferenceRow | undefined> {
      return differencesQuery(db).where('d.id', '=', id).executeTakeFirst();
    },

    /** Runs newest first, of one provider or all, one page; and their total. */
    async runsPage(q: {
      provider?: ReconciliationProvider | undefined;
      limit: number;
      offset: number;
    }): Promise<{ rows: RunRow[]; total: number }> {
      let list = runsQuery(db);
      let count = db.selectFrom('reconciliation_runs').select((eb) => eb.fn.countAll().as('n'));
      if (q.provider !== undefined) {
        list = list.where('r.provider', '=', q.provider);
        count = count.where('provider', '=', q.provider);
      }
      const rows = await list.orderBy('r.id', 'desc').limit(q.limit).offset(q.offset).execute();
      const total = await count.executeTakeFirstOrThrow();
      return { rows, total: Number(total.n) };
    },

    /** A run's differences in id order, filtered by kind and status, one page; and their total. */
    async differencesPage(q: {
      runId: number;
      kind?: ReconciliationKind | undefined;
      status?: 'open' | 'resolved' | undefined;
      limit: number;
      offset: number;
    }): Promise<{ rows: DifferenceRow[]; total: number }> {
      let list = differencesQuery(db).where('d.run_id', '=', q.runId);
      let count = db
        .selectFrom('reconciliation_differences')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('run_id', '=', q.runId);
      if (q.kind !== undefined) {
        list = list.where('d.kind', '=', q.kind);
        count = count.where('kind', '=', q.kind);
      }
      if (q.status !== undefined) {
        list = list.where('d.status', '=', q.status);
        count = count.where('status', '=', q.status);
      }
      const rows = await list.orderBy('d.id').limit(q.limit).offset(q.offset).execute();
      const total = await count.executeTakeFirstOrThrow();
      return { rows, total: Number(total.n) };
    },

    /** Stores a run; answers its id. */
    async insertRun(values: Insertable<ReconciliationRunsTable>): Promise<number> {
      const run = await db
        .insertInto('reconciliation_runs')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(run.id);
    },

    /** Stores a run's differences, 500 rows a statement. */
    async insertDifferences(rows: ReadonlyArray<Insertable<ReconciliationDifferencesTable>>) {
      for (let i = 0; i < rows.length; i += 500) {
        await db
          .insertInto('reconciliation_differences')
          .values(rows.slice(i, i + 500))
          .execute();
      }
    },

    /**
     * The difference's id and status, locked FOR UPDATE; call it on a repository built from the
     * action's transaction.
     */
    lockDifference(id: number) {
      return db
        .selectFrom('reconciliation_differences')
        .select(['id', 'status'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },

    /** Resolves the difference if it is still open. */
    async resolve(
      id: number,
      r: {
        resolution: 'payment_applied' | 'refund_applied' | 'noted';
        by: string;
        at: Date;
        note: string | null;
      },
    ): Promise<void> {
      await db
        .updateTable('reconciliation_differences')
        .set({
          status: 'resolved',
          resolution: r.resolution,
          resolved_by: r.by,
          resolved_at: r.at,
          note: r.note,
        })
        .where('id', '=', id)
        .where('status', '=', 'open')
        .execute();
    },

    // Matching (matching.ts).

    /** The provider's orders whose order number is one of `numbers`. */
    ordersByNumbers(provider: string, numbers: string[]) {
      return db
        .selectFrom('orders')
        .select(orderColumns)
        .where('provider', '=', provider)
        .where('sdk_order_id', 'in', numbers)
        .execute();
    },

    /** The provider's orders whose provider_ref or payment_ref is one of `refs`. */
    ordersByRefs(provider: string, refs: string[]) {
      return db
        .selectFrom('orders')
        .select(orderColumns)
        .where('provider', '=', provider)
        .where((eb) => eb.or([eb('provider_ref', 'in', refs), eb('payment_ref', 'in', refs)]))
        .execute();
    },

    /** Orders of the provider in one of `statuses` (the paid ones), paid within [from, to). */
    ordersPaidWithin(provider: string, statuses: ServerOrderStatus[], from: Date, to: Date) {
      return db
        .selectFrom('orders')
        .select(orderColumns)
        .where('provider', '=', provider)
        .where('status', 'in', statuses)
        .where('paid_at', '>=', from)
        .where('paid_at', '<', to)
        .execute();
    },

    /**
     * Orders of the provider refunded here within [from, to) (their move to refunded), with the
     * time of their last move to refunded.
     */
    ordersRefundedWithin(provider: string, from: Date, to: Date) {
      return db
        .selectFrom('orders')
        .select(orderColumns)
        .select(
          sql<Date>`(select max(e.created_at) from order_events e
      where e.order_id = orders.id and e.status = ${Refunded})`.as('refunded_at'),
        )
        .where('provider', '=', provider)
        .where('status', '=', Refunded)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('order_events as e')
              .select('e.id')
              .whereRef('e.order_id', '=', 'orders.id')
              .where('e.status', '=', Refunded)
              .where('e.created_at', '>=', from)
              .where('e.created_at', '<', to),
          ),
        )
        .execute();
    },

    // The sandbox's settlement lines (provider-fetch.ts).

    /** Sandbox payments paid or refunded, created or last changed within [from, to). */
    sandboxPaymentsWithin(from: Date, to: Date) {
      return db
        .selectFrom('sandbox_payments')
        .select([
          'id',
          'order_ref',
          'amount',
          'currency',
          'status',
          'method',
          'created_at',
          'updated_at',
        ])
        .where('status', 'in', ['paid', 'refunded'])
        .where((eb) =>
          eb.or([
            eb.and([eb('created_at', '>=', from), eb('created_at', '<', to)]),
            eb.and([eb('updated_at', '>=', from), eb('updated_at', '<', to)]),
          ]),
        )
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },
  };
}

export type ReconciliationRepository = ReturnType<typeof createReconciliationRepository>;
