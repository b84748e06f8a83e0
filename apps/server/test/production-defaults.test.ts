// Safe defaults in production (ADR 0032): a production configuration seeds nothing and keeps no
// dev outbox, SEED_DEMO=true / DEV_OUTBOX=true are refused by name, the sandbox provider runs
// there only when asked for with a webhook secret of its own, a built production app serves no
// dev-only route whatever the environment says, and without SANDBOX_WEBHOOK_SECRET the sandbox
// webhook secret is random per process: the value the source once shipped signs nothing.
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorCode, toUnixSeconds } from '@hc/contract';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signSandboxPayload } from '../src/adapters/payments/sandbox-signature';
import { buildApp } from '../src/app';
import {
  ConfigError,
  loadConfig,
  PUBLISHED_SANDBOX_WEBHOOK_SECRET,
  type Config,
} from '../src/config';
import type { Database } from '../src/db/database';
import type { Envelope } from './support/envelope';
import { openTestDatabase, testDatabases } from './support/databases';
import { createTestApp, testClock, type TestApp } from './support/helper';

/** A production environment with every required secret set (nothing else). */
const PRODUCTION = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  DATA_DIR: join(tmpdir(), 'hc-portal-test-unused-data'),
  WEB_DIST_DIR: join(tmpdir(), 'hc-portal-no-web-build'),
  PAYLOAD_KEY: Buffer.alloc(32, 3).toString('base64'),
  DATA_KEY: `k1:${Buffer.alloc(32, 4).toString('base64')}`,
  CODE_HASH_SECRET: 'production-code-hash-secret-0123456789abcdef',
  ANALYTICS_SIGNING_SECRET: 'production-analytics-secret-0123456789abcdef',
};

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).problems.map((p) => p.variable).sort();
  }
  return [];
}

/** Dev-only and test-provider routes in app.printRoutes(): what production must never have. */
const DEV_ROUTE = /(^|[\s/])(dev\/|pay\/sandbox)/;

describe('production configuration', () => {
  it('loads with the secrets set: no demo seed, no dev outbox, no sandbox provider', () => {
    const c = loadConfig(PRODUCTION);
    expect(c.isProduction).toBe(true);
    expect(c.seedDemo).toBe(false);
    expect(c.devOutbox).toBe(false);
    expect(c.payments.sandbox.enabled).toBe(false);
    // Outside production the demo data and the sandbox stay on by default.
    const dev = loadConfig({});
    expect(dev.seedDemo).toBe(true);
    expect(dev.payments.sandbox.enabled).toBe(true);
  });

  it('refuses SEED_DEMO=true and DEV_OUTBOX=true in production, naming them', () => {
    expect(problemsOf({ ...PRODUCTION, SEED_DEMO: 'true' })).toEqual(['SEED_DEMO']);
    expect(problemsOf({ ...PRODUCTION, DEV_OUTBOX: 'true' })).toEqual(['DEV_OUTBOX']);
    expect(problemsOf({ ...PRODUCTION, SEED_DEMO: 'yes', DEV_OUTBOX: '1' })).toEqual([
      'DEV_OUTBOX',
      'SEED_DEMO',
    ]);
    try {
      loadConfig({ ...PRODUCTION, DEV_OUTBOX: 'true' });
      expect.unreachable();
    } catch (err) {
      expect((err as Error).message).toMatch(
        /DEV_OUTBOX: must not be true when NODE_ENV=production/,
      );
    }
    expect(loadConfig({ ...PRODUCTION, SEED_DEMO: 'false', DEV_OUTBOX: 'false' }).seedDemo).toBe(
      false,
    );
  });

  it('runs the sandbox in production only when asked for with a webhook secret of its own', () => {
    expect(problemsOf({ ...PRODUCTION, SANDBOX_PAYMENTS: 'true' })).toEqual([
      'SANDBOX_WEBHOOK_SECRET',
    ]);
    expect(
      problemsOf({
        ...PRODUCTION,
        SANDBOX_PAYMENTS: 'true',
        SANDBOX_WEBHOOK_SECRET: PUBLISHED_SANDBOX_WEBHOOK_SECRET,
      }),
    ).toEqual(['SANDBOX_WEBHOOK_SECRET']);
    const own = 'a-staging-sandbox-webhook-secret-0123456789';
    const staging = loadConfig({
      ...PRODUCTION,
      SANDBOX_PAYMENTS: 'true',
      SANDBOX_WEBHOOK_SECRET: own,
    });
    expect(staging.payments.sandbox).toEqual({ enabled: true, webhookSecret: own });
  });

  it('draws a random sandbox webhook secret per process when SANDBOX_WEBHOOK_SECRET is unset', () => {
    const a = loadConfig({}).payments.sandbox.webhookSecret;
    const b = loadConfig({}).payments.sandbox.webhookSecret;
    expect(a).not.toBe(b);
    expect(a).not.toBe(PUBLISHED_SANDBOX_WEBHOOK_SECRET);
    expect(a.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ SANDBOX_WEBHOOK_SECRET: 'x'.repeat(20) }).payments.sandbox).toEqual({
      enabled: true,
      webhookSecret: 'x'.repeat(20),
    });
  });
});

describe.each(testDatabases())('dev-only routes on %s', (kind) => {
  let database: Database;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.close();
  });

  async function build(config: Config): Promise<FastifyInstance> {
    const app = await buildApp(config, {
      database,
      clock: testClock(),
      logger: pino({ level: 'silent' }),
    });
    await app.ready();
    apps.push(app);
    return app;
  }

  /** Every dev-only path answered with something other than 404, and every such route. */
  async function devSurface(app: FastifyInstance): Promise<string[]> {
    const probes: Array<{ method: 'GET' | 'POST'; url: string }> = [
      { method: 'GET', url: '/dev/outbox' },
      { method: 'GET', url: '/dev/outbox.json' },
      { method: 'GET', url: `/dev/analytics.json?device_id=${randomUUID()}` },
      { method: 'GET', url: '/pay/sandbox/sbx_test' },
      { method: 'POST', url: '/pay/sandbox/sbx_test' },
      { method: 'POST', url: '/api/payment/webhook/sandbox' },
    ];
    const served: string[] = [];
    for (const probe of probes) {
      const res = await app.inject({ ...probe, headers: { accept: 'application/json' } });
      // API paths answer an envelope (HTTP 200) with code NotFound; other paths a plain 404.
      const notFound = probe.url.startsWith('/api/')
        ? res.json<Envelope>().code === ErrorCode.NotFound
        : res.statusCode === 404;
      if (!notFound) served.push(`${probe.method} ${probe.url} -> ${res.statusCode}`);
    }
    const routes = app
      .printRoutes({ commonPrefix: false })
      .split('\n')
      .filter((line) => DEV_ROUTE.test(line));
    return [...served, ...routes];
  }

  it('serves no dev-only route in production, whatever SEED_DEMO, DEV_OUTBOX or SANDBOX_PAYMENTS say', async () => {
    const variants: Array<Record<string, string>> = [
      {},
      { DEV_OUTBOX: 'true' }, // what `npm start` used to add
      { SEED_DEMO: 'true' },
      { SANDBOX_PAYMENTS: 'true' },
    ];
    for (const variant of variants) {
      let config: Config;
      try {
        config = loadConfig({ ...PRODUCTION, ...variant });
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError); // refused to start: nothing served at all
        continue;
      }
      expect({ variant, served: await devSurface(await build(config)) }).toEqual({
        variant,
        served: [],
      });
    }
  });

  it('finds those routes in development with DEV_OUTBOX (the probe is not vacuous)', async () => {
    const dev = loadConfig({ ...PRODUCTION, NODE_ENV: 'development', DEV_OUTBOX: 'true' });
    const served = await devSurface(await build(dev));
    expect(served.some((s) => s.startsWith('GET /dev/outbox '))).toBe(true);
    expect(served.some((s) => s.includes('pay/sandbox/:id'))).toBe(true);
    expect(served).toContain('POST /api/payment/webhook/sandbox -> 400');
  });
});

describe.each(testDatabases())('sandbox webhooks without SANDBOX_WEBHOOK_SECRET on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { seed: false });
  });
  afterAll(async () => {
    await t.app.close();
    await t.database.close();
  });

  const webhook = (secret: string) => {
    const body = JSON.stringify({
      id: `evt_${randomUUID()}`,
      type: 'payment.succeeded',
      data: {
        payment_id: 'sbx_none',
        order_id: 'no-such-order',
        amount: 499,
        currency: 'USD',
        method: 'card',
      },
    });
    return t.app.inject({
      method: 'POST',
      url: '/api/payment/webhook/sandbox',
      headers: {
        'content-type': 'application/json',
        'x-sandbox-signature': signSandboxPayload(secret, toUnixSeconds(t.clock.now()), body),
      },
      payload: body,
    });
  };

  it('refuses a webhook signed with the secret the source once shipped as its default', async () => {
    const forged = await webhook(PUBLISHED_SANDBOX_WEBHOOK_SECRET);
    expect(forged.statusCode).toBe(400);
    const stored = await t.database.db.selectFrom('payment_events').select('id').execute();
    expect(stored).toEqual([]);
    // The process's own secret still verifies (the checkout page posting back to the portal).
    const own = await webhook(t.config.payments.sandbox.webhookSecret);
    expect(own.statusCode).toBe(200);
  });
});
