// Console sessions (docs/console.md#sessions, ADR 0040): a random token in an HttpOnly,
// SameSite=Strict cookie (`__Host-hc_console` over https, else `hc_console`), stored as its
// SHA-256; a per-session random CSRF token the console app sends in `x-csrf-token` on every
// POST, compared in constant time; an idle timeout (CONSOLE_IDLE_TIMEOUT_SECONDS, sliding) and
// an absolute lifetime (CONSOLE_SESSION_HOURS). verify() is registerCall's check of every
// `auth: 'console'` call: session, CSRF token, enrolment, then the call's roles.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  CONSOLE_COOKIE,
  CONSOLE_COOKIE_SECURE,
  CONSOLE_CSRF_HEADER,
  ErrorCode,
  rolesAllow,
  type ApiCall,
} from '@hc/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { OperatorCaller } from '../../plugins/register-call';
import {
  createConsoleSessionsRepository,
  type ConsoleSessionRow,
} from './console-sessions.repository';

export interface ConsoleSessionPolicy {
  idleTimeoutSeconds: number;
  sessionHours: number;
  /** https: the `__Host-` cookie with Secure. */
  secure: boolean;
}

/** The idle timer restarts at most this often (one write per session and minute). */
const TOUCH_INTERVAL_MS = 60_000;

export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** The value of one cookie of a request's Cookie header, or undefined. */
export function cookieOf(req: FastifyRequest, name: string): string | undefined {
  const raw = req.headers.cookie;
  if (typeof raw !== 'string') return undefined;
  for (const part of raw.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export interface NewConsoleSession {
  id: number;
  token: string;
  csrfToken: string;
  expiresAt: Date;
}

export function createConsoleAuth(deps: {
  db: Kysely<DB>;
  clock: Clock;
  policy: ConsoleSessionPolicy;
}) {
  const { db, clock, policy } = deps;
  const sessions = createConsoleSessionsRepository(db);
  const cookieName = policy.secure ? CONSOLE_COOKIE_SECURE : CONSOLE_COOKIE;
  const cookieAttributes = `Path=/; HttpOnly; SameSite=Strict${policy.secure ? '; Secure' : ''}`;
  const expired = () => new AppError(ErrorCode.ConsoleSessionExpired);

  /** The live session of a request's cookie, or undefined (ended, idle, past its lifetime, disabled). */
  async function live(req: FastifyRequest): Promise<ConsoleSessionRow | undefined> {
    const token = cookieOf(req, cookieName);
    if (token === undefined || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
    const s = await sessions.byTokenHash(sha256(token));
    if (s === undefined) return undefined;
    const now = clock.now();
    const idleEnd = s.lastSeenAt.getTime() + policy.idleTimeoutSeconds * 1000;
    if (s.expiresAt <= now || idleEnd <= now.getTime() || s.operator.disabledAt !== null) {
      await sessions.end(s.id, now);
      return undefined;
    }
    return s;
  }

  return {
    cookieName,
    policy,

    /** A new session for an operator who just signed in. */
    async create(
      operatorId: number,
      o: { ip: string | null; userAgent: string | null; enrolmentOnly: boolean },
    ): Promise<NewConsoleSession> {
      const token = randomBytes(32).toString('base64url');
      const csrfToken = randomBytes(24).toString('base64url');
      const at = clock.now();
      const expiresAt = new Date(at.getTime() + policy.sessionHours * 3_600_000);
      const id = await sessions.insert({
        operatorId,
        tokenHash: sha256(token),
        csrfToken,
        at,
        expiresAt,
        ip: o.ip,
        userAgent: o.userAgent?.slice(0, 512) ?? null,
        enrolmentOnly: o.enrolmentOnly,
      });
      return { id, token, csrfToken, expiresAt };
    },

    setCookie(reply: FastifyReply, session: NewConsoleSession): void {
      const maxAge = Math.max(
        1,
        Math.floor((session.expiresAt.getTime() - clock.now().getTime()) / 1000),
      );
      void reply.header(
        'set-cookie',
        `${cookieName}=${session.token}; Max-Age=${maxAge}; ${cookieAttributes}`,
      );
    },

    clearCookie(reply: FastifyReply): void {
      void reply.header('set-cookie', `${cookieName}=; Max-Age=0; ${cookieAttributes}`);
    },

    /** The session of a call already verified (session/me), by id. */
    byId: (id: number) => sessions.byId(id),

    end: (sessionId: number) => sessions.end(sessionId, clock.now()),

    /**
     * registerCall's check of a console call: a live session (else ConsoleSessionExpired, HTTP
     * 401), on POST its CSRF token (ConsoleCsrfFailed, 403), two-factor enrolled unless the call
     * is allowed during enrolment (ConsoleEnrolmentRequired, 403), one of the call's roles
     * (ConsoleForbidden, 403). Then the idle timer restarts (at most once a minute).
     */
    async verify(req: FastifyRequest, call: ApiCall): Promise<OperatorCaller> {
      const s = await live(req);
      if (s === undefined) throw expired();
      if (req.method !== 'GET' && call.readsOnly !== true) {
        const given = header(req, CONSOLE_CSRF_HEADER);
        if (given === undefined || !sameSecret(given, s.csrfToken))
          throw new AppError(ErrorCode.ConsoleCsrfFailed);
      }
      if (s.enrolmentOnly && call.duringEnrolment !== true)
        throw new AppError(ErrorCode.ConsoleEnrolmentRequired);
      if (!rolesAllow(s.operator.roles, call.roles)) throw new AppError(ErrorCode.ConsoleForbidden);
      // At most one write a minute per session, like players' sessions: the idle timer is
      // measured in minutes, and a busy console page makes many calls.
      const now = clock.now();
      if (now.getTime() - s.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS)
        await sessions.touch(s.id, now);
      return {
        id: s.operatorId,
        name: s.operator.name,
        roles: s.operator.roles,
        ip: req.ip,
        sessionId: s.id,
      };
    },
  };
}

export type ConsoleAuth = ReturnType<typeof createConsoleAuth>;
