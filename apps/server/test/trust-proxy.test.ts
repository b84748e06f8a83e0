// TRUST_PROXY (docs/deploy.md "Behind a proxy"): only the X-Forwarded-For entries added by the
// configured proxies are believed; `true`, which would believe every entry, is refused.
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { ConfigError, loadConfig } from '../src/config';
import { testConfig } from './support/helper';
import { stubDatabase } from './support/stub-database';

let app: FastifyInstance | undefined;
afterEach(() => app?.close());

/** The client IP the app derives for a request from `remoteAddress` with `forwarded`. */
async function clientIp(
  env: Record<string, string>,
  remoteAddress: string,
  forwarded?: string,
): Promise<string> {
  app = await buildApp(testConfig(env), { database: stubDatabase() });
  app.get('/test/ip', (req, reply) => reply.send({ ip: req.ip }));
  await app.ready();
  const res = await app.inject({
    method: 'GET',
    url: '/test/ip',
    remoteAddress,
    headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded },
  });
  await app.close();
  app = undefined;
  return res.json<{ ip: string }>().ip;
}

describe('TRUST_PROXY', () => {
  it('refuses true, saying what to set instead', () => {
    for (const value of ['true', 'yes', 'on']) {
      const err = (() => {
        try {
          loadConfig({ TRUST_PROXY: value });
        } catch (e) {
          return e;
        }
        return undefined;
      })();
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems;
      expect(problems.map((p) => p.variable)).toEqual(['TRUST_PROXY']);
      expect(problems[0]?.message).toMatch(/number of proxies .* or their addresses\/CIDRs/);
    }
  });

  it('with a hop count of 1, a spoofed leading X-Forwarded-For entry is not the client IP', async () => {
    // The client sent "X-Forwarded-For: 6.6.6.6"; our one proxy (10.0.0.2) appended 203.0.113.7.
    expect(await clientIp({ TRUST_PROXY: '1' }, '10.0.0.2', '6.6.6.6, 203.0.113.7')).toBe(
      '203.0.113.7',
    );
    expect(await clientIp({ TRUST_PROXY: '1' }, '10.0.0.2', '203.0.113.7')).toBe('203.0.113.7');
  });

  it('with proxy addresses, reads from the right up to the first address not listed', async () => {
    const env = { TRUST_PROXY: '10.0.0.0/8' };
    expect(await clientIp(env, '10.0.0.2', '6.6.6.6, 203.0.113.7, 10.1.2.3')).toBe('203.0.113.7');
    // A connection that does not come from a listed proxy: its headers are ignored.
    expect(await clientIp(env, '198.51.100.9', '6.6.6.6')).toBe('198.51.100.9');
  });

  it('without TRUST_PROXY, the connection address is the client', async () => {
    expect(await clientIp({}, '198.51.100.9', '6.6.6.6')).toBe('198.51.100.9');
  });
});
