// The composition root for a test's worker or CLI command: the same createContainer the API,
// the worker and the CLI use, from the parts a test controls (database, clock, log, gateway,
// providers; the rest default from config).
import type { FastifyBaseLogger } from 'fastify';
import type { GameGateway } from '../../src/adapters/game-gateway/types';
import type { PaymentProviders } from '../../src/adapters/payments';
import type { Config } from '../../src/config';
import { createContainer, type Container } from '../../src/container';
import type { Database } from '../../src/db/database';
import type { Clock } from '../../src/lib/clock';

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
