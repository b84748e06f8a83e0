// Dev outbox (DEV_OUTBOX=true only): every email/SMS the server sends is also kept in the
// database, so testers on `npm start` read verification codes at /dev/outbox on any node.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { systemClock, type Clock } from '../../lib/clock';
import { createOutboxRepository } from './outbox.repository';

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
  const messages = createOutboxRepository(deps.db);
  return {
    async add(message: NewOutboxMessage): Promise<void> {
      await messages.insert({ ...message, created_at: clock.now() });
    },
    /** Newest first. */
    async list(limit = 200): Promise<OutboxMessage[]> {
      const rows = await messages.newest(limit);
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
