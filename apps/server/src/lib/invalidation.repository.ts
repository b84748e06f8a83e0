// The SQL of the invalidation bus (lib/invalidation.ts): NOTIFY through the pool, LISTEN on the
// bus's own connection (on PGlite, on its one session). No table is read or written.
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

    /**
     * PGlite only: starts listening on its one session, through the pool (on PostgreSQL this
     * would listen on whichever pooled connection ran it; use `listen` there).
     */
    async listenInSession(): Promise<void> {
      await sql`listen ${sql.id(INVALIDATION_CHANNEL)}`.execute(db);
    },
  };
}
