// Data access for verification_codes (0002-auth): one row per code sent, stored as an HMAC
// (verification-codes.service.ts). The retention job deletes old rows (jobs/retention.ts).
import type { Insertable, Kysely } from 'kysely';
import type { DB, VerificationCodesTable } from '../../db/schema';

export type NewVerificationCode = Insertable<VerificationCodesTable>;

/** `db` is the pool or a transaction (ADR 0037). */
export function createVerificationCodesRepository(db: Kysely<DB>) {
  return {
    async insert(code: NewVerificationCode): Promise<void> {
      await db.insertInto('verification_codes').values(code).execute();
    },

    /** The newest code for this channel, destination and purpose (live or not). */
    latest(
      channel: VerificationCodesTable['channel'],
      destination: string,
      purpose: VerificationCodesTable['purpose'],
    ) {
      return db
        .selectFrom('verification_codes')
        .select(['id', 'code_hash', 'attempts', 'used_at', 'expires_at'])
        .where('channel', '=', channel)
        .where('destination', '=', destination)
        .where('purpose', '=', purpose)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /**
     * Uses the code up in one statement, unless it is already used or out of tries (so two
     * concurrent checks cannot both win): true when this call used it.
     */
    async markUsed(id: number, now: Date, maxAttempts: number): Promise<boolean> {
      const used = await db
        .updateTable('verification_codes')
        .set({ used_at: now })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .where('attempts', '<', maxAttempts)
        .returning('id')
        .executeTakeFirst();
      return used !== undefined;
    },

    /** Counts one wrong try. */
    async addAttempt(id: number): Promise<void> {
      await db
        .updateTable('verification_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .execute();
    },
  };
}

export type VerificationCodesRepository = ReturnType<typeof createVerificationCodesRepository>;
