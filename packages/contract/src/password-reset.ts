// Verification codes and password reset by email or phone (docs/product/sign-in.md#login-screen, docs/product/sign-in.md#password-reset, docs/product/sign-in.md#password-rule).
import { z } from 'zod';
import { defineCall } from './call';
import { doneResultSchema, e164Phone, emailAddress, encryptedDataBodySchema } from './common';
import { checkPassword } from './password';

export const CodePurpose = { login: 'login', reset: 'reset' } as const;
export const codePurposeSchema = z.enum(CodePurpose);

export const codeSendResultSchema = z.object({
  resend_after: z
    .number()
    .int()
    .nonnegative()
    .describe('Seconds until another code may be requested'),
  expires_in: z.number().int().positive().describe('Seconds the code stays valid'),
});

export const emailCodeSendBodySchema = z.object({
  target: emailAddress,
  purpose: codePurposeSchema,
});
export const phoneCodeSendBodySchema = z.object({ target: e164Phone, purpose: codePurposeSchema });

const codeChosen =
  'The body was left to the caller: body { target, purpose: login|reset }; result { resend_after, expires_in } in seconds. ' +
  'Too frequent requests answer AuthCodeSendTooFrequently (docs/product/sign-in.md#verification-codes) with data { retry_after } in seconds.';
export const userEmailCodeSend = defineCall({
  path: '/api/user/email/code/send',
  method: 'POST',
  auth: 'none',
  body: emailCodeSendBodySchema,
  result: codeSendResultSchema,
  summary: 'Send a 6-digit verification code by email',
  spec: 'docs/product/api.md#sign-in-and-session-calls, docs/product/sign-in.md#verification-codes',
  tag: 'user',
  chosen: codeChosen,
});
export const userPhoneCodeSend = defineCall({
  path: '/api/user/phone/code/send',
  method: 'POST',
  auth: 'none',
  body: phoneCodeSendBodySchema,
  result: codeSendResultSchema,
  summary: 'Send a 6-digit verification code by SMS',
  spec: 'docs/product/api.md#sign-in-and-session-calls, docs/product/sign-in.md#verification-codes',
  tag: 'user',
  chosen: codeChosen,
});

export const verificationCode = z
  .string()
  .regex(/^\d{6}$/)
  .describe('6-digit verification code');

/** What `data` of a reset decrypts to (JSON). docs/product/sign-in.md#password-rule: password rules and "the two passwords must match". */
export const resetPayloadSchema = z
  .object({
    account: z
      .union([emailAddress, e164Phone])
      .describe('Email (email reset) or E.164 phone (phone reset)'),
    code: verificationCode,
    passwd: z.string(),
    passwd2: z.string(),
  })
  .superRefine((p, ctx) => {
    const check = checkPassword(p.passwd);
    if (!check.ok)
      ctx.addIssue({ code: 'custom', path: ['passwd'], message: `password ${check.reason}` });
    if (p.passwd !== p.passwd2)
      ctx.addIssue({ code: 'custom', path: ['passwd2'], message: 'passwords do not match' });
  });
export type ResetPayload = z.infer<typeof resetPayloadSchema>;

const resetChosen = 'data = encryptPayload(JSON of resetPayloadSchema); result { success: true }.';
export const userEmailPswReset = defineCall({
  path: '/api/user/email/psw/reset',
  method: 'POST',
  auth: 'none',
  body: encryptedDataBodySchema,
  result: doneResultSchema,
  summary: 'Reset the password with an email code',
  spec: 'docs/product/sign-in.md#password-reset, docs/product/sign-in.md#password-rule, docs/product/api.md#sign-in-and-session-calls',
  tag: 'user',
  chosen: resetChosen,
});
export const userPhonePswReset = defineCall({
  path: '/api/user/phone/psw/reset',
  method: 'POST',
  auth: 'none',
  body: encryptedDataBodySchema,
  result: doneResultSchema,
  summary: 'Reset the password with a phone code',
  spec: 'docs/product/sign-in.md#password-reset, docs/product/sign-in.md#password-rule, docs/product/api.md#sign-in-and-session-calls',
  tag: 'user',
  chosen: resetChosen,
});
