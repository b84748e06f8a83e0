// The sign-in area's routes: the JSON calls (login, codes, reset, hand-over, user info), the
// social sign-in round trips, and in development the dev outbox (/dev/outbox, DEV_OUTBOX).
import type { FastifyInstance } from 'fastify';
import { registerOutboxRoutes } from '../../adapters/outbox/outbox.routes';
import type { Container } from '../../container';
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
  registerAuthRoutes(app, c);
  registerSocialRoutes(app, c);
}
