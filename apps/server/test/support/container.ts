// The composition root for a test's worker or CLI command: the same createContainer the API,
// the worker and the CLI use, from the parts a test controls (database, clock, log, gateway,
// providers; the rest default from config).
import type { FastifyBaseLogger } from 'fastify';
import { createGameGateway } from '../../src/adapters/game-gateway/client';
import type { GameGateway } from '../../src/adapters/game-gateway/types';
import type { PaymentProviders } from '../../src/adapters/payments';
import type { Config } from '../../src/config';
import { createContainer, type Container } from '../../src/container';
import type { Database } from '../../src/db/database';
import type { Clock } from '../../src/lib/clock';
import { createWorkerLoop } from '../../src/worker';
import type { TestApp } from './helper';

export function testContainer(parts: {
  config: Config;
  database: Database;
  log: FastifyBaseLogger;
  clock: Clock;
  gateway?: GameGateway;
  providers?: PaymentProviders;
}): Container {
  const { config, log, ...rest } = parts;
  return createContainer(config, { ...rest, logger: log });
}

/**
 * The worker over a test app (its database, clock, log and config; `config` overrides it), asking
 * the game afresh like the test app does (no server-list or role cache).
 */
export function testWorker(t: TestApp, config: Config = t.config) {
  return createWorkerLoop(
    testContainer({
      config,
      database: t.database,
      log: t.app.log,
      clock: t.clock,
      gateway: createGameGateway({ gateways: config.gateways, timeoutMs: config.gatewayTimeoutMs }),
    }),
  );
}
