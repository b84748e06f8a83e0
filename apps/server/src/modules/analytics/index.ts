// Wires analytics into the app: the rate counter (Redis or table, closed with the
// app), the collector service and its routes. The dev read-back route exists only with
// DEV_OUTBOX outside production, like /dev/outbox.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { DB } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { createRateCounter } from '../../lib/rate-counter';
import { registerAnalyticsRoutes } from './analytics.routes';
import { createAnalyticsService, type AnalyticsService } from './analytics.service';

export function installAnalytics(
  app: FastifyInstance,
  deps: { db: Kysely<DB>; config: Config; clock: Clock },
): AnalyticsService {
  const { db, config, clock } = deps;
  const rate = createRateCounter({
    db,
    clock,
    log: app.log,
    redisUrl: config.redisUrl,
    redisPrefix: 'hc:analytics:rate:',
  });
  app.addHook('onClose', () => rate.close());
  const analytics = createAnalyticsService({ db, config, clock, rate });
  registerAnalyticsRoutes(app, {
    analytics,
    devReadRoute: config.devOutbox && !config.isProduction,
  });
  return analytics;
}
