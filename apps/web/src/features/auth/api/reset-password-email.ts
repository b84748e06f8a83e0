// POST /api/user/email/psw/reset (docs/product/sign-in.md#password-reset): data = encrypted reset payload.
import { api, type ResetPayload } from '@hc/contract';
import { callApi } from '../../../lib/api-client';
import { encryptSecret } from './encrypt-secret';

export async function resetPasswordByEmail(payload: ResetPayload): Promise<void> {
  const data = await encryptSecret(JSON.stringify(payload));
  await callApi(api.userEmailPswReset, { data });
}
