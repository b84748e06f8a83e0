// The server's configuration: the only module that reads process.env. Parsed once with zod,
// frozen; a bad value names every bad variable at once (DESIGN §3).
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** Fixed development key for SPEC §5 payload encryption; refused when NODE_ENV=production. */
export const DEV_PAYLOAD_KEY = 'aGMtcG9ydGFsLWRldmVsb3BtZW50LWtleS0zMmJ5dGU=';

// apps/server (both from src/config.ts and from the bundled dist/main.js).
const serverPackageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], { error: 'must be true or false' })
    .optional()
    .transform((v) => (v === undefined ? fallback : ['true', '1', 'yes', 'on'].includes(v)));

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

/** TRUST_PROXY: true/false, a hop count, or a comma-separated list of addresses/CIDRs. */
const trustProxy = z
  .string()
  .optional()
  .transform((v, ctx): boolean | number | string[] => {
    if (v === undefined || v === 'false' || v === '0') return false;
    if (v === 'true') return true;
    if (/^\d+$/.test(v)) return Number(v);
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
        message: 'must be true, false, a hop count, or a comma-separated list of IPs/CIDRs',
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
  SITE_TITLE: z.string().min(1).max(100).default('HC Portal'),
  CUSTOMER_SERVICE_URL: urlWith(['https:', 'http:', 'mailto:']).default(
    'https://support.example.com/',
  ),
  IOS_BLOCK: bool(true),
  WEB_DIST_DIR: z.string().min(1).optional(),
  BODY_LIMIT_BYTES: int(65536, 1024, 10 * 1024 * 1024),
  SEED_DEMO: bool(true),
  TRUST_PROXY: trustProxy,
  SESSION_IDLE_MINUTES: int(120, 1, 60 * 24 * 30),
  SESSION_ABSOLUTE_DAYS: int(30, 1, 365),
  REDIS_URL: urlWith(['redis:', 'rediss:']).optional(),
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
  /** base64 of 32 bytes (SPEC §5 payload encryption, sent to the web by /api/setting/init). */
  readonly payloadKey: string;
  readonly siteTitle: string;
  readonly customerServiceUrl: string;
  /** SPEC §1: iOS users see a not-supported message. */
  readonly iosBlock: boolean;
  /** Absolute path of the built web app. */
  readonly webDistDir: string;
  readonly bodyLimitBytes: number;
  readonly seedDemo: boolean;
  readonly trustProxy: boolean | number | readonly string[];
  readonly sessionIdleMinutes: number;
  readonly sessionAbsoluteDays: number;
  readonly redisUrl: string | undefined;
}

/** Variables whose values are secrets: never echoed in error messages. */
const SECRET_VARS = new Set(['PAYLOAD_KEY', 'DATABASE_URL', 'REDIS_URL']);

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
  if (nodeEnv === 'production' && input.PAYLOAD_KEY === undefined) {
    problems.push({
      variable: 'PAYLOAD_KEY',
      message: 'is required when NODE_ENV=production (32 random bytes, base64)',
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
    siteTitle: e.SITE_TITLE,
    customerServiceUrl: e.CUSTOMER_SERVICE_URL,
    iosBlock: e.IOS_BLOCK,
    webDistDir: resolve(e.WEB_DIST_DIR ?? resolve(serverPackageDir, '../web/dist')),
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    seedDemo: e.SEED_DEMO,
    trustProxy: Array.isArray(e.TRUST_PROXY) ? Object.freeze([...e.TRUST_PROXY]) : e.TRUST_PROXY,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionAbsoluteDays: e.SESSION_ABSOLUTE_DAYS,
    redisUrl: e.REDIS_URL,
  });
}

/** main.ts entry: the one place process.env is read. */
export function loadConfigFromProcess(): Config {
  return loadConfig(process.env);
}
