// The account a sign-up makes (migration 0016-player-arrival, ADR 0042): login name, password
// hash, the verified email or phone, the birthday and the accepted consent versions.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { createAccountsRepository } from './accounts.repository';

/** `db` is the pool or a transaction (ADR 0037). */
export function createSignUpRepository(db: Kysely<DB>) {
  const accounts = createAccountsRepository(db);
  return {
    /** Sign-up refuses a name that differs from a taken one only in case. */
    loginNameTaken: (account: string) => accounts.loginNameTaken(account, { ignoreCase: true }),

    async insert(input: {
      account: string;
      email: string | null;
      phone: string | null;
      passwordHash: string;
      birthday: string;
      termsVersion: string;
      privacyVersion: string;
      at: Date;
    }): Promise<number> {
      const r = await db
        .insertInto('accounts')
        .values({
          account: input.account,
          email: input.email?.toLowerCase() ?? null,
          phone: input.phone,
          password_hash: input.passwordHash,
          created_at: input.at,
          birthday: input.birthday,
          terms_version: input.termsVersion,
          terms_accepted_at: input.at,
          privacy_version: input.privacyVersion,
          privacy_accepted_at: input.at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(r.id);
    },
  };
}
