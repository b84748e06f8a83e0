// Dev outbox (DEV_OUTBOX=true only): every email/SMS the server sends is also kept in the
// database, so testers on `npm start` read verification codes at /dev/outbox on any node.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { systemClock, type Clock } from '../../lib/clock';

export interface OutboxMessage {
  id: number;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body: string;
  createdAt: Date;
}

export type NewOutboxMessage = Omit<OutboxMessage, 'id' | 'createdAt'>;

export function createOutbox(deps: { db: Kysely<DB>; clock?: Clock }) {
  const clock = deps.clock ?? systemClock;
  return {
    async add(message: NewOutboxMessage): Promise<void> {
      await deps.db
        .insertInto('dev_outbox')
        .values({ ...message, created_at: clock.now() })
        .execute();
    },
    /** Newest first. */
    async list(limit = 200): Promise<OutboxMessage[]> {
      const rows = await deps.db
        .selectFrom('dev_outbox')
        .selectAll()
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        id: r.id,
        channel: r.channel === 'sms' ? 'sms' : 'email',
        recipient: r.recipient,
        subject: r.subject,
        body: r.body,
        createdAt: r.created_at,
      }));
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
