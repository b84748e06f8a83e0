// The operator CLI's command shape (`npm run portal -- <command> [args]`, apps/server/src/portal.ts).
import type { FastifyBaseLogger } from 'fastify';
import type { GameGateway } from '../adapters/game-gateway/types';
import type { PaymentProviders } from '../adapters/payments';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { Clock } from '../lib/clock';

export interface CommandContext {
  config: Config;
  database: Database;
  gateway: GameGateway;
  providers: PaymentProviders;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Writes one line to stdout (results, CSV). */
  out(line: string): void;
}

export interface Command {
  /** One line for `portal help`. */
  summary: string;
  /** Arguments, e.g. `<sdk_order_id>`. */
  usage: string;
  /** Returns the process exit code. Bad arguments: throw CommandUsageError. */
  run(ctx: CommandContext, args: readonly string[]): Promise<number>;
}

export class CommandUsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CommandUsageError';
  }
}
