// The SQL of the invalidation bus (lib/invalidation.ts): NOTIFY through the pool, LISTEN on the
// bus's own connection. No table is read or written.
import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import type { DB } from '../db/schema';

/** The PostgreSQL channel every node listens on; the payload is the topic. */
export const INVALIDATION_CHANNEL = 'hc_invalidation';

export function createInvalidationRepository(db: Kysely<DB>) {
  return {
    /** Delivered to every listening session (this node's too) when the statement commits. */
    async notify(topic: string): Promise<void> {
      await sql`select pg_notify(${INVALIDATION_CHANNEL}, ${topic})`.execute(db);
    },

    /** Starts listening on a connected dedicated client. */
    async listen(client: pg.Client): Promise<void> {
      await client.query(`LISTEN ${INVALIDATION_CHANNEL}`);
    },
  };
}
