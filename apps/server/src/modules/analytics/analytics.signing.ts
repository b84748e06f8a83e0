// The analytics signing scheme (docs/product/analytics.md#sending "a signed request"; ADR 0022).
//   sid = "<expires_at>.<16 random bytes, base64url>"
//   key = HMAC-SHA256(ANALYTICS_SIGNING_SECRET, "hc-analytics-v1|<sid>|<device_id>")
//   sig = base64url(HMAC-SHA256(key, payload))      (payload: the batch's JSON text)
// Stateless: any node, or an external logger holding the same secret, re-derives the key from
// the sid and the batch's device_id; nothing about a session is stored. docs/analytics.md has a
// stand-alone copy of verifyBatchSignature for external loggers.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Domain separation: a key for this scheme and version only. */
export const ANALYTICS_KEY_CONTEXT = 'hc-analytics-v1';

const SID_RE = /^(\d{1,12})\.([A-Za-z0-9_-]{22})$/;
const SIG_RE = /^[A-Za-z0-9_-]{43}$/;

/** A new session id that carries its own expiry (Unix seconds). */
export function newSid(expiresAt: number, random: Buffer = randomBytes(16)): string {
  return `${expiresAt}.${random.toString('base64url')}`;
}

/** The expiry a sid carries, or undefined for anything that is not a sid. */
export function sidExpiresAt(sid: string): number | undefined {
  const m = SID_RE.exec(sid);
  return m?.[1] === undefined ? undefined : Number(m[1]);
}

/** The per-session key of a sid and device (32 bytes). */
export function deriveSessionKey(secret: string, sid: string, deviceId: string): Buffer {
  return createHmac('sha256', secret)
    .update(`${ANALYTICS_KEY_CONTEXT}|${sid}|${deviceId}`)
    .digest();
}

/** base64url(HMAC-SHA256(key, payload)): what the page computes with WebCrypto. */
export function signPayload(key: Buffer, payload: string): string {
  return createHmac('sha256', key).update(payload).digest('base64url');
}

/** Constant-time comparison of `sig` with the payload's signature under `key`. */
export function verifySignature(key: Buffer, payload: string, sig: string): boolean {
  if (!SIG_RE.test(sig)) return false;
  const expected = createHmac('sha256', key).update(payload).digest();
  const given = Buffer.from(sig, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The whole signature check of a batch: the sid is well formed and not expired at `nowS`, and
 * `sig` signs `payload` under the key of (sid, deviceId).
 */
export function verifyBatchSignature(input: {
  secret: string;
  sid: string;
  deviceId: string;
  payload: string;
  sig: string;
  nowS: number;
}): boolean {
  const expiresAt = sidExpiresAt(input.sid);
  if (expiresAt === undefined || expiresAt <= input.nowS) return false;
  return verifySignature(
    deriveSessionKey(input.secret, input.sid, input.deviceId),
    input.payload,
    input.sig,
  );
}
