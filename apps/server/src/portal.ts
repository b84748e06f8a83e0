// The operator CLI: `npm run portal -- <command> [args]` (`node apps/server/dist/portal.js`).
// It reads the same configuration as the server (DATABASE_URL or DATA_DIR, providers, game
// gateways), migrates if needed, runs one command and exits. On the embedded database stop the
// server first: a DATA_DIR is used by one process at a time.
import { pino } from 'pino';
import { commands } from './commands';
import { CommandUsageError } from './commands/types';
import { ConfigError, loadConfigFromProcess } from './config';
import { createContainer } from './container';
import { DataDirLockedError } from './db/data-dir-lock';
import { migrateToLatest } from './db/migrate';
import { openDatabase } from './db/open-database';

function help(): string {
  const lines = Object.entries(commands).map(
    ([name, c]) => `  ${`${name} ${c.usage}`.padEnd(44)} ${c.summary}`,
  );
  return ['Usage: npm run portal -- <command> [args]', '', 'Commands:', ...lines].join('\n');
}

async function main(argv: readonly string[]): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === 'help' || name === '--help') {
    process.stdout.write(`${help()}\n`);
    return name === undefined ? 2 : 0;
  }
  const command = commands[name];
  if (command === undefined) {
    process.stderr.write(`Unknown command: ${name}\n\n${help()}\n`);
    return 2;
  }
  const config = loadConfigFromProcess();
  const log = pino(
    { level: config.logLevel === 'info' ? 'warn' : config.logLevel },
    pino.destination(2),
  );
  const database = await openDatabase(config, {
    onPoolError: (err) => log.error({ err }, 'database connection error'),
  });
  try {
    await migrateToLatest(database);
    const container = createContainer(config, { database, logger: log });
    try {
      return await command.run(
        { container, out: (line) => process.stdout.write(`${line}\n`) },
        args,
      );
    } finally {
      await container.close();
    }
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (err) {
  if (err instanceof CommandUsageError) {
    process.stderr.write(`${err.message}\n\n${help()}\n`);
    process.exitCode = 2;
  } else if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    process.stderr.write(`${err.message}\n`);
    process.exitCode = 1;
  } else {
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exitCode = 1;
  }
}
