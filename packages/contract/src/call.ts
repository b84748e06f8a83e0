// One entry per API call: path, method, whether a session is required, and the zod
// schemas of the body and of `result`. Server routes and the web client both read these.
import { z } from 'zod';

/**
 * none/optional/required: the player's session (`token` header). publisher: a game backend's
 * signed request (docs/publisher-api.md): key id, timestamp, nonce and HMAC signature headers.
 */
export type Auth = 'none' | 'optional' | 'required' | 'publisher';

export interface ApiCall<B extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  readonly path: string;
  readonly method: 'GET' | 'POST';
  readonly auth: Auth;
  readonly body: B;
  readonly result: R;
  /** Path parameters (e.g. `:id`), when the path has any. */
  readonly params?: z.ZodType;
  /** Short English description, used in the OpenAPI document. */
  readonly summary: string;
  /** Where docs/product/ describes it, e.g. "docs/product/api.md#system-calls". Where the requirements leave the shape open, `chosen` explains ours. */
  readonly spec: string;
  readonly chosen?: string;
  /** The area the call belongs to: its contract file, server module and OpenAPI tag. */
  readonly tag: Area;
}

/**
 * The areas of the API, one name each for the contract file (`<area>.ts`), the server module
 * (`apps/server/src/modules/<area>/`) and the OpenAPI tag (ARCHITECTURE.md, "Areas").
 */
export const AREAS = [
  'system',
  'auth',
  'real-name',
  'games',
  'catalog',
  'orders',
  'wallet',
  'content',
  'gift-codes',
  'analytics',
  'publisher',
] as const;
export type Area = (typeof AREAS)[number];

/** Keeps the exact schema types and the literal path, method and auth of each call. */
export function defineCall<const C extends ApiCall>(call: C): C {
  return call;
}

export type CallBody<C extends ApiCall> = z.input<C['body']>;
export type CallResult<C extends ApiCall> = z.output<C['result']>;

/** Success envelope (docs/decisions/0006-envelope-and-error-codes.md). */
export function okEnvelopeSchema<R extends z.ZodType>(result: R) {
  return z.object({ code: z.literal(0), msg: z.string(), result });
}

/** Error envelope (docs/decisions/0006-envelope-and-error-codes.md): HTTP 200 (or 203 for tokenFail) with a non-zero code. */
export const errorEnvelopeSchema = z.object({
  code: z.number().int(),
  msg: z.string(),
  data: z.unknown().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** Lists: `{ list, total, page, size }`, page starts at 1 (ARCHITECTURE.md#contract). */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    size: z.number().int().positive(),
  });
}

export const emptyBodySchema = z.object({});
