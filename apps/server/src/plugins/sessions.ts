// Attaches `req.session` from the docs/product/api.md `token` header on routes whose call needs or
// accepts a session (route config `auth`), so static files and probes cost no lookup.
import type { Auth } from '@hc/contract';
import type { FastifyInstance } from 'fastify';
import type { Session, SessionService } from '../modules/auth/sessions.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in player, or null (anonymous, or the route takes no session). */
    session: Session | null;
  }
  interface FastifyContextConfig {
    /** Set by registerCall from the contract: whether the call needs a session. */
    auth?: Auth;
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
    if (auth === undefined || auth === 'none' || auth === 'publisher') return;
    req.session = await sessions.resolve(tokenOf(req.headers));
  });
}
