// Sign-in and session calls: user info, login (every channel of docs/product/sign-in.md#login-screen),
// hand-over ticket, logout, SDK ticket, WeChat (docs/product/session.md#hand-over,
// docs/product/api.md#sign-in-and-session-calls); social sign-in's browser routes; verification codes
// and password reset by email or phone (docs/product/sign-in.md#password-reset).
import { z } from 'zod';
import { defineCall, emptyBodySchema } from './call';
import {
  doneResultSchema,
  e164Phone,
  emailAddress,
  encryptedDataBodySchema,
  numericId,
  unixSeconds,
} from './common';
import { checkPassword } from './password';

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
  tag: 'auth',
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
  tag: 'auth',
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
  tag: 'auth',
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
  tag: 'auth',
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
  tag: 'auth',
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
  tag: 'auth',
  chosen:
    'Body empty; result { enabled, appid, authorize_url } (null when WeChat is not configured).',
});

// Social sign-in (docs/product/sign-in.md#login-screen, docs/product/session.md): the providers, and
// the browser-navigation routes that are not JSON calls (so they are not in `api`).
export const SOCIAL_PROVIDERS = ['google', 'apple', 'facebook', 'wechat'] as const;
export const socialProviderSchema = z.enum(SOCIAL_PROVIDERS);
export type SocialProvider = z.infer<typeof socialProviderSchema>;

/** Query parameters the social callbacks add to the portal URL they return to (docs/product/session.md). */
export const SOCIAL_RETURN_PARAMS = {
  /** Single-use hand-over ticket the web exchanges with userTmpWebTokenLogin. */
  ticket: 'hctoken',
  /** Apple only: the Apple subject on success, `false` when no account was found (docs/product/sign-in.md#apple-sign-in-return). */
  appleId: 'appleId',
  /** Set on /login when a sign-in failed: see `SocialErrorReason`. */
  error: 'oauth_error',
} as const;

/** `/login?oauth_error=<reason>`: state bad/missing/used, token check failed, no account, provider error. */
export const socialErrorReasonSchema = z.enum(['state', 'token', 'not_found', 'provider']);
export type SocialErrorReason = z.infer<typeof socialErrorReasonSchema>;

/** Where the browser goes to start a sign-in: a full-page navigation, not a fetch. */
export function socialStartPath(provider: SocialProvider, redirect?: string): string {
  const base = `/api/oauth/${provider}/start`;
  return redirect === undefined ? base : `${base}?redirect=${encodeURIComponent(redirect)}`;
}

export interface SocialRoute {
  method: 'GET' | 'POST';
  path: string;
  summary: string;
  description: string;
}

/** The non-JSON social routes (browser navigations answering 302), for docs. */
export const socialRoutes: readonly SocialRoute[] = [
  {
    method: 'GET',
    path: '/api/oauth/{provider}/start',
    summary: 'Start a social sign-in (browser navigation)',
    description:
      'provider: google | apple | facebook | wechat (configured ones are listed in settingInit.social). ' +
      'Query `redirect`: a same-origin path to return to (anything else becomes /main/home). ' +
      'Stores state, PKCE verifier, nonce and redirect server-side (single use, 10 minutes), sets the ' +
      'HttpOnly cookie hc_oauth_binding (path: the callback) that binds the state to this browser, and ' +
      'answers 302 to the provider. An unconfigured provider answers 302 to /login?oauth_error=provider.',
  },
  {
    method: 'GET',
    path: '/api/oauth/{provider}/callback',
    summary: 'Provider return for Google, Facebook, WeChat (browser navigation)',
    description:
      'Checks state and its binding cookie (from the start in the same browser; cleared), exchanges ' +
      'the code, finds the identity by (provider, subject). Answers 302 to ' +
      '`<redirect>?hctoken=<single-use ticket>` on success, else to /login?oauth_error=<state|token|not_found|provider>.',
  },
  {
    method: 'POST',
    path: '/api/oauth/apple/callback',
    summary: 'Sign in with Apple return (response_mode=form_post)',
    description:
      'Form fields code, state, user (name, first sign-in only); the binding cookie as for GET ' +
      '(SameSite=None: this return is a cross-site POST). Success: 302 to ' +
      '`<redirect>?hctoken=<ticket>&appleId=<subject>`; no account and sign-up off: 302 to ' +
      '/main/home?appleId=false (docs/product/sign-in.md#apple-sign-in-return).',
  },
];

// Verification codes and password reset (docs/product/sign-in.md#password-reset, #password-rule).
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
  tag: 'auth',
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
  tag: 'auth',
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
  tag: 'auth',
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
  tag: 'auth',
  chosen: resetChosen,
});
