// POST /api/user/signUp (docs/product/sign-in.md#sign-up): data = the encrypted sign-up payload;
// the result is a session, as a login's.
import { api, type LoginResult, type SignUpPayload } from '@hc/contract';
import { callApi } from '../../../lib/api-client';
import { encryptSecret } from './encrypt-secret';

export async function signUp(payload: SignUpPayload): Promise<LoginResult> {
  const data = await encryptSecret(JSON.stringify(payload));
  return callApi(api.userSignUp, { data });
}
