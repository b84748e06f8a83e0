// Operations (ADR 0036): /metrics serves the request histogram under route patterns and envelope
// codes, the job, delivery and payment counters and the process metrics, only to a Bearer
// METRICS_TOKEN request (and on the worker role too); log lines of a request that carries
// secrets and personal data show "[Redacted]" (lib/log-redaction.ts).
import { api, encryptPayload, ErrorCode } from '@hc/contract';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGameGateway } from '../src/adapters/game-gateway/client';
import { createPaymentProviders } from '../src/adapters/payments';
import { buildApp } from '../src/app';
import { logRedaction } from '../src/lib/log-redaction';
import { signSandboxPayload } from '../src/adapters/payments/sandbox-signature';
import { createWorkerLoop, startWorker } from '../src/worker';
import { call } from './support/call';
import { testContainer } from './support/container';
import { testDatabases } from './support/databases';
import { createTestApp, testConfig, type LogLine, type TestApp } from './support/helper';
import { startDemoGame, type TestDemoGame } from './support/demo-game';
import { identityFor, seedPlayer } from './support/players';

const TOKEN = 'test-metrics-token-0123456789abcdef';
const AUTH = { authorization: `Bearer ${TOKEN}` };

/** Prometheus text format -> samples (name, labels, value). */
function parseMetrics(text: string) {
  const samples: Array<{ name: string; labels: Record<string, string>; value: number }> = [];
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (m === null) continue;
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g))
      labels[l[1] ?? ''] = l[2] ?? '';
    samples.push({ name: m[1] ?? '', labels, value: Number(m[3]) });
  }
  return samples;
}

/** Sum of the samples named `name` whose labels include `labels`. */
function valueOf(text: string, name: string, labels: Record<string, string> = {}): number {
  return parseMetrics(text)
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}

describe.each(testDatabases())('metrics and log redaction on %s', (kind) => {
  let game: TestDemoGame;
  let t: TestApp;
  beforeAll(async () => {
    game = await startDemoGame();
    t = await createTestApp(kind, {
      env: {
        ...game.env,
        METRICS_TOKEN: TOKEN,
        DEV_OUTBOX: 'true',
        DELIVERY_MAX_ATTEMPTS: '1',
        WORKER_INTERVAL_MS: '60000',
      },
    });
  });
  afterAll(async () => {
    await t.app.close();
    await t.database.close();
    await game.close();
  });

  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: AUTH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };

  it('refuses /metrics without the Bearer token, with a wrong one and with a bare token', async () => {
    for (const headers of [
      {},
      { authorization: 'Bearer wrong-token-wrong-token-wrong-token' },
      { authorization: TOKEN },
      { authorization: `Basic ${TOKEN}` },
    ]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.body).not.toContain('hc_');
    }
  });

  it('counts each call under its route pattern and envelope code, never the raw URL', async () => {
    const before = await scrape();
    const time = { route: api.time.path, method: 'GET', status: '200', code: '0' };
    const count0 = valueOf(before, 'hc_http_request_duration_seconds_count', time);
    for (let i = 0; i < 3; i++)
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/time?probe=rawurl123' })).statusCode,
      ).toBe(200);
    // An unknown /api path: NotFound envelope, no route.
    await t.app.inject({ method: 'POST', url: '/api/no-such-call-xyz', payload: {} });
    // A webhook with a bad signature: the route's pattern, the provider and outcome labelled.
    await t.app.inject({
      method: 'POST',
      url: '/api/payment/webhook/sandbox',
      headers: {
        'content-type': 'application/json',
        'x-sandbox-signature': signSandboxPayload('x'.repeat(32), 1, '{}'),
      },
      payload: '{}',
    });
    const after = await scrape();
    expect(valueOf(after, 'hc_http_request_duration_seconds_count', time) - count0).toBe(3);
    expect(
      valueOf(after, 'hc_http_request_duration_seconds_bucket', { ...time, le: '+Inf' }),
    ).toBeGreaterThanOrEqual(3);
    expect(
      valueOf(after, 'hc_http_request_duration_seconds_count', {
        route: 'unmatched',
        method: 'POST',
        code: String(ErrorCode.NotFound),
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      valueOf(after, 'hc_http_request_duration_seconds_count', {
        route: '/api/payment/webhook/:provider',
        status: '400',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      valueOf(after, 'hc_payment_webhooks_total', { provider: 'sandbox', outcome: 'rejected' }),
    ).toBeGreaterThanOrEqual(1);
    expect(after).not.toContain('rawurl123');
    expect(after).not.toContain('no-such-call-xyz');
    expect(after).not.toContain('/webhook/sandbox');
    // /metrics itself is not observed; the default process metrics are there.
    expect(after).not.toContain('route="/metrics"');
    expect(valueOf(after, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(after).toContain('nodejs_eventloop_lag_seconds');
  });

  it('counts paid orders, webhooks, jobs, deliveries and attempts; a worker reports queue depth', async () => {
    const before = await scrape();
    const gateway = createGameGateway({
      gateways: t.config.gateways,
      timeoutMs: t.config.gatewayTimeoutMs,
    });
    const providers = createPaymentProviders({
      config: t.config,
      db: t.database.db,
      clock: t.clock,
      log: t.app.log,
    });
    const deps = {
      database: t.database,
      log: t.app.log,
      config: t.config,
      gateway,
      providers,
      clock: t.clock,
    };
    // A card order paid by webhook, an HC Point order and a gift code: three deliveries.
    await seedPlayer(t, 'MetricsA');
    await createWorkerLoop(testContainer(deps)).runJobs();
    // Three more, with the game failing every call: one attempt allowed, so they go dead.
    await seedPlayer(t, 'MetricsB');
    const worker = startWorker(testContainer(deps));
    const waiting = await scrape();
    await worker.stop();
    expect(
      valueOf(waiting, 'hc_jobs_queue_depth', { kind: 'deliver', state: 'pending' }),
    ).toBeGreaterThanOrEqual(2);
    game.setSwitches({ failureRate: 1 });
    await createWorkerLoop(testContainer(deps)).runJobs();
    game.setSwitches({ failureRate: 0 });
    const after = await scrape();
    const delta = (name: string, labels: Record<string, string>) =>
      valueOf(after, name, labels) - valueOf(before, name, labels);

    expect(delta('hc_orders_paid_total', { provider: 'sandbox' })).toBe(2);
    expect(delta('hc_orders_paid_total', { provider: 'epoint' })).toBe(2);
    expect(delta('hc_payment_webhooks_total', { provider: 'sandbox', outcome: 'paid' })).toBe(2);
    expect(delta('hc_deliveries_total', { kind: 'deliver', result: 'success' })).toBe(2);
    expect(delta('hc_deliveries_total', { kind: 'redeem', result: 'success' })).toBe(1);
    expect(delta('hc_deliveries_total', { kind: 'deliver', result: 'failure' })).toBe(2);
    expect(delta('hc_jobs_total', { kind: 'deliver', result: 'done' })).toBe(2);
    expect(delta('hc_jobs_total', { kind: 'deliver', result: 'dead' })).toBe(2);
    expect(delta('hc_jobs_total', { kind: 'receipt', result: 'done' })).toBeGreaterThanOrEqual(2);
    expect(delta('hc_delivery_attempts_count', { kind: 'deliver', result: 'delivered' })).toBe(2);
    expect(delta('hc_delivery_attempts_sum', { kind: 'deliver', result: 'dead' })).toBe(2);
    // The stopped worker no longer reports the shared queue's depth.
    expect(after).not.toMatch(/^hc_jobs_queue_depth\{/m);
  });

  it('serves /metrics on the worker role; without METRICS_TOKEN it is off', async () => {
    const worker = await buildApp(testConfig({ METRICS_TOKEN: TOKEN }), {
      database: t.database,
      role: 'worker',
      logger: pino({ level: 'silent' }),
    });
    const off = await buildApp(testConfig(), {
      database: t.database,
      logger: pino({ level: 'silent' }),
    });
    try {
      const res = await worker.inject({ method: 'GET', url: '/metrics', headers: AUTH });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('hc_jobs_total');
      expect((await worker.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
      const none = await off.inject({ method: 'GET', url: '/metrics', headers: AUTH });
      expect(none.statusCode).toBe(404);
      expect(none.body).not.toContain('hc_');
    } finally {
      await worker.close();
      await off.close();
    }
  });

  it('writes "[Redacted]" for secrets and personal data in the log lines of a request', async () => {
    const logs: LogLine[] = [];
    const logger = pino(
      { level: 'info', redact: logRedaction },
      { write: (line: string) => void logs.push(JSON.parse(line) as LogLine) },
    );
    const app = await buildApp(testConfig(), { database: t.database, logger });
    // A careless line: the whole request's headers and body, and values picked from them.
    app.post('/test/careless-log', (req, reply) => {
      const body = req.body as Record<string, unknown>;
      req.log.info({ headers: req.headers, body }, 'request received');
      req.log.info(
        { email: body.email, phone: body.phone, ticket: body.ticket, identity: body.identity },
        'values picked',
      );
      req.log.info({ payload: { passwd: body.passwd, code: body.code } }, 'decrypted payload');
      void reply.send({ ok: true });
    });
    const secrets = {
      authorization: 'Bearer authz-secret-value-1',
      cookie: 'hc_session=cookie-secret-value-2',
      token: 'token-secret-value-3',
      stripeSignature: 't=1,v1=stripe-signature-value-4',
      sandboxSignature: 'sandbox-signature-value-5',
      passwd: 'Passwd!secret6',
      password: 'Password!secret7',
      code: '834271',
      ticket: 'ticket-secret-value-8',
      email: 'redact.me@example.org',
      phone: '+15551234987',
      idNumber: 'IDSECRET55667788',
      realName: 'Redacta Namesworth',
      cardNumber: '4242424242424242',
      secret: 'webhook-secret-value-9',
    };
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/test/careless-log',
        headers: {
          authorization: secrets.authorization,
          cookie: secrets.cookie,
          token: secrets.token,
          'stripe-signature': secrets.stripeSignature,
          'x-sandbox-signature': secrets.sandboxSignature,
        },
        payload: {
          passwd: secrets.passwd,
          password: secrets.password,
          code: secrets.code,
          ticket: secrets.ticket,
          email: secrets.email,
          phone: secrets.phone,
          id_number: secrets.idNumber,
          name: secrets.realName,
          card_number: secrets.cardNumber,
          secret: secrets.secret,
          identity: { ...identityFor('Redact'), id_number: secrets.idNumber },
        },
      });
      expect(res.statusCode).toBe(200);
      // A real call's lines too: a real-name save carries the ID number in its payload.
      await call(
        app,
        api.identitySave,
        {
          data: await encryptPayload(
            t.config.payloadKey,
            JSON.stringify({ ...identityFor('Redact'), id_number: secrets.idNumber }),
          ),
        },
        { token: secrets.token },
      );
    } finally {
      await app.close();
    }
    const lines = logs.map((l) => JSON.stringify(l));
    const received = logs.find((l) => l.msg === 'request received');
    expect(received).toMatchObject({
      headers: {
        authorization: '[Redacted]',
        cookie: '[Redacted]',
        token: '[Redacted]',
        'stripe-signature': '[Redacted]',
        'x-sandbox-signature': '[Redacted]',
      },
      body: {
        passwd: '[Redacted]',
        password: '[Redacted]',
        code: '[Redacted]',
        ticket: '[Redacted]',
        email: '[Redacted]',
        phone: '[Redacted]',
        id_number: '[Redacted]',
        name: '[Redacted]',
      },
    });
    expect(logs.find((l) => l.msg === 'values picked')).toMatchObject({
      email: '[Redacted]',
      phone: '[Redacted]',
      ticket: '[Redacted]',
      identity: '[Redacted]',
    });
    expect(logs.find((l) => l.msg === 'decrypted payload')).toMatchObject({
      payload: { passwd: '[Redacted]', code: '[Redacted]' },
    });
    for (const [name, value] of Object.entries(secrets)) {
      const hits = /^\d+$/.test(value)
        ? lines.filter((l) => new RegExp(`(?<!\\d)${value}(?!\\d)`).test(l))
        : lines.filter((l) => l.includes(value));
      expect(hits, `${name} appears in the logs`).toEqual([]);
    }
  });
});
