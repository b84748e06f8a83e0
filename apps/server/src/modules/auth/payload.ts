// Decrypting SPEC §5 payloads: a payload that does not decrypt (tampered, wrong key, garbage)
// is InvalidParams, never SystemBusy.
import { decryptPayload, ErrorCode } from '@hc/contract';
import { AppError } from '../../lib/app-error';

export async function decryptOrInvalid(payloadKey: string, token: string): Promise<string> {
  try {
    return await decryptPayload(payloadKey, token);
  } catch {
    throw new AppError(ErrorCode.InvalidParams, { reason: 'payload' });
  }
}
