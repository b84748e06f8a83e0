// Builds an extra app over an existing test database with its own config (social settings
// differ per test), reads the social-sign-in outcome of a redirect, and remembers the binding
// cookie each start set, so a callback can come back as the browser that started it.
import { api } from '@hc/contract';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { expect } from 'vitest';
import { buildApp } from '../../src/app';
import type { Database } from '../../src/db/database';
import { call } from '../support/call';
import { testClock, testConfig } from '../support/helper';

export async function buildSocialApp(
  database: Database,
  env: Record<string, string>,
): Promise<FastifyInstance> {
  const app = await buildApp(testConfig(env), {
    database,
    clock: testClock(),
    logger: pino({ level: 'silent' }),
  });
  await app.ready();
  return app;
}

/** state -> the `name=value` binding cookie the start that issued it set. */
const bindings = new Map<string, string>();

/** The Set-Cookie lines of an injected answer. */
export function setCookies(res: { headers: Record<string, unknown> }): string[] {
  const raw = res.headers['set-cookie'];
  if (Array.isArray(raw)) return raw.map(String);
  return typeof raw === 'string' ? [raw] : [];
}

/** GET /api/oauth/<provider>/start and return the provider URL it redirects to. */
export async function startSignIn(
  app: FastifyInstance,
  provider: string,
  redirect?: string,
): Promise<URL> {
  const query = redirect === undefined ? '' : `?redirect=${encodeURIComponent(redirect)}`;
  const res = await app.inject({ method: 'GET', url: `/api/oauth/${provider}/start${query}` });
  expect(res.statusCode).toBe(302);
  const url = new URL(String(res.headers.location));
  const state = url.searchParams.get('state');
  const cookie = setCookies(res)[0]?.split(';')[0];
  if (state !== null && cookie !== undefined) bindings.set(state, cookie);
  return url;
}

/** Headers of the browser that started the sign-in with `state`: its binding cookie. */
export function startedBrowser(state: string | null | undefined): Record<string, string> {
  const cookie = state ? bindings.get(state) : undefined;
  return cookie === undefined ? {} : { cookie };
}

/** The Location of a portal redirect, parsed against a dummy origin. */
export function locationOf(res: { statusCode: number; headers: Record<string, unknown> }): URL {
  expect(res.statusCode).toBe(302);
  return new URL(String(res.headers.location), 'http://portal.test');
}

/** Exchange an hctoken as the web does (/api/user/tmpWebTokenLogin); returns the accid. */
export async function exchangeTicket(app: FastifyInstance, ticket: string): Promise<number | null> {
  const body = await call(app, api.userTmpWebTokenLogin, { token: ticket });
  return body.code === 0 ? body.result.accid : null;
}
