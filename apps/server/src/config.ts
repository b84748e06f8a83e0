// The server's configuration: the only module that reads process.env. Parsed once with zod,
// frozen; a bad value names every bad variable at once (DESIGN §3).
import { randomBytes } from 'node:crypto';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DataKeyringError, parseDataKeyring, type DataKey } from './lib/data-cipher';

/** Fixed development key for SPEC §5 payload encryption; refused when NODE_ENV=production. */
export const DEV_PAYLOAD_KEY = 'aGMtcG9ydGFsLWRldmVsb3BtZW50LWtleS0zMmJ5dGU=';

// Development-only server secrets (ADR 0027): used outside production when unset, refused when
// NODE_ENV=production. None of them derives from the payload key, which every visitor gets.
/** DEV ONLY: the at-rest keyring (one key, id `dev`). */
export const DEV_DATA_KEY = 'dev:aGMtcG9ydGFsLWRldi1vbmx5LWRhdGEta2V5LTMyYiE=';
/** DEV ONLY: the HMAC key of stored verification codes. */
export const DEV_CODE_HASH_SECRET = 'hc-portal-dev-only-code-hash-secret-not-for-production';
/** DEV ONLY: the analytics signing secret. */
export const DEV_ANALYTICS_SIGNING_SECRET =
  'hc-portal-dev-only-analytics-signing-secret-not-for-production';

// apps/server (both from src/config.ts and from the bundled dist/main.js).
const serverPackageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], { error: 'must be true or false' })
    .optional()
    .transform((v) => (v === undefined ? fallback : ['true', '1', 'yes', 'on'].includes(v)));

/** A true/false variable whose default depends on NODE_ENV: undefined when unset. */
const optionalBool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], { error: 'must be true or false' })
  .optional()
  .transform((v) => (v === undefined ? undefined : ['true', '1', 'yes', 'on'].includes(v)));

/**
 * The sandbox webhook secret this repository once shipped as its default: public, so refused in
 * production. Unset, the secret is now random per process (ADR 0032).
 */
export const PUBLISHED_SANDBOX_WEBHOOK_SECRET = 'hc-sandbox-webhook-secret-dev-only';

const int = (fallback: number, min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return fallback;
      const n = /^-?\d+$/.test(v) ? Number(v) : Number.NaN;
      if (!Number.isSafeInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `must be an integer from ${min} to ${max}` });
        return z.NEVER;
      }
      return n;
    });

const urlWith = (protocols: string[]) =>
  z.string().refine(
    (v) => {
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` },
  );

const payloadKey = z
  .string()
  .optional()
  .refine(
    (v) =>
      v === undefined ||
      (/^[A-Za-z0-9+/]+={0,2}$/.test(v) && Buffer.from(v, 'base64').length === 32),
    {
      message: 'must be 32 bytes encoded as base64 (e.g. `openssl rand -base64 32`)',
    },
  );

/** DATA_KEY: `<key id>:<32 bytes base64>`, comma-separated; the first encrypts (ADR 0027). */
const dataKeyring = z
  .string()
  .optional()
  .transform((v, ctx): DataKey[] | undefined => {
    if (v === undefined) return undefined;
    try {
      return parseDataKeyring(v);
    } catch (err) {
      if (!(err instanceof DataKeyringError)) throw err;
      ctx.addIssue({ code: 'custom', message: err.message });
      return z.NEVER;
    }
  });

/** GAME_GATEWAYS: JSON {"<gameId>": {"url": "https://...", "secret": "..."}} (docs/game-gateway.md). */
const gatewaySchema = z.object({
  url: z.string().refine((v) => /^https?:\/\//.test(v), 'url must start with http:// or https://'),
  secret: z.string().min(16, 'secret must have at least 16 characters'),
});
const gatewaysJson = z
  .string()
  .optional()
  .transform((v, ctx): Record<string, { url: string; secret: string }> => {
    if (v === undefined) return {};
    let raw: unknown;
    try {
      raw = JSON.parse(v);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be JSON: {"<gameId>": {"url", "secret"}}' });
      return z.NEVER;
    }
    const parsed = z
      .record(z.string().regex(/^\d+$/, 'keys are game ids'), gatewaySchema)
      .safeParse(raw);
    if (!parsed.success) {
      ctx.addIssue({
        code: 'custom',
        message: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
      });
      return z.NEVER;
    }
    return parsed.data;
  });

/**
 * TRUST_PROXY: false, a hop count, or a comma-separated list of proxy addresses/CIDRs. `true`
 * (trust every X-Forwarded-For entry) is refused: any client could then name its own address.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((v, ctx): false | number | string[] => {
    if (v === undefined || v === 'false' || v === '0') return false;
    if (v === 'true' || v === 'yes' || v === 'on') {
      ctx.addIssue({
        code: 'custom',
        message:
          'true would trust every X-Forwarded-For entry, so any client could choose its own IP; ' +
          'set the number of proxies in front of the portal (e.g. 1) or their addresses/CIDRs',
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(v)) {
      const hops = Number(v);
      if (hops > 20) {
        ctx.addIssue({ code: 'custom', message: 'a hop count must be from 0 to 20' });
        return z.NEVER;
      }
      return hops;
    }
    const list = v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (
      list.length === 0 ||
      !list.every(
        (s) =>
          /^[0-9A-Fa-f:.]+(\/\d{1,3})?$/.test(s) ||
          s === 'loopback' ||
          s === 'linklocal' ||
          s === 'uniquelocal',
      )
    ) {
      ctx.addIssue({
        code: 'custom',
        message: 'must be false, a hop count, or a comma-separated list of IPs/CIDRs',
      });
      return z.NEVER;
    }
    return list;
  });

const envSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'test', 'production'], {
      error: 'must be development, test or production',
    })
    .default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: int(8080, 0, 65535),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: urlWith(['postgres:', 'postgresql:']).optional(),
  DB_POOL_SIZE: int(10, 1, 200),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  PAYLOAD_KEY: payloadKey,
  // Server secrets (ADR 0027): never sent anywhere, independent of PAYLOAD_KEY.
  DATA_KEY: dataKeyring,
  CODE_HASH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SITE_TITLE: z.string().min(1).max(100).default('HC Portal'),
  CUSTOMER_SERVICE_URL: urlWith(['https:', 'http:', 'mailto:']).default(
    'https://support.example.com/',
  ),
  IOS_BLOCK: bool(true),
  WEB_DIST_DIR: z.string().min(1).optional(),
  BODY_LIMIT_BYTES: int(65536, 1024, 10 * 1024 * 1024),
  // Default true outside production, false in it (where true is refused: ADR 0032).
  SEED_DEMO: optionalBool,
  TRUST_PROXY: trustProxy,
  // Connection limits of the HTTP server (ADR 0030).
  REQUEST_TIMEOUT_MS: int(30_000, 100, 600_000),
  HEADERS_TIMEOUT_MS: int(15_000, 100, 600_000),
  KEEP_ALIVE_TIMEOUT_MS: int(5_000, 100, 600_000),
  MAX_CONNECTIONS_PER_IP: int(200, 0, 1_000_000),
  SESSION_IDLE_MINUTES: int(120, 1, 60 * 24 * 30),
  SESSION_ABSOLUTE_DAYS: int(30, 1, 365),
  REDIS_URL: urlWith(['redis:', 'rediss:']).optional(),
  // Sign-in, email and SMS (issue 3).
  SESSION_SINGLE_DEVICE: bool(true),
  SMTP_URL: urlWith(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z.string().min(3).default('HC Portal <no-reply@example.com>'),
  SMS_BASE_URL: urlWith(['https:', 'http:']).default('https://api.twilio.com'),
  TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  SMS_FROM: z.string().min(1).optional(),
  // Refused when NODE_ENV=production (ADR 0032).
  DEV_OUTBOX: bool(false),
  // Social sign-in (issue 3 part 7): a provider is enabled by setting its client id.
  PUBLIC_BASE_URL: urlWith(['https:', 'http:']).optional(),
  SOCIAL_SIGNUP: bool(true),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: urlWith(['https:', 'http:']).default('https://accounts.google.com'),
  APPLE_CLIENT_ID: z.string().min(1).optional(),
  APPLE_TEAM_ID: z.string().min(1).optional(),
  APPLE_KEY_ID: z.string().min(1).optional(),
  APPLE_PRIVATE_KEY: z.string().min(1).optional(),
  APPLE_ISSUER: urlWith(['https:', 'http:']).default('https://appleid.apple.com'),
  FACEBOOK_APP_ID: z.string().min(1).optional(),
  FACEBOOK_APP_SECRET: z.string().min(1).optional(),
  FACEBOOK_AUTH_URL: urlWith(['https:', 'http:']).default(
    'https://www.facebook.com/v19.0/dialog/oauth',
  ),
  FACEBOOK_TOKEN_URL: urlWith(['https:', 'http:']).default(
    'https://graph.facebook.com/v19.0/oauth/access_token',
  ),
  FACEBOOK_USERINFO_URL: urlWith(['https:', 'http:']).default(
    'https://graph.facebook.com/v19.0/me',
  ),
  WECHAT_APP_ID: z.string().min(1).optional(),
  WECHAT_APP_SECRET: z.string().min(1).optional(),
  WECHAT_AUTH_URL: urlWith(['https:', 'http:']).default(
    'https://open.weixin.qq.com/connect/qrconnect',
  ),
  WECHAT_TOKEN_URL: urlWith(['https:', 'http:']).default(
    'https://api.weixin.qq.com/sns/oauth2/access_token',
  ),
  WECHAT_USERINFO_URL: urlWith(['https:', 'http:']).default(
    'https://api.weixin.qq.com/sns/userinfo',
  ),
  // Top-up (issue 4): game gateways, payment providers, orders and the delivery worker.
  GAME_GATEWAYS: gatewaysJson,
  GATEWAY_TIMEOUT_MS: int(5000, 100, 120_000),
  PAYMENT_CARD_PROVIDER: z
    .enum(['sandbox', 'stripe'], { error: 'must be sandbox or stripe' })
    .default('sandbox'),
  PAYMENT_PAYPAL_PROVIDER: z
    .enum(['sandbox', 'paypal'], { error: 'must be sandbox or paypal' })
    .default('sandbox'),
  // Default true outside production, false in it; on in production only with an explicit
  // SANDBOX_WEBHOOK_SECRET. Unset secret: random per process (ADR 0032).
  SANDBOX_PAYMENTS: optionalBool,
  SANDBOX_WEBHOOK_SECRET: z.string().min(16).optional(),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_API_BASE: urlWith(['https:', 'http:']).optional(),
  PAYPAL_CLIENT_ID: z.string().min(1).optional(),
  PAYPAL_CLIENT_SECRET: z.string().min(1).optional(),
  PAYPAL_WEBHOOK_ID: z.string().min(1).optional(),
  PAYPAL_BASE_URL: urlWith(['https:', 'http:']).default('https://api-m.sandbox.paypal.com'),
  ORDER_UNPAID_TTL_MINUTES: int(30, 1, 60 * 24 * 7),
  ORDER_MAX_UNPAID: int(5, 1, 100),
  ORDER_CREATES_PER_MINUTE: int(20, 1, 10_000),
  WORKER_INTERVAL_MS: int(1000, 50, 60_000),
  DELIVERY_MAX_ATTEMPTS: int(12, 1, 1000),
  DELIVERY_BACKOFF_BASE_MS: int(2000, 10, 3_600_000),
  DELIVERY_BACKOFF_MAX_MS: int(300_000, 10, 86_400_000),
  DELIVERY_LEASE_SECONDS: int(60, 1, 3600),
  PAYMENT_CHECK_AFTER_MINUTES: int(10, 1, 60 * 24),
  // Retention (ADR 0032): verified payment events are dispute evidence, kept for months.
  PAYMENT_EVENTS_RETENTION_DAYS: int(400, 90, 3650),
  // Analytics (issue 7, docs/analytics.md).
  ANALYTICS_SIGNING_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ANALYTICS_RETENTION_DAYS: int(90, 1, 3650),
  ANALYTICS_DEVICE_BATCHES_PER_MINUTE: int(30, 1, 10_000),
  ANALYTICS_IP_EVENTS_PER_MINUTE: int(3000, 1, 1_000_000),
  ANALYTICS_SESSION_EVENTS_PER_MINUTE: int(300, 1, 100_000),
  ANALYTICS_SESSION_HOURS: int(12, 1, 24 * 7),
  ANALYTICS_LOGGER_ORIGINS: z
    .string()
    .transform((v, ctx) => {
      const origins: string[] = [];
      for (const part of v
        .split(',')
        .map((x) => x.trim())
        .filter((x) => x !== '')) {
        try {
          const url = new URL(part);
          if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('protocol');
          origins.push(url.origin);
        } catch {
          ctx.addIssue({ code: 'custom', message: `not an http(s) origin: ${part}` });
          return z.NEVER;
        }
      }
      return origins;
    })
    .optional(),
});

/** Every variable the server reads (each documented in .env.example). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

export type NodeEnv = 'development' | 'test' | 'production';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface Config {
  readonly nodeEnv: NodeEnv;
  readonly isProduction: boolean;
  readonly host: string;
  readonly port: number;
  /** Absolute path. */
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  readonly dbPoolSize: number;
  readonly logLevel: LogLevel;
  /**
   * base64 of 32 bytes (SPEC §5 payload encryption, sent to the web by /api/setting/init). Public:
   * it protects nothing at rest and no server secret derives from it.
   */
  readonly payloadKey: string;
  /** At-rest keyring for personal data (lib/data-cipher.ts); the first key encrypts. */
  readonly dataKeys: readonly DataKey[];
  /** HMAC key of stored verification codes (and any other short secret kept as a hash). */
  readonly codeHashSecret: string;
  readonly siteTitle: string;
  readonly customerServiceUrl: string;
  /** SPEC §1: iOS users see a not-supported message. */
  readonly iosBlock: boolean;
  /** Absolute path of the built web app. */
  readonly webDistDir: string;
  readonly bodyLimitBytes: number;
  /** Time limits and the per-address socket cap of the HTTP server (ADR 0030). */
  readonly connections: ConnectionsConfig;
  readonly seedDemo: boolean;
  /** false, a hop count, or proxy addresses/CIDRs (never "trust every hop"). */
  readonly trustProxy: false | number | readonly string[];
  readonly sessionIdleMinutes: number;
  readonly sessionAbsoluteDays: number;
  readonly redisUrl: string | undefined;
  /** A new login revokes the account's other sessions (SPEC §4 "accessed on another device"). */
  readonly sessionSingleDevice: boolean;
  /** smtp(s)://user:pass@host:port; unset -> no email (dev outbox only, if enabled). */
  readonly smtpUrl: string | undefined;
  readonly mailFrom: string;
  /** Twilio REST API base; tests point it at a local server. */
  readonly smsBaseUrl: string;
  /** Twilio credentials and sender; SMS is configured only when all three are set. */
  readonly twilio: { accountSid: string; authToken: string; from: string } | undefined;
  /** Keep sent messages and show them at /dev/outbox (demo and tests only). */
  readonly devOutbox: boolean;
  /** The portal's external origin (redirect URIs); default http://HOST:PORT. */
  readonly publicBaseUrl: string;
  /** Social providers, each present only when its client id is set (SPEC §1, §2). */
  readonly social: SocialConfig;
  /** Game gateway per game id (docs/game-gateway.md). */
  readonly gateways: Readonly<Record<string, { readonly url: string; readonly secret: string }>>;
  readonly gatewayTimeoutMs: number;
  readonly payments: PaymentsConfig;
  /** Unpaid orders close after this many minutes (SPEC §4 "failed or timed out"). */
  readonly orderUnpaidTtlMinutes: number;
  /** Open unpaid orders one player may have at a time (ADR 0031). */
  readonly orderMaxUnpaid: number;
  /** Order creations one player may attempt per minute, counted across nodes (ADR 0031). */
  readonly orderCreatesPerMinute: number;
  readonly worker: WorkerConfig;
  readonly analytics: AnalyticsConfig;
}

export interface ConnectionsConfig {
  /** A request (headers and body) must arrive within this; else 408 and the socket closes. */
  readonly requestTimeoutMs: number;
  /** The request headers must arrive within this (at most requestTimeoutMs). */
  readonly headersTimeoutMs: number;
  /** An idle keep-alive socket closes after this. */
  readonly keepAliveTimeoutMs: number;
  /** Open sockets one remote address may hold; 0: no cap (e.g. behind a proxy). */
  readonly maxPerIp: number;
}

export interface AnalyticsConfig {
  /**
   * HMAC secret from which per-session analytics keys are derived (ADR 0022). Required in
   * production; outside it a fixed development value. Never derived from PAYLOAD_KEY (ADR 0027).
   */
  readonly signingSecret: string;
  /** Stored events older than this are deleted by the worker. */
  readonly retentionDays: number;
  /** Collector batches accepted per device id per minute (across nodes). */
  readonly deviceBatchesPerMinute: number;
  /** Collector events accepted per client IP per minute (across nodes; NAT shares one). */
  readonly ipEventsPerMinute: number;
  /** Collector events accepted per analytics session (sid) per minute (across nodes). */
  readonly sessionEventsPerMinute: number;
  /** Lifetime of a per-session analytics key. */
  readonly sessionHours: number;
  /**
   * Origins of external loggers (gameInfo.customConfig.loggerUrl) the page may post to; added
   * to the CSP's connect-src, which otherwise allows only the portal itself.
   */
  readonly loggerOrigins: readonly string[];
}

export interface PaymentsConfig {
  /** Which provider takes card payments and which takes PayPal. */
  readonly card: 'sandbox' | 'stripe';
  readonly paypal: 'sandbox' | 'paypal';
  /**
   * The built-in sandbox provider: off in production unless SANDBOX_PAYMENTS=true with an
   * explicit secret; the webhook secret is random per process when SANDBOX_WEBHOOK_SECRET is unset.
   */
  readonly sandbox: { readonly enabled: boolean; readonly webhookSecret: string };
  readonly stripe:
    | {
        readonly secretKey: string;
        readonly webhookSecret: string;
        readonly apiBase: string | undefined;
      }
    | undefined;
  readonly paypalApi:
    | {
        readonly clientId: string;
        readonly clientSecret: string;
        readonly webhookId: string;
        readonly baseUrl: string;
      }
    | undefined;
}

export interface WorkerConfig {
  readonly intervalMs: number;
  readonly deliveryMaxAttempts: number;
  readonly backoffBaseMs: number;
  readonly backoffMaxMs: number;
  readonly leaseSeconds: number;
  /** Orders still unpaid with a checkout this old are checked with the provider. */
  readonly paymentCheckAfterMinutes: number;
  /** The worker deletes verified payment events older than this (ADR 0032). */
  readonly paymentEventsRetentionDays: number;
}

export interface OidcProviderConfig {
  readonly clientId: string;
  readonly issuer: string;
}
export interface SocialConfig {
  /** A first social sign-in creates an account; false -> not found (SPEC §4 appleId=false). */
  readonly signup: boolean;
  readonly google: (OidcProviderConfig & { readonly clientSecret: string }) | undefined;
  /** The client secret is an ES256 JWT signed with `privateKey` (PEM PKCS#8). */
  readonly apple:
    | (OidcProviderConfig & {
        readonly teamId: string;
        readonly keyId: string;
        readonly privateKey: string;
      })
    | undefined;
  readonly facebook:
    | {
        readonly appId: string;
        readonly appSecret: string;
        readonly authUrl: string;
        readonly tokenUrl: string;
        readonly userinfoUrl: string;
      }
    | undefined;
  readonly wechat:
    | {
        readonly appId: string;
        readonly appSecret: string;
        readonly authUrl: string;
        readonly tokenUrl: string;
        readonly userinfoUrl: string;
      }
    | undefined;
}

/** Variables whose values are secrets: never echoed in error messages. */
const SECRET_VARS = new Set([
  'PAYLOAD_KEY',
  'DATA_KEY',
  'CODE_HASH_SECRET',
  'DATABASE_URL',
  'REDIS_URL',
  'SMTP_URL',
  'TWILIO_AUTH_TOKEN',
  'GOOGLE_CLIENT_SECRET',
  'APPLE_PRIVATE_KEY',
  'FACEBOOK_APP_SECRET',
  'WECHAT_APP_SECRET',
  'GAME_GATEWAYS',
  'SANDBOX_WEBHOOK_SECRET',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'PAYPAL_CLIENT_SECRET',
  'ANALYTICS_SIGNING_SECRET',
]);

export class ConfigError extends Error {
  constructor(readonly problems: ReadonlyArray<{ variable: string; message: string }>) {
    super(
      `Invalid configuration (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n` +
        problems.map((p) => `  - ${p.variable}: ${p.message}`).join('\n'),
    );
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/** Parse and freeze the configuration from an environment (process.env in main.ts). */
export function loadConfig(env: Env): Config {
  // Empty values (`PORT=` in an env file) mean "unset".
  const input = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = envSchema.safeParse(input);
  const problems: Array<{ variable: string; message: string }> = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const variable = String(issue.path[0] ?? '?');
      const raw = input[variable];
      const shown =
        raw === undefined || SECRET_VARS.has(variable) ? '' : ` (got ${JSON.stringify(raw)})`;
      problems.push({ variable, message: `${issue.message}${shown}` });
    }
  }
  const nodeEnv = parsed.success ? parsed.data.NODE_ENV : (input.NODE_ENV ?? 'development');
  problems.push(...secretProblems(input, nodeEnv === 'production'));
  if (parsed.success) problems.push(...productionSafetyProblems(parsed.data));
  if (parsed.success && parsed.data.HEADERS_TIMEOUT_MS > parsed.data.REQUEST_TIMEOUT_MS) {
    problems.push({
      variable: 'HEADERS_TIMEOUT_MS',
      message: `must not exceed REQUEST_TIMEOUT_MS (${parsed.data.REQUEST_TIMEOUT_MS})`,
    });
  }
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const e = parsed.data;
  return Object.freeze({
    nodeEnv: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    host: e.HOST,
    port: e.PORT,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    dbPoolSize: e.DB_POOL_SIZE,
    logLevel: e.LOG_LEVEL,
    payloadKey: e.PAYLOAD_KEY ?? DEV_PAYLOAD_KEY,
    dataKeys: Object.freeze(
      (e.DATA_KEY ?? parseDataKeyring(DEV_DATA_KEY)).map((k) => Object.freeze({ ...k })),
    ),
    codeHashSecret: e.CODE_HASH_SECRET ?? DEV_CODE_HASH_SECRET,
    siteTitle: e.SITE_TITLE,
    customerServiceUrl: e.CUSTOMER_SERVICE_URL,
    iosBlock: e.IOS_BLOCK,
    webDistDir: resolve(e.WEB_DIST_DIR ?? resolve(serverPackageDir, '../web/dist')),
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    connections: Object.freeze({
      requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
      headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
      keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
      maxPerIp: e.MAX_CONNECTIONS_PER_IP,
    }),
    seedDemo: e.SEED_DEMO ?? e.NODE_ENV !== 'production',
    trustProxy: Array.isArray(e.TRUST_PROXY) ? Object.freeze([...e.TRUST_PROXY]) : e.TRUST_PROXY,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionAbsoluteDays: e.SESSION_ABSOLUTE_DAYS,
    redisUrl: e.REDIS_URL,
    sessionSingleDevice: e.SESSION_SINGLE_DEVICE,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    smsBaseUrl: e.SMS_BASE_URL.replace(/\/+$/, ''),
    twilio:
      e.TWILIO_ACCOUNT_SID !== undefined &&
      e.TWILIO_AUTH_TOKEN !== undefined &&
      e.SMS_FROM !== undefined
        ? { accountSid: e.TWILIO_ACCOUNT_SID, authToken: e.TWILIO_AUTH_TOKEN, from: e.SMS_FROM }
        : undefined,
    devOutbox: e.DEV_OUTBOX,
    publicBaseUrl: (e.PUBLIC_BASE_URL ?? `http://${e.HOST}:${e.PORT}`).replace(/\/+$/, ''),
    social: socialConfig(e),
    gateways: Object.freeze({ ...e.GAME_GATEWAYS }),
    gatewayTimeoutMs: e.GATEWAY_TIMEOUT_MS,
    payments: paymentsConfig(e),
    orderUnpaidTtlMinutes: e.ORDER_UNPAID_TTL_MINUTES,
    orderMaxUnpaid: e.ORDER_MAX_UNPAID,
    orderCreatesPerMinute: e.ORDER_CREATES_PER_MINUTE,
    worker: Object.freeze({
      intervalMs: e.WORKER_INTERVAL_MS,
      deliveryMaxAttempts: e.DELIVERY_MAX_ATTEMPTS,
      backoffBaseMs: e.DELIVERY_BACKOFF_BASE_MS,
      backoffMaxMs: e.DELIVERY_BACKOFF_MAX_MS,
      leaseSeconds: e.DELIVERY_LEASE_SECONDS,
      paymentCheckAfterMinutes: e.PAYMENT_CHECK_AFTER_MINUTES,
      paymentEventsRetentionDays: e.PAYMENT_EVENTS_RETENTION_DAYS,
    }),
    analytics: Object.freeze({
      signingSecret: e.ANALYTICS_SIGNING_SECRET ?? DEV_ANALYTICS_SIGNING_SECRET,
      retentionDays: e.ANALYTICS_RETENTION_DAYS,
      deviceBatchesPerMinute: e.ANALYTICS_DEVICE_BATCHES_PER_MINUTE,
      ipEventsPerMinute: e.ANALYTICS_IP_EVENTS_PER_MINUTE,
      sessionEventsPerMinute: e.ANALYTICS_SESSION_EVENTS_PER_MINUTE,
      sessionHours: e.ANALYTICS_SESSION_HOURS,
      loggerOrigins: Object.freeze([...(e.ANALYTICS_LOGGER_ORIGINS ?? [])]),
    }),
  });
}

/** How to make each server secret, for the messages below. */
const SECRET_HINTS: Record<string, string> = {
  PAYLOAD_KEY: '32 random bytes, base64: `openssl rand -base64 32`',
  DATA_KEY: '`<key id>:<32 random bytes base64>`, e.g. `k1:` + `openssl rand -base64 32`',
  CODE_HASH_SECRET: '32+ random characters: `openssl rand -base64 32`',
  ANALYTICS_SIGNING_SECRET: '32+ random characters: `openssl rand -base64 32`',
};

/**
 * The server secrets (ADR 0027). In production each must be set and must not be its published
 * development value. Everywhere, DATA_KEY and the secrets may not equal PAYLOAD_KEY, which
 * every visitor receives. Works on the raw input so every problem is named in one ConfigError.
 */
function secretProblems(
  input: Env,
  production: boolean,
): Array<{ variable: string; message: string }> {
  const problems: Array<{ variable: string; message: string }> = [];
  const devValues: Record<string, string> = {
    PAYLOAD_KEY: DEV_PAYLOAD_KEY,
    DATA_KEY: DEV_DATA_KEY,
    CODE_HASH_SECRET: DEV_CODE_HASH_SECRET,
    ANALYTICS_SIGNING_SECRET: DEV_ANALYTICS_SIGNING_SECRET,
  };
  const keyBytes = (v: string) => Buffer.from(v, 'base64').toString('hex');
  const dataKeys = (v: string | undefined): string[] => {
    try {
      return v === undefined ? [] : parseDataKeyring(v).map((k) => keyBytes(k.key));
    } catch {
      return []; // reported by the schema
    }
  };
  if (production) {
    for (const [variable, hint] of Object.entries(SECRET_HINTS)) {
      const value = input[variable];
      if (value === undefined)
        problems.push({ variable, message: `is required when NODE_ENV=production (${hint})` });
      else if (
        value === devValues[variable] ||
        (variable === 'DATA_KEY' && dataKeys(value).some((k) => dataKeys(DEV_DATA_KEY).includes(k)))
      )
        problems.push({
          variable,
          message: 'is the published development value; generate your own for production',
        });
    }
  }
  const payloadKey = input.PAYLOAD_KEY ?? DEV_PAYLOAD_KEY;
  if (dataKeys(input.DATA_KEY).includes(keyBytes(payloadKey)))
    problems.push({
      variable: 'DATA_KEY',
      message: 'must not contain PAYLOAD_KEY, which is public (sent to every browser)',
    });
  for (const variable of ['CODE_HASH_SECRET', 'ANALYTICS_SIGNING_SECRET'])
    if (input[variable] !== undefined && input[variable] === payloadKey)
      problems.push({
        variable,
        message: 'must not equal PAYLOAD_KEY, which is public (sent to every browser)',
      });
  return problems;
}

/**
 * What production must never do by default (ADR 0032): seed the demo account and gift code
 * (published credentials), keep and show messages at /dev/outbox (every verification code, to
 * anyone), or run the sandbox provider (test cards that pay for real items) unless asked for
 * with a webhook secret of its own.
 */
function productionSafetyProblems(
  e: z.output<typeof envSchema>,
): Array<{ variable: string; message: string }> {
  if (e.NODE_ENV !== 'production') return [];
  const problems: Array<{ variable: string; message: string }> = [];
  if (e.SEED_DEMO === true)
    problems.push({
      variable: 'SEED_DEMO',
      message:
        'must not be true when NODE_ENV=production: it creates the demo account and gift code, ' +
        'whose credentials are published (use `npm run portal -- seed-demo` on a test database)',
    });
  if (e.DEV_OUTBOX)
    problems.push({
      variable: 'DEV_OUTBOX',
      message:
        'must not be true when NODE_ENV=production: /dev/outbox would show every verification ' +
        'code to anyone',
    });
  if (e.SANDBOX_PAYMENTS === true) {
    if (e.SANDBOX_WEBHOOK_SECRET === undefined)
      problems.push({
        variable: 'SANDBOX_WEBHOOK_SECRET',
        message:
          'is required when SANDBOX_PAYMENTS=true and NODE_ENV=production (the sandbox takes ' +
          'test cards: turn it on only for a test deployment; `openssl rand -base64 32`)',
      });
    else if (e.SANDBOX_WEBHOOK_SECRET === PUBLISHED_SANDBOX_WEBHOOK_SECRET)
      problems.push({
        variable: 'SANDBOX_WEBHOOK_SECRET',
        message: 'is the published development value; generate your own for production',
      });
  }
  return problems;
}

/** Payment providers: the chosen provider for a method must have its settings. */
function paymentsConfig(e: z.output<typeof envSchema>): PaymentsConfig {
  const problems: Array<{ variable: string; message: string }> = [];
  // In production the sandbox is off unless SANDBOX_PAYMENTS=true (with its own webhook secret,
  // productionSafetyProblems); a method left on `sandbox` is then simply not offered.
  const sandboxEnabled = e.SANDBOX_PAYMENTS ?? e.NODE_ENV !== 'production';
  // Unset: random per process, so no webhook signed with a value from the source is accepted.
  // Processes that must agree (a test harness signing webhooks itself, several nodes behind one
  // URL) set SANDBOX_WEBHOOK_SECRET.
  const sandboxSecret = e.SANDBOX_WEBHOOK_SECRET ?? randomBytes(32).toString('base64url');
  const need = (why: string, vars: Record<string, string | undefined>) => {
    for (const [variable, value] of Object.entries(vars))
      if (value === undefined) problems.push({ variable, message: `is required when ${why}` });
  };
  if (e.PAYMENT_CARD_PROVIDER === 'stripe')
    need('PAYMENT_CARD_PROVIDER=stripe', {
      STRIPE_SECRET_KEY: e.STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: e.STRIPE_WEBHOOK_SECRET,
    });
  if (e.PAYMENT_PAYPAL_PROVIDER === 'paypal')
    need('PAYMENT_PAYPAL_PROVIDER=paypal', {
      PAYPAL_CLIENT_ID: e.PAYPAL_CLIENT_ID,
      PAYPAL_CLIENT_SECRET: e.PAYPAL_CLIENT_SECRET,
      PAYPAL_WEBHOOK_ID: e.PAYPAL_WEBHOOK_ID,
    });
  if (problems.length > 0) throw new ConfigError(problems);
  return Object.freeze({
    card: e.PAYMENT_CARD_PROVIDER,
    paypal: e.PAYMENT_PAYPAL_PROVIDER,
    sandbox: Object.freeze({ enabled: sandboxEnabled, webhookSecret: sandboxSecret }),
    stripe:
      e.STRIPE_SECRET_KEY !== undefined && e.STRIPE_WEBHOOK_SECRET !== undefined
        ? Object.freeze({
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiBase: e.STRIPE_API_BASE,
          })
        : undefined,
    paypalApi:
      e.PAYPAL_CLIENT_ID !== undefined &&
      e.PAYPAL_CLIENT_SECRET !== undefined &&
      e.PAYPAL_WEBHOOK_ID !== undefined
        ? Object.freeze({
            clientId: e.PAYPAL_CLIENT_ID,
            clientSecret: e.PAYPAL_CLIENT_SECRET,
            webhookId: e.PAYPAL_WEBHOOK_ID,
            baseUrl: e.PAYPAL_BASE_URL.replace(/\/+$/, ''),
          })
        : undefined,
  });
}

/** Social providers from the parsed env; a client id without its other settings is an error. */
function socialConfig(e: z.output<typeof envSchema>): SocialConfig {
  const missing: Array<{ variable: string; message: string }> = [];
  const need = (provider: string, vars: Record<string, string | undefined>): boolean => {
    const absent = Object.entries(vars).filter(([, v]) => v === undefined);
    for (const [variable] of absent)
      missing.push({ variable, message: `is required when ${provider} is set` });
    return absent.length === 0;
  };
  const google =
    e.GOOGLE_CLIENT_ID !== undefined &&
    need('GOOGLE_CLIENT_ID', { GOOGLE_CLIENT_SECRET: e.GOOGLE_CLIENT_SECRET })
      ? {
          clientId: e.GOOGLE_CLIENT_ID,
          clientSecret: e.GOOGLE_CLIENT_SECRET ?? '',
          issuer: e.GOOGLE_ISSUER,
        }
      : undefined;
  const apple =
    e.APPLE_CLIENT_ID !== undefined &&
    need('APPLE_CLIENT_ID', {
      APPLE_TEAM_ID: e.APPLE_TEAM_ID,
      APPLE_KEY_ID: e.APPLE_KEY_ID,
      APPLE_PRIVATE_KEY: e.APPLE_PRIVATE_KEY,
    })
      ? {
          clientId: e.APPLE_CLIENT_ID,
          issuer: e.APPLE_ISSUER,
          teamId: e.APPLE_TEAM_ID ?? '',
          keyId: e.APPLE_KEY_ID ?? '',
          // Env files often carry a PEM on one line with literal \n.
          privateKey: (e.APPLE_PRIVATE_KEY ?? '').replace(/\\n/g, '\n'),
        }
      : undefined;
  const facebook =
    e.FACEBOOK_APP_ID !== undefined &&
    need('FACEBOOK_APP_ID', { FACEBOOK_APP_SECRET: e.FACEBOOK_APP_SECRET })
      ? {
          appId: e.FACEBOOK_APP_ID,
          appSecret: e.FACEBOOK_APP_SECRET ?? '',
          authUrl: e.FACEBOOK_AUTH_URL,
          tokenUrl: e.FACEBOOK_TOKEN_URL,
          userinfoUrl: e.FACEBOOK_USERINFO_URL,
        }
      : undefined;
  const wechat =
    e.WECHAT_APP_ID !== undefined &&
    need('WECHAT_APP_ID', { WECHAT_APP_SECRET: e.WECHAT_APP_SECRET })
      ? {
          appId: e.WECHAT_APP_ID,
          appSecret: e.WECHAT_APP_SECRET ?? '',
          authUrl: e.WECHAT_AUTH_URL,
          tokenUrl: e.WECHAT_TOKEN_URL,
          userinfoUrl: e.WECHAT_USERINFO_URL,
        }
      : undefined;
  if (missing.length > 0) throw new ConfigError(missing);
  return Object.freeze({ signup: e.SOCIAL_SIGNUP, google, apple, facebook, wechat });
}

/** main.ts entry: the one place process.env is read. */
export function loadConfigFromProcess(): Config {
  return loadConfig(process.env);
}
