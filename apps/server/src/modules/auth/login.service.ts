// Sign-in (SPEC §2, §4, §7 /api/user/login, /api/user/tmpWebTokenLogin): account + password,
// email + password or email code, phone + code; every path ends in startSession.
import { ErrorCode, type LoginResult } from '@hc/contract';
import type { z } from 'zod';
import type { loginBodySchema } from '@hc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { verifyPassword } from '../../lib/password';
import { createAccountsRepository, type AccountRow } from '../accounts/accounts.repository';
import type { CodeService } from '../codes/codes.service';
import type { HandoverService } from '../handover/handover.service';
import type { SessionService } from '../sessions/sessions.service';
import { decryptOrInvalid } from './payload';
import type { LoginThrottle } from './throttle';

type LoginBody = z.output<typeof loginBodySchema>;

export interface LoginServiceDeps {
  db: Kysely<DB>;
  sessions: SessionService;
  codes: CodeService;
  handover: HandoverService;
  throttle: LoginThrottle;
  payloadKey: string;
  customerServiceUrl: string;
  /** A new login revokes the account's other sessions (SESSION_SINGLE_DEVICE). */
  singleDevice: boolean;
}

const CODE_PATTERN = /^\d{6}$/;

export function createLoginService(deps: LoginServiceDeps) {
  const accounts = createAccountsRepository(deps.db);

  async function startSession(
    account: AccountRow,
    remember: boolean,
    newLogin = true,
  ): Promise<LoginResult> {
    const { token, sessionId } = await deps.sessions.create(account.id, { remember });
    if (deps.singleDevice && newLogin) await deps.sessions.revokeOthers(account.id, sessionId);
    return {
      token,
      customer_service: deps.customerServiceUrl,
      accid: account.id,
      account: account.account,
    };
  }

  /** Runs one credential check under the throttle; a false check records a failure. */
  async function attempt(
    account: AccountRow,
    ip: string,
    check: () => Promise<boolean>,
    failure: AppError,
  ): Promise<void> {
    await deps.throttle.check(account.id, ip);
    if (!(await check())) {
      await deps.throttle.record(account.id, ip, false);
      throw failure;
    }
    await deps.throttle.record(account.id, ip, true);
  }

  async function notFound(ip: string, code: AppError): Promise<never> {
    await deps.throttle.check(null, ip);
    await deps.throttle.record(null, ip, false);
    throw code;
  }

  /** A password check under the throttle (accounts without a password never match). */
  const attemptPassword = (account: AccountRow, ip: string, password: string) =>
    attempt(
      account,
      ip,
      () =>
        account.passwordHash === null
          ? Promise.resolve(false)
          : verifyPassword(account.passwordHash, password),
      new AppError(ErrorCode.InvalidPassword),
    );

  return {
    startSession,

    async login(body: LoginBody, ip: string): Promise<LoginResult> {
      const remember = body.remember ?? false;
      const identifier = body.account.trim();
      switch (body.channel_code) {
        case 'account': {
          const account = await accounts.findByAccountName(identifier);
          if (account === undefined) return notFound(ip, new AppError(ErrorCode.LoginNameNotFound));
          const secret = await decryptOrInvalid(deps.payloadKey, body.passwd);
          await attemptPassword(account, ip, secret);
          return startSession(account, remember);
        }
        case 'email': {
          const account = await accounts.findByEmail(identifier);
          if (account === undefined) return notFound(ip, new AppError(ErrorCode.EmailNotFound));
          if (!account.emailLoginEnabled) throw new AppError(ErrorCode.canNoEmailLogin);
          const secret = await decryptOrInvalid(deps.payloadKey, body.passwd);
          // A 6-digit secret is an emailed code (no valid password is digits only, SPEC §5).
          if (CODE_PATTERN.test(secret)) {
            await attempt(
              account,
              ip,
              () => deps.codes.verify('email', identifier, 'login', secret),
              new AppError(ErrorCode.InvalidEmailCode),
            );
          } else {
            await attemptPassword(account, ip, secret);
          }
          return startSession(account, remember);
        }
        case 'phone': {
          const account = await accounts.findByPhone(identifier);
          if (account === undefined) return notFound(ip, new AppError(ErrorCode.PhoneNotFound));
          const secret = await decryptOrInvalid(deps.payloadKey, body.passwd);
          await attempt(
            account,
            ip,
            () => deps.codes.verify('phone', identifier, 'login', secret),
            new AppError(ErrorCode.InvalidMobileCode),
          );
          return startSession(account, remember);
        }
        default:
          // Social providers sign in through their own redirect flow and the hctoken hand-over.
          throw new AppError(ErrorCode.InvalidParams, { reason: 'channel' });
      }
    },

    /**
     * SPEC §4 hctoken: a single-use ticket becomes a session (not remembered). A game-client
     * ticket hands over the game's own sign-in, so it does not end other sessions.
     */
    async exchangeTicket(ticket: string): Promise<LoginResult> {
      const { accountId, newLogin } = await deps.handover.redeem(ticket);
      const account = await accounts.findById(accountId);
      if (account === undefined) throw new AppError(ErrorCode.InvalidToken);
      return startSession(account, false, newLogin);
    },

    /** sdk/ticket/get: the game account must belong to the signed-in account (else AuthFail). */
    async issueSdkTicket(accountId: number, gameAccountId: number) {
      const owned = (await accounts.listGameAccounts(accountId)).some(
        (g) => g.id === gameAccountId,
      );
      if (!owned) throw new AppError(ErrorCode.AuthFail);
      const ticket = await deps.handover.issue(accountId);
      return ticket;
    },
  };
}

export type LoginService = ReturnType<typeof createLoginService>;
