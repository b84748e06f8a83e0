// POST /api/user/phone/code/send: a 6-digit SMS code for login or password reset (docs/product/sign-in.md#verification-codes).
import { api } from '@hc/contract';
import { callApi } from '../../../lib/api-client';
import type { CodePurpose, CodeSendResult } from './send-email-code';

export function sendPhoneCode(target: string, purpose: CodePurpose): Promise<CodeSendResult> {
  return callApi(api.userPhoneCodeSend, { target, purpose });
}
