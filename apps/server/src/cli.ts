// Command-line arguments of the server: `--role=all|api|worker` (ARCHITECTURE.md#jobs-and-the-worker).
import type { Role } from './app';

export class UsageError extends Error {
  constructor(message: string) {
    super(`${message}\nUsage: node main.js [--role=all|api|worker]`);
    this.name = 'UsageError';
  }
}

export function parseArgs(argv: readonly string[]): { role: Role } {
  let role: Role = 'all';
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const value =
      arg === '--role'
        ? argv[++i]
        : arg.startsWith('--role=')
          ? arg.slice('--role='.length)
          : undefined;
    if (value === undefined)
      throw new UsageError(
        arg === '--role' ? 'Missing value for --role' : `Unknown argument: ${arg}`,
      );
    if (value !== 'all' && value !== 'api' && value !== 'worker')
      throw new UsageError(`Invalid role: ${value}`);
    role = value;
  }
  return { role };
}
