// Session calls: user info, login (every channel of docs/product/sign-in.md#login-screen), temporary web token, logout, SDK ticket, WeChat (docs/product/session.md#hand-over, docs/product/api.md#sign-in-and-session-calls).
import { z } from 'zod';
import { defineCall, emptyBodySchema } from './call';
import { doneResultSchema, e164Phone, emailAddress, numericId, unixSeconds } from './common';

export const LoginChannel = {
  account: 'account',
  email: 'email',
  phone: 'phone',
  facebook: 'facebook',
  google: 'google',
  apple: 'apple',
  wechat: 'wechat',
} as const;
export type LoginChannel = (typeof LoginChannel)[keyof typeof LoginChannel];
export const loginChannelSchema = z.enum(LoginChannel);

export const uinfoResultSchema = z.object({
  login: z.boolean(),
  isInit: z.boolean(),
  accid: z.number().int().nullable(),
  account: z.string().nullable(),
  gameAccountId: z.number().int().nullable(),
  gameId: z.number().int().nullable(),
  userId: z.number().int().nullable(),
  customer_service: z.string().nullable(),
});
export const userUinfo = defineCall({
  path: '/api/user/uinfo',
  method: 'POST',
  auth: 'optional',
  body: emptyBodySchema,
  result: uinfoResultSchema,
  summary:
    'Who is signed in (login flag, account, bound game account); anonymous callers get login=false',
  spec: 'docs/product/session.md#user-info, docs/product/api.md#sign-in-and-session-calls',
  tag: 'user',
  chosen:
    'Body empty; the client exchanges an hctoken with userTmpWebTokenLogin first (docs/product/session.md#hand-over).',
});

/** docs/product/api.md#payload-encryption: the secret is always encrypted (encryptPayload) and `encrypt: 1` is sent. */
export const loginBodySchema = z
  .object({
    channel_code: loginChannelSchema,
    account: z
      .string()
      .max(254)
      .describe('Login name, email or E.164 phone; empty for social channels'),
    passwd: z
      .string()
      .min(1)
      .max(8192)
      .describe('Encrypted secret: password, 6-digit code or provider credential'),
    encrypt: z.literal(1),
    remember: z
      .boolean()
      .optional()
      .describe('docs/product/sign-in.md#login-screen remember auto-login: longer session'),
  })
  .superRefine((body, ctx) => {
    const { channel_code: channel, account } = body;
    if (channel === 'account' && account.trim() === '') {
      ctx.addIssue({ code: 'custom', path: ['account'], message: 'required' });
    }
    if (channel === 'email' && !emailAddress.safeParse(account).success) {
      ctx.addIssue({ code: 'custom', path: ['account'], message: 'invalid email' });
    }
    if (channel === 'phone' && !e164Phone.safeParse(account).success) {
      ctx.addIssue({ code: 'custom', path: ['account'], message: 'invalid phone' });
    }
  });
export type LoginBody = z.input<typeof loginBodySchema>;

export const loginResultSchema = z.object({
  token: z.string().min(1),
  customer_service: z.string(),
  accid: numericId,
  account: z.string(),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

export const userLogin = defineCall({
  path: '/api/user/login',
  method: 'POST',
  auth: 'none',
  body: loginBodySchema,
  result: loginResultSchema,
  summary: 'Sign in with any channel; the token and customer service link are stored by the client',
  spec: 'docs/product/api.md#sign-in-and-session-calls, docs/product/errors.md#validation-messages',
  tag: 'user',
  chosen:
    'channel account: passwd = encrypted password; email: passwd = encrypted password, or the encrypted 6-digit code sent with purpose "login" ' +
    '(a secret of 6 digits is taken as a code: no valid password is digits only); phone: passwd = encrypted 6-digit code sent with purpose "login"; ' +
    'facebook/google/apple/wechat: passwd = encrypted provider credential (ID token or authorization code). remember is optional.',
});

export const userTmpWebTokenLogin = defineCall({
  path: '/api/user/tmpWebTokenLogin',
  method: 'POST',
  auth: 'none',
  body: z.object({ token: z.string().min(1).max(512).describe('The hctoken query value') }),
  result: loginResultSchema,
  summary: 'Exchange a temporary web token (hctoken) for a session',
  spec: 'docs/product/session.md#hand-over, docs/product/api.md#sign-in-and-session-calls',
  tag: 'user',
  chosen: 'Result is the login result.',
});

export const userLogout = defineCall({
  path: '/api/user/logout',
  method: 'POST',
  auth: 'optional',
  body: emptyBodySchema,
  result: doneResultSchema,
  summary: 'End the current session (idempotent)',
  spec: 'docs/product/session.md, docs/product/api.md#sign-in-and-session-calls',
  tag: 'user',
  chosen: 'Body empty; auth optional so an already-expired session never triggers the 203 dialog.',
});

export const sdkTicketResultSchema = z.object({
  ticket: z.string().min(1),
  expires_ts: unixSeconds,
});
export const userSdkTicketGet = defineCall({
  path: '/api/user/sdk/ticket/get',
  method: 'POST',
  auth: 'required',
  body: z.object({ uid: numericId.describe('Game account id') }),
  result: sdkTicketResultSchema,
  summary: 'One-time ticket the game client redeems to start the game signed in',
  spec: 'docs/product/api.md#sign-in-and-session-calls',
  tag: 'user',
  chosen: 'Result { ticket, expires_ts }.',
});

export const wechatInfoResultSchema = z.object({
  enabled: z.boolean(),
  appid: z.string().nullable(),
  authorize_url: z.string().nullable().describe('WeChat QR/authorize page to open'),
});
export const userWechatInfoGet = defineCall({
  path: '/api/user/wechat/info/get',
  method: 'POST',
  auth: 'none',
  body: emptyBodySchema,
  result: wechatInfoResultSchema,
  summary: 'WeChat sign-in settings',
  spec: 'docs/product/api.md#sign-in-and-session-calls',
  tag: 'user',
  chosen:
    'Body empty; result { enabled, appid, authorize_url } (null when WeChat is not configured).',
});
