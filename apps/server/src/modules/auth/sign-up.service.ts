// Sign-up on the portal (docs/product/sign-in.md#sign-up, ADR 0042), when SIGN_UP_ENABLED is on:
// `data` decrypts to { channel, target, code, account, passwd, passwd2, birthday,
// terms_version, privacy_version }. Checks run cheapest first, and every refusal comes before
// anything is written: the switch, the shape, the password rule and block list (as a reset), the
// consent versions, a free login name, email and phone, then the code (purpose `signup`, its 5
// tries; the attempt also counts against the IP like a login code). The account is made with the
// consents and their time, and signed in (not remembered). It has no game account: the player
// binds one with a link code, or arrives from the game.
import {
  birthdayDate,
  checkPassword,
  e164Phone,
  emailAddress,
  ErrorCode,
  signUpLoginName,
  type LoginResult,
} from '@hc/contract';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { hashPassword } from '../../lib/password';
import { toValidationIssues } from '../../plugins/envelope';
import { createAccountsRepository } from './accounts.repository';
import { isCommonPassword } from './common-passwords';
import type { LoginService } from './login.service';
import { decryptJsonOrInvalid } from './payload';
import { createSignUpRepository } from './sign-up.repository';
import type { LoginThrottle } from './throttle';
import type { VerificationCodeService } from './verification-codes.service';

export interface SignUpSettings {
  enabled: boolean;
  termsVersion: string;
  privacyVersion: string;
}

const payloadShape = z.object({
  channel: z.enum(['email', 'phone']),
  target: z.string().trim().min(1).max(254),
  code: z.string().max(16),
  account: signUpLoginName,
  passwd: z.string().max(256),
  passwd2: z.string().max(256),
  birthday: birthdayDate,
  terms_version: z.string().max(32),
  privacy_version: z.string().max(32),
});

export function createSignUpService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  codes: VerificationCodeService;
  login: LoginService;
  throttle: LoginThrottle;
  payloadKey: string;
  settings: SignUpSettings;
}) {
  const accounts = createAccountsRepository(deps.db);
  const signUps = createSignUpRepository(deps.db);

  return {
    async signUp(data: string, ip: string): Promise<LoginResult> {
      const { settings } = deps;
      if (!settings.enabled) throw new AppError(ErrorCode.SignUpDisabled);
      const json = await decryptJsonOrInvalid(deps.payloadKey, data);
      const parsed = payloadShape.safeParse(json);
      if (!parsed.success)
        throw new AppError(ErrorCode.InvalidParams, {
          issues: toValidationIssues(parsed.error.issues),
        });
      const p = parsed.data;
      const target = p.channel === 'email' ? emailAddress : e164Phone;
      if (!target.safeParse(p.target).success)
        throw new AppError(ErrorCode.InvalidParams, {
          issues: [{ path: 'target', message: `invalid ${p.channel}` }],
        });
      if (p.passwd !== p.passwd2)
        throw new AppError(ErrorCode.InvalidParams, { reason: 'mismatch' });
      const rule = checkPassword(p.passwd);
      if (!rule.ok) throw new AppError(ErrorCode.PasswordFormatMismatch, { reason: rule.reason });
      if (isCommonPassword(p.passwd))
        throw new AppError(ErrorCode.PasswordFormatMismatch, { reason: 'common' });
      if (
        p.terms_version !== settings.termsVersion ||
        p.privacy_version !== settings.privacyVersion
      )
        throw new AppError(ErrorCode.ConsentOutdated, {
          terms_version: settings.termsVersion,
          privacy_version: settings.privacyVersion,
        });
      if (await signUps.loginNameTaken(p.account)) throw new AppError(ErrorCode.LoginNameInUse);
      const taken =
        p.channel === 'email'
          ? await accounts.findByEmail(p.target)
          : await accounts.findByPhone(p.target);
      if (taken !== undefined)
        throw new AppError(p.channel === 'email' ? ErrorCode.EmailInUse : ErrorCode.PhoneInUse);
      const attempt = await deps.throttle.begin(null, ip, 'code');
      if (!(await deps.codes.verify(p.channel, p.target, 'signup', p.code))) {
        await attempt.failed();
        throw new AppError(
          p.channel === 'email' ? ErrorCode.InvalidEmailCode : ErrorCode.InvalidMobileCode,
        );
      }
      const passwordHash = await hashPassword(p.passwd);
      let accountId: number;
      try {
        accountId = await signUps.insert({
          account: p.account,
          email: p.channel === 'email' ? p.target : null,
          phone: p.channel === 'phone' ? p.target : null,
          passwordHash,
          birthday: p.birthday,
          termsVersion: p.terms_version,
          privacyVersion: p.privacy_version,
          at: deps.clock.now(),
        });
      } catch (error) {
        // Taken meanwhile by a concurrent sign-up (the unique indexes decide).
        const text = String((error as { constraint?: string; message?: string }).message ?? '');
        if (/email/i.test(text)) throw new AppError(ErrorCode.EmailInUse);
        if (/phone/i.test(text)) throw new AppError(ErrorCode.PhoneInUse);
        if (/account/i.test(text)) throw new AppError(ErrorCode.LoginNameInUse);
        throw error;
      }
      await attempt.succeeded();
      const account = await accounts.findById(accountId);
      if (account === undefined) throw new Error('signed-up account not found');
      return deps.login.startSession(account, false);
    },
  };
}

export type SignUpService = ReturnType<typeof createSignUpService>;
