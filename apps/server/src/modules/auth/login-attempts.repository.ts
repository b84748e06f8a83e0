// Data access for login_attempts (0002-auth): the outcome of every login check, which the login
// throttle (throttle.ts) reads to tell the player's own IPs. The retention job deletes old rows
// (jobs/retention.ts).
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** `db` is the pool or a transaction (ADR 0037). */
export function createLoginAttemptsRepository(db: Kysely<DB>) {
  return {
    async insert(attempt: {
      accountId: number | null;
      ip: string;
      success: boolean;
      now: Date;
    }): Promise<void> {
      await db
        .insertInto('login_attempts')
        .values({
          account_id: attempt.accountId,
          ip: attempt.ip,
          success: attempt.success,
          created_at: attempt.now,
        })
        .execute();
    },

    /** Whether `ip` signed in to the account successfully after `since`. */
    async succeededSince(accountId: number, ip: string, since: Date): Promise<boolean> {
      const row = await db
        .selectFrom('login_attempts')
        .select('id')
        .where('account_id', '=', accountId)
        .where('ip', '=', ip)
        .where('success', '=', true)
        .where('created_at', '>', since)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type LoginAttemptsRepository = ReturnType<typeof createLoginAttemptsRepository>;
