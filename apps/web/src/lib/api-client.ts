// The one API client: fetch with the docs/product/api.md#request-headers headers and 60 s timeout, the envelope rules of
// docs/product/api.md#request-headers, docs/decisions/0006-envelope-and-error-codes.md, and `result` parsed with the call's zod schema.
import {
  ErrorCode,
  REQUEST_TIMEOUT_MS,
  errorEnvelopeSchema,
  type ApiCall,
  type CallBody,
  type CallResult,
} from '@hc/contract';
import { ApiError } from './api-error';
import { appStore, currentGameId } from './app-store';
import { getRequestLanguage } from './request-context';
import { handleContextReset, handleSessionExpired } from './session';
import { storage } from './storage';

export interface CallOptions {
  /** Path parameters: `{ id: 5 }` fills `:id` in the call's path. */
  params?: Record<string, string | number>;
  signal?: AbortSignal;
  /** Extra request headers, e.g. `Idempotency-Key` for order creation (docs/payments.md). */
  headers?: Record<string, string>;
  /**
   * Send this session token instead of the stored one (to end a session the page does not
   * keep). An HTTP 203 answer then concerns that token only: the stored session stays.
   */
  token?: string;
}

export function buildPath(path: string, params: CallOptions['params'] = {}): string {
  return path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** docs/product/api.md#request-headers headers; empty values are left out. */
export function requestHeaders(): Record<string, string> {
  const state = appStore.getState();
  const { userInfo } = state;
  const gameId = currentGameId(state);
  const headers: Record<string, string | null> = {
    version: __APP_VERSION__,
    htmlversion: __BUILD_ID__,
    accountid: userInfo.gameAccountId === null ? null : String(userInfo.gameAccountId),
    gameid: gameId === null ? null : String(gameId),
    userid: userInfo.userId === null ? null : String(userInfo.userId),
    clientid: storage.getDeviceId(),
    token: storage.getToken(),
    lang: getRequestLanguage() || null,
  };
  return Object.fromEntries(
    Object.entries(headers).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
}

async function send(call: ApiCall, body: unknown, options: CallOptions): Promise<Response> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const onAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const isGet = call.method === 'GET';
  try {
    const response = await fetch(buildPath(call.path, options.params), {
      method: call.method,
      headers: {
        ...requestHeaders(),
        ...(isGet ? {} : { 'content-type': 'application/json' }),
        ...options.headers,
        ...(options.token === undefined ? {} : { token: options.token }),
      },
      body: isGet ? undefined : JSON.stringify(body ?? {}),
      signal: controller.signal,
      credentials: 'same-origin',
    });
    // Read the body inside the timeout window too.
    const text = await response.text();
    return new Response(text, { status: response.status, headers: response.headers });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    if (timedOut) throw ApiError.network('Request timed out');
    throw ApiError.network(error instanceof Error ? error.message : String(error));
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    throw ApiError.network('Invalid JSON in response');
  }
}

/**
 * Calls one contract API. Resolves with the parsed `result` on code 0; rejects with an
 * ApiError otherwise (code 500 for transport failures, the business code for the rest).
 */
export async function callApi<C extends ApiCall>(
  call: C,
  body?: CallBody<C>,
  options: CallOptions = {},
): Promise<CallResult<C>> {
  const sentToken = storage.getToken();
  const response = await send(call, body, options);
  if (response.status === 203) {
    // Only about the session still stored: an answer for a token the page has since dropped
    // (signed out, or the account's deletion ended it) concerns nothing any more.
    if (options.token === undefined && storage.getToken() === sentToken) handleSessionExpired();
    const envelope = errorEnvelopeSchema.safeParse(await response.json().catch(() => null));
    const msg = envelope.success ? envelope.data.msg : 'Session expired';
    throw new ApiError(ErrorCode.tokenFail, msg);
  }
  if (response.status !== 200) throw ApiError.network(`HTTP ${response.status}`);

  const json = await readJson(response);
  const envelope = errorEnvelopeSchema.safeParse(json);
  if (!envelope.success) throw ApiError.network('Malformed response envelope');
  const { code, msg, data } = envelope.data;
  if (code !== 0) {
    if (code === ErrorCode.ContextReset) handleContextReset();
    throw new ApiError(code, msg, data);
  }
  const result = call.result.safeParse((json as { result?: unknown }).result);
  if (!result.success) throw ApiError.network(`Unexpected result from ${call.path}`);
  return result.data as CallResult<C>;
}
