// Config parsing (ARCHITECTURE.md#configuration): defaults, every bad variable named at once, production rules.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createHmac, hkdfSync } from 'node:crypto';
import {
  CONFIG_VARIABLES,
  ConfigError,
  DEV_ANALYTICS_SIGNING_SECRET,
  DEV_CODE_HASH_SECRET,
  DEV_DATA_KEY,
  DEV_PAYLOAD_KEY,
  loadConfig,
  type Config,
} from './config';

const KEY = Buffer.alloc(32, 7).toString('base64');
/** The server secrets a production start needs besides PAYLOAD_KEY (ADR 0027). */
const SECRETS = {
  DATA_KEY: `k1:${Buffer.alloc(32, 8).toString('base64')}`,
  CODE_HASH_SECRET: 'a-code-hash-secret-of-at-least-32-characters',
  ANALYTICS_SIGNING_SECRET: 'an-analytics-secret-of-at-least-32-chars',
};

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).problems.map((p) => p.variable);
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      nodeEnv: 'development',
      host: '127.0.0.1',
      port: 8080,
      dataDir: resolve('./data'),
      databaseUrl: undefined,
      dbPoolSize: 10,
      logLevel: 'info',
      payloadKey: DEV_PAYLOAD_KEY,
      siteTitle: 'HC Portal',
      iosBlock: true,
      bodyLimitBytes: 65536,
      seedDemo: true,
      trustProxy: false,
      sessionIdleMinutes: 120,
      sessionAbsoluteDays: 30,
      redisUrl: undefined,
    });
    expect(c.webDistDir.endsWith('/apps/web/dist')).toBe(true);
    expect(c.consoleDistDir.endsWith('/apps/console/dist')).toBe(true);
    expect(Buffer.from(c.payloadKey, 'base64')).toHaveLength(32);
    expect(Object.isFrozen(c)).toBe(true);
  });

  it('parses given values', () => {
    const c = loadConfig({
      PORT: '0',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u@db:5432/hc',
      IOS_BLOCK: 'false',
      SEED_DEMO: '0',
      TRUST_PROXY: '2',
      PAYLOAD_KEY: KEY,
      REDIS_URL: 'redis://127.0.0.1:6379',
      BODY_LIMIT_BYTES: '2048',
      WEB_DIST_DIR: '/srv/web',
      CONSOLE_DIST_DIR: '/srv/console',
      LOG_LEVEL: 'silent',
    });
    expect(c).toMatchObject({
      port: 0,
      host: '0.0.0.0',
      databaseUrl: 'postgres://u@db:5432/hc',
      iosBlock: false,
      seedDemo: false,
      trustProxy: 2,
      payloadKey: KEY,
      redisUrl: 'redis://127.0.0.1:6379',
      bodyLimitBytes: 2048,
      webDistDir: '/srv/web',
      consoleDistDir: '/srv/console',
      logLevel: 'silent',
    });
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({
      port: 8080,
      databaseUrl: undefined,
    });
  });

  it('names every bad variable at once', () => {
    const bad = {
      NODE_ENV: 'staging',
      PORT: '99999',
      DATABASE_URL: 'mysql://x',
      DB_POOL_SIZE: '0',
      LOG_LEVEL: 'loud',
      PAYLOAD_KEY: 'short',
      CUSTOMER_SERVICE_URL: 'not a url',
      IOS_BLOCK: 'maybe',
      BODY_LIMIT_BYTES: '10',
      SEED_DEMO: 'sure',
      TRUST_PROXY: 'everyone',
      SESSION_IDLE_MINUTES: '-5',
      SESSION_ABSOLUTE_DAYS: 'x',
      REDIS_URL: 'http://redis',
    };
    expect(problemsOf(bad).sort()).toEqual(Object.keys(bad).sort());
  });

  it('writes a readable message that never echoes secrets', () => {
    try {
      loadConfig({ PORT: 'abc', PAYLOAD_KEY: 'c2VjcmV0', DATABASE_URL: 'mysql://user:hunter2@db' });
      expect.unreachable();
    } catch (err) {
      const message = (err as Error).message;
      expect(message).toMatch(/^Invalid configuration \(3 problems\):/);
      expect(message).toContain('PORT: must be an integer from 0 to 65535 (got "abc")');
      expect(message).toContain('PAYLOAD_KEY: must be 32 bytes encoded as base64');
      expect(message).not.toContain('hunter2');
      expect(message).not.toContain('c2VjcmV0');
    }
  });

  it('reads the analytics settings (ADR 0022); the default secret is a dev value', () => {
    const c = loadConfig({});
    expect(c.analytics).toMatchObject({
      retentionDays: 90,
      deviceBatchesPerMinute: 30,
      ipEventsPerMinute: 3000,
      sessionEventsPerMinute: 300,
      sessionHours: 12,
    });
    expect(Object.isFrozen(c.analytics)).toBe(true);
    // Not derived from PAYLOAD_KEY (ADR 0027): the same whatever the payload key.
    expect(c.analytics.signingSecret).toBe(DEV_ANALYTICS_SIGNING_SECRET);
    expect(loadConfig({ PAYLOAD_KEY: KEY }).analytics.signingSecret).toBe(
      DEV_ANALYTICS_SIGNING_SECRET,
    );
    const given = loadConfig({
      ANALYTICS_SIGNING_SECRET: 'an-analytics-secret-of-at-least-32-chars',
      ANALYTICS_RETENTION_DAYS: '30',
      ANALYTICS_DEVICE_BATCHES_PER_MINUTE: '5',
      ANALYTICS_SESSION_HOURS: '2',
      ANALYTICS_LOGGER_ORIGINS: 'https://logs.example.com/collect, http://127.0.0.1:9000',
    }).analytics;
    expect(given).toEqual({
      signingSecret: 'an-analytics-secret-of-at-least-32-chars',
      retentionDays: 30,
      deviceBatchesPerMinute: 5,
      ipEventsPerMinute: 3000,
      sessionEventsPerMinute: 300,
      sessionHours: 2,
      loggerOrigins: ['https://logs.example.com', 'http://127.0.0.1:9000'],
    });
    expect(c.analytics.loggerOrigins).toEqual([]);
    expect(problemsOf({ ANALYTICS_LOGGER_ORIGINS: 'ftp://logs.example.com' })).toEqual([
      'ANALYTICS_LOGGER_ORIGINS',
    ]);
    expect(
      problemsOf({
        ANALYTICS_SIGNING_SECRET: 'too-short',
        ANALYTICS_RETENTION_DAYS: '0',
        ANALYTICS_DEVICE_BATCHES_PER_MINUTE: 'many',
        ANALYTICS_SESSION_HOURS: '1000',
      }).sort(),
    ).toEqual([
      'ANALYTICS_DEVICE_BATCHES_PER_MINUTE',
      'ANALYTICS_RETENTION_DAYS',
      'ANALYTICS_SESSION_HOURS',
      'ANALYTICS_SIGNING_SECRET',
    ]);
    try {
      loadConfig({ ANALYTICS_SIGNING_SECRET: 'short-secret-value' });
      expect.unreachable();
    } catch (err) {
      expect((err as Error).message).not.toContain('short-secret-value');
    }
  });

  it('requires every server secret in production, naming all missing ones at once', () => {
    const all = ['ANALYTICS_SIGNING_SECRET', 'CODE_HASH_SECRET', 'DATA_KEY', 'PAYLOAD_KEY'];
    expect(problemsOf({ NODE_ENV: 'production' }).sort()).toEqual(all);
    expect(problemsOf({ NODE_ENV: 'production', PORT: 'x' }).sort()).toEqual(
      [...all, 'PORT'].sort(),
    );
    expect(problemsOf({ NODE_ENV: 'production', PAYLOAD_KEY: KEY }).sort()).toEqual(
      all.filter((v) => v !== 'PAYLOAD_KEY'),
    );
    try {
      loadConfig({ NODE_ENV: 'production' });
      expect.unreachable();
    } catch (err) {
      expect((err as Error).message).toContain('openssl rand -base64 32');
    }
    const c = loadConfig({ NODE_ENV: 'production', PAYLOAD_KEY: KEY, ...SECRETS });
    expect(c).toMatchObject({
      isProduction: true,
      payloadKey: KEY,
      dataKeys: [{ id: 'k1', key: Buffer.alloc(32, 8).toString('base64') }],
      codeHashSecret: SECRETS.CODE_HASH_SECRET,
      analytics: { signingSecret: SECRETS.ANALYTICS_SIGNING_SECRET },
    });
  });

  it('refuses the published development secrets in production', () => {
    const devKeyOnly = DEV_DATA_KEY.split(':')[1] ?? '';
    expect(
      problemsOf({
        NODE_ENV: 'production',
        PAYLOAD_KEY: DEV_PAYLOAD_KEY,
        DATA_KEY: DEV_DATA_KEY,
        CODE_HASH_SECRET: DEV_CODE_HASH_SECRET,
        ANALYTICS_SIGNING_SECRET: DEV_ANALYTICS_SIGNING_SECRET,
      }).sort(),
    ).toEqual(['ANALYTICS_SIGNING_SECRET', 'CODE_HASH_SECRET', 'DATA_KEY', 'PAYLOAD_KEY']);
    // The dev key under another id, even as an older key, is still the dev key.
    expect(
      problemsOf({
        NODE_ENV: 'production',
        PAYLOAD_KEY: KEY,
        ...SECRETS,
        DATA_KEY: `${SECRETS.DATA_KEY},old:${devKeyOnly}`,
      }),
    ).toEqual(['DATA_KEY']);
  });

  it('refuses a server secret equal to the public PAYLOAD_KEY, in any environment', () => {
    expect(
      problemsOf({
        PAYLOAD_KEY: KEY,
        DATA_KEY: `k2:${Buffer.alloc(32, 9).toString('base64')},k1:${KEY}`,
        CODE_HASH_SECRET: KEY,
        ANALYTICS_SIGNING_SECRET: KEY,
      }).sort(),
    ).toEqual(['ANALYTICS_SIGNING_SECRET', 'CODE_HASH_SECRET', 'DATA_KEY']);
    // The default payload key counts too.
    expect(problemsOf({ DATA_KEY: `k1:${DEV_PAYLOAD_KEY}` })).toEqual(['DATA_KEY']);
  });

  it('parses DATA_KEY as a keyring and never echoes it', () => {
    const k2 = Buffer.alloc(32, 2).toString('base64');
    expect(
      loadConfig({ DATA_KEY: `k2:${k2}, ${SECRETS.DATA_KEY}` }).dataKeys.map((k) => k.id),
    ).toEqual(['k2', 'k1']);
    expect(loadConfig({}).dataKeys).toEqual([
      { id: 'dev', key: DEV_DATA_KEY.slice('dev:'.length) },
    ]);
    try {
      loadConfig({ DATA_KEY: `k2:${k2},k2:${k2}`, CODE_HASH_SECRET: 'short-secret' });
      expect.unreachable();
    } catch (err) {
      expect((err as ConfigError).problems.map((p) => p.variable).sort()).toEqual([
        'CODE_HASH_SECRET',
        'DATA_KEY',
      ]);
      expect((err as Error).message).not.toContain(k2);
      expect((err as Error).message).not.toContain('short-secret');
    }
  });

  it('derives no server secret from PAYLOAD_KEY', () => {
    for (const env of [{}, { PAYLOAD_KEY: KEY }]) {
      const c = loadConfig(env);
      const raw = Buffer.from(c.payloadKey, 'base64');
      const derived = [
        c.payloadKey,
        raw.toString('hex'),
        createHmac('sha256', raw).update('hc-analytics-signing-v1').digest('base64url'),
        Buffer.from(hkdfSync('sha256', raw, Buffer.alloc(0), 'hc-portal:id-number', 32)).toString(
          'base64',
        ),
      ];
      for (const secret of [
        c.codeHashSecret,
        c.analytics.signingSecret,
        ...c.dataKeys.map((k) => k.key),
      ])
        expect(derived).not.toContain(secret);
    }
  });
});

describe('.env.example', () => {
  const text = readFileSync(
    join(dirname(fileURLToPath(import.meta.url)), '../../../.env.example'),
    'utf8',
  );

  it('documents exactly the variables the server reads, each with a comment', () => {
    const documented = [...text.matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]);
    expect([...new Set(documented)].sort()).toEqual([...CONFIG_VARIABLES].sort());
    for (const name of CONFIG_VARIABLES)
      expect(text).toMatch(new RegExp(`#[^\\n]*\\n#? ?${name}=`));
  });

  it('is itself a valid configuration', () => {
    const env = Object.fromEntries(
      [...text.matchAll(/^([A-Z][A-Z0-9_]+)=(.*)$/gm)].map((m) => [m[1] as string, m[2] as string]),
    );
    expect(() => loadConfig(env)).not.toThrow();
  });
});

describe('one pass over every rule', () => {
  it('names a bad value, missing provider keys and a missing production secret in one error', () => {
    try {
      loadConfig({
        NODE_ENV: 'production',
        PORT: 'eighty',
        PAYMENT_CARD_PROVIDER: 'stripe',
        GOOGLE_CLIENT_ID: 'google-client-id',
        PAYLOAD_KEY: KEY,
        CODE_HASH_SECRET: SECRETS.CODE_HASH_SECRET,
        ANALYTICS_SIGNING_SECRET: SECRETS.ANALYTICS_SIGNING_SECRET,
      });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems;
      expect(problems.map((p) => p.variable).sort()).toEqual([
        'DATA_KEY',
        'GOOGLE_CLIENT_SECRET',
        'PORT',
        'STRIPE_SECRET_KEY',
        'STRIPE_WEBHOOK_SECRET',
      ]);
      const message = (err as Error).message;
      expect(message).toMatch(/^Invalid configuration \(5 problems\):/);
      expect(message).toContain('PORT: must be an integer from 0 to 65535 (got "eighty")');
      expect(message).toContain('STRIPE_SECRET_KEY: is required when PAYMENT_CARD_PROVIDER=stripe');
      expect(message).toContain('GOOGLE_CLIENT_SECRET: is required when GOOGLE_CLIENT_ID is set');
      expect(message).toContain('DATA_KEY: is required when NODE_ENV=production');
    }
  });

  it('checks the other rules even when some values are bad', () => {
    expect(
      problemsOf({
        LOG_LEVEL: 'loud',
        HEADERS_TIMEOUT_MS: '20000',
        REQUEST_TIMEOUT_MS: '10000',
        PAYMENT_PAYPAL_PROVIDER: 'paypal',
        PAYPAL_CLIENT_ID: 'id',
        APPLE_CLIENT_ID: 'com.example.web',
        APPLE_TEAM_ID: 'TEAM',
      }).sort(),
    ).toEqual([
      'APPLE_KEY_ID',
      'APPLE_PRIVATE_KEY',
      'HEADERS_TIMEOUT_MS',
      'LOG_LEVEL',
      'PAYPAL_CLIENT_SECRET',
      'PAYPAL_WEBHOOK_ID',
    ]);
    // A rule over a bad value is not reported twice: the bad value is the problem.
    expect(problemsOf({ HEADERS_TIMEOUT_MS: 'soon', REQUEST_TIMEOUT_MS: '1000' })).toEqual([
      'HEADERS_TIMEOUT_MS',
    ]);
  });
});

describe('the Config type (derived from the mapping in config.ts)', () => {
  it('keeps the precise types of the public shape', () => {
    expectTypeOf<Config['nodeEnv']>().toEqualTypeOf<'development' | 'test' | 'production'>();
    expectTypeOf<Config['logLevel']>().toEqualTypeOf<
      'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'
    >();
    expectTypeOf<Config['port']>().toEqualTypeOf<number>();
    expectTypeOf<Config['databaseUrl']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<Config['trustProxy']>().toEqualTypeOf<false | number | readonly string[]>();
    expectTypeOf<Config['seedDemo']>().toEqualTypeOf<boolean>();
    expectTypeOf<Config['payments']['card']>().toEqualTypeOf<'sandbox' | 'stripe'>();
    expectTypeOf<Config['analytics']['loggerOrigins']>().toEqualTypeOf<readonly string[]>();
    expectTypeOf<NonNullable<Config['social']['google']>['clientSecret']>().toEqualTypeOf<string>();
  });
});
