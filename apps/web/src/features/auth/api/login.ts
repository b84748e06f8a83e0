// POST /api/user/login (docs/product/api.md#sign-in-and-session-calls): one call for the account, email and phone channels.
import { api, type LoginResult } from '@hc/contract';
import { callApi } from '../../../lib/api-client';
import { encryptSecret } from './encrypt-secret';

export type PasswordlessChannel = 'email' | 'phone';
export type FormChannel = 'account' | PasswordlessChannel;

export interface LoginInput {
  channel: FormChannel;
  /** Login name, email or E.164 phone. */
  account: string;
  /** Password (account) or 6-digit code (email, phone); sent encrypted (docs/product/api.md#payload-encryption). */
  secret: string;
  remember: boolean;
}

export async function login(input: LoginInput): Promise<LoginResult> {
  const passwd = await encryptSecret(input.secret);
  return callApi(api.userLogin, {
    channel_code: input.channel,
    account: input.account,
    passwd,
    encrypt: 1,
    remember: input.remember,
  });
}
