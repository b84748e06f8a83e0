// The one error type of console calls: components switch on `code`, never on the server's `msg`.
import { ErrorCode, errorKeyOf, type ErrorCodeName } from '@hc/contract';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: number;
  readonly msg: string;
  readonly data: unknown;

  constructor(code: number, msg: string, data?: unknown) {
    super(`${code}: ${msg}`);
    this.code = code;
    this.msg = msg;
    this.data = data;
  }

  /** The catalogue name of the code (`errors:<key>` in the texts), if known. */
  get key(): ErrorCodeName | undefined {
    return errorKeyOf(this.code);
  }

  get isNetwork(): boolean {
    return this.code === ErrorCode.NetworkError;
  }

  static network(message: string): ApiError {
    return new ApiError(ErrorCode.NetworkError, message);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Whether `error` is the business error `name` of the contract's catalogue. */
export function isErrorCode(error: unknown, name: ErrorCodeName): boolean {
  return isApiError(error) && error.code === (ErrorCode as Record<string, number>)[name];
}

/** The translation key for any error: `errors:<Name>`, SystemBusy for unknown codes. */
export function errorTranslationKey(error: unknown): `errors:${string}` {
  const key = isApiError(error) ? error.key : undefined;
  return `errors:${key ?? 'SystemBusy'}`;
}
