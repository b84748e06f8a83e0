// The Publisher API (docs/publisher-api.md, ADR 0039): server-to-server calls from a game's
// backend that create and manage the portal accounts of the game's players. Every call is
// signed with a per-game key (`auth: 'publisher'`); the game of a call is always the key's game.
// Signing uses Web Crypto only, so the same signer runs in Node, Deno, Bun and browsers.
import { z } from 'zod';
import { defineCall } from './call';
import { e164Phone, emailAddress, numericId, unixSeconds } from './common';
import { toUnixSeconds } from './time';
import { builtOnFirstUse } from './lazy';

// ---- signing -----------------------------------------------------------------------------------
/** The key id (public part of a publisher key). */
export const PUBLISHER_KEY_ID_HEADER = 'x-hc-key-id';
/** Signing time, Unix seconds; accepted within PUBLISHER_TOLERANCE_SECONDS of the portal clock. */
export const PUBLISHER_TIMESTAMP_HEADER = 'x-hc-timestamp';
/** 16 to 64 characters of [A-Za-z0-9_-], used once within PUBLISHER_NONCE_TTL_SECONDS. */
export const PUBLISHER_NONCE_HEADER = 'x-hc-nonce';
/** Lowercase hex HMAC-SHA256(secret, publisherSigningText(...)). */
export const PUBLISHER_SIGNATURE_HEADER = 'x-hc-signature';
/** Optional on writes: 8 to 128 visible ASCII characters; a repeat answers the stored first answer. */
export const PUBLISHER_TOLERANCE_SECONDS = 300;
export const PUBLISHER_NONCE_TTL_SECONDS = 600;
export const PUBLISHER_NONCE_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
/** Key ids: `pk_` then 24 lowercase hex digits. */
export const PUBLISHER_KEY_ID_PATTERN = /^pk_[0-9a-f]{24}$/;
/** Where every Publisher API call lives. */
export const PUBLISHER_API_PREFIX = '/api/publisher/v1';

/**
 * Every publisher call but `players/get` changes something; all but the two that issue a
 * one-time secret (`handover/create`, `link-codes/create`) take an Idempotency-Key: a stored
 * answer would keep a live ticket or code, and each call is meant to issue a new one.
 */
export function isPublisherWrite(call: { path: string }): boolean {
  return !call.path.endsWith('/players/get');
}

/** Whether the call honours an Idempotency-Key (the writes that issue no one-time secret). */
export function takesIdempotencyKey(call: { path: string }): boolean {
  return (
    isPublisherWrite(call) &&
    !call.path.endsWith('/handover/create') &&
    !call.path.endsWith('/link-codes/create')
  );
}

/** `<timestamp>.<nonce>.<METHOD>.<path>.<raw body>`: what the signature covers. */
export function publisherSigningText(
  timestamp: string,
  nonce: string,
  method: string,
  path: string,
  rawBody: string,
): string {
  return `${timestamp}.${nonce}.${method.toUpperCase()}.${path}.${rawBody}`;
}

function hex(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}

async function hmacSha256Hex(secret: string, text: string): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw new Error('Web Crypto is not available');
  const enc = new TextEncoder();
  const key = await subtle.importKey(
    'raw',
    enc.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return hex(new Uint8Array(await subtle.sign('HMAC', key, enc.encode(text))));
}

/** A fresh nonce: 32 characters of base64url from 24 random bytes. */
export function newPublisherNonce(): string {
  const bytes = new Uint8Array(24);
  globalThis.crypto.getRandomValues(bytes);
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export interface PublisherSignInput {
  keyId: string;
  secret: string;
  method: string;
  /** The request path exactly as sent, without the query string. */
  path: string;
  /** The body exactly as sent. */
  body: string;
  nowSeconds?: number;
  nonce?: string;
}

export type PublisherSignatureHeaders = {
  [PUBLISHER_KEY_ID_HEADER]: string;
  [PUBLISHER_TIMESTAMP_HEADER]: string;
  [PUBLISHER_NONCE_HEADER]: string;
  [PUBLISHER_SIGNATURE_HEADER]: string;
};

/** The four headers to send with one request (a new nonce each time). */
export async function signPublisherRequest(
  input: PublisherSignInput,
): Promise<PublisherSignatureHeaders> {
  const timestamp = String(Math.floor(input.nowSeconds ?? toUnixSeconds(Date.now())));
  const nonce = input.nonce ?? newPublisherNonce();
  const text = publisherSigningText(timestamp, nonce, input.method, input.path, input.body);
  return {
    [PUBLISHER_KEY_ID_HEADER]: input.keyId,
    [PUBLISHER_TIMESTAMP_HEADER]: timestamp,
    [PUBLISHER_NONCE_HEADER]: nonce,
    [PUBLISHER_SIGNATURE_HEADER]: await hmacSha256Hex(input.secret, text),
  };
}

// ---- schemas -----------------------------------------------------------------------------------
/** The game's own player id: 1 to 64 visible ASCII characters (numbers travel as strings). */
export const publisherUid = builtOnFirstUse(() =>
  z
    .string()
    .regex(/^[\x21-\x7e]{1,64}$/, '1 to 64 visible ASCII characters')
    .describe("The game's own player id"),
);
export const publisherDisplayName = builtOnFirstUse(() =>
  z
    .string()
    .trim()
    .min(1)
    .max(64)
    .describe('Name of the player in the game, shown to the operator'),
);
/** A portal login name chosen by the game (letters, digits, `_ . -`, 3 to 32). */
export const publisherLoginName = builtOnFirstUse(() =>
  z
    .string()
    .regex(/^[A-Za-z0-9_.-]{3,32}$/, '3 to 32 letters, digits, _ . or -')
    .describe('Portal login name for a new account (default g<game>_<random>)'),
);

export const publisherAccountSchema = builtOnFirstUse(() =>
  z.object({
    accid: numericId.describe('Portal account id'),
    account: z.string().describe('Portal login name'),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    disabled: z.boolean(),
    disabled_at: unixSeconds.nullable(),
    created_at: unixSeconds,
  }),
);
export const publisherBindingSchema = builtOnFirstUse(() =>
  z.object({
    game_id: numericId,
    uid: publisherUid,
    display_name: z.string().nullable(),
    bound_at: unixSeconds,
  }),
);
export const publisherPlayerResultSchema = builtOnFirstUse(() =>
  z.object({
    account: publisherAccountSchema,
    /** The account's game account in the key's game, or null (none bound). */
    binding: publisherBindingSchema.nullable(),
  }),
);
export type PublisherAccount = z.infer<typeof publisherAccountSchema>;
export type PublisherBinding = z.infer<typeof publisherBindingSchema>;
export type PublisherPlayerResult = z.infer<typeof publisherPlayerResultSchema>;

const contactFields = {
  email: emailAddress.nullable().optional().describe('Set (an address) or clear (null)'),
  phone: e164Phone.nullable().optional().describe('Set (E.164) or clear (null)'),
};

export const publisherUpsertBodySchema = builtOnFirstUse(() =>
  z.object({
    uid: publisherUid,
    display_name: publisherDisplayName.optional(),
    ...contactFields,
    account: publisherLoginName.optional(),
  }),
);
export const publisherUpsertResultSchema = builtOnFirstUse(() =>
  publisherPlayerResultSchema.extend({
    created: z.boolean().describe('true: a new portal account was made for this uid'),
  }),
);

export const publisherGetBodySchema = builtOnFirstUse(() =>
  z
    .object({ uid: publisherUid.optional(), accid: numericId.optional() })
    .refine((b) => (b.uid === undefined) !== (b.accid === undefined), {
      message: 'give exactly one of uid and accid',
    }),
);
export const publisherBindBodySchema = builtOnFirstUse(() =>
  z.object({
    uid: publisherUid,
    accid: numericId,
    display_name: publisherDisplayName.optional(),
  }),
);
export const publisherUidBodySchema = builtOnFirstUse(() => z.object({ uid: publisherUid }));
export const publisherContactBodySchema = builtOnFirstUse(() =>
  z
    .object({ uid: publisherUid, ...contactFields })
    .refine((b) => b.email !== undefined || b.phone !== undefined, {
      message: 'give email, phone or both (null clears)',
    }),
);
export const publisherDisableBodySchema = builtOnFirstUse(() =>
  z.object({
    uid: publisherUid,
    reason: z.string().trim().max(200).optional().describe('Kept in the audit log'),
  }),
);

const WRITE_NOTE =
  'Signed (auth publisher, HTTP 401 on failure); optional Idempotency-Key: a repeat with the same body answers the stored first answer, another body answers IdempotencyKeyReused. ';
const SPEC = 'docs/publisher-api.md';
const tag = 'publisher' as const;

export const publisherPlayersUpsert = defineCall({
  path: `${PUBLISHER_API_PREFIX}/players/upsert`,
  method: 'POST',
  auth: 'publisher',
  body: () => publisherUpsertBodySchema,
  result: () => publisherUpsertResultSchema,
  summary: "Create or update the portal account of a game's player by the game's uid",
  spec: `${SPEC}#playersupsert`,
  tag,
  chosen:
    WRITE_NOTE +
    'A uid new to the portal (or unbound) is checked with the game (gateway validate: PlayerUnknownToGame), then a portal account is made and bound; otherwise the bound account is updated. Fields left out are kept; null clears email or phone. EmailInUse / PhoneInUse when another account has them. `account` only names a new account.',
});
export const publisherPlayersGet = defineCall({
  path: `${PUBLISHER_API_PREFIX}/players/get`,
  method: 'POST',
  auth: 'publisher',
  body: () => publisherGetBodySchema,
  result: () => publisherPlayerResultSchema,
  summary: 'Read a player by the game uid or by portal account id',
  spec: `${SPEC}#playersget`,
  tag,
  chosen:
    "Exactly one of uid and accid. Only accounts bound to the key's game are visible: anything else is GameAccountNotFound (uid) or AccountNotFound (accid).",
});
export const publisherPlayersBind = defineCall({
  path: `${PUBLISHER_API_PREFIX}/players/bind`,
  method: 'POST',
  auth: 'publisher',
  body: () => publisherBindBodySchema,
  result: () => publisherPlayerResultSchema,
  summary: 'Bind a game uid to an existing portal account',
  spec: `${SPEC}#playersbind`,
  tag,
  chosen:
    WRITE_NOTE +
    'The uid is checked with the game (PlayerUnknownToGame). A uid bound to another account: GameAccountBoundElsewhere; an account with another uid in this game: GameAccountAlreadyBound; unknown accid: AccountNotFound. Binding again to the same account is a no-op.',
});
export const publisherPlayersUnbind = defineCall({
  path: `${PUBLISHER_API_PREFIX}/players/unbind`,
  method: 'POST',
  auth: 'publisher',
  body: () => publisherUidBodySchema,
  result: () => publisherPlayerResultSchema,
  summary: 'Unbind a game uid from its portal account',
  spec: `${SPEC}#playersunbind`,
  tag,
  chosen:
    WRITE_NOTE +
    'The game account keeps its history and HC Point; it is only detached (binding null in the answer). Not bound: GameAccountNotFound.',
});
export const publisherPlayersContact = defineCall({
  path: `${PUBLISHER_API_PREFIX}/players/contact`,
  method: 'POST',
  auth: 'publisher',
  body: () => publisherContactBodySchema,
  result: () => publisherPlayerResultSchema,
  summary: 'Set or clear the email and phone of a bound player',
  spec: `${SPEC}#playerscontact`,
  tag,
  chosen:
    WRITE_NOTE +
    'Same uniqueness as sign-in: an email (case-insensitive) or phone of another account answers EmailInUse / PhoneInUse.',
});
export const publisherPlayersDisable = defineCall({
  path: `${PUBLISHER_API_PREFIX}/players/disable`,
  method: 'POST',
  auth: 'publisher',
  body: () => publisherDisableBodySchema,
  result: () => publisherPlayerResultSchema,
  summary: 'Disable the portal account of a bound player and end its sessions',
  spec: `${SPEC}#playersdisable`,
  tag,
  chosen:
    WRITE_NOTE +
    'A disabled account cannot sign in (AuthFail) and its sessions end at once. Disabling a disabled account changes nothing.',
});
export const publisherPlayersEnable = defineCall({
  path: `${PUBLISHER_API_PREFIX}/players/enable`,
  method: 'POST',
  auth: 'publisher',
  body: () => publisherUidBodySchema,
  result: () => publisherPlayerResultSchema,
  summary: 'Re-enable the portal account of a bound player',
  spec: `${SPEC}#playersenable`,
  tag,
  chosen: WRITE_NOTE + 'Enabling an enabled account changes nothing.',
});

// ---- players arriving from the game (docs/decisions/0042-player-arrival.md) ---------------------
export const publisherArrivalBodySchema = builtOnFirstUse(() =>
  z.object({
    uid: publisherUid,
    display_name: publisherDisplayName.optional(),
  }),
);

export const publisherHandoverCreate = defineCall({
  path: `${PUBLISHER_API_PREFIX}/handover/create`,
  method: 'POST',
  auth: 'publisher',
  body: () => publisherArrivalBodySchema,
  result: () =>
    z.object({
      ticket: z.string().min(1).describe('Single-use hand-over ticket (hctoken), 5 minutes'),
      url: z.string().describe('The portal address that signs the player in: open it in a browser'),
      expires_at: unixSeconds,
    }),
  summary:
    'A hand-over ticket that signs the player of a uid in on the portal, binding it first when new',
  spec: `${SPEC}#handovercreate`,
  tag,
  chosen:
    'Signed (auth publisher, HTTP 401 on failure); no Idempotency-Key (every call issues a new ticket). The uid is checked with the game (gateway validate: PlayerUnknownToGame). ' +
    'Exchanging the ticket (userTmpWebTokenLogin, the ?hctoken= link of `url`) signs in the account bound to the uid, or makes a portal account and binds the uid in the same transaction (audited as player.create). ' +
    'A disabled account: the exchange answers AuthFail.',
});

export const publisherLinkCodesCreate = defineCall({
  path: `${PUBLISHER_API_PREFIX}/link-codes/create`,
  method: 'POST',
  auth: 'publisher',
  body: () => publisherArrivalBodySchema,
  result: () =>
    z.object({
      code: z
        .string()
        .describe('8 characters of 23456789ABCDEFGHJKMNPQRSTUVWXYZ, for the game to show'),
      expires_at: unixSeconds,
    }),
  summary: 'A one-time code the player types on the portal to bind this uid to their account',
  spec: `${SPEC}#link-codescreate`,
  tag,
  chosen:
    'Signed (auth publisher, HTTP 401 on failure); no Idempotency-Key (every call issues a new code). The uid is checked with the game (PlayerUnknownToGame); ' +
    'a uid already bound answers GameAccountBoundElsewhere. The code lives 10 minutes, works once, is stored as an HMAC, and replaces the earlier unused codes of the uid.',
});
