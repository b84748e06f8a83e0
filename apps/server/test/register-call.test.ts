// registerCall details that need no database: path parameters, GET calls, result checks
// outside production only.
import { defineCall, emptyBodySchema, ErrorCode } from '@hc/contract';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../src/app';
import { registerCall } from '../src/plugins/register-call';
import { type Envelope } from './support/call';
import { PRODUCTION_SECRETS, testConfig } from './support/helper';
import { stubDatabase } from './support/stub-database';

const item = defineCall({
  path: '/api/test/item/:id',
  method: 'POST',
  auth: 'none',
  body: () => emptyBodySchema,
  params: () => z.object({ id: z.coerce.number().int().positive() }),
  result: () => z.object({ id: z.number() }),
  summary: 'test',
  spec: 'test',
  tag: 'system',
});
const drift = defineCall({
  path: '/api/test/drift',
  method: 'GET',
  auth: 'none',
  body: () => emptyBodySchema,
  result: () => z.object({ n: z.number() }),
  summary: 'test',
  spec: 'test',
  tag: 'system',
});

let app: FastifyInstance | undefined;
afterEach(() => app?.close());

async function appWith(env: Record<string, string> = {}) {
  app = await buildApp(testConfig(env), { database: stubDatabase() });
  registerCall(app, item, ({ params }) => ({ id: params.id }));
  registerCall(app, drift, () => ({ n: 'one' }) as unknown as { n: number });
  await app.ready();
  return app;
}

describe('registerCall', () => {
  it('parses path parameters with the contract schema', async () => {
    const a = await appWith();
    const ok = await a.inject({ method: 'POST', url: '/api/test/item/42', payload: {} });
    expect(ok.json()).toEqual({ code: 0, msg: 'ok', result: { id: 42 } });
    const bad = await a.inject({ method: 'POST', url: '/api/test/item/abc', payload: {} });
    const body = bad.json<Envelope>();
    expect(body.code).toBe(ErrorCode.InvalidParams);
    expect(body.data.issues?.[0]?.path).toBe('params.id');
  });

  it('checks results against the contract outside production only', async () => {
    const dev = await appWith();
    expect(
      (await dev.inject({ method: 'GET', url: '/api/test/drift' })).json<Envelope>().code,
    ).toBe(ErrorCode.SystemBusy);
    await dev.close();
    const prod = await appWith({
      NODE_ENV: 'production',
      PAYLOAD_KEY: Buffer.alloc(32).toString('base64'),
      ...PRODUCTION_SECRETS,
    });
    expect((await prod.inject({ method: 'GET', url: '/api/test/drift' })).json()).toEqual({
      code: 0,
      msg: 'ok',
      result: { n: 'one' },
    });
  });
});
