// POST /api/user/email/code/send: a 6-digit code for login or password reset (docs/product/sign-in.md#verification-codes).
import { api, type CallResult } from '@hc/contract';
import { callApi } from '../../../lib/api-client';

export type CodePurpose = 'login' | 'reset' | 'signup';
export type CodeSendResult = CallResult<typeof api.userEmailCodeSend>;

export function sendEmailCode(target: string, purpose: CodePurpose): Promise<CodeSendResult> {
  return callApi(api.userEmailCodeSend, { target, purpose });
}
