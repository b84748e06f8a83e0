// Sign-in (docs/product/sign-in.md#login-screen, docs/product/session.md#hand-over, docs/product/api.md#sign-in-and-session-calls /api/user/login, /api/user/tmpWebTokenLogin): account + password,
// email + password or email code, phone + code; every path ends in startSession.
import { ErrorCode, type LoginResult } from '@hc/contract';
import type { z } from 'zod';
import type { loginBodySchema } from '@hc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from '../../lib/password';
import { verifyImportedPassword } from '../../lib/password-formats';
import { createAccountsRepository, type AccountRow } from './accounts.repository';
import type { GameCredentials } from './game-credentials';
import type { VerificationCodeService } from './verification-codes.service';
import type { HandoverService } from './handover.service';
import type { SessionService } from './sessions.service';
import { accountForGameTicket } from '../publisher/arrival.service';
import { decryptOrInvalid } from './payload';
import type { LoginThrottle } from './throttle';

type LoginBody = z.output<typeof loginBodySchema>;

export interface LoginServiceDeps {
  db: Kysely<DB>;
  sessions: SessionService;
  codes: VerificationCodeService;
  handover: HandoverService;
  throttle: LoginThrottle;
  payloadKey: string;
  customerServiceUrl: string;
  /** A new login revokes the account's other sessions (SESSION_SINGLE_DEVICE). */
  singleDevice: boolean;
  /** Games that keep their players' credentials (ADR 0043); absent: every game is 'portal'. */
  gameCredentials?: GameCredentials;
  /** A sign-in during a deletion's grace period cancels the deletion (ADR 0049). */
  cancelDeletion?: (accountId: number) => Promise<void>;
}

const CODE_PATTERN = /^\d{6}$/;

/** The not-found answer of each channel (a product rule: "Account does not exist"). */
const NOT_FOUND = {
  account: ErrorCode.LoginNameNotFound,
  email: ErrorCode.EmailNotFound,
  phone: ErrorCode.PhoneNotFound,
} as const;

export function createLoginService(deps: LoginServiceDeps) {
  const accounts = createAccountsRepository(deps.db);

  async function startSession(
    account: AccountRow,
    remember: boolean,
    newLogin = true,
  ): Promise<LoginResult> {
    // Disabled through the Publisher API: no sign-in by any path (its sessions were ended).
    if (account.disabledAt !== null) throw new AppError(ErrorCode.AuthFail);
    if (account.deletionDueAt !== null) await deps.cancelDeletion?.(account.id);
    // Single device: the new session ends the others in the same statement.
    const { token } = await deps.sessions.create(account.id, {
      remember,
      endOthers: deps.singleDevice && newLogin,
    });
    return {
      token,
      customer_service: deps.customerServiceUrl,
      accid: account.id,
      account: account.account,
    };
  }

  /**
   * A password check; without a stored hash the fixed dummy hash is checked (same work). An
   * imported hash (ADR 0043) is checked in its own format and, when it matches, replaced by the
   * portal's argon2id in one conditional statement before the session starts.
   */
  async function passwordMatches(account: AccountRow | undefined, password: string) {
    if (account?.passwordHash != null && account.passwordFormat !== null) {
      const ok = await verifyImportedPassword(
        account.passwordFormat,
        account.passwordHash,
        password,
      );
      if (ok)
        await accounts.replaceImportedHash(
          account.id,
          account.passwordHash,
          await hashPassword(password),
        );
      return ok;
    }
    const stored = account?.passwordHash ?? null;
    const ok = await verifyPassword(stored ?? DUMMY_PASSWORD_HASH, password);
    return ok && stored !== null;
  }

  /**
   * Account + password for a game that keeps its players' credentials: the same throttle as a
   * local password check (counted against the portal account of that name, if any), then the
   * game decides. Its not-found and wrong-password answers map to the usual codes; the game
   * unreachable is SystemBusy (the counted attempt stays counted, nothing is recorded).
   */
  async function loginAtGame(
    game: GameCredentials,
    gameId: number,
    identifier: string,
    body: LoginBody,
    ip: string,
  ): Promise<LoginResult> {
    const local = await accounts.findByAccountName(identifier);
    const secret = await decryptOrInvalid(deps.payloadKey, body.passwd);
    const attempt = await deps.throttle.begin(local?.id ?? null, ip, 'password');
    const verdict = await game.signIn(gameId, identifier, secret);
    if (!verdict.ok) {
      await attempt.failed();
      throw new AppError(
        verdict.failure === 'unknown_account' ? NOT_FOUND.account : ErrorCode.InvalidPassword,
      );
    }
    const account = await accounts.findById(verdict.accountId);
    if (account === undefined) throw new AppError(ErrorCode.SystemBusy);
    await attempt.succeeded();
    return startSession(account, body.remember ?? false);
  }

  return {
    startSession,

    /**
     * Every channel takes the same steps whether or not the account exists: look it up,
     * decrypt the secret, count the attempt (lib/throttle.ts), run the check (a password hash,
     * the dummy hash for an unknown account, or a code lookup), then answer. So an unknown
     * account costs the same time and counts against the IP limit like a wrong password; its
     * distinct not-found answer (a product rule) comes only after that.
     */
    async login(body: LoginBody, ip: string, gameId?: number): Promise<LoginResult> {
      const remember = body.remember ?? false;
      const identifier = body.account.trim();
      const channel = body.channel_code;
      if (channel !== 'account' && channel !== 'email' && channel !== 'phone')
        // Social providers sign in through their own redirect flow and the hctoken hand-over.
        throw new AppError(ErrorCode.InvalidParams, { reason: 'channel' });
      const game = deps.gameCredentials;
      if (
        channel === 'account' &&
        game !== undefined &&
        gameId !== undefined &&
        (await game.owns(gameId))
      )
        return loginAtGame(game, gameId, identifier, body, ip);
      const account =
        channel === 'account'
          ? await accounts.findByAccountName(identifier)
          : channel === 'email'
            ? await accounts.findByEmail(identifier)
            : await accounts.findByPhone(identifier);
      if (channel === 'email' && account?.emailLoginEnabled === false)
        throw new AppError(ErrorCode.canNoEmailLogin);
      const secret = await decryptOrInvalid(deps.payloadKey, body.passwd);
      // Phone signs in by code; on email a 6-digit secret is an emailed code (no valid
      // password is digits only: the password rule needs 2 kinds of characters).
      const codeChannel =
        channel === 'phone'
          ? 'phone'
          : channel === 'email' && CODE_PATTERN.test(secret)
            ? 'email'
            : null;
      const attempt = await deps.throttle.begin(
        account?.id ?? null,
        ip,
        codeChannel === null ? 'password' : 'code',
      );
      const ok =
        codeChannel === null
          ? await passwordMatches(account, secret)
          : await deps.codes.verify(codeChannel, identifier, 'login', secret);
      if (account !== undefined && ok) {
        await attempt.succeeded();
        await deps.codes.clearSendLimits(account, ip);
        return startSession(account, remember);
      }
      await attempt.failed();
      if (account === undefined) throw new AppError(NOT_FOUND[channel]);
      if (codeChannel === 'email') throw new AppError(ErrorCode.InvalidEmailCode);
      if (codeChannel === 'phone') throw new AppError(ErrorCode.InvalidMobileCode);
      throw new AppError(ErrorCode.InvalidPassword);
    },

    /**
     * docs/product/session.md#hand-over hctoken: a single-use ticket becomes a session (not remembered). A game-client
     * ticket hands over the game's own sign-in, so it does not end other sessions.
     */
    async exchangeTicket(ticket: string): Promise<LoginResult> {
      // A game's ticket names its player (ADR 0042): the ticket is used, and the uid's account
      // found or made and bound, in one transaction.
      const { accountId, newLogin } = await deps.db.transaction().execute(async (trx) => {
        const r = await deps.handover.redeemWith(trx, ticket);
        if (r.accountId !== null) return r;
        return { accountId: await accountForGameTicket(trx, r.game, r.now), newLogin: false };
      });
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
