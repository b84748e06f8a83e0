// The Idempotency-Key request header of order creation and the Publisher API's writes: absent
// (or empty) is undefined, a malformed one is InvalidParams naming the header.
import type { IncomingHttpHeaders } from 'node:http';
import { ErrorCode, IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '@hc/contract';
import { AppError } from './app-error';

export function idempotencyKeyOf(headers: IncomingHttpHeaders): string | undefined {
  const raw = headers[IDEMPOTENCY_KEY_HEADER];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || value === '') return undefined;
  if (!IDEMPOTENCY_KEY_PATTERN.test(value))
    throw new AppError(ErrorCode.InvalidParams, {
      issues: [{ path: 'Idempotency-Key', message: '8 to 128 visible ASCII characters' }],
    });
  return value;
}
