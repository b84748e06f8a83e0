// Attaches `req.session` from the docs/product/api.md `token` header on routes whose call needs or
// accepts a session (route config `auth`), so static files and probes cost no lookup.
import { ErrorCode, type Auth } from '@hc/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';
import type { Session, SessionService } from '../modules/auth/sessions.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in player, or null (anonymous, or the route takes no session). */
    session: Session | null;
  }
  interface FastifyContextConfig {
    /** Set by registerCall from the contract: whether the call needs a session. */
    auth?: Auth;
    /** Set by registerCall from the contract (ApiCall.ignoresDeadToken). */
    ignoresDeadToken?: boolean;
  }
}

export function tokenOf(
  headers: Record<string, string | string[] | undefined>,
): string | undefined {
  const raw = headers.token;
  const token = Array.isArray(raw) ? raw[0] : raw;
  return token === undefined || token === '' ? undefined : token;
}

export function installSessions(app: FastifyInstance, sessions: SessionService): void {
  app.decorateRequest('session', null);
  app.addHook('preHandler', async (req) => {
    const auth = req.routeOptions.config.auth;
    // Publisher calls are signed by a game's backend and carry no player session.
    // Console calls carry an operator's session cookie, checked by registerCall.
    if (auth === undefined || auth === 'none' || auth === 'publisher' || auth === 'console') return;
    const token = tokenOf(req.headers);
    const userAgent = req.headers['user-agent'];
    req.session = await sessions.resolve(token, {
      ip: req.ip,
      userAgent: typeof userAgent === 'string' ? userAgent : null,
    });
    // A token that was sent but no longer works (expired, revoked, taken over by another
    // device) is answered with tokenFail even where a session is optional, so the player learns
    // why they are signed out (docs/product/session.md#session-expiry), unless the call says
    // a dead token is simply ignored.
    if (
      req.session === null &&
      token !== undefined &&
      auth === 'optional' &&
      req.routeOptions.config.ignoresDeadToken !== true
    ) {
      throw new AppError(ErrorCode.tokenFail);
    }
  });
}
