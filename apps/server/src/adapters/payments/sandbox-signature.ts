// The sandbox provider's webhook signature, modelled on Stripe's: header
// `x-sandbox-signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
/** A signature older (or further in the future) than this is refused: replay guard. */
export const SANDBOX_TOLERANCE_SECONDS = 300;

export function signSandboxPayload(secret: string, timestamp: number, rawBody: string): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

export type SignatureCheck = 'ok' | 'malformed' | 'stale' | 'mismatch';

/** Checks a header against the raw body in constant time; `nowSeconds` from the clock. */
export function checkSandboxSignature(
  secret: string,
  header: string | undefined,
  rawBody: Buffer,
  nowSeconds: number,
): SignatureCheck {
  if (header === undefined) return 'malformed';
  let timestamp: number | undefined;
  const candidates: string[] = [];
  for (const part of header.split(',')) {
    const [key, value = ''] = part.trim().split('=', 2);
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && /^[0-9a-f]{64}$/.test(value)) candidates.push(value);
  }
  if (timestamp === undefined || candidates.length === 0) return 'malformed';
  if (Math.abs(nowSeconds - timestamp) > SANDBOX_TOLERANCE_SECONDS) return 'stale';
  const expected = createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest();
  const matches = candidates.some((c) => timingSafeEqual(Buffer.from(c, 'hex'), expected));
  return matches ? 'ok' : 'mismatch';
}
