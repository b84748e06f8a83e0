// Data access for dev_outbox (DEV_OUTBOX=true only): the messages the dev outbox keeps
// (outbox.ts).
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB, DevOutboxTable } from '../../db/schema';

export type DevOutboxRow = Selectable<DevOutboxTable>;

/** `db` is the pool or a transaction (ADR 0037). */
export function createOutboxRepository(db: Kysely<DB>) {
  return {
    async insert(message: Insertable<DevOutboxTable>): Promise<void> {
      await db.insertInto('dev_outbox').values(message).execute();
    },

    /** The newest `limit` messages, newest first. */
    newest(limit: number): Promise<DevOutboxRow[]> {
      return db.selectFrom('dev_outbox').selectAll().orderBy('id', 'desc').limit(limit).execute();
    },
  };
}
