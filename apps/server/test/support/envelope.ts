// The envelope a contract call answers with (docs/decisions/0006-envelope-and-error-codes.md),
// typed by the call: shared by the integration tests' `call` (app.inject, ./call.ts) and the
// fault suite's `call` (fetch, tests/faults/support/api.ts). No app imports: types and the URL.
import type { ApiCall, CallResult } from '@hc/contract';
import type { z } from 'zod';

/**
 * The `data` of an error envelope. The contract leaves it open (`unknown`); these are the fields
 * the server sends: throttles' `retry_after`, refusals' `reason`, invalid input's `issues`.
 */
export interface ErrorData {
  retry_after?: number;
  reason?: string;
  issues?: Array<{ path: string; message: string }>;
  [key: string]: unknown;
}

/**
 * A parsed envelope: `{ code: 0, msg, result }` on success, `{ code, msg, data? }` otherwise.
 * `result` is typed from the call's result schema and is there only when `code` is 0; `data`
 * only on an error that carries some. Check `code` before reading either.
 */
export interface Envelope<R = unknown> {
  code: number;
  msg: string;
  result: R;
  data: ErrorData;
}

/**
 * What a payment provider's webhook (`POST /api/payment/webhook/:provider`, not a contract
 * call) answers: an envelope whose result names what the event did to the order.
 */
export type WebhookAnswer = Envelope<{ outcome: string }>;

/** The envelope of contract call `C`. */
export type CallEnvelope<C extends ApiCall> = Envelope<CallResult<C>>;

/** The path parameters of `C` (e.g. `{ id }` for `/api/game/info/content/:id`), if it has any. */
export type CallParams<C extends ApiCall> = C extends { params: infer P extends z.ZodType }
  ? { [K in keyof z.input<P>]: z.input<P>[K] | string }
  : never;

export interface CallOptions<C extends ApiCall> {
  /** The session token (`token` header). */
  token?: string;
  /** The game asked about (`gameid` header). */
  gameId?: number;
  /** More request headers, e.g. `lang`; these win, undefined ones are left out. */
  headers?: Record<string, string | undefined>;
  /** Path parameters, for a call whose path has any. */
  params?: CallParams<C>;
}

/**
 * Marks a body the contract refuses on purpose (tests of invalid input):
 * `call(app, api.orderRecord, invalidBody({ page: 'x' }))`.
 */
export function invalidBody(body: unknown): never {
  return body as never;
}

/** The call's path with its `:name` parameters filled in. */
export function callPath(call: ApiCall, params?: Record<string, string | number>): string {
  return call.path.replace(/:([A-Za-z_]\w*)/g, (_m, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${call.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

/** Request headers for a call: the token, the game, then the caller's own. */
export function callHeaders(options: {
  token?: string;
  gameId?: number;
  headers?: Record<string, string | undefined>;
}): Record<string, string> {
  const headers: Record<string, string> = {};
  if (options.token !== undefined) headers.token = options.token;
  if (options.gameId !== undefined) headers.gameid = String(options.gameId);
  for (const [k, v] of Object.entries(options.headers ?? {})) if (v !== undefined) headers[k] = v;
  return headers;
}
