// Account self-service on the account page (docs/product/account.md#self-service, ADR 0049): the
// owner's profile, changing the password, adding or changing the email and phone with a code sent
// to the new address, unlinking social sign-ins (never the last way in), the signed-in devices,
// and asking for deletion (cancelled by signing in during the grace period). Refusals come before
// anything is written; each change and what goes with it (ended sessions, the erasure job, the
// audit row) is one transaction; notices are sent after it committed.
import {
  checkPassword,
  e164Phone,
  emailAddress,
  ErrorCode,
  SOCIAL_PROVIDERS,
  toUnixSeconds,
  type ProfileResult,
  type SignedInDevice,
  type SocialProvider,
} from '@hc/contract';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/schema';
import { enqueueJob } from '../../jobs/queue';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { deviceSummary, maskIp } from '../../lib/device';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from '../../lib/password';
import { verifyImportedPassword } from '../../lib/password-formats';
import { toValidationIssues } from '../../plugins/envelope';
import { createAuditRepository } from '../audit/audit.repository';
import { createAccountsRepository, type AccountRow } from './accounts.repository';
import { noticeDate, type AccountNotices } from './account-notices';
import { isCommonPassword } from './common-passwords';
import { decryptJsonOrInvalid } from './payload';
import { createSelfServiceRepository, type OwnAccount } from './self-service.repository';
import { createSessionsRepository } from './sessions.repository';
import type { Session } from './sessions.service';
import type { LoginThrottle } from './throttle';
import type { VerificationCodeService } from './verification-codes.service';

const DAY_MS = 86_400_000;

/** The erasure job of an account's deletion request (jobs/queue.ts kind `erase`). */
export const eraseJobKey = (accountId: number, requestedAt: Date) =>
  `erase:${accountId}:${requestedAt.getTime()}`;

const passwordShape = z.object({
  old_passwd: z.string().max(256).optional(),
  passwd: z.string().max(256),
  passwd2: z.string().max(256),
});
const deletionShape = z.object({
  confirm: z.string().max(254),
  passwd: z.string().max(256).optional(),
});

type Channel = 'email' | 'phone';

export interface SelfServiceDeps {
  db: Kysely<DB>;
  clock: Clock;
  codes: VerificationCodeService;
  throttle: LoginThrottle;
  notices: AccountNotices;
  payloadKey: string;
  /** ACCOUNT_DELETION_GRACE_DAYS. */
  graceDays: number;
  /** The social providers this portal offers. */
  providers: () => readonly SocialProvider[];
  /**
   * Drops this node's cached sessions of an account after sessions of it were ended (ADR 0058;
   * other nodes learn it from the sessions table's trigger).
   */
  forgetSessions?: (accountId: number) => void;
}

const inUse = (channel: Channel) =>
  new AppError(channel === 'email' ? ErrorCode.EmailInUse : ErrorCode.PhoneInUse);

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === '23505';
}

export function createSelfService(deps: SelfServiceDeps) {
  const { db, clock } = deps;
  const repo = createSelfServiceRepository(db);
  const accounts = createAccountsRepository(db);
  const sessions = createSessionsRepository(db);

  async function own(accountId: number): Promise<OwnAccount> {
    const account = await repo.account(accountId);
    // A session outlives nothing: an erased account has none, so this is a race at most.
    if (account === undefined) throw new AppError(ErrorCode.tokenFail);
    return account;
  }

  async function profile(accountId: number): Promise<ProfileResult> {
    const [account, identities] = await Promise.all([own(accountId), repo.identities(accountId)]);
    const offered = new Set(deps.providers());
    return {
      account: account.account,
      email: account.email,
      phone: account.phone,
      has_password: account.hasPassword,
      social: identities.map((i) => ({
        provider: i.provider,
        name: i.name,
        linked_ts: toUnixSeconds(i.linkedAt),
      })),
      providers: SOCIAL_PROVIDERS.filter((p) => offered.has(p)),
    };
  }

  /**
   * The password check of a self-service step, counted like a login's password check (the same
   * throttle: 5 from a new IP per 15 minutes, 30 per IP). An imported hash is checked in its
   * format (it is replaced when the password changes).
   */
  async function checkCurrentPassword(account: AccountRow, password: string, ip: string) {
    const attempt = await deps.throttle.begin(account.id, ip, 'password');
    const stored = account.passwordHash;
    const ok =
      stored !== null && account.passwordFormat !== null
        ? await verifyImportedPassword(account.passwordFormat, stored, password)
        : (await verifyPassword(stored ?? DUMMY_PASSWORD_HASH, password)) && stored !== null;
    if (!ok) {
      await attempt.failed();
      throw new AppError(ErrorCode.InvalidPassword);
    }
    await attempt.succeeded();
  }

  async function accountRow(accountId: number): Promise<AccountRow> {
    const row = await accounts.findById(accountId);
    if (row === undefined) throw new AppError(ErrorCode.tokenFail);
    return row;
  }

  function contactTarget(channel: Channel, target: string): string {
    const trimmed = target.trim();
    const schema = channel === 'email' ? emailAddress : e164Phone;
    if (!schema.safeParse(trimmed).success)
      throw new AppError(ErrorCode.InvalidParams, {
        issues: [{ path: 'target', message: `invalid ${channel}` }],
      });
    return channel === 'email' ? trimmed.toLowerCase() : trimmed;
  }

  function sameContact(account: OwnAccount, channel: Channel, target: string): boolean {
    const current = channel === 'email' ? account.email?.toLowerCase() : account.phone;
    return current === target;
  }

  async function takenByOther(accountId: number, channel: Channel, target: string) {
    const holder =
      channel === 'email' ? await accounts.findByEmail(target) : await accounts.findByPhone(target);
    return holder !== undefined && holder.id !== accountId;
  }

  return {
    profile,

    /** The language of the account's notices follows the player's requests. */
    async rememberLanguage(accountId: number, language: string): Promise<void> {
      await repo.setLanguage(accountId, language);
    },

    async changePassword(session: Session, data: string, ip: string): Promise<{ success: true }> {
      const parsed = passwordShape.safeParse(await decryptJsonOrInvalid(deps.payloadKey, data));
      if (!parsed.success)
        throw new AppError(ErrorCode.InvalidParams, {
          issues: toValidationIssues(parsed.error.issues),
        });
      const p = parsed.data;
      if (p.passwd !== p.passwd2)
        throw new AppError(ErrorCode.InvalidParams, { reason: 'mismatch' });
      const rule = checkPassword(p.passwd);
      if (!rule.ok) throw new AppError(ErrorCode.PasswordFormatMismatch, { reason: rule.reason });
      if (isCommonPassword(p.passwd))
        throw new AppError(ErrorCode.PasswordFormatMismatch, { reason: 'common' });
      const account = await accountRow(session.accountId);
      if (account.passwordHash !== null) {
        if (p.old_passwd === undefined || p.old_passwd === '')
          throw new AppError(ErrorCode.InvalidParams, {
            issues: [{ path: 'old_passwd', message: 'required' }],
          });
        await checkCurrentPassword(account, p.old_passwd, ip);
        if (p.old_passwd === p.passwd) throw new AppError(ErrorCode.PasswordUnchanged);
      }
      const passwordHash = await hashPassword(p.passwd);
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        await createAccountsRepository(trx).setPasswordHash(account.id, passwordHash);
        await createSessionsRepository(trx).revokeAllOfAccount(account.id, now, session.id);
      });
      deps.forgetSessions?.(account.id);
      const target = await own(account.id);
      await deps.notices.send('passwordChanged', target);
      return { success: true };
    },

    async sendContactCode(
      accountId: number,
      body: { channel: Channel; target: string },
      ip: string,
      language: string,
    ) {
      const account = await own(accountId);
      const target = contactTarget(body.channel, body.target);
      if (sameContact(account, body.channel, target))
        throw new AppError(ErrorCode.ContactUnchanged);
      const taken = await takenByOther(accountId, body.channel, target);
      // Counted like any send, so probing for taken addresses costs the same.
      const sent = await deps.codes.send({
        channel: body.channel,
        destination: target,
        purpose: 'contact',
        ip,
        language,
        known: !taken,
      });
      if (taken) throw inUse(body.channel);
      return sent;
    },

    async changeContact(
      accountId: number,
      body: { channel: Channel; target: string; code: string },
      ip: string,
    ): Promise<ProfileResult> {
      const account = await own(accountId);
      const target = contactTarget(body.channel, body.target);
      if (sameContact(account, body.channel, target))
        throw new AppError(ErrorCode.ContactUnchanged);
      if (await takenByOther(accountId, body.channel, target)) throw inUse(body.channel);
      const attempt = await deps.throttle.begin(accountId, ip, 'code');
      if (!(await deps.codes.verify(body.channel, target, 'contact', body.code))) {
        await attempt.failed();
        throw new AppError(
          body.channel === 'email' ? ErrorCode.InvalidEmailCode : ErrorCode.InvalidMobileCode,
        );
      }
      await attempt.succeeded();
      try {
        await repo.setContact(accountId, body.channel, target);
      } catch (error) {
        if (isUniqueViolation(error)) throw inUse(body.channel);
        throw error;
      }
      const old = body.channel === 'email' ? account.email : account.phone;
      if (old !== null)
        await deps.notices.contactChanged(body.channel, old, target, {
          ...account,
          [body.channel]: old,
        });
      return profile(accountId);
    },

    /** Whether the account may start linking this provider (offered, none linked yet). */
    async assertLinkable(accountId: number, provider: SocialProvider): Promise<void> {
      if (!deps.providers().includes(provider))
        throw new AppError(ErrorCode.SocialProviderUnavailable);
      const identities = await repo.identities(accountId);
      if (identities.some((i) => i.provider === provider))
        throw new AppError(ErrorCode.SocialAlreadyLinked);
    },

    /**
     * Never the last way in: an account without a password, email and phone keeps its only
     * social sign-in. The account row is locked so two unlinks cannot both pass the check.
     */
    async unlinkSocial(accountId: number, provider: SocialProvider): Promise<ProfileResult> {
      await db.transaction().execute(async (trx) => {
        const r = createSelfServiceRepository(trx);
        await r.lock(accountId);
        const account = await r.account(accountId);
        if (account === undefined) throw new AppError(ErrorCode.tokenFail);
        const identities = await r.identities(accountId);
        if (!identities.some((i) => i.provider === provider))
          throw new AppError(ErrorCode.SocialNotLinked);
        const otherWayIn =
          account.hasPassword ||
          account.email !== null ||
          account.phone !== null ||
          identities.length > 1;
        if (!otherWayIn) throw new AppError(ErrorCode.LastSignInMethod);
        await r.unlink(accountId, provider);
      });
      return profile(accountId);
    },

    /** Live sessions, the current one first, then by last use. */
    async listSessions(session: Session): Promise<{ list: SignedInDevice[] }> {
      const rows = await sessions.listLive(session.accountId, clock.now());
      const list = rows.map((r) => ({
        id: Number(r.id),
        ...deviceSummary(r.user_agent),
        ip: maskIp(r.ip),
        created_ts: toUnixSeconds(r.created_at),
        last_seen_ts: toUnixSeconds(r.last_seen_at),
        current: Number(r.id) === session.id,
      }));
      list.sort((a, b) => Number(b.current) - Number(a.current));
      return { list };
    },

    async endSession(session: Session, id: number): Promise<{ success: true; current: boolean }> {
      const ended = await sessions.revokeOfAccount(session.accountId, id, clock.now());
      deps.forgetSessions?.(session.accountId);
      if (!ended) throw new AppError(ErrorCode.SessionNotFound);
      return { success: true, current: id === session.id };
    },

    /**
     * Schedules the erasure after the grace period: every session ends (this one too) and the
     * `erase` job is queued in the same transaction; the request is audited.
     */
    async requestDeletion(session: Session, data: string, ip: string) {
      const parsed = deletionShape.safeParse(await decryptJsonOrInvalid(deps.payloadKey, data));
      if (!parsed.success)
        throw new AppError(ErrorCode.InvalidParams, {
          issues: toValidationIssues(parsed.error.issues),
        });
      const account = await accountRow(session.accountId);
      if (parsed.data.confirm.trim().toLowerCase() !== account.account.toLowerCase())
        throw new AppError(ErrorCode.DeletionConfirmMismatch);
      if (account.passwordHash !== null) {
        const password = parsed.data.passwd;
        if (password === undefined || password === '')
          throw new AppError(ErrorCode.InvalidParams, {
            issues: [{ path: 'passwd', message: 'required' }],
          });
        await checkCurrentPassword(account, password, ip);
      }
      const now = clock.now();
      const dueAt = new Date(now.getTime() + deps.graceDays * DAY_MS);
      await db.transaction().execute(async (trx) => {
        await createSelfServiceRepository(trx).scheduleDeletion(account.id, now, dueAt);
        await createSessionsRepository(trx).revokeAllOfAccount(account.id, now);
        await enqueueJob(trx, {
          kind: 'erase',
          dedupeKey: eraseJobKey(account.id, now),
          payload: { accountId: account.id },
          runAt: dueAt,
        });
        await createAuditRepository(trx).append({
          actorKind: 'player',
          actor: `account:${account.id}`,
          ip,
          action: 'account.deletion_request',
          target: `account:${account.id}`,
          after: { erase_at: dueAt.toISOString() },
          at: now,
        });
      });
      deps.forgetSessions?.(account.id);
      const target = await own(account.id);
      await deps.notices.send('deletionScheduled', target, {
        date: noticeDate(dueAt, target.language),
      });
      return { erase_ts: toUnixSeconds(dueAt) };
    },

    /** Signing in during the grace period cancels the deletion (audited, with a notice). */
    async cancelDeletionOnSignIn(accountId: number): Promise<void> {
      const now = clock.now();
      const cancelled = await db.transaction().execute(async (trx) => {
        const done = await createSelfServiceRepository(trx).cancelDeletion(accountId);
        if (done)
          await createAuditRepository(trx).append({
            actorKind: 'player',
            actor: `account:${accountId}`,
            action: 'account.deletion_cancel',
            target: `account:${accountId}`,
            at: now,
          });
        return done;
      });
      if (!cancelled) return;
      const target = await repo.account(accountId);
      if (target !== undefined) await deps.notices.send('deletionCancelled', target);
    },
  };
}

export type SelfService = ReturnType<typeof createSelfService>;
