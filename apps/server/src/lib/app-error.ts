// The one error type services throw for an expected business outcome; the envelope plugin
// turns it into `{ code, msg, data? }` (docs/decisions/0006-envelope-and-error-codes.md). Anything else becomes SystemBusy.
import { ErrorCode, errorKeyOf, errorMessages, type ErrorCodeValue } from '@hc/contract';

/** Refusals of a publisher call's signature (docs/publisher-api.md#signing): HTTP 401. */
const PUBLISHER_AUTH_CODES: ReadonlySet<number> = new Set([
  ErrorCode.PublisherAuthFailed,
  ErrorCode.PublisherTimestampStale,
  ErrorCode.PublisherNonceReplayed,
]);

export class AppError extends Error {
  readonly code: ErrorCodeValue;
  readonly data: unknown;

  constructor(code: ErrorCodeValue, data?: unknown) {
    const key = errorKeyOf(code);
    super(key === undefined ? `Error ${code}` : errorMessages[key]);
    this.name = 'AppError';
    this.code = code;
    this.data = data;
  }

  /**
   * The envelope sent to the client (HTTP 203 for tokenFail, 401 for a refused Publisher API
   * signature, 200 otherwise).
   */
  toEnvelope(): { code: number; msg: string; data?: unknown } {
    return this.data === undefined
      ? { code: this.code, msg: this.message }
      : { code: this.code, msg: this.message, data: this.data };
  }

  get httpStatus(): 200 | 203 | 401 {
    if (this.code === ErrorCode.tokenFail) return 203;
    return PUBLISHER_AUTH_CODES.has(this.code) ? 401 : 200;
  }
}

export function isAppError(err: unknown): err is AppError {
  return err instanceof AppError;
}
