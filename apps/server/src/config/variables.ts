// Every environment variable the server reads, declared once (ADR 0035): its zod schema and
// default, a one-line description, its group in the docs, whether its value is a secret (never
// echoed in error messages) and whether it is required (in production, or when another variable
// asks for it). apps/server/src/config.ts parses and checks against this table and maps it into
// the nested Config; .env.example and docs/configuration.md are generated from it
// (`npm run config:docs`, apps/server/src/config/docs.ts).
import { z } from 'zod';
import {
  DataKeyringError,
  isBase64Key32,
  parseDataKeyring,
  type DataKey,
} from '../lib/data-cipher';

/** Fixed development key of the payload encryption; refused when NODE_ENV=production. */
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

/** Sections of docs/configuration.md and .env.example, in this order. */
export const GROUPS = {
  server: 'Server',
  storage: 'Database and Redis',
  secrets: 'Keys and server secrets',
  http: 'HTTP: proxies, limits and timeouts',
  signIn: 'Sessions, email and SMS',
  social: 'Social sign-in',
  topUp: 'Top-up: game gateways, payments, orders and delivery',
  analytics: 'Analytics',
  console: 'Operator console',
} as const;
export type Group = keyof typeof GROUPS;

/** "Required when ...": checked on the parsed values of the other variables. */
export interface Condition {
  /** For the message `is required when <label>` and the docs. */
  readonly label: string;
  readonly holds: (parsed: Readonly<Record<string, unknown>>) => boolean;
}

export interface Variable {
  readonly group: Group;
  readonly schema: z.ZodType;
  /** The default as a value (what `NAME=` would mean); undefined: see defaultNote, else unset. */
  readonly default?: string;
  /** The default in words, when it is not a fixed value. */
  readonly defaultNote?: string;
  /** The accepted values, from the schema helper (e.g. "integer, 1 to 200"). */
  readonly format?: string;
  /** One line. */
  readonly description: string;
  /** Never echoed in error messages. */
  readonly secret?: boolean;
  /** Required when NODE_ENV=production: how to make one, and the published value refused there. */
  readonly production?: { readonly hint: string; readonly devValue: string };
  readonly requiredWhen?: Condition;
  /** A sample value for .env.example and the docs (never for secrets). */
  readonly example?: string;
}

const TRUE_FALSE = ['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'] as const;

/** A true/false variable. */
function flag(fallback: boolean) {
  return {
    schema: z
      .enum(TRUE_FALSE, { error: 'must be true or false' })
      .optional()
      .transform((v) => (v === undefined ? fallback : ['true', '1', 'yes', 'on'].includes(v))),
    default: String(fallback),
    format: 'true or false',
  };
}

/** A true/false variable whose default depends on NODE_ENV: undefined when unset. */
function flagByEnvironment(defaultNote: string) {
  return {
    schema: z
      .enum(TRUE_FALSE, { error: 'must be true or false' })
      .optional()
      .transform((v) => (v === undefined ? undefined : ['true', '1', 'yes', 'on'].includes(v))),
    defaultNote,
    format: 'true or false',
  };
}

function integer(fallback: number, min: number, max: number) {
  return {
    schema: z
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
      }),
    default: String(fallback),
    format: `integer, ${min} to ${max}`,
  };
}

/** "a or b", "a, b or c", "one of a, b, c, d". */
function choiceList(values: readonly string[], code = false): string {
  const shown = values.map((v) => (code ? `\`${v}\`` : v));
  if (shown.length > 3) return `one of ${shown.join(', ')}`;
  return `${shown.slice(0, -1).join(', ')} or ${shown.at(-1)}`;
}

function oneOf<const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) {
  return {
    schema: z.enum(values, { error: `must be ${choiceList(values)}` }).default(fallback),
    default: fallback,
    format: choiceList(values, true),
  };
}

/** A string schema with a default. */
function withDefault(schema: z.ZodString, fallback: string) {
  return { schema: schema.default(fallback), default: fallback };
}

function urlWith(protocols: readonly string[]) {
  const list = protocols.map((p) => `${p}//`).join(' or ');
  return z.string().refine(
    (v) => {
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL starting with ${list}` },
  );
}

function url(protocols: readonly string[]) {
  return {
    schema: urlWith(protocols).optional(),
    format: `a URL starting with ${choiceList(
      protocols.map((p) => (p === 'mailto:' ? p : `${p}//`)),
      true,
    )}`,
  };
}

function urlWithDefault(protocols: readonly string[], fallback: string) {
  return { ...url(protocols), schema: urlWith(protocols).default(fallback), default: fallback };
}

const text = () => ({ schema: z.string().min(1).optional() });

const hexColor = () => z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour #rrggbb');

const secretText = (min: number, message?: string) => ({
  schema: z.string().min(min, message).optional(),
  secret: true,
});

const whenSet = (name: string): Condition => ({
  label: `${name} is set`,
  holds: (parsed) => parsed[name] !== undefined,
});
const whenEquals = (name: string, value: string): Condition => ({
  label: `${name}=${value}`,
  holds: (parsed) => parsed[name] === value,
});

const payloadKey = z
  .string()
  .optional()
  .refine((v) => v === undefined || isBase64Key32(v), {
    message: 'must be 32 bytes encoded as base64 (e.g. `openssl rand -base64 32`)',
  });

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

/**
 * GAME_GATEWAYS: JSON {"<gameId>": {"url": "https://...", "secret": "...", "credentials"?:
 * "portal" | "game"}} (docs/game-gateway.md). `credentials: "game"`: the game keeps its players'
 * passwords and the portal's account + password sign-in asks it (gateway `verifyCredentials`).
 */
const gatewaySchema = z.object({
  url: z.string().refine((v) => /^https?:\/\//.test(v), 'url must start with http:// or https://'),
  secret: z.string().min(16, 'secret must have at least 16 characters'),
  credentials: z.enum(['portal', 'game']).optional(),
});
export type GatewayEntry = z.infer<typeof gatewaySchema>;
const gatewaysJson = z
  .string()
  .optional()
  .transform((v, ctx): Record<string, GatewayEntry> => {
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

const loggerOrigins = z
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
  .optional();

const HTTP = ['https:', 'http:'] as const;
const RANDOM_SECRET = '32+ random characters: `openssl rand -base64 32`';
const BY_ENVIRONMENT = 'true; false when NODE_ENV=production';

export const VARIABLES = {
  // --- Server
  NODE_ENV: {
    group: 'server',
    ...oneOf(['development', 'test', 'production'], 'development'),
    description:
      '`production` requires the server secrets, turns off the contract checks of API results, ' +
      'seeds no demo data, refuses development-only settings and does not read `.env`.',
  },
  HOST: {
    group: 'server',
    ...withDefault(z.string().min(1), '127.0.0.1'),
    description: 'Address to listen on; `0.0.0.0` accepts connections from other machines.',
  },
  PORT: {
    group: 'server',
    ...integer(8080, 0, 65535),
    description: 'TCP port to listen on (0 picks a free port).',
  },
  DATA_DIR: {
    group: 'storage',
    ...withDefault(z.string().min(1), './data'),
    description:
      'Directory of the embedded database (PGlite, in `DATA_DIR/pgdata`) and its lock file: one ' +
      'server process at a time; not used for the database when `DATABASE_URL` is set. Relative ' +
      'to the working directory.',
  },
  DATABASE_URL: {
    group: 'storage',
    ...url(['postgres:', 'postgresql:']),
    secret: true,
    description:
      'PostgreSQL connection URL; when set it is used instead of the embedded database, and ' +
      'several api/worker nodes can share it.',
    example: 'postgres://postgres@127.0.0.1:5432/hc_portal',
  },
  DB_POOL_SIZE: {
    group: 'storage',
    ...integer(10, 1, 200),
    description: 'Connections per node in the PostgreSQL pool (the embedded database uses 1).',
  },
  LOG_LEVEL: {
    group: 'server',
    ...oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'info'),
    description: 'pino log level; logs are JSON lines on stdout, with request ids.',
  },
  METRICS_TOKEN: {
    group: 'server',
    ...secretText(32, 'must be at least 32 characters'),
    defaultNote: 'unset (`/metrics` is off)',
    description:
      'Bearer token of `/metrics` (32+ characters; ADR 0036); unset: `/metrics` answers 404.',
  },
  PAYLOAD_KEY: {
    group: 'secrets',
    schema: payloadKey,
    secret: true,
    defaultNote: 'a fixed development key',
    production: {
      hint: '32 random bytes, base64: `openssl rand -base64 32`',
      devValue: DEV_PAYLOAD_KEY,
    },
    format: '32 bytes, base64',
    description:
      'Key of the payload encryption between the web app and the API (AES-256-GCM). Not a secret ' +
      'from players: `/api/setting/init` sends it to every browser, and no server secret derives ' +
      'from it (ADR 0027).',
  },
  DATA_KEY: {
    group: 'secrets',
    schema: dataKeyring,
    secret: true,
    defaultNote: 'a fixed development key',
    production: {
      hint: '`<key id>:<32 random bytes base64>`, e.g. `k1:` + `openssl rand -base64 32`',
      devValue: DEV_DATA_KEY,
    },
    format: 'comma-separated `<key id>:<32 bytes base64>`',
    description:
      'Keyring that encrypts personal data at rest; the first key encrypts, every listed key ' +
      'decrypts (rotation: docs/configuration.md).',
  },
  CODE_HASH_SECRET: {
    group: 'secrets',
    ...secretText(32, 'must be at least 32 characters'),
    defaultNote: 'a fixed development value',
    production: { hint: RANDOM_SECRET, devValue: DEV_CODE_HASH_SECRET },
    format: '32+ characters',
    description:
      'HMAC key of stored verification codes; changing it voids only the codes sent in the last ' +
      '10 minutes.',
  },
  SITE_TITLE: {
    group: 'server',
    ...withDefault(z.string().min(1).max(100), 'HC Portal'),
    format: '1 to 100 characters',
    description: 'Site title shown after each page title (`{page} - {SITE_TITLE}`).',
  },
  BRAND_PRIMARY_COLOR: {
    group: 'server',
    schema: hexColor().optional(),
    format: 'a colour #rrggbb',
    description:
      'Brand colour of buttons, links and selected choices; the web derives its ten shades ' +
      '(docs/theming.md). Unset: the portal violet.',
  },
  BRAND_ACCENT_COLOR: {
    group: 'server',
    schema: hexColor().optional(),
    format: 'a colour #rrggbb',
    description: 'Accent colour of the call-to-action buttons (dark text on it). Unset: gold.',
  },
  BRAND_DARK_COLOR: {
    group: 'server',
    schema: hexColor().optional(),
    format: 'a colour #rrggbb',
    description:
      'Dark surface of the header, footer and banner backdrop (white text on it). Unset: night violet.',
  },
  BRAND_LOGO_URL: {
    group: 'server',
    ...withDefault(
      z
        .string()
        .max(500)
        .regex(/^\/(?!\/)\S*$/, 'must be a path on this site, starting with /'),
      '/favicon.svg',
    ),
    format: 'a path on this site starting with / (e.g. /media/<sha256>.png from the console)',
    description:
      'Logo in the header, the footer and the boot shell. Same-origin only: the CSP allows ' +
      'images from this site alone.',
  },
  BRAND_FONT_FAMILY: {
    group: 'server',
    schema: z
      .string()
      .max(300)
      .regex(/^[\w\s,'"-]+$/, 'must be a CSS font-family list (letters, spaces, quotes, commas)')
      .optional(),
    format: 'a CSS font-family list, e.g. "Nunito", system-ui, sans-serif',
    description:
      'Font of the player pages, put before the per-language CJK and Thai faces. The fonts must ' +
      "be installed on the players' devices or served by you (the CSP allows same-origin fonts).",
  },
  CUSTOMER_SERVICE_URL: {
    group: 'server',
    ...urlWithDefault(['https:', 'http:', 'mailto:'], 'https://support.example.com/'),
    description: 'Customer-support link given to the web app.',
  },
  IOS_BLOCK: {
    group: 'server',
    ...flag(true),
    description: 'iOS visitors see the not-supported message.',
  },
  WEB_DIST_DIR: {
    group: 'server',
    schema: z.string().min(1).optional(),
    defaultNote: '`apps/web/dist` beside the server package',
    description: 'Directory of the built web app (`index.html`, `assets/`).',
  },
  CONSOLE_DIST_DIR: {
    group: 'server',
    schema: z.string().min(1).optional(),
    defaultNote: '`apps/console/dist` beside the server package',
    description:
      'Directory of the built operator console, served at `/console` (`index.html`, `assets/`).',
  },
  BODY_LIMIT_BYTES: {
    group: 'http',
    ...integer(65536, 1024, 10 * 1024 * 1024),
    description: 'Largest accepted request body in bytes; larger bodies get PayloadTooLarge.',
  },
  SEED_DEMO: {
    group: 'server',
    ...flagByEnvironment(BY_ENVIRONMENT),
    description:
      'Fill an empty database with demo data at start (Demo Game, the account demo / demo1234, ' +
      'a bulletin). Refused in production: for a test deployment run ' +
      '`npm run portal -- seed-demo --allow-production` (ADR 0032).',
  },
  TRUST_PROXY: {
    group: 'http',
    schema: trustProxy,
    default: 'false',
    format: 'false, a hop count (0 to 20) or a comma-separated list of IPs/CIDRs',
    description:
      'Behind a reverse proxy: the number of proxies in front of the portal, or their addresses; ' +
      'the client IP is then the X-Forwarded-For entry they added. `true` is refused: any client ' +
      'could choose its own IP (docs/deploy.md).',
  },
  // Connection limits of the HTTP server (ADR 0030).
  REQUEST_TIMEOUT_MS: {
    group: 'http',
    ...integer(30_000, 100, 600_000),
    description:
      "A request's headers and body must arrive within this many ms, else 408 and the " +
      'connection closes.',
  },
  HEADERS_TIMEOUT_MS: {
    group: 'http',
    ...integer(15_000, 100, 600_000),
    description: 'The request headers must arrive within this many ms; at most REQUEST_TIMEOUT_MS.',
  },
  KEEP_ALIVE_TIMEOUT_MS: {
    group: 'http',
    ...integer(5_000, 100, 600_000),
    description:
      'An idle keep-alive connection closes after this many ms; behind a load balancer that ' +
      "reuses connections, set it above the balancer's idle timeout.",
  },
  MAX_CONNECTIONS_PER_IP: {
    group: 'http',
    ...integer(200, 0, 1_000_000),
    description:
      'Open connections one client address may hold (0: no cap). Behind a proxy every ' +
      "connection comes from the proxy's address: raise it or set 0 and cap at the proxy " +
      '(docs/deploy.md).',
  },
  SESSION_IDLE_MINUTES: {
    group: 'signIn',
    ...integer(120, 1, 60 * 24 * 30),
    description: 'A session without "remember me" ends after this many minutes without a request.',
  },
  SESSION_ABSOLUTE_DAYS: {
    group: 'signIn',
    ...integer(30, 1, 365),
    description: 'Every session ends this many days after login, however active.',
  },
  ACCOUNT_DELETION_GRACE_DAYS: {
    group: 'signIn',
    ...integer(14, 1, 90),
    description:
      'Days between a player asking to delete their account and its erasure; signing in ' +
      'during them cancels the deletion (ADR 0049).',
  },
  REDIS_URL: {
    group: 'storage',
    ...url(['redis:', 'rediss:']),
    secret: true,
    description:
      'Redis for the per-minute rate counters shared across nodes (analytics session keys and ' +
      'batches, order creations); unset: they live in the database. Login, code and gift-code ' +
      'limits always use the database.',
    example: 'redis://127.0.0.1:6379',
  },
  // Sign-in, email and SMS.
  SESSION_SINGLE_DEVICE: {
    group: 'signIn',
    ...flag(true),
    description:
      "A new login ends the account's other sessions; the old device gets tokenFail (account " +
      'accessed on another device).',
  },
  SMTP_URL: {
    group: 'signIn',
    ...url(['smtp:', 'smtps:']),
    secret: true,
    description:
      'Mail for verification codes: `smtp://user:pass@host:587` (STARTTLS when offered) or ' +
      '`smtps://user:pass@host:465`; unset: no email is sent.',
  },
  MAIL_FROM: {
    group: 'signIn',
    ...withDefault(z.string().min(3), 'HC Portal <no-reply@example.com>'),
    description: 'Sender of verification-code mail.',
  },
  SMS_BASE_URL: {
    group: 'signIn',
    ...urlWithDefault(HTTP, 'https://api.twilio.com'),
    description:
      "Twilio's REST API base (or any service speaking its `Messages.json` shape); tests point it " +
      'at a local server.',
  },
  TWILIO_ACCOUNT_SID: {
    group: 'signIn',
    ...text(),
    description:
      'Twilio account SID (starts with AC). SMS is on only when TWILIO_ACCOUNT_SID, ' +
      'TWILIO_AUTH_TOKEN and SMS_FROM are all set.',
    example: 'ACxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
  },
  TWILIO_AUTH_TOKEN: {
    group: 'signIn',
    ...secretText(1),
    description: 'Twilio auth token.',
  },
  SMS_FROM: {
    group: 'signIn',
    ...text(),
    description: 'SMS sender: an E.164 number or a messaging service name.',
    example: '+15550000000',
  },
  SIGN_UP_ENABLED: {
    group: 'signIn',
    ...flag(false),
    description:
      'Players may create an account on the portal (`/signup`: login name, password, email or ' +
      'phone checked by code, birthday, terms and privacy accepted); `npm start` turns it on ' +
      'outside production. Off: players arrive from their game (docs/publisher-api.md, ADR 0042).',
  },
  TERMS_VERSION: {
    group: 'signIn',
    ...withDefault(z.string().regex(/^[\w.-]{1,32}$/), '2026-01'),
    description:
      'Version of the terms of service a sign-up accepts (stored on the account with the time); ' +
      'change it when the terms page changes.',
  },
  PRIVACY_VERSION: {
    group: 'signIn',
    ...withDefault(z.string().regex(/^[\w.-]{1,32}$/), '2026-01'),
    description:
      'Version of the privacy notice a sign-up accepts (stored on the account with the time).',
  },
  DEV_OUTBOX: {
    group: 'signIn',
    ...flag(false),
    description:
      'Keep every email and SMS and list them at `/dev/outbox` and `/dev/outbox.json` for ' +
      'testers; `npm start` turns it on outside production. Refused in production: anyone could ' +
      'read the codes (ADR 0032).',
  },
  // Social sign-in: a provider is enabled by setting its client id.
  PUBLIC_BASE_URL: {
    group: 'social',
    ...url(HTTP),
    defaultNote: '`http://HOST:PORT`',
    description:
      "The portal's external origin, used to build OAuth redirect URIs " +
      '(`{PUBLIC_BASE_URL}/api/oauth/<provider>/callback`); set it behind a proxy.',
    example: 'https://portal.example.com',
  },
  SOCIAL_SIGNUP: {
    group: 'social',
    ...flag(true),
    description:
      'A first social sign-in creates an account (named `<provider>_<10 hex>`, no password); ' +
      '`false`: only already-linked identities sign in (Apple then returns to ' +
      '`/main/home?appleId=false`).',
  },
  SOCIAL_SANDBOX: {
    group: 'social',
    ...flag(false),
    description:
      'The built-in sandbox identity provider (test mode, docs/sign-in.md): Google, Apple, ' +
      'Facebook and WeChat sign-in against pages of this server at `/dev/sandbox-idp/`, for ' +
      'every provider whose client id is unset. `npm start` turns it on outside production. ' +
      'Refused in production: anyone could sign in as anyone.',
  },
  GOOGLE_CLIENT_ID: {
    group: 'social',
    ...text(),
    description: 'Google OAuth client id (type "Web application"); setting it turns Google on.',
  },
  GOOGLE_CLIENT_SECRET: {
    group: 'social',
    ...secretText(1),
    requiredWhen: whenSet('GOOGLE_CLIENT_ID'),
    description: 'Google OAuth client secret.',
  },
  GOOGLE_ISSUER: {
    group: 'social',
    ...urlWithDefault(HTTP, 'https://accounts.google.com'),
    description: 'OpenID issuer, for discovery (tests point it at a local provider).',
  },
  APPLE_CLIENT_ID: {
    group: 'social',
    ...text(),
    description:
      'Apple Services ID (e.g. `com.example.portal.web`); setting it turns Sign in with Apple on.',
  },
  APPLE_TEAM_ID: {
    group: 'social',
    ...text(),
    requiredWhen: whenSet('APPLE_CLIENT_ID'),
    description: 'Apple developer team id.',
  },
  APPLE_KEY_ID: {
    group: 'social',
    ...text(),
    requiredWhen: whenSet('APPLE_CLIENT_ID'),
    description: 'Id of the "Sign in with Apple" key.',
  },
  APPLE_PRIVATE_KEY: {
    group: 'social',
    ...secretText(1),
    requiredWhen: whenSet('APPLE_CLIENT_ID'),
    description:
      'The `.p8` key (PEM; `\\n` escapes allowed) that signs the ES256 client-secret JWT.',
  },
  APPLE_ISSUER: {
    group: 'social',
    ...urlWithDefault(HTTP, 'https://appleid.apple.com'),
    description: 'OpenID issuer, for discovery.',
  },
  FACEBOOK_APP_ID: {
    group: 'social',
    ...text(),
    description: 'Facebook app id (Facebook Login product); setting it turns Facebook on.',
  },
  FACEBOOK_APP_SECRET: {
    group: 'social',
    ...secretText(1),
    requiredWhen: whenSet('FACEBOOK_APP_ID'),
    description: 'Facebook app secret.',
  },
  FACEBOOK_AUTH_URL: {
    group: 'social',
    ...urlWithDefault(HTTP, 'https://www.facebook.com/v19.0/dialog/oauth'),
    description: 'Facebook login dialog (tests point the endpoints at a local server).',
  },
  FACEBOOK_TOKEN_URL: {
    group: 'social',
    ...urlWithDefault(HTTP, 'https://graph.facebook.com/v19.0/oauth/access_token'),
    description: 'Facebook token endpoint.',
  },
  FACEBOOK_USERINFO_URL: {
    group: 'social',
    ...urlWithDefault(HTTP, 'https://graph.facebook.com/v19.0/me'),
    description: 'Facebook profile endpoint.',
  },
  WECHAT_APP_ID: {
    group: 'social',
    ...text(),
    description: 'WeChat Open Platform website application id; setting it turns WeChat on.',
  },
  WECHAT_APP_SECRET: {
    group: 'social',
    ...secretText(1),
    requiredWhen: whenSet('WECHAT_APP_ID'),
    description: 'WeChat app secret.',
  },
  WECHAT_AUTH_URL: {
    group: 'social',
    ...urlWithDefault(HTTP, 'https://open.weixin.qq.com/connect/qrconnect'),
    description: 'WeChat QR-connect page.',
  },
  WECHAT_TOKEN_URL: {
    group: 'social',
    ...urlWithDefault(HTTP, 'https://api.weixin.qq.com/sns/oauth2/access_token'),
    description: 'WeChat token endpoint.',
  },
  WECHAT_USERINFO_URL: {
    group: 'social',
    ...urlWithDefault(HTTP, 'https://api.weixin.qq.com/sns/userinfo'),
    description: 'WeChat profile endpoint.',
  },
  // Top-up: game gateways, payment providers, orders and the delivery worker.
  GAME_GATEWAYS: {
    group: 'topUp',
    schema: gatewaysJson,
    secret: true,
    defaultNote: 'unset (no game reachable)',
    format:
      'JSON `{"<gameId>": {"url": "https://...", "secret": "16+ characters", "credentials": "portal"}}` (`credentials` optional: `portal` or `game`)',
    description:
      'Game gateway per game id (docs/game-gateway.md); `npm start` points it at the demo game.',
    example: '{"1001":{"url":"http://127.0.0.1:8091","secret":"change-me-16-chars-min"}}',
  },
  GATEWAY_TIMEOUT_MS: {
    group: 'topUp',
    ...integer(5000, 100, 120_000),
    description: 'Timeout of one game gateway call in ms.',
  },
  PAYMENT_CARD_PROVIDER: {
    group: 'topUp',
    ...oneOf(['sandbox', 'stripe'], 'sandbox'),
    description: 'Provider of card payments: the built-in test checkout or Stripe.',
  },
  PAYMENT_PAYPAL_PROVIDER: {
    group: 'topUp',
    ...oneOf(['sandbox', 'paypal'], 'sandbox'),
    description: 'Provider of PayPal payments: the built-in test checkout or PayPal.',
  },
  SANDBOX_PAYMENTS: {
    group: 'topUp',
    ...flagByEnvironment(BY_ENVIRONMENT),
    description:
      'The built-in sandbox provider, whose test cards pay for real items. In production it is ' +
      'on only when true together with your own SANDBOX_WEBHOOK_SECRET (a test deployment).',
  },
  SANDBOX_WEBHOOK_SECRET: {
    group: 'topUp',
    ...secretText(16),
    defaultNote: 'random per process',
    format: '16+ characters',
    description:
      'Secret the sandbox signs and checks its webhooks with; set it when another process signs ' +
      'them (the fault suite, nodes behind one URL). Required for SANDBOX_PAYMENTS=true in ' +
      'production.',
  },
  STRIPE_SECRET_KEY: {
    group: 'topUp',
    ...secretText(1),
    requiredWhen: whenEquals('PAYMENT_CARD_PROVIDER', 'stripe'),
    description: 'Stripe secret key.',
  },
  STRIPE_WEBHOOK_SECRET: {
    group: 'topUp',
    ...secretText(1),
    requiredWhen: whenEquals('PAYMENT_CARD_PROVIDER', 'stripe'),
    description:
      'Signing secret of the webhook `{PUBLIC_BASE_URL}/api/payment/webhook/stripe` ' +
      '(`checkout.session.*`, `charge.refunded`).',
  },
  STRIPE_API_BASE: {
    group: 'topUp',
    ...url(HTTP),
    defaultNote: "unset (Stripe's own API)",
    description: 'Stripe API base (tests point it at a local stub).',
  },
  PAYPAL_CLIENT_ID: {
    group: 'topUp',
    ...text(),
    requiredWhen: whenEquals('PAYMENT_PAYPAL_PROVIDER', 'paypal'),
    description: 'PayPal REST app client id.',
  },
  PAYPAL_CLIENT_SECRET: {
    group: 'topUp',
    ...secretText(1),
    requiredWhen: whenEquals('PAYMENT_PAYPAL_PROVIDER', 'paypal'),
    description: 'PayPal REST app secret.',
  },
  PAYPAL_WEBHOOK_ID: {
    group: 'topUp',
    ...text(),
    requiredWhen: whenEquals('PAYMENT_PAYPAL_PROVIDER', 'paypal'),
    description: 'Id of the PayPal webhook `{PUBLIC_BASE_URL}/api/payment/webhook/paypal`.',
  },
  PAYPAL_BASE_URL: {
    group: 'topUp',
    ...urlWithDefault(HTTP, 'https://api-m.sandbox.paypal.com'),
    description: 'PayPal Orders v2 REST base; live: `https://api-m.paypal.com`.',
  },
  ORDER_UNPAID_TTL_MINUTES: {
    group: 'topUp',
    ...integer(30, 1, 60 * 24 * 7),
    description: 'Unpaid orders close (failed or timed out) after this many minutes.',
  },
  ORDER_MAX_UNPAID: {
    group: 'topUp',
    ...integer(5, 1, 100),
    description:
      'Open unpaid orders one player may have at once; asking again for the same item, role and ' +
      'payment method returns the open order (ADR 0031).',
  },
  PUBLISHER_CALLS_PER_MINUTE: {
    group: 'topUp',
    ...integer(600, 1, 1_000_000),
    description:
      "Publisher API calls one game's key may make per minute, counted across nodes (Redis when " +
      'REDIS_URL is set, else the database); over it: TooManyRequests with retry_after (ADR 0039).',
  },
  ORDER_CREATES_PER_MINUTE: {
    group: 'topUp',
    ...integer(20, 1, 10_000),
    description:
      'Order creations one player may attempt per minute, counted across nodes (in Redis when ' +
      'REDIS_URL is set, else in the database).',
  },
  WORKER_INTERVAL_MS: {
    group: 'topUp',
    ...integer(1000, 50, 60_000),
    description:
      'Worker poll interval in ms: the fallback. A committed job wakes the workers at once ' +
      '(ADR 0057); a lost wake-up delays a job by at most this interval.',
  },
  DELIVERY_MAX_ATTEMPTS: {
    group: 'topUp',
    ...integer(12, 1, 1000),
    description: 'Delivery attempts before a job goes to the dead-letter state.',
  },
  DELIVERY_BACKOFF_BASE_MS: {
    group: 'topUp',
    ...integer(2000, 10, 3_600_000),
    description: 'Base of the delivery retry backoff in ms (exponential, with full jitter).',
  },
  DELIVERY_BACKOFF_MAX_MS: {
    group: 'topUp',
    ...integer(300_000, 10, 86_400_000),
    description: 'Cap of the delivery retry backoff in ms.',
  },
  DELIVERY_LEASE_SECONDS: {
    group: 'topUp',
    ...integer(60, 1, 3600),
    description: 'A claimed delivery job is retried by another worker after this many seconds.',
  },
  PAYMENT_CHECK_AFTER_MINUTES: {
    group: 'topUp',
    ...integer(10, 1, 60 * 24),
    description: 'Unpaid orders with a checkout this old are checked with the provider.',
  },
  PAYMENT_EVENTS_RETENTION_DAYS: {
    group: 'topUp',
    ...integer(400, 90, 3650),
    description:
      'Verified payment events (webhooks) are deleted after this many days; they are the ' +
      'evidence for disputes and chargebacks raised months after a payment (ADR 0032).',
  },
  // Analytics (docs/analytics.md).
  ANALYTICS_SIGNING_SECRET: {
    group: 'secrets',
    ...secretText(32, 'must be at least 32 characters'),
    defaultNote: 'a fixed development value',
    production: { hint: RANDOM_SECRET, devValue: DEV_ANALYTICS_SIGNING_SECRET },
    format: '32+ characters',
    description:
      'Secret the per-session analytics signing keys derive from (ADR 0022); share it with an ' +
      'external logger that verifies the signatures.',
  },
  ANALYTICS_RETENTION_DAYS: {
    group: 'analytics',
    ...integer(90, 1, 3650),
    description: 'Stored analytics events are deleted after this many days.',
  },
  ANALYTICS_DEVICE_BATCHES_PER_MINUTE: {
    group: 'analytics',
    ...integer(30, 1, 10_000),
    description: 'Collector batches accepted per device per minute, across nodes.',
  },
  ANALYTICS_IP_EVENTS_PER_MINUTE: {
    group: 'analytics',
    ...integer(3000, 1, 1_000_000),
    description:
      'Collector events accepted per client IP per minute, across nodes (players behind one NAT ' +
      'share it; set TRUST_PROXY behind a load balancer).',
  },
  ANALYTICS_SESSION_EVENTS_PER_MINUTE: {
    group: 'analytics',
    ...integer(300, 1, 100_000),
    description: "Collector events accepted per analytics session (one page's key) per minute.",
  },
  ANALYTICS_SESSION_HOURS: {
    group: 'analytics',
    ...integer(12, 1, 24 * 7),
    description: 'Lifetime of a per-session analytics key, in hours.',
  },
  ANALYTICS_LOGGER_ORIGINS: {
    group: 'analytics',
    schema: loggerOrigins,
    format: 'comma-separated http(s) origins',
    description:
      "Origins of external loggers (a game's `loggerUrl` on another host); added to the " +
      "Content-Security-Policy's connect-src so the page may post there.",
    example: 'https://logs.example.com',
  },
  // The operator console (docs/console.md, ADR 0040).
  CONSOLE_IDLE_TIMEOUT_SECONDS: {
    group: 'console',
    ...integer(1800, 60, 86_400),
    description:
      'A console session ends after this many seconds without a call (sliding); it ends 12 hours ' +
      'after sign-in however active (CONSOLE_SESSION_HOURS).',
  },
  CONSOLE_SESSION_HOURS: {
    group: 'console',
    ...integer(12, 1, 24),
    description: 'Every console session ends this many hours after sign-in.',
  },
  CONSOLE_REQUIRE_TWO_FACTOR: {
    group: 'console',
    ...flagByEnvironment('true when NODE_ENV=production, else false'),
    description:
      'Operators without two-factor authentication get a session that may only enrol it or sign ' +
      'out. Cannot be turned off in production.',
  },
  IMAGE_MAX_BYTES: {
    group: 'console',
    ...integer(5 * 1024 * 1024, 1024, 50 * 1024 * 1024),
    description:
      'Largest image file an operator may upload in the console (bytes); larger files get ' +
      'ImageTooLarge (docs/console.md#images).',
  },
  // Where uploaded images are kept (docs/console.md#images, ADR 0051).
  IMAGE_STORAGE: {
    group: 'console',
    ...oneOf(['database', 's3'] as const, 'database'),
    description:
      'Where new console images are stored: the database, or an S3-compatible bucket (S3_*). ' +
      'Either way every node serves them at /media/<sha256>.<ext>.',
  },
  S3_ENDPOINT: {
    group: 'console',
    ...url(HTTP),
    defaultNote: "unset (AWS S3's own endpoint for S3_REGION)",
    description: 'Endpoint of an S3-compatible service (MinIO, Ceph, R2, …) for IMAGE_STORAGE=s3.',
    example: 'https://s3.example.com',
  },
  S3_REGION: {
    group: 'console',
    ...text(),
    requiredWhen: whenEquals('IMAGE_STORAGE', 's3'),
    description: 'Region of the bucket (its request signatures name it; MinIO: us-east-1).',
    example: 'eu-central-1',
  },
  S3_BUCKET: {
    group: 'console',
    ...text(),
    requiredWhen: whenEquals('IMAGE_STORAGE', 's3'),
    description: 'Bucket the images are written to (private: the portal serves them).',
    example: 'hc-portal-media',
  },
  S3_KEY_PREFIX: {
    group: 'console',
    ...withDefault(
      z.string().regex(/^[A-Za-z0-9._/-]*$/, 'letters, digits, . _ / - only'),
      'media/',
    ),
    description: 'Prefix of the object keys: `<prefix><sha256>.<ext>`.',
  },
  S3_ACCESS_KEY_ID: {
    group: 'console',
    ...text(),
    requiredWhen: whenEquals('IMAGE_STORAGE', 's3'),
    description: 'Access key id allowed to put, get and delete objects in S3_BUCKET.',
  },
  S3_SECRET_ACCESS_KEY: {
    group: 'console',
    ...secretText(1),
    requiredWhen: whenEquals('IMAGE_STORAGE', 's3'),
    description: 'Secret access key of S3_ACCESS_KEY_ID.',
  },
  S3_FORCE_PATH_STYLE: {
    group: 'console',
    ...flag(false),
    description:
      'Address the bucket as `<endpoint>/<bucket>/<key>` instead of `<bucket>.<endpoint>/<key>` ' +
      '(most self-hosted services, MinIO included, need true).',
  },
  ADJUSTMENT_APPROVAL_THRESHOLD: {
    group: 'console',
    ...integer(1000, 0, 100_000_000),
    description:
      'HC Point adjustments in the console larger than this many HC Point wait until a second ' +
      'operator approves them (docs/console.md#hc-point-adjustments); 0: every adjustment does.',
  },
} as const satisfies Record<string, Variable>;

export type VariableName = keyof typeof VARIABLES;

/** Every variable the server reads, in declaration order. */
export const CONFIG_VARIABLES = Object.keys(VARIABLES) as readonly VariableName[];

/** All variables as one zod object (each value parsed by its own schema). */
export const envSchema = z.object(
  Object.fromEntries(CONFIG_VARIABLES.map((name) => [name, VARIABLES[name].schema])) as {
    [K in VariableName]: (typeof VARIABLES)[K]['schema'];
  },
);
export type ParsedEnv = z.output<typeof envSchema>;

/** The declaration of one variable, without the literal types of the table. */
export function variable(name: VariableName): Variable {
  return VARIABLES[name];
}

/** Variables whose values are secrets: never echoed in error messages. */
export const SECRET_VARIABLES: ReadonlySet<string> = new Set(
  CONFIG_VARIABLES.filter((name) => variable(name).secret === true),
);
