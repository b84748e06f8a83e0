// Data access for web_tickets (0002-auth): single-use hand-over tickets, stored as their sha256
// (handover.service.ts). The retention job deletes old rows too (jobs/retention.ts).
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** `db` is the pool or a transaction (ADR 0037). */
export function createHandoverRepository(db: Kysely<DB>) {
  return {
    async insert(ticket: {
      accountId: number;
      ticketHash: string;
      newLogin: boolean;
      now: Date;
      expiresAt: Date;
    }): Promise<void> {
      await db
        .insertInto('web_tickets')
        .values({
          account_id: ticket.accountId,
          ticket_hash: ticket.ticketHash,
          new_login: ticket.newLogin,
          created_at: ticket.now,
          expires_at: ticket.expiresAt,
        })
        .execute();
    },

    /** A game's ticket for its player `uid` (ADR 0042): no account yet. */
    async insertForGame(ticket: {
      gameId: number;
      uid: string;
      displayName: string | null;
      keyId: string;
      ticketHash: string;
      now: Date;
      expiresAt: Date;
    }): Promise<void> {
      await db
        .insertInto('web_tickets')
        .values({
          account_id: null,
          game_id: ticket.gameId,
          uid: ticket.uid,
          display_name: ticket.displayName,
          key_id: ticket.keyId,
          ticket_hash: ticket.ticketHash,
          new_login: false,
          created_at: ticket.now,
          expires_at: ticket.expiresAt,
        })
        .execute();
    },

    /**
     * Marks the live, unused ticket with this hash used and returns its account, in one
     * statement (two concurrent exchanges cannot both win); undefined when there is none.
     */
    use(ticketHash: string, now: Date) {
      return db
        .updateTable('web_tickets')
        .set({ used_at: now })
        .where('ticket_hash', '=', ticketHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning(['account_id', 'new_login', 'game_id', 'uid', 'display_name', 'key_id'])
        .executeTakeFirst();
    },

    /** Deletes tickets that expired before `cutoff`. */
    async deleteExpiredBefore(cutoff: Date): Promise<void> {
      await sql`delete from web_tickets where expires_at < ${cutoff}`.execute(db);
    },
  };
}

export type HandoverRepository = ReturnType<typeof createHandoverRepository>;
