// Builds the app for integration tests against a real database (fastify/demo's test/helper),
// with a controllable clock and captured logs.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { createGameGateway } from '../../src/adapters/game-gateway/client';
import { buildApp } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import type { Database, DatabaseKind } from '../../src/db/database';
import { runSeedSteps } from '../../src/db/seed';
import { demoSeedSteps } from '../../src/db/seeds/demo';
import type { Clock } from '../../src/lib/clock';
import { openTestDatabase } from './databases';

/** A config for tests: silent, no web build unless given. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    // buildApp gets its database from the test; nothing is written to DATA_DIR.
    DATA_DIR: join(tmpdir(), 'hc-portal-test-unused-data'),
    WEB_DIST_DIR: join(tmpdir(), 'hc-portal-no-web-build'),
    ...env,
  });
}

/**
 * The server secrets a NODE_ENV=production config needs besides PAYLOAD_KEY (ADR 0027): test
 * values, none a development default or derived from a payload key.
 */
export const PRODUCTION_SECRETS: Readonly<Record<string, string>> = {
  DATA_KEY: `test-k1:${Buffer.alloc(32, 42).toString('base64')}`,
  CODE_HASH_SECRET: 'test-code-hash-secret-for-production-configs',
  ANALYTICS_SIGNING_SECRET: 'test-analytics-signing-secret-for-production-configs',
};

/** A clock tests move by hand. */
export function testClock(
  start = new Date('2026-01-15T08:00:00Z'),
): Clock & { advance(ms: number): void; set(d: Date): void } {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance: (ms) => void (now += ms),
    set: (d) => void (now = d.getTime()),
  };
}

export interface LogLine {
  level: number;
  msg?: string;
  reqId?: string;
  [key: string]: unknown;
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  clock: ReturnType<typeof testClock>;
  config: Config;
  /** Every log line the app wrote, parsed. */
  logs: LogLine[];
}

export interface TestAppOptions {
  env?: Record<string, string>;
  seed?: boolean;
  /** Register test-only routes before the app is ready. */
  extend?: (app: FastifyInstance) => void;
}

export async function createTestApp(
  kind: DatabaseKind,
  options: TestAppOptions = {},
): Promise<TestApp> {
  const database = await openTestDatabase(kind);
  const clock = testClock();
  if (options.seed ?? true) await runSeedSteps(database, demoSeedSteps, { now: clock.now() });
  const config = testConfig(options.env);
  const logs: LogLine[] = [];
  const logger = pino(
    { level: 'info' },
    { write: (line: string) => void logs.push(JSON.parse(line) as LogLine) },
  );
  // The game is asked afresh on every call (no server-list or role cache), so a test sees the
  // game's changes at once; the caches have their own test (game-gateway-cache.test.ts).
  const gateway = createGameGateway({
    gateways: config.gateways,
    timeoutMs: config.gatewayTimeoutMs,
  });
  const app = await buildApp(config, { database, clock, logger, gateway });
  options.extend?.(app);
  await app.ready();
  return { app, database, clock, config, logs };
}

/** beforeAll/afterAll wiring: `const t = useTestApp(kind)`, then `t.current.app.inject(...)`. */
export function useTestApp(
  kind: DatabaseKind,
  options: TestAppOptions = {},
): { readonly current: TestApp } {
  let testApp: TestApp | undefined;
  beforeAll(async () => {
    testApp = await createTestApp(kind, options);
  });
  afterAll(async () => {
    await testApp?.app.close();
    await testApp?.database.close();
  });
  return {
    get current(): TestApp {
      if (testApp === undefined) throw new Error('test app not built yet (use inside a test)');
      return testApp;
    },
  };
}
