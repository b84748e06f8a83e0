// sandbox_payments: the sandbox provider's own record of its test payments (migration 0005).
import type { Kysely, Selectable } from 'kysely';
import type { DB, SandboxPaymentsTable } from '../../db/schema';
import type { PagePayment } from './sandbox-page';

export type SandboxPayment = Selectable<SandboxPaymentsTable>;
export type SandboxStatus = SandboxPayment['status'];

export function createSandboxRepository(db: Kysely<DB>) {
  return {
    insert(row: PagePayment & { now: Date }): Promise<void> {
      return db
        .insertInto('sandbox_payments')
        .values({
          id: row.id,
          order_ref: row.orderRef,
          amount: row.amount,
          currency: row.currency,
          item_name: row.itemName,
          language: row.language,
          return_url: row.returnUrl,
          created_at: row.now,
          updated_at: row.now,
        })
        .execute()
        .then(() => undefined);
    },

    find(id: string): Promise<SandboxPayment | undefined> {
      return db.selectFrom('sandbox_payments').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /**
     * Moves a payment from `from` to `to` in one statement, so two submits racing each other
     * cannot both win: the loser gets undefined and shows the final state.
     */
    transition(
      id: string,
      from: SandboxStatus,
      to: SandboxStatus,
      now: Date,
      method?: string,
    ): Promise<SandboxPayment | undefined> {
      return db
        .updateTable('sandbox_payments')
        .set({ status: to, updated_at: now, ...(method === undefined ? {} : { method }) })
        .where('id', '=', id)
        .where('status', '=', from)
        .returningAll()
        .executeTakeFirst();
    },
  };
}

export type SandboxRepository = ReturnType<typeof createSandboxRepository>;
