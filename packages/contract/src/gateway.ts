// The game gateway protocol (docs/game-gateway.md): how the portal talks to a game's
// backend. HTTP POST JSON to `<url>/<call>`, signed with HMAC-SHA256 over `${timestamp}.${body}`.
// Web Crypto only, so the same code runs in Node and in browsers.
import { z } from 'zod';
import { toUnixSeconds } from './time';
import { builtOnFirstUse } from './lazy';

/** Header carrying the signing time, Unix seconds. */
export const GATEWAY_TIMESTAMP_HEADER = 'x-hc-timestamp';
/** Header carrying hex HMAC-SHA256(secret, `${timestamp}.${rawBody}`). */
export const GATEWAY_SIGNATURE_HEADER = 'x-hc-signature';
/** A receiver rejects requests signed more than this far from its own clock. */
export const GATEWAY_TOLERANCE_SECONDS = 300;

/** The calls, each POSTed to `<url>/<call>`; `takeback` reverses a delivery after a refund. */
export const GatewayCall = {
  servers: 'servers',
  roles: 'roles',
  deliver: 'deliver',
  takeback: 'takeback',
  validate: 'validate',
  verifyCredentials: 'verifyCredentials',
} as const;
export type GatewayCallName = (typeof GatewayCall)[keyof typeof GatewayCall];

const gameId = builtOnFirstUse(() => z.number().int().positive());
/**
 * The player's id in the game. Game accounts the portal made itself have numeric ids and travel
 * as JSON numbers (as before the Publisher API); ids a game backend gave through the Publisher
 * API travel as they were given: a canonical positive integer as a number, anything else as a
 * string of 1 to 64 visible ASCII characters (ADR 0039).
 */
export const gatewayUidSchema = builtOnFirstUse(() =>
  z.union([z.number().int().positive(), z.string().regex(/^[\x21-\x7e]{1,64}$/)]),
);
export type GatewayUid = z.infer<typeof gatewayUidSchema>;
const uid = gatewayUidSchema;

/** A stored uid (text) as it goes on the wire: canonical positive safe integers as numbers. */
export function gatewayUidOf(stored: string): GatewayUid {
  if (/^[1-9]\d{0,15}$/.test(stored)) {
    const n = Number(stored);
    if (Number.isSafeInteger(n)) return n;
  }
  return stored;
}
const serverIdSchema = builtOnFirstUse(() => z.number().int().positive());
const roleIdSchema = builtOnFirstUse(() => z.string().min(1).max(64));

/**
 * Longest server or role name the portal keeps, in characters (code points). Names come from
 * the game (players choose role names) and reach the page and the order rows; a longer name is
 * cut to this length, control characters (NUL included, which PostgreSQL refuses) are removed.
 * Cutting rather than refusing: one odd name must not hide a player's other roles.
 */
export const GATEWAY_NAME_MAX_CHARS = 64;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/g;
/** A name as the game sent it, bounded and without control characters. */
export const gatewayNameSchema = builtOnFirstUse(() =>
  z
    .string()
    .transform((v) =>
      Array.from(v.replace(CONTROL_CHARS, '')).slice(0, GATEWAY_NAME_MAX_CHARS).join(''),
    ),
);

// ---- servers ---------------------------------------------------------------------------------
export const gatewayServersRequestSchema = builtOnFirstUse(() => z.object({ game_id: gameId }));
export const gatewayServerSchema = builtOnFirstUse(() =>
  z.object({
    server_id: serverIdSchema,
    server_name: gatewayNameSchema,
    /** 0 open, 1 maintenance (docs/product/top-up.md#servers-and-roles). */
    state: z.union([z.literal(0), z.literal(1)]),
  }),
);
export const gatewayServersResponseSchema = builtOnFirstUse(() =>
  z.object({ servers: z.array(gatewayServerSchema) }),
);
export type GatewayServersRequest = z.infer<typeof gatewayServersRequestSchema>;
export type GatewayServer = z.infer<typeof gatewayServerSchema>;
export type GatewayServersResponse = z.infer<typeof gatewayServersResponseSchema>;

// ---- roles -----------------------------------------------------------------------------------
export const gatewayRolesRequestSchema = builtOnFirstUse(() =>
  z.object({
    game_id: gameId,
    uid,
    server_id: serverIdSchema,
  }),
);
export const gatewayRoleSchema = builtOnFirstUse(() =>
  z.object({
    role_id: roleIdSchema,
    role_name: gatewayNameSchema,
    level: z.number().int().nonnegative().optional(),
  }),
);
export const gatewayRolesResponseSchema = builtOnFirstUse(() =>
  z.object({ roles: z.array(gatewayRoleSchema) }),
);
export type GatewayRolesRequest = z.infer<typeof gatewayRolesRequestSchema>;
export type GatewayRole = z.infer<typeof gatewayRoleSchema>;
export type GatewayRolesResponse = z.infer<typeof gatewayRolesResponseSchema>;

// ---- deliver ---------------------------------------------------------------------------------
export const gatewayItemSchema = builtOnFirstUse(() =>
  z.object({
    item_id: z.string().min(1).max(64),
    name: z.string().max(200),
    count: z.number().int().positive(),
  }),
);
export const gatewayDeliverRequestSchema = builtOnFirstUse(() =>
  z.object({
    game_id: gameId,
    /** The idempotency key: the game applies each delivery id at most once. */
    delivery_id: z.string().min(1).max(128),
    order_id: z.string().min(1).max(64),
    uid,
    server_id: serverIdSchema,
    role_id: roleIdSchema,
    items: z.array(gatewayItemSchema).min(1),
  }),
);
export const gatewayDeliverResultSchema = builtOnFirstUse(() =>
  z.object({
    delivery_id: z.string().min(1).max(128),
    status: z.literal('applied'),
    /** When the game first applied this delivery, Unix seconds. */
    applied_at: z.number().int().nonnegative(),
    /** true: this delivery id had been applied before; nothing was granted this time. */
    duplicate: z.boolean(),
  }),
);
export type GatewayItem = z.infer<typeof gatewayItemSchema>;
export type GatewayDeliverRequest = z.infer<typeof gatewayDeliverRequestSchema>;
export type GatewayDeliverResult = z.infer<typeof gatewayDeliverResultSchema>;

// ---- takeback ---------------------------------------------------------------------------------
/**
 * Reverses a delivery after its order was refunded. Idempotent on delivery_id (the
 * id of the delivery being reversed): the game takes the items back at most once. Items the role
 * no longer holds are not taken below zero; they come back in `shortfall`.
 */
export const gatewayTakebackRequestSchema = gatewayDeliverRequestSchema;
export const gatewayTakebackResultSchema = builtOnFirstUse(() =>
  z.object({
    delivery_id: z.string().min(1).max(128),
    status: z.literal('taken_back'),
    /** When the game first took this delivery back, Unix seconds. */
    taken_back_at: z.number().int().nonnegative(),
    /** true: this delivery had been taken back before; nothing was removed this time. */
    duplicate: z.boolean(),
    /** Items (or parts of counts) the role no longer had; absent or empty when all came back. */
    shortfall: z.array(gatewayItemSchema).optional(),
  }),
);
export type GatewayTakebackRequest = z.infer<typeof gatewayTakebackRequestSchema>;
export type GatewayTakebackResult = z.infer<typeof gatewayTakebackResultSchema>;

// ---- validate --------------------------------------------------------------------------------
/**
 * Does the game know this player (and, with server_id, that server)? Asked by the Publisher API
 * before it binds a uid to a portal account: a uid the game does not know is refused.
 */
export const gatewayValidateRequestSchema = builtOnFirstUse(() =>
  z.object({
    game_id: gameId,
    uid,
    server_id: serverIdSchema.optional(),
  }),
);
export const gatewayValidateResponseSchema = builtOnFirstUse(() =>
  z.object({
    /** true: the player exists (and has the server, when one was asked). */
    exists: z.boolean(),
    /** The player's name in the game, when it has one. */
    display_name: gatewayNameSchema.nullable().optional(),
  }),
);
export type GatewayValidateRequest = z.infer<typeof gatewayValidateRequestSchema>;
export type GatewayValidateResponse = z.infer<typeof gatewayValidateResponseSchema>;

// ---- verifyCredentials -----------------------------------------------------------------------
/**
 * Asked only for games that keep their players' credentials themselves (GAME_GATEWAYS entry
 * `"credentials": "game"`): the player typed an account name and a password into the portal's
 * "account + password" sign-in, and the game says whether they are right. The password travels
 * in the signed body over the gateway's transport (use HTTPS); the game never answers it back.
 */
export const gatewayVerifyCredentialsRequestSchema = builtOnFirstUse(() =>
  z.object({
    game_id: gameId,
    /** The account name as the player typed it (trimmed). */
    account: z.string().min(1).max(128),
    password: z.string().min(1).max(256),
  }),
);
/** A failure the player caused: `unknown_account` or `wrong_password`. */
export const GatewayCredentialsFailure = {
  unknownAccount: 'unknown_account',
  wrongPassword: 'wrong_password',
} as const;
export const gatewayVerifyCredentialsResponseSchema = builtOnFirstUse(() =>
  z.discriminatedUnion('ok', [
    z.object({
      ok: z.literal(true),
      /** The player's id in the game (stored as game_accounts.uid). */
      uid,
      display_name: gatewayNameSchema.nullable().optional(),
      /** Contact details the game knows; kept on the portal account when no other account uses them. */
      email: z.string().max(254).nullable().optional(),
      phone: z.string().max(16).nullable().optional(),
    }),
    z.object({
      ok: z.literal(false),
      failure: z.enum([
        GatewayCredentialsFailure.unknownAccount,
        GatewayCredentialsFailure.wrongPassword,
      ]),
    }),
  ]),
);
export type GatewayVerifyCredentialsRequest = z.infer<typeof gatewayVerifyCredentialsRequestSchema>;
export type GatewayVerifyCredentialsResponse = z.infer<
  typeof gatewayVerifyCredentialsResponseSchema
>;

// ---- errors ----------------------------------------------------------------------------------
/** Error codes a game answers with (HTTP 4xx/5xx, body { error, message }). */
export const GatewayErrorCode = {
  badSignature: 'bad_signature',
  staleTimestamp: 'stale_timestamp',
  badRequest: 'bad_request',
  unknownGame: 'unknown_game',
  unknownServer: 'unknown_server',
  unknownRole: 'unknown_role',
  notFound: 'not_found',
  unavailable: 'unavailable',
  internal: 'internal',
} as const;
export const gatewayErrorBodySchema = builtOnFirstUse(() =>
  z.object({ error: z.string(), message: z.string() }),
);
export type GatewayErrorBody = z.infer<typeof gatewayErrorBodySchema>;

// ---- signing ---------------------------------------------------------------------------------
export type GatewaySignatureHeaders = {
  [GATEWAY_TIMESTAMP_HEADER]: string;
  [GATEWAY_SIGNATURE_HEADER]: string;
};

function subtle(): SubtleCrypto {
  const s = globalThis.crypto?.subtle;
  if (!s) throw new Error('Web Crypto is not available');
  return s;
}

function toHex(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}

/** Hex HMAC-SHA256(secret, `${timestamp}.${rawBody}`). */
export async function gatewaySignature(
  secret: string,
  timestamp: string,
  rawBody: string,
): Promise<string> {
  const enc = new TextEncoder();
  const key = await subtle().importKey(
    'raw',
    enc.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = await subtle().sign('HMAC', key, enc.encode(`${timestamp}.${rawBody}`));
  return toHex(new Uint8Array(mac));
}

/** The two headers to send with `body` (the exact bytes that go on the wire). */
export async function signGatewayRequest(
  secret: string,
  body: string,
  nowSeconds: number = toUnixSeconds(Date.now()),
): Promise<GatewaySignatureHeaders> {
  const timestamp = String(Math.floor(nowSeconds));
  return {
    [GATEWAY_TIMESTAMP_HEADER]: timestamp,
    [GATEWAY_SIGNATURE_HEADER]: await gatewaySignature(secret, timestamp, body),
  };
}

/** Compares two strings in time independent of where they differ. */
export function constantTimeEqual(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) diff |= (a.charCodeAt(i) | 0) ^ (b.charCodeAt(i) | 0);
  return diff === 0;
}

export type GatewayVerifyResult =
  { ok: true } | { ok: false; reason: 'missing_headers' | 'stale_timestamp' | 'bad_signature' };

type HeaderBag =
  Headers | Record<string, string | string[] | undefined> | { get(name: string): string | null };

function header(headers: HeaderBag, name: string): string | undefined {
  if (typeof (headers as { get?: unknown }).get === 'function') {
    return (headers as { get(name: string): string | null }).get(name) ?? undefined;
  }
  const record = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(record).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Checks a received request: the timestamp is within GATEWAY_TOLERANCE_SECONDS of `nowSeconds`
 * and the signature matches `rawBody` (the bytes as received, before any JSON parsing).
 */
export async function verifyGatewaySignature(
  secret: string,
  rawBody: string,
  headers: HeaderBag,
  nowSeconds: number = toUnixSeconds(Date.now()),
): Promise<GatewayVerifyResult> {
  const timestamp = header(headers, GATEWAY_TIMESTAMP_HEADER);
  const signature = header(headers, GATEWAY_SIGNATURE_HEADER);
  if (!timestamp || !signature) return { ok: false, reason: 'missing_headers' };
  if (!/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: 'stale_timestamp' };
  if (Math.abs(nowSeconds - Number(timestamp)) > GATEWAY_TOLERANCE_SECONDS) {
    return { ok: false, reason: 'stale_timestamp' };
  }
  const expected = await gatewaySignature(secret, timestamp, rawBody);
  return constantTimeEqual(expected, signature.toLowerCase())
    ? { ok: true }
    : { ok: false, reason: 'bad_signature' };
}
