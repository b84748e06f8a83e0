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
import { builtOnFirstUse } from './lazy';

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
export const loginChannelSchema = builtOnFirstUse(() => z.enum(LoginChannel));

export const uinfoResultSchema = builtOnFirstUse(() =>
  z.object({
    login: z.boolean(),
    isInit: z.boolean(),
    accid: z.number().int().nullable(),
    account: z.string().nullable(),
    gameAccountId: z.number().int().nullable(),
    gameId: z.number().int().nullable(),
    userId: z.number().int().nullable(),
    customer_service: z.string().nullable(),
  }),
);
export const userUinfo = defineCall({
  path: '/api/user/uinfo',
  method: 'POST',
  auth: 'optional',
  body: () => emptyBodySchema,
  result: () => uinfoResultSchema,
  summary:
    'Who is signed in (login flag, account, bound game account); anonymous callers get login=false',
  spec: 'docs/product/session.md#user-info, docs/product/api.md#sign-in-and-session-calls',
  tag: 'auth',
  chosen:
    'Body empty; the client exchanges an hctoken with userTmpWebTokenLogin first (docs/product/session.md#hand-over).',
});

/** docs/product/api.md#payload-encryption: the secret is always encrypted (encryptPayload) and `encrypt: 1` is sent. */
export const loginBodySchema = builtOnFirstUse(() =>
  z
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
    }),
);
export type LoginBody = z.input<typeof loginBodySchema>;

export const loginResultSchema = builtOnFirstUse(() =>
  z.object({
    token: z.string().min(1),
    customer_service: z.string(),
    accid: numericId,
    account: z.string(),
  }),
);
export type LoginResult = z.infer<typeof loginResultSchema>;

export const userLogin = defineCall({
  path: '/api/user/login',
  method: 'POST',
  auth: 'none',
  body: () => loginBodySchema,
  result: () => loginResultSchema,
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
  body: () => z.object({ token: z.string().min(1).max(512).describe('The hctoken query value') }),
  result: () => loginResultSchema,
  summary: 'Exchange a temporary web token (hctoken) for a session',
  spec: 'docs/product/session.md#hand-over, docs/product/api.md#sign-in-and-session-calls',
  tag: 'auth',
  chosen: 'Result is the login result.',
});

export const userLogout = defineCall({
  path: '/api/user/logout',
  method: 'POST',
  auth: 'optional',
  ignoresDeadToken: true,
  body: () => emptyBodySchema,
  result: () => doneResultSchema,
  summary: 'End the current session (idempotent)',
  spec: 'docs/product/session.md, docs/product/api.md#sign-in-and-session-calls',
  tag: 'auth',
  chosen: 'Body empty; auth optional so an already-expired session never triggers the 203 dialog.',
});

export const sdkTicketResultSchema = builtOnFirstUse(() =>
  z.object({
    ticket: z.string().min(1),
    expires_ts: unixSeconds,
  }),
);
export const userSdkTicketGet = defineCall({
  path: '/api/user/sdk/ticket/get',
  method: 'POST',
  auth: 'required',
  body: () => z.object({ uid: numericId.describe('Game account id') }),
  result: () => sdkTicketResultSchema,
  summary: 'One-time ticket the game client redeems to start the game signed in',
  spec: 'docs/product/api.md#sign-in-and-session-calls',
  tag: 'auth',
  chosen: 'Result { ticket, expires_ts }.',
});

export const wechatInfoResultSchema = builtOnFirstUse(() =>
  z.object({
    enabled: z.boolean(),
    appid: z.string().nullable(),
    authorize_url: z.string().nullable().describe('WeChat QR/authorize page to open'),
  }),
);
export const userWechatInfoGet = defineCall({
  path: '/api/user/wechat/info/get',
  method: 'POST',
  auth: 'none',
  body: () => emptyBodySchema,
  result: () => wechatInfoResultSchema,
  summary: 'WeChat sign-in settings',
  spec: 'docs/product/api.md#sign-in-and-session-calls',
  tag: 'auth',
  chosen:
    'Body empty; result { enabled, appid, authorize_url } (null when WeChat is not configured).',
});

// Social sign-in (docs/product/sign-in.md#login-screen, docs/product/session.md): the providers, and
// the browser-navigation routes that are not JSON calls (so they are not in `api`).
export const SOCIAL_PROVIDERS = ['google', 'apple', 'facebook', 'wechat'] as const;
export const socialProviderSchema = builtOnFirstUse(() => z.enum(SOCIAL_PROVIDERS));
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
export const socialErrorReasonSchema = builtOnFirstUse(() =>
  z.enum(['state', 'token', 'not_found', 'provider']),
);
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
export const CodePurpose = { login: 'login', reset: 'reset', signup: 'signup' } as const;
export const codePurposeSchema = builtOnFirstUse(() => z.enum(CodePurpose));

export const codeSendResultSchema = builtOnFirstUse(() =>
  z.object({
    resend_after: z
      .number()
      .int()
      .nonnegative()
      .describe('Seconds until another code may be requested'),
    expires_in: z.number().int().positive().describe('Seconds the code stays valid'),
  }),
);

export const emailCodeSendBodySchema = builtOnFirstUse(() =>
  z.object({
    target: emailAddress,
    purpose: codePurposeSchema,
  }),
);
export const phoneCodeSendBodySchema = builtOnFirstUse(() =>
  z.object({ target: e164Phone, purpose: codePurposeSchema }),
);

const codeChosen =
  'The body was left to the caller: body { target, purpose: login|reset|signup }; result { resend_after, expires_in } in seconds. ' +
  'Too frequent requests answer AuthCodeSendTooFrequently (docs/product/sign-in.md#verification-codes) with data { retry_after } in seconds. ' +
  'purpose signup (docs/product/sign-in.md#sign-up): SignUpDisabled when sign-up is off; an address or number another account has answers EmailInUse / PhoneInUse (counted like a send, nothing sent).';
export const userEmailCodeSend = defineCall({
  path: '/api/user/email/code/send',
  method: 'POST',
  auth: 'none',
  body: () => emailCodeSendBodySchema,
  result: () => codeSendResultSchema,
  summary: 'Send a 6-digit verification code by email',
  spec: 'docs/product/api.md#sign-in-and-session-calls, docs/product/sign-in.md#verification-codes',
  tag: 'auth',
  chosen: codeChosen,
});
export const userPhoneCodeSend = defineCall({
  path: '/api/user/phone/code/send',
  method: 'POST',
  auth: 'none',
  body: () => phoneCodeSendBodySchema,
  result: () => codeSendResultSchema,
  summary: 'Send a 6-digit verification code by SMS',
  spec: 'docs/product/api.md#sign-in-and-session-calls, docs/product/sign-in.md#verification-codes',
  tag: 'auth',
  chosen: codeChosen,
});

export const verificationCode = builtOnFirstUse(() =>
  z
    .string()
    .regex(/^\d{6}$/)
    .describe('6-digit verification code'),
);

/** A new password and its repetition: the password rule holds and both are equal. */
function checkNewPasswordPair(
  p: { passwd: string; passwd2: string },
  ctx: z.RefinementCtx<{ passwd: string; passwd2: string }>,
): void {
  const check = checkPassword(p.passwd);
  if (!check.ok)
    ctx.addIssue({ code: 'custom', path: ['passwd'], message: `password ${check.reason}` });
  if (p.passwd !== p.passwd2)
    ctx.addIssue({ code: 'custom', path: ['passwd2'], message: 'passwords do not match' });
}

/** What `data` of a reset decrypts to (JSON). docs/product/sign-in.md#password-rule: password rules and "the two passwords must match". */
export const resetPayloadSchema = builtOnFirstUse(() =>
  z
    .object({
      account: z
        .union([emailAddress, e164Phone])
        .describe('Email (email reset) or E.164 phone (phone reset)'),
      code: verificationCode,
      passwd: z.string(),
      passwd2: z.string(),
    })
    .superRefine(checkNewPasswordPair),
);
export type ResetPayload = z.infer<typeof resetPayloadSchema>;

const resetChosen = 'data = encryptPayload(JSON of resetPayloadSchema); result { success: true }.';
export const userEmailPswReset = defineCall({
  path: '/api/user/email/psw/reset',
  method: 'POST',
  auth: 'none',
  body: () => encryptedDataBodySchema,
  result: () => doneResultSchema,
  summary: 'Reset the password with an email code',
  spec: 'docs/product/sign-in.md#password-reset, docs/product/sign-in.md#password-rule, docs/product/api.md#sign-in-and-session-calls',
  tag: 'auth',
  chosen: resetChosen,
});
export const userPhonePswReset = defineCall({
  path: '/api/user/phone/psw/reset',
  method: 'POST',
  auth: 'none',
  body: () => encryptedDataBodySchema,
  result: () => doneResultSchema,
  summary: 'Reset the password with a phone code',
  spec: 'docs/product/sign-in.md#password-reset, docs/product/sign-in.md#password-rule, docs/product/api.md#sign-in-and-session-calls',
  tag: 'auth',
  chosen: resetChosen,
});

// Sign-up on the portal (docs/product/sign-in.md#sign-up, docs/decisions/0042-player-arrival.md):
// a per-deployment switch (SIGN_UP_ENABLED, settingInit.sign_up). The payload travels encrypted
// like a reset; the account signs in at once and has no game account until it binds one.

/** Login names chosen at sign-up: 4 to 32 letters, digits, `_ . -`, starting with a letter. */
export const signUpLoginName = builtOnFirstUse(() =>
  z
    .string()
    .regex(
      /^[A-Za-z][A-Za-z0-9_.-]{3,31}$/,
      '4 to 32 letters, digits, _ . or -, starting with a letter',
    )
    .refine((name) => !/^g\d+_/.test(name), 'names like g<number>_ are kept for game accounts')
    .describe('Portal login name'),
);

/** A calendar date `YYYY-MM-DD` that exists, not in the future, not before 1900. */
export const birthdayDate = builtOnFirstUse(() =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD')
    .refine((value) => {
      const d = new Date(`${value}T00:00:00Z`);
      return (
        !Number.isNaN(d.getTime()) &&
        d.toISOString().slice(0, 10) === value &&
        d.getUTCFullYear() >= 1900 &&
        d.getTime() <= Date.now()
      );
    }, 'a real date, not in the future')
    .describe('Birthday, kept for spending rules'),
);

/** What `data` of userSignUp decrypts to (JSON). */
export const signUpPayloadSchema = builtOnFirstUse(() =>
  z
    .object({
      channel: z.enum(['email', 'phone']).describe('Which contact the code was sent to'),
      target: z.union([emailAddress, e164Phone]).describe('The email or E.164 phone'),
      code: verificationCode,
      account: signUpLoginName,
      passwd: z.string(),
      passwd2: z.string(),
      birthday: birthdayDate,
      terms_version: z
        .string()
        .min(1)
        .max(32)
        .describe('settingInit.sign_up.terms_version accepted'),
      privacy_version: z
        .string()
        .min(1)
        .max(32)
        .describe('settingInit.sign_up.privacy_version accepted'),
    })
    .superRefine((p, ctx) => {
      const target = p.channel === 'email' ? emailAddress : e164Phone;
      if (!target.safeParse(p.target).success)
        ctx.addIssue({ code: 'custom', path: ['target'], message: `invalid ${p.channel}` });
      const check = checkPassword(p.passwd);
      if (!check.ok)
        ctx.addIssue({ code: 'custom', path: ['passwd'], message: `password ${check.reason}` });
      if (p.passwd !== p.passwd2)
        ctx.addIssue({ code: 'custom', path: ['passwd2'], message: 'passwords do not match' });
    }),
);
export type SignUpPayload = z.infer<typeof signUpPayloadSchema>;

export const userSignUp = defineCall({
  path: '/api/user/signUp',
  method: 'POST',
  auth: 'none',
  body: () => encryptedDataBodySchema,
  result: () => loginResultSchema,
  summary: 'Create a portal account (login name, password, verified email or phone) and sign in',
  spec: 'docs/product/sign-in.md#sign-up, docs/decisions/0042-player-arrival.md',
  tag: 'auth',
  chosen:
    'data = encryptPayload(JSON of signUpPayloadSchema); the code is one sent with purpose "signup" to target. ' +
    'Refusals, cheapest first, nothing written: SignUpDisabled, InvalidParams (shape, passwords differ), PasswordFormatMismatch (rule or block list), ' +
    'ConsentOutdated (versions are not the current ones), LoginNameInUse, EmailInUse / PhoneInUse, InvalidEmailCode / InvalidMobileCode. ' +
    'Result is the login result (a session, not remembered); the accepted versions, their time and the birthday are stored on the account.',
});

// Account self-service on the account page (docs/product/account.md#self-service,
// docs/decisions/0049-account-self-service-and-deletion.md): the profile, password, email and
// phone, linked social sign-ins, signed-in devices, a copy of the data, and deletion.

/** A linked social sign-in as the account page lists it. */
export const linkedSocialSchema = builtOnFirstUse(() =>
  z.object({
    provider: socialProviderSchema,
    name: z.string().nullable().describe('The name the provider gave, if any'),
    linked_ts: unixSeconds,
  }),
);

export const profileResultSchema = builtOnFirstUse(() =>
  z.object({
    account: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    has_password: z.boolean().describe('false: signs in by code or a social sign-in only'),
    social: z.array(linkedSocialSchema),
    /** The providers this portal offers (settingInit.social), for the "link" buttons. */
    providers: z.array(socialProviderSchema),
  }),
);
export type ProfileResult = z.infer<typeof profileResultSchema>;

export const userProfile = defineCall({
  path: '/api/user/profile',
  method: 'POST',
  auth: 'required',
  body: () => emptyBodySchema,
  result: () => profileResultSchema,
  summary: 'The signed-in account as its owner sees it: login name, email, phone, sign-in methods',
  spec: 'docs/product/account.md#self-service',
  tag: 'auth',
  chosen:
    'Email and phone are shown in full to their owner (the page is behind the session); no password hash, only has_password.',
});

/** What `data` of userPasswordChange decrypts to (JSON). */
export const passwordChangePayloadSchema = builtOnFirstUse(() =>
  z
    .object({
      old_passwd: z
        .string()
        .max(256)
        .optional()
        .describe('The current password; left out only by an account that has none yet'),
      passwd: z.string(),
      passwd2: z.string(),
    })
    .superRefine(checkNewPasswordPair),
);
export type PasswordChangePayload = z.infer<typeof passwordChangePayloadSchema>;

export const userPasswordChange = defineCall({
  path: '/api/user/password/change',
  method: 'POST',
  auth: 'required',
  body: () => encryptedDataBodySchema,
  result: () => doneResultSchema,
  summary: 'Change (or first set) the password; other sessions end, a notice goes to the account',
  spec: 'docs/product/account.md#change-password, docs/product/sign-in.md#password-rule',
  tag: 'auth',
  chosen:
    'data = encryptPayload(JSON of passwordChangePayloadSchema). The old password is checked like a login ' +
    '(the login throttle: TooManyRequests with retry_after; InvalidPassword when wrong); the new one follows ' +
    'the password rule and block list (PasswordFormatMismatch) and must differ (PasswordUnchanged). ' +
    'Every other session of the account ends, this one stays; a notice mail / SMS goes to the account in its language.',
});

export const contactChannelSchema = builtOnFirstUse(() => z.enum(['email', 'phone']));

export const contactCodeSendBodySchema = builtOnFirstUse(() =>
  z
    .object({ channel: contactChannelSchema, target: z.string().min(1).max(254) })
    .superRefine((b, ctx) => {
      const target = b.channel === 'email' ? emailAddress : e164Phone;
      if (!target.safeParse(b.target).success)
        ctx.addIssue({ code: 'custom', path: ['target'], message: `invalid ${b.channel}` });
    }),
);

export const userContactCodeSend = defineCall({
  path: '/api/user/contact/code/send',
  method: 'POST',
  auth: 'required',
  body: () => contactCodeSendBodySchema,
  result: () => codeSendResultSchema,
  summary: 'Send a code to a new email or phone before it replaces the account’s',
  spec: 'docs/product/account.md#email-and-phone',
  tag: 'auth',
  chosen:
    'The code (purpose "contact") goes to the NEW address; the send limits of the other codes apply. ' +
    'ContactUnchanged when it is already the account’s; EmailInUse / PhoneInUse when another account has it (counted, nothing sent).',
});

export const userContactChange = defineCall({
  path: '/api/user/contact/change',
  method: 'POST',
  auth: 'required',
  body: () =>
    z
      .object({
        channel: contactChannelSchema,
        target: z.string().min(1).max(254),
        code: verificationCode,
      })
      .superRefine((b, ctx) => {
        const target = b.channel === 'email' ? emailAddress : e164Phone;
        if (!target.safeParse(b.target).success)
          ctx.addIssue({ code: 'custom', path: ['target'], message: `invalid ${b.channel}` });
      }),
  result: () => profileResultSchema,
  summary: 'Add or change the email or phone with the code sent to the new address',
  spec: 'docs/product/account.md#email-and-phone',
  tag: 'auth',
  chosen:
    'A wrong code is InvalidEmailCode / InvalidMobileCode (5 tries, counted like a login code). The old address, ' +
    'if any, gets a notice in the account’s language. Answers the updated profile.',
});

export const userSocialLinkStart = defineCall({
  path: '/api/user/social/link/start',
  method: 'POST',
  auth: 'required',
  body: () => z.object({ provider: socialProviderSchema }),
  result: () =>
    z.object({ location: z.string().describe('Where the browser goes next (the provider)') }),
  summary: 'Start linking a social sign-in to the signed-in account (then a browser navigation)',
  spec: 'docs/product/account.md#social-sign-ins, docs/decisions/0014-social-sign-in.md',
  tag: 'auth',
  chosen:
    'The social round trip of /api/oauth/{provider}/start in "link" mode: the state (single use, 10 minutes) names the account, ' +
    'the answer sets the binding cookie and gives the provider URL. The callback returns to /main/account/user?social_link=<outcome> ' +
    '(linked, in_use, already_linked, state, token, provider) and never starts a session. SocialProviderUnavailable when the provider is not offered; ' +
    'SocialAlreadyLinked when the account has one of that provider.',
});

/** `/main/account/user?social_link=<outcome>` after a link round trip. */
export const socialLinkOutcomeSchema = builtOnFirstUse(() =>
  z.enum(['linked', 'in_use', 'already_linked', 'state', 'token', 'provider']),
);
export type SocialLinkOutcome = z.infer<typeof socialLinkOutcomeSchema>;
export const SOCIAL_LINK_PARAM = 'social_link';

export const userSocialUnlink = defineCall({
  path: '/api/user/social/unlink',
  method: 'POST',
  auth: 'required',
  body: () => z.object({ provider: socialProviderSchema }),
  result: () => profileResultSchema,
  summary: 'Unlink a social sign-in from the account (never the last way in)',
  spec: 'docs/product/account.md#social-sign-ins',
  tag: 'auth',
  chosen:
    'SocialNotLinked when the account has none of that provider; LastSignInMethod when the account has no password, ' +
    'no email or phone and this is its only social sign-in. Answers the updated profile.',
});

export const signedInDeviceSchema = builtOnFirstUse(() =>
  z.object({
    id: numericId,
    browser: z
      .string()
      .nullable()
      .describe('e.g. "Chrome", from the user agent; null when unknown'),
    os: z.string().nullable().describe('e.g. "Android", from the user agent; null when unknown'),
    ip: z.string().nullable().describe('Masked: the last part of the address is hidden'),
    created_ts: unixSeconds,
    last_seen_ts: unixSeconds,
    current: z.boolean().describe('The session of this request'),
  }),
);
export type SignedInDevice = z.infer<typeof signedInDeviceSchema>;

export const userSessionList = defineCall({
  path: '/api/user/session/list',
  method: 'POST',
  auth: 'required',
  body: () => emptyBodySchema,
  result: () => z.object({ list: z.array(signedInDeviceSchema) }),
  summary: 'The account’s live sessions (signed-in devices), the current one first',
  spec: 'docs/product/account.md#signed-in-devices',
  tag: 'auth',
  chosen: 'Live sessions only (not revoked, not expired), newest use first after the current one.',
});

export const userSessionEnd = defineCall({
  path: '/api/user/session/end',
  method: 'POST',
  auth: 'required',
  body: () => z.object({ id: numericId }),
  result: () => z.object({ success: z.literal(true), current: z.boolean() }),
  summary: 'End one of the account’s sessions (the current one: a logout)',
  spec: 'docs/product/account.md#signed-in-devices',
  tag: 'auth',
  chosen:
    'SessionNotFound when the id is not a live session of this account. current=true: the request’s own session ended (the client signs out).',
});

export const userDataExport = defineCall({
  path: '/api/user/data/export',
  method: 'POST',
  auth: 'required',
  body: () => emptyBodySchema,
  result: () =>
    z.string().describe('The JSON document (see docs/product/account.md#download-my-data)'),
  summary: 'Download a copy of the account’s data as a JSON file',
  spec: 'docs/product/account.md#download-my-data',
  tag: 'auth',
  download: 'application/json',
  chosen:
    'Sections: profile, social_sign_ins, game_accounts, sessions, orders, hc_point_ledger, real_name (decrypted for its owner; ' +
    'the ID number only as stored, masked), gift_code_redemptions. Named hc-portal-data-<login>-<YYYY-MM-DD>.json.',
});

/** What `data` of userDeletionRequest decrypts to (JSON). */
export const deletionPayloadSchema = builtOnFirstUse(() =>
  z.object({
    confirm: z.string().max(254).describe('The login name, typed again'),
    passwd: z.string().max(256).optional().describe('The password, when the account has one'),
  }),
);
export type DeletionPayload = z.infer<typeof deletionPayloadSchema>;

export const userDeletionRequest = defineCall({
  path: '/api/user/deletion/request',
  method: 'POST',
  auth: 'required',
  body: () => encryptedDataBodySchema,
  result: () => z.object({ erase_ts: unixSeconds.describe('When the data will be erased') }),
  summary: 'Ask for the account to be deleted after the grace period; every session ends',
  spec: 'docs/product/account.md#delete-my-account, docs/decisions/0049-account-self-service-and-deletion.md',
  tag: 'auth',
  chosen:
    'data = encryptPayload(JSON of deletionPayloadSchema). DeletionConfirmMismatch when confirm is not the login name; ' +
    'InvalidPassword when the account has a password and it is wrong (login throttle). Signing in before erase_ts cancels the deletion. ' +
    'After it, personal data is erased and money records (orders, HC Point ledger) are kept, anonymised.',
});
