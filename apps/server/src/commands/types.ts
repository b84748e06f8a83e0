// The operator CLI's command shape (`npm run portal -- <command> [args]`, apps/server/src/portal.ts).
import type { Container } from '../container';

export interface CommandContext {
  /** The process's composition root (config, database, services), as the API and worker use. */
  container: Container;
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
