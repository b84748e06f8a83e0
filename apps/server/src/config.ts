// The server's configuration: the only module that reads process.env. Each variable is declared
// once in config/variables.ts; here it is parsed, checked (every rule, so one ConfigError names
// every bad variable) and mapped into the nested, frozen Config.
import { randomBytes } from 'node:crypto';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SocialProvider } from '@hc/contract';
import { withDotEnv } from './config/dotenv';
import { ConfigError, type Problem } from './config/error';
import {
  CONFIG_VARIABLES,
  DEV_ANALYTICS_SIGNING_SECRET,
  DEV_CODE_HASH_SECRET,
  DEV_DATA_KEY,
  DEV_PAYLOAD_KEY,
  SECRET_VARIABLES,
  variable,
  type ParsedEnv,
} from './config/variables';
import { parseDataKeyring } from './lib/data-cipher';
import { sandboxSocialSettings } from './config/social-sandbox';

export {
  CONFIG_VARIABLES,
  DEV_ANALYTICS_SIGNING_SECRET,
  DEV_CODE_HASH_SECRET,
  DEV_DATA_KEY,
  DEV_PAYLOAD_KEY,
} from './config/variables';
export { ConfigError } from './config/error';

/**
 * The sandbox webhook secret this repository once shipped as its default: public, so refused in
 * production. Unset, the secret is now random per process (ADR 0032).
 */
export const PUBLISHED_SANDBOX_WEBHOOK_SECRET = 'hc-sandbox-webhook-secret-dev-only';

// apps/server (both from src/config.ts and from the bundled dist/main.js).
const serverPackageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export type Config = ReturnType<typeof toConfig>;
export type NodeEnv = Config['nodeEnv'];
export type LogLevel = Config['logLevel'];
export type ConnectionsConfig = Config['connections'];
export type AnalyticsConfig = Config['analytics'];
export type PaymentsConfig = Config['payments'];
export type WorkerConfig = Config['worker'];
export type SocialConfig = Config['social'];

type Env = Record<string, string | undefined>;

/** Parse, check and freeze the configuration from an environment (process.env in main.ts). */
export function loadConfig(env: Env): Config {
  // Empty values (`PORT=` in an env file) mean "unset".
  const input: Env = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  // Each variable on its own, so the rules below still see every variable that did parse.
  const problems: Problem[] = [];
  const parsed: Record<string, unknown> = {};
  for (const name of CONFIG_VARIABLES) {
    const result = variable(name).schema.safeParse(input[name]);
    if (result.success) {
      parsed[name] = result.data;
      continue;
    }
    const raw = input[name];
    const shown =
      raw === undefined || SECRET_VARIABLES.has(name) ? '' : ` (got ${JSON.stringify(raw)})`;
    for (const issue of result.error.issues)
      problems.push({ variable: name, message: `${issue.message}${shown}` });
  }
  const partial = parsed as Partial<ParsedEnv>;
  problems.push(
    ...requiredWhenProblems(input, parsed),
    ...secretProblems(input, partial.NODE_ENV === 'production'),
    ...productionSafetyProblems(input, partial),
  );
  if (
    partial.HEADERS_TIMEOUT_MS !== undefined &&
    partial.REQUEST_TIMEOUT_MS !== undefined &&
    partial.HEADERS_TIMEOUT_MS > partial.REQUEST_TIMEOUT_MS
  )
    problems.push({
      variable: 'HEADERS_TIMEOUT_MS',
      message: `must not exceed REQUEST_TIMEOUT_MS (${partial.REQUEST_TIMEOUT_MS})`,
    });
  if (problems.length > 0) throw new ConfigError(problems);
  return toConfig(parsed as ParsedEnv);
}

/** main.ts and portal.ts: the one place process.env is read (with `.env` outside production). */
export function loadConfigFromProcess(): Config {
  return loadConfig(withDotEnv(process.env, process.cwd()));
}

/** The nested Config from variables that passed every check. */
function toConfig(e: ParsedEnv) {
  return Object.freeze({
    nodeEnv: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    host: e.HOST,
    port: e.PORT,
    /** Absolute path. */
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    dbPoolSize: e.DB_POOL_SIZE,
    logLevel: e.LOG_LEVEL,
    /** Bearer token of /metrics; undefined: /metrics answers 404 (ADR 0036). */
    metricsToken: e.METRICS_TOKEN,
    /**
     * base64 of 32 bytes (payload encryption, sent to the web by /api/setting/init). Public: it
     * protects nothing at rest and no server secret derives from it.
     */
    payloadKey: e.PAYLOAD_KEY ?? DEV_PAYLOAD_KEY,
    /** At-rest keyring for personal data (lib/data-cipher.ts); the first key encrypts. */
    dataKeys: Object.freeze(
      (e.DATA_KEY ?? parseDataKeyring(DEV_DATA_KEY)).map((k) => Object.freeze({ ...k })),
    ),
    /** HMAC key of stored verification codes (and any other short secret kept as a hash). */
    codeHashSecret: e.CODE_HASH_SECRET ?? DEV_CODE_HASH_SECRET,
    siteTitle: e.SITE_TITLE,
    /** The publisher's look (docs/theming.md): colours, logo and font of the player pages. */
    brand: Object.freeze({
      primary: e.BRAND_PRIMARY_COLOR,
      accent: e.BRAND_ACCENT_COLOR,
      dark: e.BRAND_DARK_COLOR,
      logo: e.BRAND_LOGO_URL,
      font: e.BRAND_FONT_FAMILY,
    }),
    customerServiceUrl: e.CUSTOMER_SERVICE_URL,
    /** iOS users see a not-supported message. */
    iosBlock: e.IOS_BLOCK,
    /** Absolute path of the built web app. */
    webDistDir: resolve(e.WEB_DIST_DIR ?? resolve(serverPackageDir, '../web/dist')),
    /** Absolute path of the built operator console (served at /console). */
    consoleDistDir: resolve(e.CONSOLE_DIST_DIR ?? resolve(serverPackageDir, '../console/dist')),
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    /** Time limits and the per-address socket cap of the HTTP server (ADR 0030). */
    connections: Object.freeze({
      /** A request (headers and body) must arrive within this; else 408 and the socket closes. */
      requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
      /** The request headers must arrive within this (at most requestTimeoutMs). */
      headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
      /** An idle keep-alive socket closes after this. */
      keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
      /** Open sockets one remote address may hold; 0: no cap (e.g. behind a proxy). */
      maxPerIp: e.MAX_CONNECTIONS_PER_IP,
    }),
    seedDemo: e.SEED_DEMO ?? e.NODE_ENV !== 'production',
    /** false, a hop count, or proxy addresses/CIDRs (never "trust every hop"). */
    trustProxy: Array.isArray(e.TRUST_PROXY)
      ? Object.freeze<string[]>([...e.TRUST_PROXY])
      : e.TRUST_PROXY,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionAbsoluteDays: e.SESSION_ABSOLUTE_DAYS,
    /** Days from a deletion request to the erasure; a sign-in meanwhile cancels it (ADR 0049). */
    accountDeletionGraceDays: e.ACCOUNT_DELETION_GRACE_DAYS,
    redisUrl: e.REDIS_URL,
    /** A new login revokes the account's other sessions ("accessed on another device"). */
    sessionSingleDevice: e.SESSION_SINGLE_DEVICE,
    /** smtp(s)://user:pass@host:port; unset -> no email (dev outbox only, if enabled). */
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    /** Twilio REST API base; tests point it at a local server. */
    smsBaseUrl: e.SMS_BASE_URL.replace(/\/+$/, ''),
    /** Twilio credentials and sender; SMS is configured only when all three are set. */
    twilio:
      e.TWILIO_ACCOUNT_SID !== undefined &&
      e.TWILIO_AUTH_TOKEN !== undefined &&
      e.SMS_FROM !== undefined
        ? { accountSid: e.TWILIO_ACCOUNT_SID, authToken: e.TWILIO_AUTH_TOKEN, from: e.SMS_FROM }
        : undefined,
    /** Keep sent messages and show them at /dev/outbox (demo and tests only). */
    devOutbox: e.DEV_OUTBOX,
    /** Sign-up on the portal (ADR 0042) and the consent versions it records. */
    signUp: Object.freeze({
      enabled: e.SIGN_UP_ENABLED,
      termsVersion: e.TERMS_VERSION,
      privacyVersion: e.PRIVACY_VERSION,
    }),
    /** The portal's external origin (redirect URIs); default http://HOST:PORT. */
    publicBaseUrl: (e.PUBLIC_BASE_URL ?? `http://${e.HOST}:${e.PORT}`).replace(/\/+$/, ''),
    /**
     * Social providers, each present only when its client id is set, or when SOCIAL_SANDBOX
     * gives it the sandbox identity provider's settings.
     */
    social: socialConfig(
      e,
      (e.PUBLIC_BASE_URL ?? `http://${e.HOST}:${e.PORT}`).replace(/\/+$/, ''),
    ),
    /** Game gateway per game id (docs/game-gateway.md). */
    gateways: Object.freeze({ ...e.GAME_GATEWAYS }),
    gatewayTimeoutMs: e.GATEWAY_TIMEOUT_MS,
    payments: paymentsConfig(e),
    /** Unpaid orders close after this many minutes ("failed or timed out"). */
    orderUnpaidTtlMinutes: e.ORDER_UNPAID_TTL_MINUTES,
    /** Open unpaid orders one player may have at a time (ADR 0031). */
    orderMaxUnpaid: e.ORDER_MAX_UNPAID,
    /** Order creations one player may attempt per minute, counted across nodes (ADR 0031). */
    orderCreatesPerMinute: e.ORDER_CREATES_PER_MINUTE,
    /** Publisher API calls per key per minute, across nodes (ADR 0039). */
    publisherCallsPerMinute: e.PUBLISHER_CALLS_PER_MINUTE,
    /** The operator console (docs/console.md, ADR 0040). */
    console: Object.freeze({
      idleTimeoutSeconds: e.CONSOLE_IDLE_TIMEOUT_SECONDS,
      sessionHours: e.CONSOLE_SESSION_HOURS,
      /** Operators must enrol TOTP before anything else; always in production. */
      requireTwoFactor: e.NODE_ENV === 'production' || (e.CONSOLE_REQUIRE_TWO_FACTOR ?? false),
      /** Adjustments above this many HC Point need a second operator (ADR 0052). */
      adjustmentApprovalThreshold: e.ADJUSTMENT_APPROVAL_THRESHOLD,
    }),
    /** Console image uploads (docs/console.md#images). */
    images: Object.freeze({
      /** Largest accepted upload in bytes (IMAGE_MAX_BYTES). */
      maxBytes: e.IMAGE_MAX_BYTES,
      /** Where new uploads are stored (IMAGE_STORAGE; ADR 0051). */
      storage: e.IMAGE_STORAGE,
      /**
       * The bucket, when its settings are complete (required for IMAGE_STORAGE=s3; kept usable
       * with IMAGE_STORAGE=database so images stored there before are still served).
       */
      s3:
        e.S3_REGION !== undefined &&
        e.S3_BUCKET !== undefined &&
        e.S3_ACCESS_KEY_ID !== undefined &&
        e.S3_SECRET_ACCESS_KEY !== undefined
          ? Object.freeze({
              endpoint: e.S3_ENDPOINT,
              region: e.S3_REGION,
              bucket: e.S3_BUCKET,
              keyPrefix: e.S3_KEY_PREFIX,
              accessKeyId: e.S3_ACCESS_KEY_ID,
              secretAccessKey: e.S3_SECRET_ACCESS_KEY,
              forcePathStyle: e.S3_FORCE_PATH_STYLE,
            })
          : undefined,
    }),
    worker: Object.freeze({
      intervalMs: e.WORKER_INTERVAL_MS,
      deliveryMaxAttempts: e.DELIVERY_MAX_ATTEMPTS,
      backoffBaseMs: e.DELIVERY_BACKOFF_BASE_MS,
      backoffMaxMs: e.DELIVERY_BACKOFF_MAX_MS,
      leaseSeconds: e.DELIVERY_LEASE_SECONDS,
      /** Orders still unpaid with a checkout this old are checked with the provider. */
      paymentCheckAfterMinutes: e.PAYMENT_CHECK_AFTER_MINUTES,
      /** The worker deletes verified payment events older than this (ADR 0032). */
      paymentEventsRetentionDays: e.PAYMENT_EVENTS_RETENTION_DAYS,
    }),
    analytics: Object.freeze({
      /**
       * HMAC secret from which per-session analytics keys are derived (ADR 0022). Required in
       * production; outside it a fixed development value. Never derived from PAYLOAD_KEY.
       */
      signingSecret: e.ANALYTICS_SIGNING_SECRET ?? DEV_ANALYTICS_SIGNING_SECRET,
      /** Stored events older than this are deleted by the worker. */
      retentionDays: e.ANALYTICS_RETENTION_DAYS,
      /** Collector batches accepted per device id per minute (across nodes). */
      deviceBatchesPerMinute: e.ANALYTICS_DEVICE_BATCHES_PER_MINUTE,
      /** Collector events accepted per client IP per minute (across nodes; NAT shares one). */
      ipEventsPerMinute: e.ANALYTICS_IP_EVENTS_PER_MINUTE,
      /** Collector events accepted per analytics session (sid) per minute (across nodes). */
      sessionEventsPerMinute: e.ANALYTICS_SESSION_EVENTS_PER_MINUTE,
      /** Lifetime of a per-session analytics key. */
      sessionHours: e.ANALYTICS_SESSION_HOURS,
      /**
       * Origins of external loggers (gameInfo.customConfig.loggerUrl) the page may post to; added
       * to the CSP's connect-src, which otherwise allows only the portal itself.
       */
      loggerOrigins: Object.freeze<string[]>([...(e.ANALYTICS_LOGGER_ORIGINS ?? [])]),
    }),
  });
}

/** Variables another one asks for (config/variables.ts requiredWhen), e.g. a provider's keys. */
function requiredWhenProblems(input: Env, parsed: Readonly<Record<string, unknown>>): Problem[] {
  const problems: Problem[] = [];
  for (const name of CONFIG_VARIABLES) {
    const condition = variable(name).requiredWhen;
    if (condition !== undefined && input[name] === undefined && condition.holds(parsed))
      problems.push({ variable: name, message: `is required when ${condition.label}` });
  }
  return problems;
}

/**
 * The server secrets (ADR 0027). In production each must be set and must not be its published
 * development value. Everywhere, DATA_KEY and the secrets may not equal PAYLOAD_KEY, which
 * every visitor receives. Works on the raw input.
 */
function secretProblems(input: Env, production: boolean): Problem[] {
  const problems: Problem[] = [];
  const keyBytes = (v: string) => Buffer.from(v, 'base64').toString('hex');
  const dataKeys = (v: string | undefined): string[] => {
    try {
      return v === undefined ? [] : parseDataKeyring(v).map((k) => keyBytes(k.key));
    } catch {
      return []; // reported by the schema
    }
  };
  if (production) {
    for (const name of CONFIG_VARIABLES) {
      const required = variable(name).production;
      if (required === undefined) continue;
      const value = input[name];
      if (value === undefined)
        problems.push({
          variable: name,
          message: `is required when NODE_ENV=production (${required.hint})`,
        });
      else if (
        value === required.devValue ||
        (name === 'DATA_KEY' &&
          dataKeys(value).some((k) => dataKeys(required.devValue).includes(k)))
      )
        problems.push({
          variable: name,
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
  for (const name of ['CODE_HASH_SECRET', 'ANALYTICS_SIGNING_SECRET'])
    if (input[name] !== undefined && input[name] === payloadKey)
      problems.push({
        variable: name,
        message: 'must not equal PAYLOAD_KEY, which is public (sent to every browser)',
      });
  return problems;
}

/**
 * What production must never do by default (ADR 0032): seed the demo account and gift code
 * (published credentials), keep and show messages at /dev/outbox (every verification code, to
 * anyone), run the sandbox identity provider (anyone signs in as anyone; ADR 0044), or run the
 * sandbox payment provider (test cards that pay for real items) unless asked for
 * with a webhook secret of its own.
 */
function productionSafetyProblems(input: Env, e: Partial<ParsedEnv>): Problem[] {
  if (e.NODE_ENV !== 'production') return [];
  const problems: Problem[] = [];
  if (e.SEED_DEMO === true)
    problems.push({
      variable: 'SEED_DEMO',
      message:
        'must not be true when NODE_ENV=production: it creates the demo account and gift code, ' +
        'whose credentials are published (use `npm run portal -- seed-demo` on a test database)',
    });
  if (e.DEV_OUTBOX === true)
    problems.push({
      variable: 'DEV_OUTBOX',
      message:
        'must not be true when NODE_ENV=production: /dev/outbox would show every verification ' +
        'code to anyone',
    });
  if (e.SOCIAL_SANDBOX === true)
    problems.push({
      variable: 'SOCIAL_SANDBOX',
      message:
        'must not be true when NODE_ENV=production: the sandbox identity provider lets anyone ' +
        'sign in as anyone (it is for the demo and tests only)',
    });
  if (e.SANDBOX_PAYMENTS === true) {
    if (input.SANDBOX_WEBHOOK_SECRET === undefined)
      problems.push({
        variable: 'SANDBOX_WEBHOOK_SECRET',
        message:
          'is required when SANDBOX_PAYMENTS=true and NODE_ENV=production (the sandbox takes ' +
          'test cards: turn it on only for a test deployment; `openssl rand -base64 32`)',
      });
    else if (input.SANDBOX_WEBHOOK_SECRET === PUBLISHED_SANDBOX_WEBHOOK_SECRET)
      problems.push({
        variable: 'SANDBOX_WEBHOOK_SECRET',
        message: 'is the published development value; generate your own for production',
      });
  }
  return problems;
}

/** Payment providers; the chosen provider's settings were checked (requiredWhen). */
function paymentsConfig(e: ParsedEnv) {
  // In production the sandbox is off unless SANDBOX_PAYMENTS=true (with its own webhook secret,
  // productionSafetyProblems); a method left on `sandbox` is then simply not offered.
  const sandboxEnabled = e.SANDBOX_PAYMENTS ?? e.NODE_ENV !== 'production';
  // Unset: random per process, so no webhook signed with a value from the source is accepted.
  // Processes that must agree (a test harness signing webhooks itself, several nodes behind one
  // URL) set SANDBOX_WEBHOOK_SECRET.
  const sandboxSecret = e.SANDBOX_WEBHOOK_SECRET ?? randomBytes(32).toString('base64url');
  return Object.freeze({
    /** Which provider takes card payments and which takes PayPal. */
    card: e.PAYMENT_CARD_PROVIDER,
    paypal: e.PAYMENT_PAYPAL_PROVIDER,
    /**
     * The built-in sandbox provider: off in production unless SANDBOX_PAYMENTS=true with an
     * explicit secret; the webhook secret is random per process when SANDBOX_WEBHOOK_SECRET is unset.
     */
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

/**
 * Social providers, each present when its client id is set (its other settings: requiredWhen).
 * With SOCIAL_SANDBOX, every provider left unset gets the sandbox identity provider's settings
 * (config/social-sandbox.ts); `sandbox` lists those providers.
 */
function socialConfig(e: ParsedEnv, publicBaseUrl: string) {
  const sandbox = e.SOCIAL_SANDBOX ? sandboxSocialSettings(publicBaseUrl) : undefined;
  const sandboxed: SocialProvider[] = [];
  const orSandbox = <T>(
    provider: SocialProvider,
    configured: T | undefined,
    fill: (settings: NonNullable<typeof sandbox>) => T,
  ): T | undefined => {
    if (configured !== undefined || sandbox === undefined) return configured;
    sandboxed.push(provider);
    return fill(sandbox);
  };
  const configured = {
    /** A first social sign-in creates an account; false -> not found (appleId=false). */
    signup: e.SOCIAL_SIGNUP,
    google:
      e.GOOGLE_CLIENT_ID !== undefined
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET ?? '',
            issuer: e.GOOGLE_ISSUER,
          }
        : undefined,
    /** The client secret is an ES256 JWT signed with `privateKey` (PEM PKCS#8). */
    apple:
      e.APPLE_CLIENT_ID !== undefined
        ? {
            clientId: e.APPLE_CLIENT_ID,
            issuer: e.APPLE_ISSUER,
            teamId: e.APPLE_TEAM_ID ?? '',
            keyId: e.APPLE_KEY_ID ?? '',
            // Env files often carry a PEM on one line with literal \n.
            privateKey: (e.APPLE_PRIVATE_KEY ?? '').replace(/\\n/g, '\n'),
          }
        : undefined,
    facebook:
      e.FACEBOOK_APP_ID !== undefined
        ? {
            appId: e.FACEBOOK_APP_ID,
            appSecret: e.FACEBOOK_APP_SECRET ?? '',
            authUrl: e.FACEBOOK_AUTH_URL,
            tokenUrl: e.FACEBOOK_TOKEN_URL,
            userinfoUrl: e.FACEBOOK_USERINFO_URL,
          }
        : undefined,
    wechat:
      e.WECHAT_APP_ID !== undefined
        ? {
            appId: e.WECHAT_APP_ID,
            appSecret: e.WECHAT_APP_SECRET ?? '',
            authUrl: e.WECHAT_AUTH_URL,
            tokenUrl: e.WECHAT_TOKEN_URL,
            userinfoUrl: e.WECHAT_USERINFO_URL,
          }
        : undefined,
  };
  return Object.freeze({
    ...configured,
    google: orSandbox('google', configured.google, (s) => s.google),
    apple: orSandbox('apple', configured.apple, (s) => s.apple()),
    facebook: orSandbox('facebook', configured.facebook, (s) => s.facebook),
    wechat: orSandbox('wechat', configured.wechat, (s) => s.wechat),
    /** The providers served by the sandbox identity provider (SOCIAL_SANDBOX), or undefined. */
    sandbox:
      sandbox === undefined ? undefined : Object.freeze({ providers: Object.freeze(sandboxed) }),
  });
}
