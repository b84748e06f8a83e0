// Wires the top-up order area into the app: the orders service, its calls, the
// webhook endpoint and each payment provider's own routes (sandbox checkout, PayPal return).
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { GameGateway } from '../../adapters/game-gateway/types';
import type { PaymentProviders } from '../../adapters/payments';
import type { Config } from '../../config';
import type { DB } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { createRateCounter } from '../../lib/rate-counter';
import type { PlayerService } from '../auth/player.service';
import { registerOrderRoutes } from './orders.routes';
import { createOrdersService, type OrdersService } from './orders.service';

export function installOrders(
  app: FastifyInstance,
  deps: {
    config: Config;
    db: Kysely<DB>;
    clock: Clock;
    gateway: GameGateway;
    providers: PaymentProviders;
    users: PlayerService;
  },
): OrdersService {
  // Order creations per player per minute, counted across nodes (Redis or the database).
  const rate = createRateCounter({
    db: deps.db,
    clock: deps.clock,
    log: app.log,
    redisUrl: deps.config.redisUrl,
    redisPrefix: 'hc:orders:rate:',
  });
  app.addHook('onClose', () => rate.close());
  const orders = createOrdersService({ ...deps, log: app.log, rate });
  registerOrderRoutes(app, { orders, users: deps.users, providers: deps.providers });
  for (const provider of deps.providers.all()) {
    provider.registerRoutes?.(app, {
      applyEvent: async (name, event) => {
        await orders.applyPaymentEvent(name, event);
      },
    });
  }
  return orders;
}
