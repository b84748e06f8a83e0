// The one error type services throw for an expected business outcome; the envelope plugin
// turns it into `{ code, msg, data? }` (docs/decisions/0006-envelope-and-error-codes.md). Anything else becomes SystemBusy.
import { errorKeyOf, errorMessages, httpStatusOfError, type ErrorCodeValue } from '@hc/contract';

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

  /** The envelope sent to the client. */
  toEnvelope(): { code: number; msg: string; data?: unknown } {
    return this.data === undefined
      ? { code: this.code, msg: this.message }
      : { code: this.code, msg: this.message, data: this.data };
  }

  /**
   * HTTP 203 for tokenFail, 401 for a refused Publisher API signature or a missing console
   * session, 403 for a console refusal (role, CSRF, enrolment), 200 otherwise.
   */
  get httpStatus(): 200 | 203 | 401 | 403 {
    return httpStatusOfError(this.code);
  }
}

export function isAppError(err: unknown): err is AppError {
  return err instanceof AppError;
}
