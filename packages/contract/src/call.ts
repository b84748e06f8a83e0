// One entry per API call: path, method, whether a session is required, and the zod
// schemas of the body and of `result`. Server routes and the web client both read these.
import { z } from 'zod';
import type { OperatorRole } from './console/roles';
import { builtOnFirstUse } from './lazy';

/**
 * none/optional/required: the player's session (`token` header). publisher: a game backend's
 * signed request (docs/publisher-api.md): key id, timestamp, nonce and HMAC signature headers.
 * console: an operator's console session (docs/console.md#sessions): the session cookie, plus
 * the `x-csrf-token` header on every POST, and one of the call's `roles`.
 */
export type Auth = 'none' | 'optional' | 'required' | 'publisher' | 'console';

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
  /**
   * `auth: 'console'` calls only: the operator roles allowed to make it (docs/console.md#roles);
   * `owner` is always allowed, whatever the list says.
   */
  readonly roles?: readonly OperatorRole[];
  /**
   * `auth: 'console'` calls only: also allowed to a session that must still enrol two-factor
   * authentication (docs/console.md#two-factor-authentication): sign out, who am I, enrolment.
   */
  readonly duringEnrolment?: boolean;
  /**
   * `auth: 'optional'` calls only: a token that no longer works is ignored (the caller is treated
   * as anonymous) instead of answered with tokenFail. Logout: signing out with a dead token is
   * simply done.
   */
  readonly ignoresDeadToken?: boolean;
  /**
   * Console calls only: the call changes nothing, so it is answered without the CSRF token (the
   * SameSite=Strict cookie keeps other sites from sending it, and they cannot read the answer).
   * Lets the console app recover its CSRF token after a reload.
   */
  readonly readsOnly?: boolean;
  /**
   * The answer is a file download of this media type instead of the JSON envelope (refusals stay
   * envelopes); `result` then describes the file's text (docs/console.md#audit-log).
   */
  readonly download?: 'text/csv' | 'application/json';
  /**
   * The request body is a file of one of these media types (raw bytes, not JSON); `body` then
   * describes nothing and the handler reads the file (docs/console.md#images).
   */
  readonly upload?: readonly string[];
  /**
   * Largest accepted JSON body of this call in bytes, when it needs more than the server's
   * BODY_LIMIT_BYTES (texts in nine languages); the larger of the two applies.
   */
  readonly bodyLimit?: number;
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
  'console',
] as const;
export type Area = (typeof AREAS)[number];

/** The schemas of a call, as `defineCall` takes them: functions that build them. */
type SchemaKey = 'body' | 'result' | 'params';
export type CallDefinition = Omit<ApiCall, SchemaKey> & {
  readonly body: () => z.ZodType;
  readonly result: () => z.ZodType;
  readonly params?: () => z.ZodType;
};
type Built<C extends CallDefinition> = {
  readonly [K in keyof C]: K extends SchemaKey ? (C[K] extends () => infer S ? S : never) : C[K];
};

/**
 * Keeps the exact schema types and the literal path, method and auth of each call. The schemas
 * are built the first time they are read (docs/frontend-budgets.md#first-paint): a page builds
 * those of the calls it makes, not the whole API's, before its first render.
 */
export function defineCall<const C extends CallDefinition>(definition: C): Built<C> {
  const call: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(definition)) {
    if (key !== 'body' && key !== 'result' && key !== 'params') {
      call[key] = value;
      continue;
    }
    const build = value as () => z.ZodType;
    let schema: z.ZodType | undefined;
    Object.defineProperty(call, key, {
      enumerable: true,
      get: () => (schema ??= build()),
    });
  }
  return Object.freeze(call) as Built<C>;
}

export type CallBody<C extends ApiCall> = z.input<C['body']>;
export type CallResult<C extends ApiCall> = z.output<C['result']>;

/** Success envelope (docs/decisions/0006-envelope-and-error-codes.md). */
export function okEnvelopeSchema<R extends z.ZodType>(result: R) {
  return z.object({ code: z.literal(0), msg: z.string(), result });
}

/** Error envelope (docs/decisions/0006-envelope-and-error-codes.md): HTTP 200 (or 203 for tokenFail) with a non-zero code. */
export const errorEnvelopeSchema = builtOnFirstUse(() =>
  z.object({
    code: z.number().int(),
    msg: z.string(),
    data: z.unknown().optional(),
  }),
);
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

export const emptyBodySchema = builtOnFirstUse(() => z.object({}));
