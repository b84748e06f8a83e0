// The request headers of docs/product/api.md#request-headers that every API call may carry.
import { z } from 'zod';
import { builtOnFirstUse } from './lazy';

/** Lower-case header names (HTTP header names are case-insensitive; Node lower-cases them). */
export const HEADER_NAMES = [
  'version',
  'htmlversion',
  'accountid',
  'gameid',
  'userid',
  'clientid',
  'token',
] as const;
export type HeaderName = (typeof HEADER_NAMES)[number];

export const requestHeadersSchema = builtOnFirstUse(() =>
  z.object({
    version: z.string().optional(),
    htmlversion: z.string().optional(),
    accountid: z.string().optional(),
    gameid: z.string().optional(),
    userid: z.string().optional(),
    clientid: z.string().optional(),
    token: z.string().optional(),
  }),
);
export type RequestHeaders = z.infer<typeof requestHeadersSchema>;

/** Optional language override read by content calls before `Accept-Language` (falls back to en-US). */
export const LANGUAGE_HEADER = 'lang';

/**
 * Idempotency-Key (docs/payments.md, docs/publisher-api.md): order creation and the Publisher
 * API's writes answer a repeated key with the first answer. 8 to 128 visible ASCII characters.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{8,128}$/;
