// Data access for the retention job (retention.ts, ADR 0032): one batched delete per table that
// only ever grew. Each method deletes at most `batch` rows the policy no longer needs and
// returns how many it deleted; retention.ts repeats it until a batch comes back short. The
// cut-offs are computed by retention.ts; the conditions (which rows a cut-off selects) are here.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../db/schema';

/** `db` is the pool (each delete commits on its own, so no batch holds a long lock). */
export function createRetentionRepository(db: Kysely<DB>) {
  /** Deletes at most `batch` of the rows `where` selects, by `key`; the number deleted. */
  async function deleteBatch(
    table: keyof DB,
    where: RawBuilder<boolean>,
    batch: number,
    key = 'id',
  ): Promise<number> {
    const result = await sql`delete from ${sql.table(table)} where ${sql.ref(key)} in (
        select ${sql.ref(key)} from ${sql.table(table)} where ${where} limit ${batch})`.execute(db);
    return Number(result.numAffectedRows ?? 0n);
  }

  return {
    /** Codes that expired before `before` (used or not). */
    verificationCodes: (before: Date, batch: number) =>
      deleteBatch('verification_codes', sql<boolean>`expires_at < ${before}`, batch),

    /** Failures before `failedBefore`, any attempt before `anyBefore`. */
    loginAttempts: (c: { failedBefore: Date; anyBefore: Date }, batch: number) =>
      deleteBatch(
        'login_attempts',
        sql<boolean>`(not success and created_at < ${c.failedBefore})
      or created_at < ${c.anyBefore}`,
        batch,
      ),

    redeemAttempts: (before: Date, batch: number) =>
      deleteBatch('redeem_attempts', sql<boolean>`created_at < ${before}`, batch),

    throttleHits: (before: Date, batch: number) =>
      deleteBatch('throttle_hits', sql<boolean>`created_at < ${before}`, batch),

    /** Sessions revoked, idle-expired or absolutely expired before `before`. */
    sessions: (before: Date, batch: number) =>
      deleteBatch(
        'sessions',
        sql<boolean>`revoked_at < ${before} or idle_expires_at < ${before}
      or absolute_expires_at < ${before}`,
        batch,
      ),

    /** Tickets used or expired before `before`. */
    webTickets: (before: Date, batch: number) =>
      deleteBatch(
        'web_tickets',
        sql<boolean>`used_at < ${before} or expires_at < ${before}`,
        batch,
      ),

    /** Events received before `before`, except those still waiting to be applied. */
    paymentEvents: (before: Date, batch: number) =>
      deleteBatch(
        'payment_events',
        sql<boolean>`received_at < ${before}
      and outcome not in ('pending', 'deferred')`,
        batch,
      ),

    analyticsSessions: (before: Date, batch: number) =>
      deleteBatch('analytics_sessions', sql<boolean>`expires_at < ${before}`, batch, 'sid'),

    // Composite keys: batches by the row's physical id.
    publisherNonces: (before: Date, batch: number) =>
      deleteBatch('publisher_nonces', sql<boolean>`created_at < ${before}`, batch, 'ctid'),

    publisherIdempotency: (before: Date, batch: number) =>
      deleteBatch('publisher_idempotency', sql<boolean>`created_at < ${before}`, batch, 'ctid'),
  };
}

export type RetentionRepository = ReturnType<typeof createRetentionRepository>;
