// Public entry of social sign-in: installSocial wires config, provider clients, the hand-over
// service and the routes into the app (one line in app.ts).
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { createProviderClients, type ProviderClients } from '../../adapters/oauth';
import type { Config } from '../../config';
import type { DB } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { createHandoverService } from './handover.service';
import { registerSocialRoutes } from './social.routes';
import { createSocialService } from './social.service';

export { safeRedirectPath } from './safe-redirect';
export { createSocialService, type SocialService } from './social.service';

export interface SocialDeps {
  config: Pick<Config, 'social' | 'publicBaseUrl'>;
  db: Kysely<DB>;
  clock: Clock;
  /** Tests may replace the provider clients. */
  clients?: ProviderClients;
}

export function installSocial(app: FastifyInstance, deps: SocialDeps): void {
  const { social, publicBaseUrl } = deps.config;
  const clients = deps.clients ?? createProviderClients(social, publicBaseUrl);
  const service = createSocialService({
    db: deps.db,
    clock: deps.clock,
    clients,
    signup: social.signup,
    handover: createHandoverService({ db: deps.db, clock: deps.clock }),
    onFailure: (provider, reason, error) =>
      app.log.warn(
        { provider, reason, err: error instanceof Error ? error.message : undefined },
        'social sign-in failed',
      ),
  });
  registerSocialRoutes(
    app,
    service,
    {
      appId: social.wechat?.appId ?? null,
      startUrl: social.wechat ? `${publicBaseUrl}/api/oauth/wechat/start` : null,
    },
    { secure: publicBaseUrl.startsWith('https:') },
  );
}
