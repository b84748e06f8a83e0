// docs/product/api.md#payload-encryption: secrets (passwords, codes, reset payloads) leave the browser encrypted with the
// site's payload key from /api/setting/init.
import { ErrorCode, encryptPayload } from '@hc/contract';
import { ApiError } from '../../../lib/api-error';
import { appStore } from '../../../lib/app-store';

export function encryptSecret(plaintext: string): Promise<string> {
  const key = appStore.getState().config?.payload_key;
  if (!key) return Promise.reject(new ApiError(ErrorCode.SystemBusy, 'site config not loaded'));
  return encryptPayload(key, plaintext);
}
