// The console's API client: posts a call of the contract's `consoleApi` (body checked with the
// call's zod schema first, result parsed with its result schema), same-origin with the session
// cookie, the `x-csrf-token` header of the session and the UI language. An answer that the
// session is gone (ConsoleSessionExpired, HTTP 401) goes to the sign-in page through onSessionExpired.
import {
  CONSOLE_CSRF_HEADER,
  ErrorCode,
  REQUEST_TIMEOUT_MS,
  errorEnvelopeSchema,
  type ApiCall,
  type CallBody,
  type CallResult,
} from '@hc/contract';
import { ApiError } from './api-error';

let csrfToken: string | null = null;
let language = 'en-US';
let sessionExpiredHandler: (() => void) | null = null;

/** Kept from `session/me` and `session/login`; cleared on sign-out. */
export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

/** The session's CSRF token, for requests that are not JSON calls (image uploads). */
export function currentCsrfToken(): string | null {
  return csrfToken;
}

export function setRequestLanguage(lang: string): void {
  language = lang;
}

/** What to do when a call answers that the session has ended (the app routes to sign-in). */
export function onSessionExpired(handler: (() => void) | null): void {
  sessionExpiredHandler = handler;
}

function requestBody(call: ApiCall, body: unknown): string {
  const parsed = call.body.safeParse(body ?? {});
  if (!parsed.success)
    throw new ApiError(ErrorCode.InvalidParams, 'Invalid request body', {
      issues: parsed.error.issues,
    });
  return JSON.stringify(parsed.data);
}

async function post(call: ApiCall, body: unknown, signal?: AbortSignal): Promise<Response> {
  const payload = requestBody(call, body);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const onAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    return await fetch(call.path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        'content-type': 'application/json',
        lang: language,
        ...(csrfToken ? { [CONSOLE_CSRF_HEADER]: csrfToken } : {}),
      },
      body: payload,
      signal: controller.signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    if (timedOut) throw ApiError.network('Request timed out');
    throw ApiError.network(error instanceof Error ? error.message : String(error));
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

/** ConsoleSessionExpired (HTTP 401): no session, or it ended. */
function isSessionGone(code: number): boolean {
  return code === ErrorCode.ConsoleSessionExpired || code === ErrorCode.tokenFail;
}

function expired(msg: string): ApiError {
  sessionExpiredHandler?.();
  return new ApiError(ErrorCode.ConsoleSessionExpired, msg);
}

/** Reads a refusal envelope, or fails as a transport error. */
async function refusal(response: Response): Promise<ApiError> {
  const json: unknown = await response.json().catch(() => null);
  const envelope = errorEnvelopeSchema.safeParse(json);
  if (!envelope.success) return ApiError.network(`HTTP ${response.status}`);
  const { code, msg, data } = envelope.data;
  if (isSessionGone(code)) return expired(msg);
  return new ApiError(code, msg, data);
}

/**
 * Calls one console API. Resolves with the parsed `result` on code 0; rejects with an ApiError
 * otherwise (code 500 for transport failures, the business code for the rest).
 */
export async function callConsole<C extends ApiCall>(
  call: C,
  body?: CallBody<C>,
  options: { signal?: AbortSignal } = {},
): Promise<CallResult<C>> {
  const response = await post(call, body, options.signal);
  if (response.status !== 200) throw await refusal(response);
  const json: unknown = await response.json().catch(() => {
    throw ApiError.network('Invalid JSON in response');
  });
  const envelope = errorEnvelopeSchema.safeParse(json);
  if (!envelope.success) throw ApiError.network('Malformed response envelope');
  const { code, msg, data } = envelope.data;
  if (code !== 0) {
    if (isSessionGone(code)) throw expired(msg);
    throw new ApiError(code, msg, data);
  }
  const result = call.result.safeParse((json as { result?: unknown }).result);
  if (!result.success) throw ApiError.network(`Unexpected result from ${call.path}`);
  return result.data as CallResult<C>;
}

/** A file answer (`download` calls such as the audit CSV): its bytes and suggested name. */
export interface Download {
  blob: Blob;
  filename: string;
}

function filenameOf(response: Response, fallback: string): string {
  const disposition = response.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1] ?? fallback;
}

/** Posts a `download` call; refusals (JSON envelopes) reject like callConsole's. */
export async function downloadConsole<C extends ApiCall>(
  call: C,
  body: CallBody<C>,
  fallbackName: string,
): Promise<Download> {
  const response = await post(call, body);
  const type = response.headers.get('content-type') ?? '';
  if (response.status === 200 && call.download && type.startsWith(call.download)) {
    return { blob: await response.blob(), filename: filenameOf(response, fallbackName) };
  }
  throw await refusal(response);
}

/** Saves a downloaded file through a temporary link (no navigation, nothing inline). */
export function saveDownload({ blob, filename }: Download): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
