// Password reset by email or phone code (docs/product/sign-in.md#password-reset, docs/product/api.md#payload-encryption): `data` decrypts to
// { account, code, passwd, passwd2 }. Checks run cheapest first and before the code is
// consumed; a successful reset revokes every session of the account.
import { checkPassword, e164Phone, emailAddress, ErrorCode } from '@hc/contract';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { hashPassword } from '../../lib/password';
import { createAccountsRepository } from './accounts.repository';
import type { VerificationCodeService } from './verification-codes.service';
import type { SessionService } from './sessions.service';
import { isCommonPassword } from './common-passwords';
import { decryptJsonOrInvalid } from './payload';

// The contract's resetPayloadSchema folds mismatch and format into one issue list; the
// server needs to tell them apart (docs/product/errors.md#error-catalogue PasswordFormatMismatch vs "passwords differ").
const payloadShape = z.object({
  account: z.string().min(1).max(254),
  code: z.string().max(16),
  passwd: z.string().max(256),
  passwd2: z.string().max(256),
});

export function createResetService(deps: {
  db: Kysely<DB>;
  codes: VerificationCodeService;
  sessions: SessionService;
  payloadKey: string;
}) {
  const accounts = createAccountsRepository(deps.db);

  return {
    async reset(channel: 'email' | 'phone', data: string): Promise<{ success: true }> {
      const json = await decryptJsonOrInvalid(deps.payloadKey, data);
      const parsed = payloadShape.safeParse(json);
      const target = channel === 'email' ? emailAddress : e164Phone;
      if (!parsed.success || !target.safeParse(parsed.data.account.trim()).success) {
        throw new AppError(ErrorCode.InvalidParams, { reason: 'payload' });
      }
      const p = parsed.data;
      if (p.passwd !== p.passwd2)
        throw new AppError(ErrorCode.InvalidParams, { reason: 'mismatch' });
      const rule = checkPassword(p.passwd);
      if (!rule.ok) throw new AppError(ErrorCode.PasswordFormatMismatch, { reason: rule.reason });
      if (isCommonPassword(p.passwd)) {
        throw new AppError(ErrorCode.PasswordFormatMismatch, { reason: 'common' });
      }
      const badCode = new AppError(
        channel === 'email' ? ErrorCode.InvalidEmailCode : ErrorCode.InvalidMobileCode,
      );
      const destination = p.account.trim();
      // Unknown destinations never got a code, so they fail here like a wrong code (no enumeration).
      if (!(await deps.codes.verify(channel, destination, 'reset', p.code))) throw badCode;
      const account =
        channel === 'email'
          ? await accounts.findByEmail(destination)
          : await accounts.findByPhone(destination);
      if (account === undefined) throw badCode;
      await accounts.setPasswordHash(account.id, await hashPassword(p.passwd));
      await deps.sessions.revokeAllOfAccount(account.id);
      return { success: true };
    },
  };
}

export type ResetService = ReturnType<typeof createResetService>;
