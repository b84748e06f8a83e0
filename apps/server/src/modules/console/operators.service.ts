// Operators of the console (docs/console.md, ADR 0040): sign-in (password, then the second
// factor), setup links, and the owner's management of operators. Every change is written to the
// audit log in its own transaction, by an operator (actor_kind 'operator', with the IP) or by
// the CLI (actor_kind 'cli').
import { randomBytes } from 'node:crypto';
import {
  checkPassword,
  CONSOLE_BASE_PATH,
  ErrorCode,
  toUnixSeconds,
  type ConsoleSession,
  type OperatorListItem,
  type OperatorRole,
} from '@hc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from '../../lib/password';
import { createThrottle, type ThrottleRule } from '../../lib/throttle';
import { createAuditRepository } from '../audit/audit.repository';
import { sha256, type ConsoleAuth, type NewConsoleSession } from './console-auth';
import { createConsoleSessionsRepository } from './console-sessions.repository';
import { createOperatorsRepository, type OperatorRow } from './operators.repository';
import type { TwoFactorService } from './two-factor.service';

/** Setup links work for 24 hours, once. */
export const SETUP_LINK_HOURS = 24;
/** Sign-in throttle, as for players (modules/auth/throttle.ts): per IP and per operator. */
export const CONSOLE_THROTTLE = { windowMs: 15 * 60_000, perIp: 30, perOperator: 5 } as const;

/** Who makes a change, for the audit log. */
export interface Actor {
  kind: 'operator' | 'cli';
  name: string;
  /** The operator's id (self-change checks); absent for the CLI. */
  id?: number;
  ip?: string | null;
}

export class OperatorCommandError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OperatorCommandError';
  }
}

export function listItem(o: OperatorRow): OperatorListItem {
  return {
    id: o.id,
    name: o.name,
    displayName: o.displayName,
    roles: o.roles,
    twoFactorEnabled: o.totpEnabledAt !== null,
    setUp: o.passwordHash !== null,
    disabled: o.disabledAt !== null,
    createdAt: toUnixSeconds(o.createdAt),
  };
}

/** What the audit log keeps of an operator (no secrets). */
function audited(o: OperatorRow): Record<string, unknown> {
  return {
    name: o.name,
    displayName: o.displayName,
    roles: o.roles,
    disabled: o.disabledAt !== null,
    twoFactorEnabled: o.totpEnabledAt !== null,
  };
}

const sameRoles = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

export function createOperatorsService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  auth: ConsoleAuth;
  twoFactor: TwoFactorService;
  publicBaseUrl: string;
  /** Operators without two-factor get an enrolment-only session (always in production). */
  requireTwoFactor: boolean;
}) {
  const { db, clock, auth, twoFactor } = deps;
  const throttle = createThrottle({ db, clock });
  const audit = (trx: Kysely<DB>) => createAuditRepository(trx);

  async function issueSetupLink(
    trx: Kysely<DB>,
    operatorId: number,
  ): Promise<{ setupUrl: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const now = clock.now();
    const expiresAt = new Date(now.getTime() + SETUP_LINK_HOURS * 3_600_000);
    await createOperatorsRepository(trx).newSetupToken(operatorId, sha256(token), now, expiresAt);
    return { setupUrl: `${deps.publicBaseUrl}${CONSOLE_BASE_PATH}/setup#${token}`, expiresAt };
  }

  function sessionAnswer(
    o: OperatorRow,
    s: { csrfToken: string; expiresAt: Date; enrolmentOnly: boolean },
  ): ConsoleSession {
    return {
      operator: {
        id: o.id,
        name: o.name,
        displayName: o.displayName,
        roles: o.roles,
        twoFactorEnabled: o.totpEnabledAt !== null,
        mustEnrol: s.enrolmentOnly,
      },
      csrfToken: s.csrfToken,
      idleTimeoutSeconds: auth.policy.idleTimeoutSeconds,
      expiresAt: toUnixSeconds(s.expiresAt),
    };
  }

  async function mustFind(trx: Kysely<DB>, id: number): Promise<OperatorRow> {
    const o = await createOperatorsRepository(trx).lockById(id);
    if (o === undefined) throw new AppError(ErrorCode.OperatorNotFound);
    return o;
  }

  /** Refuses a change that leaves no enabled owner (rows locked in the caller's transaction). */
  async function keepAnOwner(trx: Kysely<DB>, target: OperatorRow, stillOwner: boolean) {
    if (stillOwner || !target.roles.includes('owner') || target.disabledAt !== null) return;
    const owners = await createOperatorsRepository(trx).lockEnabledOwners();
    if (owners.filter((id) => id !== target.id).length === 0)
      throw new AppError(ErrorCode.LastOwner);
  }

  return {
    /**
     * Password, then (two-factor on) the code; throttled per IP and per operator. Answers the
     * new session (its cookie is set by the route).
     */
    async signIn(
      input: { name: string; password: string; code?: string | undefined },
      client: { ip: string; userAgent: string | null },
    ): Promise<{ session: NewConsoleSession; answer: ConsoleSession }> {
      const operators = createOperatorsRepository(db);
      const operator = await operators.byName(input.name.trim().toLowerCase());
      const rules: ThrottleRule[] = [
        {
          bucket: `console-login:ip:${client.ip}`,
          limit: CONSOLE_THROTTLE.perIp,
          windowMs: CONSOLE_THROTTLE.windowMs,
        },
      ];
      if (operator !== undefined)
        rules.push({
          bucket: `console-login:operator:${operator.id}`,
          limit: CONSOLE_THROTTLE.perOperator,
          windowMs: CONSOLE_THROTTLE.windowMs,
        });
      const hit = await throttle.take(rules);
      // One hash whether or not the operator exists, so timing tells nothing.
      const passwordOk = await verifyPassword(
        operator?.passwordHash ?? DUMMY_PASSWORD_HASH,
        input.password,
      );
      if (
        operator === undefined ||
        operator.passwordHash === null ||
        operator.disabledAt !== null ||
        !passwordOk
      )
        throw new AppError(ErrorCode.ConsoleSignInFailed);
      const enrolled = operator.totpEnabledAt !== null;
      if (enrolled) {
        if (input.code === undefined || input.code.trim() === '') {
          await hit.release();
          throw new AppError(ErrorCode.ConsoleSecondFactorRequired);
        }
        if (!(await twoFactor.check(operator, input.code)))
          throw new AppError(ErrorCode.ConsoleSecondFactorInvalid);
      }
      await hit.release();
      const enrolmentOnly = deps.requireTwoFactor && !enrolled;
      const session = await auth.create(operator.id, { ...client, enrolmentOnly });
      await audit(db).append({
        actorKind: 'operator',
        actor: operator.name,
        ip: client.ip,
        action: 'session.sign_in',
        target: `operator:${operator.id}`,
        after: { enrolmentOnly, secondFactor: enrolled },
        at: clock.now(),
      });
      return { session, answer: sessionAnswer(operator, { ...session, enrolmentOnly }) };
    },

    async signOut(operator: {
      id: number;
      name: string;
      ip: string;
      sessionId: number;
    }): Promise<void> {
      await auth.end(operator.sessionId);
      await audit(db).append({
        actorKind: 'operator',
        actor: operator.name,
        ip: operator.ip,
        action: 'session.sign_out',
        target: `operator:${operator.id}`,
        at: clock.now(),
      });
    },

    async me(sessionId: number): Promise<ConsoleSession> {
      const s = await auth.byId(sessionId);
      const o =
        s === undefined ? undefined : await createOperatorsRepository(db).byId(s.operatorId);
      if (s === undefined || o === undefined) throw new AppError(ErrorCode.ConsoleSessionExpired);
      return sessionAnswer(o, s);
    },

    async byId(id: number): Promise<OperatorRow> {
      const o = await createOperatorsRepository(db).byId(id);
      if (o === undefined) throw new AppError(ErrorCode.OperatorNotFound);
      return o;
    },

    async setupCheck(token: string) {
      const t = await createOperatorsRepository(db).liveSetupToken(sha256(token), clock.now());
      const o =
        t === undefined ? undefined : await createOperatorsRepository(db).byId(t.operatorId);
      if (t === undefined || o === undefined || o.disabledAt !== null)
        throw new AppError(ErrorCode.SetupLinkInvalid);
      return {
        name: o.name,
        displayName: o.displayName,
        roles: o.roles,
        expiresAt: toUnixSeconds(t.expiresAt),
      };
    },

    /** Sets the password of a setup link's operator; the link is used up; audited. */
    async setupAccept(token: string, password: string, ip: string): Promise<{ name: string }> {
      if (!checkPassword(password).ok) throw new AppError(ErrorCode.PasswordFormatMismatch);
      const passwordHash = await hashPassword(password);
      return db.transaction().execute(async (trx) => {
        const operators = createOperatorsRepository(trx);
        const now = clock.now();
        const t = await operators.liveSetupToken(sha256(token), now);
        const o = t === undefined ? undefined : await operators.lockById(t.operatorId);
        if (t === undefined || o === undefined || o.disabledAt !== null)
          throw new AppError(ErrorCode.SetupLinkInvalid);
        await operators.useSetupToken(t.id, now);
        await operators.update(o.id, { passwordHash });
        // A new password ends every session the operator had.
        await createConsoleSessionsRepository(trx).endAllOf(o.id, now);
        await audit(trx).append({
          actorKind: 'operator',
          actor: o.name,
          ip,
          action: 'operator.setup',
          target: `operator:${o.id}`,
          before: { setUp: o.passwordHash !== null },
          after: { setUp: true },
          at: now,
        });
        return { name: o.name };
      });
    },

    async list(): Promise<OperatorListItem[]> {
      return (await createOperatorsRepository(db).all()).map(listItem);
    },

    /** A new operator without a password, and their setup link (console invite, CLI create). */
    async invite(
      input: { name: string; displayName: string; roles: readonly OperatorRole[] },
      actor: Actor,
    ): Promise<{ id: number; setupUrl: string; expiresAt: Date }> {
      const roles = [...new Set(input.roles)];
      return db.transaction().execute(async (trx) => {
        const now = clock.now();
        const id = await createOperatorsRepository(trx).insert({ ...input, roles, at: now });
        if (id === undefined) throw new AppError(ErrorCode.OperatorNameTaken);
        const link = await issueSetupLink(trx, id);
        await audit(trx).append({
          actorKind: actor.kind,
          actor: actor.name,
          ip: actor.ip ?? null,
          action: actor.kind === 'cli' ? 'operator.create' : 'operator.invite',
          target: `operator:${id}`,
          before: null,
          after: { name: input.name, displayName: input.displayName, roles },
          at: now,
        });
        return { id, ...link };
      });
    },

    /**
     * Roles, display name, disabled: refused when no enabled owner would remain (LastOwner) and
     * for one's own roles or disabling oneself (OperatorSelfChange). Disabling ends the
     * operator's sessions. A change that changes nothing writes no audit row.
     */
    async update(
      input: {
        id: number;
        displayName?: string | undefined;
        roles?: readonly OperatorRole[] | undefined;
        disabled?: boolean | undefined;
      },
      actor: Actor,
    ): Promise<OperatorListItem> {
      return db.transaction().execute(async (trx) => {
        const operators = createOperatorsRepository(trx);
        const now = clock.now();
        const before = await mustFind(trx, input.id);
        const roles = input.roles === undefined ? undefined : [...new Set(input.roles)];
        const rolesChange = roles !== undefined && !sameRoles(roles, before.roles);
        const disableChange =
          input.disabled !== undefined && input.disabled !== (before.disabledAt !== null);
        if (actor.id === before.id && (rolesChange || disableChange))
          throw new AppError(ErrorCode.OperatorSelfChange);
        const staysOwner =
          (roles ?? before.roles).includes('owner') &&
          !(input.disabled ?? before.disabledAt !== null);
        await keepAnOwner(trx, before, staysOwner);
        await operators.update(before.id, {
          ...(input.displayName !== undefined && { displayName: input.displayName }),
          ...(roles !== undefined && { roles }),
          ...(disableChange && { disabledAt: input.disabled === true ? now : null }),
        });
        if (disableChange && input.disabled === true)
          await createConsoleSessionsRepository(trx).endAllOf(before.id, now);
        const after = await mustFind(trx, before.id);
        const b = audited(before);
        const a = audited(after);
        const changed = Object.keys(a).filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]));
        if (changed.length > 0)
          await audit(trx).append({
            actorKind: actor.kind,
            actor: actor.name,
            ip: actor.ip ?? null,
            action: disableChange
              ? input.disabled === true
                ? 'operator.disable'
                : 'operator.enable'
              : 'operator.update',
            target: `operator:${before.id}`,
            before: Object.fromEntries(changed.map((k) => [k, b[k]])),
            after: Object.fromEntries(changed.map((k) => [k, a[k]])),
            at: now,
          });
        return listItem(after);
      });
    },

    /** Removes two-factor (lost phone): secret and recovery codes gone, sessions ended. */
    async resetTwoFactor(id: number, actor: Actor): Promise<OperatorListItem> {
      return db.transaction().execute(async (trx) => {
        const operators = createOperatorsRepository(trx);
        const now = clock.now();
        const before = await mustFind(trx, id);
        await operators.clearTotp(id);
        await createConsoleSessionsRepository(trx).endAllOf(id, now);
        await audit(trx).append({
          actorKind: actor.kind,
          actor: actor.name,
          ip: actor.ip ?? null,
          action: 'operator.reset_two_factor',
          target: `operator:${id}`,
          before: { twoFactorEnabled: before.totpEnabledAt !== null },
          after: { twoFactorEnabled: false },
          at: now,
        });
        return listItem(await mustFind(trx, id));
      });
    },

    /** A new setup link for an operator without a password; older links stop working. */
    async resendSetup(id: number, actor: Actor): Promise<{ setupUrl: string; expiresAt: Date }> {
      return db.transaction().execute(async (trx) => {
        const o = await mustFind(trx, id);
        if (o.passwordHash !== null) throw new AppError(ErrorCode.OperatorAlreadySetUp);
        const link = await issueSetupLink(trx, id);
        await audit(trx).append({
          actorKind: actor.kind,
          actor: actor.name,
          ip: actor.ip ?? null,
          action: 'operator.resend_setup',
          target: `operator:${id}`,
          after: { expiresAt: toUnixSeconds(link.expiresAt) },
          at: clock.now(),
        });
        return link;
      });
    },

    /** The CLI names operators; the console uses ids. */
    async idOfName(name: string): Promise<number> {
      const o = await createOperatorsRepository(db).byName(name);
      if (o === undefined) throw new OperatorCommandError(`no operator named ${name}`);
      return o.id;
    },
  };
}

export type OperatorsService = ReturnType<typeof createOperatorsService>;
