// Boots the server: config -> database (DATA_DIR lock) -> migrations -> demo seed -> buildApp ->
// listen; on SIGTERM/SIGINT stops accepting, finishes in-flight requests, closes the database.
import { pino } from 'pino';
import { buildApp, type Role } from './app';
import { parseArgs, UsageError } from './cli';
import { ConfigError, loadConfigFromProcess, type Config } from './config';
import { createContainer } from './container';
import { DataDirLockedError } from './db/data-dir-lock';
import type { Database } from './db/database';
import { migrateToLatest, MigrationError } from './db/migrate';
import { openDatabase } from './db/open-database';
import { DataDirError } from './db/pglite';
import { runSeedSteps } from './db/seed';
import { demoSeedSteps } from './db/seeds/demo';
import { logRedaction } from './lib/log-redaction';
import { reencryptRealNames } from './modules/real-name/real-name-reencrypt';
import { startWorker, type Worker } from './worker';

const SHUTDOWN_TIMEOUT_MS = 30_000;
const EXPECTED = [ConfigError, UsageError, DataDirLockedError, DataDirError, MigrationError];

function fail(err: unknown): never {
  const expected = EXPECTED.some((type) => err instanceof type);
  const message = err instanceof Error ? err.message : String(err);
  process.stderr.write(`HC Portal could not start: ${message}\n`);
  if (!expected && err instanceof Error && err.stack) process.stderr.write(`${err.stack}\n`);
  process.exit(1);
}

function urlHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/** Signals: while booting, the current step finishes and the process then exits cleanly. */
const signals = {
  pending: undefined as NodeJS.Signals | undefined,
  stopping: false,
  stop: undefined as ((signal: NodeJS.Signals) => Promise<void>) | undefined,
};

function onSignal(signal: NodeJS.Signals): void {
  if (signals.stopping || signals.pending !== undefined) {
    process.stderr.write(`HC Portal: second ${signal}, exiting without waiting\n`);
    process.exit(1);
  }
  if (signals.stop === undefined) signals.pending = signal;
  else {
    signals.stopping = true;
    void signals.stop(signal);
  }
}

/** During boot: if a signal came, close what is open and exit 0. */
async function exitIfSignalled(database: Database | undefined): Promise<void> {
  if (signals.pending === undefined) return;
  await database?.close().catch(() => undefined);
  process.exit(0);
}

async function boot(config: Config, role: Role): Promise<void> {
  // Synchronous writes: lines keep their order and survive process.exit.
  // Secrets and personal data are written as "[Redacted]" (lib/log-redaction.ts).
  const logger = pino(
    { level: config.logLevel, redact: logRedaction },
    pino.destination({ dest: 1, sync: true }),
  );
  let database: Database | undefined;
  try {
    database = await openDatabase(config, {
      onPoolError: (err) => logger.error({ err }, 'database connection error'),
    });
    await exitIfSignalled(database);
    const applied = await migrateToLatest(database);
    logger.info(
      { applied, database: database.kind },
      applied.length > 0 ? 'migrations applied' : 'database schema up to date',
    );
    // Personal data still in a pre-DATA_KEY form (plain text, or under the public payload key)
    // is encrypted under DATA_KEY now, not when an operator remembers to (ADR 0027).
    const converted = await reencryptRealNames(database.db, {
      dataKeys: config.dataKeys,
      payloadKey: config.payloadKey,
      legacyOnly: true,
      log: logger,
    });
    if (converted.legacy > 0)
      logger.info({ ...converted }, 'legacy real-name records encrypted under DATA_KEY');
    await exitIfSignalled(database);
    if (config.seedDemo) {
      const seeded = await runSeedSteps(database, demoSeedSteps);
      if (seeded.length > 0) logger.info({ steps: seeded }, 'demo data seeded');
    }
  } catch (err) {
    await database?.close().catch(() => undefined);
    fail(err);
  }
  const db = database;
  // One composition root for the process: the API and the worker share its services.
  const container = createContainer(config, { database: db, logger });
  const app = await buildApp(config, { database: db, role, container });
  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (err) {
    await db.close().catch(() => undefined);
    fail(err);
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  process.stdout.write(`HC Portal listening on http://${urlHost(config.host)}:${port}\n`);
  const worker: Worker | undefined = role === 'api' ? undefined : startWorker(container);

  signals.stop = async (signal) => {
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    try {
      await worker?.stop();
      // Stops accepting and waits for in-flight requests. Fastify drops idle keep-alive sockets
      // only once; a socket that was busy when the signal came turns idle afterwards and would
      // hold the close until the timeout, so idle sockets are dropped until the close ends.
      const dropIdle = setInterval(() => app.server.closeIdleConnections(), 100);
      await app.close().finally(() => clearInterval(dropIdle));
      await container.close();
      await db.close(); // and releases the DATA_DIR lock
      logger.info('stopped');
      process.exit(0);
    } catch (err) {
      logger.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  if (signals.pending !== undefined) onSignalAfterBoot(signals.pending);
}

function onSignalAfterBoot(signal: NodeJS.Signals): void {
  signals.pending = undefined;
  onSignal(signal);
}

process.on('SIGTERM', onSignal);
process.on('SIGINT', onSignal);
let parsed: { config: Config; role: Role };
try {
  parsed = { role: parseArgs(process.argv.slice(2)).role, config: loadConfigFromProcess() };
} catch (err) {
  fail(err);
}
await boot(parsed.config, parsed.role);
