// Decrypting docs/product/api.md#payload-encryption payloads: a payload that does not decrypt (tampered, wrong key, garbage)
// is InvalidParams, never SystemBusy.
import { decryptPayload, ErrorCode } from '@hc/contract';
import { AppError } from '../../lib/app-error';
import { refuseNul } from '../../plugins/input-guard';

export async function decryptOrInvalid(payloadKey: string, token: string): Promise<string> {
  try {
    return await decryptPayload(payloadKey, token);
  } catch {
    throw new AppError(ErrorCode.InvalidParams, { reason: 'payload' });
  }
}

/** A payload carrying JSON (reset, identity): not decryptable or not JSON -> InvalidParams. */
export async function decryptJsonOrInvalid(payloadKey: string, token: string): Promise<unknown> {
  const plaintext = await decryptOrInvalid(payloadKey, token);
  let value: unknown;
  try {
    value = JSON.parse(plaintext) as unknown;
  } catch {
    throw new AppError(ErrorCode.InvalidParams, { reason: 'payload' });
  }
  refuseNul(value, 'data');
  return value;
}
