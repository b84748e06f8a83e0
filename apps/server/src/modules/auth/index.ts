// The sign-in area's routes: the JSON calls (login, codes, reset, hand-over, user info, account
// self-service), the social sign-in round trips, and in development the dev outbox (/dev/outbox, DEV_OUTBOX) and
// the sandbox identity provider (/dev/sandbox-idp, SOCIAL_SANDBOX; refused in production).
import type { FastifyInstance } from 'fastify';
import { registerOutboxRoutes } from '../../adapters/outbox/outbox.routes';
import { createSandboxIdp } from '../../adapters/sandbox-idp/sandbox-idp';
import type { Container } from '../../container';
import { registerAccountRoutes } from './account.routes';
import { registerAuthRoutes } from './auth.routes';
import { registerSocialRoutes } from './social.routes';

export function register(app: FastifyInstance, c: Container): void {
  const { outbox } = c;
  if (outbox !== undefined) {
    if (c.config.isProduction)
      app.log.warn(
        'DEV_OUTBOX is on in production: anyone can read verification codes at /dev/outbox',
      );
    registerOutboxRoutes(app, outbox);
  }
  // The configuration refuses SOCIAL_SANDBOX in production; this only keeps it that way.
  if (c.config.social.sandbox !== undefined && !c.config.isProduction)
    createSandboxIdp({
      publicBaseUrl: c.config.publicBaseUrl,
      social: c.config.social,
      log: app.log,
    }).register(app);
  registerAuthRoutes(app, c);
  registerAccountRoutes(app, c);
  registerSocialRoutes(app, c);
}
