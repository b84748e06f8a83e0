// The one error type of API calls (STYLE: components switch on `code`, never on `msg`).
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

  /** The catalogue name of the code (`errors:<key>` in translations), if known. */
  get key(): ErrorCodeName | undefined {
    return errorKeyOf(this.code);
  }

  /** docs/product/api.md#response-handling: network errors and unexpected HTTP statuses become code 500. */
  static network(message: string): ApiError {
    return new ApiError(ErrorCode.NetworkError, message);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The translation key for any error: `errors:<Name>`, SystemBusy for unknown codes. */
export function errorTranslationKey(error: unknown): `errors:${string}` {
  const key = isApiError(error) ? error.key : undefined;
  return `errors:${key ?? 'SystemBusy'}`;
}
