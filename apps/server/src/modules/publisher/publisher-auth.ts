// Authentication of Publisher API calls (docs/publisher-api.md#signing, ADR 0039): the key id
// names an active key of a game; the timestamp is within ±300 s; the signature is
// HMAC-SHA256(secret, `<timestamp>.<nonce>.<METHOD>.<path>.<raw body>`), compared in constant
// time; the nonce is used once within 10 minutes; then the key's per-minute rate. The secret is
// stored encrypted under DATA_KEY (an HMAC needs the secret itself, so it cannot be hashed).
import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  ErrorCode,
  PUBLISHER_KEY_ID_HEADER,
  PUBLISHER_KEY_ID_PATTERN,
  PUBLISHER_NONCE_HEADER,
  PUBLISHER_NONCE_PATTERN,
  PUBLISHER_NONCE_TTL_SECONDS,
  PUBLISHER_SIGNATURE_HEADER,
  PUBLISHER_TIMESTAMP_HEADER,
  PUBLISHER_TOLERANCE_SECONDS,
  publisherSigningText,
  toUnixSeconds,
  type ErrorCodeValue,
} from '@hc/contract';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { DataCipher } from '../../lib/data-cipher';
import type { RateCounter } from '../../lib/rate-counter';
import type { PublisherCaller } from '../../plugins/register-call';
import { createPublisherKeysRepository } from './publisher-keys.repository';
import { createPublisherRequestsRepository } from './publisher-requests.repository';

/** The additional data a key's secret is encrypted with (a copied ciphertext does not decrypt). */
export const secretContext = (keyId: string) => `publisher_key:${keyId}`;

export interface PublisherAuthDeps {
  db: Kysely<DB>;
  clock: Clock;
  cipher: DataCipher;
  rate: RateCounter;
  /** Calls per key per minute (PUBLISHER_CALLS_PER_MINUTE). */
  perMinute: number;
  log: FastifyBaseLogger;
}

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  const first = Array.isArray(v) ? v[0] : v;
  return first === undefined || first === '' ? undefined : first;
}

/** The path as signed: the request URL without its query string. */
export function signedPath(req: FastifyRequest): string {
  const url = req.raw.url ?? req.url;
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
}

export function createPublisherAuth(deps: PublisherAuthDeps) {
  const keys = createPublisherKeysRepository(deps.db);
  const requests = createPublisherRequestsRepository(deps.db);
  const refuse = (code: ErrorCodeValue, reason: string, req: FastifyRequest): never => {
    req.log.warn({ reason }, 'publisher call refused');
    throw new AppError(code);
  };

  return {
    async verify(req: FastifyRequest, rawBody: string): Promise<PublisherCaller> {
      const keyId = header(req, PUBLISHER_KEY_ID_HEADER);
      const timestamp = header(req, PUBLISHER_TIMESTAMP_HEADER);
      const nonce = header(req, PUBLISHER_NONCE_HEADER);
      const signature = header(req, PUBLISHER_SIGNATURE_HEADER);
      if (keyId === undefined || nonce === undefined || signature === undefined)
        return refuse(ErrorCode.PublisherAuthFailed, 'missing headers', req);
      if (!PUBLISHER_KEY_ID_PATTERN.test(keyId) || !PUBLISHER_NONCE_PATTERN.test(nonce))
        return refuse(ErrorCode.PublisherAuthFailed, 'malformed key id or nonce', req);
      const nowS = toUnixSeconds(deps.clock.now());
      if (
        timestamp === undefined ||
        !/^\d{1,12}$/.test(timestamp) ||
        Math.abs(nowS - Number(timestamp)) > PUBLISHER_TOLERANCE_SECONDS
      )
        return refuse(ErrorCode.PublisherTimestampStale, 'stale timestamp', req);
      const key = await keys.byKeyId(keyId);
      if (key === undefined || key.revokedAt !== null)
        return refuse(ErrorCode.PublisherAuthFailed, 'unknown or revoked key', req);
      let secret: string;
      try {
        secret = deps.cipher.decrypt(key.secretEnc, secretContext(keyId));
      } catch (err) {
        // DATA_KEY lost the key this secret was stored under: the operator must rotate.
        deps.log.error({ err, keyId }, 'publisher key secret does not decrypt');
        return refuse(ErrorCode.PublisherAuthFailed, 'secret unreadable', req);
      }
      const text = publisherSigningText(timestamp, nonce, req.method, signedPath(req), rawBody);
      const expected = createHmac('sha256', secret).update(text).digest();
      const given = /^[0-9a-fA-F]{64}$/.test(signature)
        ? Buffer.from(signature, 'hex')
        : Buffer.alloc(0);
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        return refuse(ErrorCode.PublisherAuthFailed, 'bad signature', req);
      const now = deps.clock.now();
      const seenSince = new Date(now.getTime() - PUBLISHER_NONCE_TTL_SECONDS * 1000);
      if (!(await requests.useNonce(keyId, nonce, now, seenSince)))
        return refuse(ErrorCode.PublisherNonceReplayed, 'nonce replayed', req);
      const hit = await deps.rate.hit(`key:${keyId}`);
      if (hit.count > deps.perMinute)
        throw new AppError(ErrorCode.TooManyRequests, { retry_after: hit.resetInS });
      return { keyId, gameId: key.gameId };
    },
  };
}

export type PublisherAuth = ReturnType<typeof createPublisherAuth>;
