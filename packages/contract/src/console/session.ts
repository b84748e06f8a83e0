// Console sign-in, sessions, two-factor enrolment and setup links (docs/console.md, ADR 0040).
import { z } from 'zod';
import { defineCall } from '../call';
import { numericId, unixSeconds } from '../common';
import { PASSWORD_MAX } from '../constants';
import { ANY_OPERATOR, operatorRoleSchema } from './roles';
import { builtOnFirstUse } from '../lazy';

/** Operator names: 3 to 32 lowercase letters, digits, `_ . -` (they sign in with it). */
export const operatorName = builtOnFirstUse(() =>
  z
    .string()
    .regex(/^[a-z0-9_.-]{3,32}$/, '3 to 32 lowercase letters, digits, _ . or -')
    .describe('Operator sign-in name'),
);
export const operatorDisplayName = builtOnFirstUse(() =>
  z.string().trim().min(1).max(64).describe('Name shown in the console and the audit log'),
);
/** A 6-digit authenticator code, or a recovery code (`xxxxx-xxxxx`). */
export const secondFactorCode = builtOnFirstUse(() =>
  z
    .string()
    .trim()
    .min(6)
    .max(32)
    .describe('A 6-digit authenticator code, or one of the recovery codes'),
);
/** Setup link tokens: base64url of 32 random bytes. */
export const setupToken = builtOnFirstUse(() =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]{20,128}$/)
    .describe('The token after `#` in the setup link'),
);

export const consoleOperatorSchema = builtOnFirstUse(() =>
  z.object({
    id: numericId,
    name: z.string(),
    displayName: z.string(),
    roles: z.array(operatorRoleSchema),
    twoFactorEnabled: z.boolean(),
    /** The session may only enrol two-factor authentication or sign out until enrolled. */
    mustEnrol: z.boolean(),
  }),
);
export type ConsoleOperator = z.infer<typeof consoleOperatorSchema>;

export const consoleSessionSchema = builtOnFirstUse(() =>
  z.object({
    operator: consoleOperatorSchema,
    /** Send it in the `x-csrf-token` header of every console POST of this session. */
    csrfToken: z.string(),
    /** The session ends after this many seconds without a call (sliding). */
    idleTimeoutSeconds: z.number().int().positive(),
    /** When the session ends however active (12 hours after sign-in). */
    expiresAt: unixSeconds,
  }),
);
export type ConsoleSession = z.infer<typeof consoleSessionSchema>;

const done = builtOnFirstUse(() => z.object({ success: z.literal(true) }));
const spec = 'docs/console.md';
const tag = 'console' as const;

export const consoleSessionLogin = defineCall({
  path: '/api/console/session/login',
  method: 'POST',
  auth: 'none',
  body: () =>
    z.object({
      name: z.string().min(1).max(64),
      password: z
        .string()
        .min(1)
        .max(PASSWORD_MAX * 4),
      code: secondFactorCode.optional(),
    }),
  result: () => consoleSessionSchema,
  summary: 'Operator sign-in; sets the console session cookie',
  spec: `${spec}#signing-in`,
  chosen:
    'With two-factor on and no `code`, answers ConsoleSecondFactorRequired: ask for the code and send the same body with it. A recovery code is accepted in `code`, once. Throttled per IP and per operator like player sign-in.',
  tag,
});

export const consoleSessionLogout = defineCall({
  path: '/api/console/session/logout',
  method: 'POST',
  auth: 'console',
  roles: ANY_OPERATOR,
  duringEnrolment: true,
  body: () => z.object({}),
  result: () => done,
  summary: 'Ends the console session and clears its cookie',
  spec: `${spec}#sessions`,
  chosen: 'Ends only this session; the cookie is cleared in the answer.',
  tag,
});

export const consoleSessionMe = defineCall({
  path: '/api/console/session/me',
  method: 'POST',
  auth: 'console',
  roles: ANY_OPERATOR,
  duringEnrolment: true,
  readsOnly: true,
  body: () => z.object({}),
  result: () => consoleSessionSchema,
  summary: 'The signed-in operator, the CSRF token and the idle timeout',
  spec: `${spec}#sessions`,
  chosen:
    'POST like every console call, answered without the CSRF token (readsOnly): the console app calls it at start, when a reload has kept the cookie but lost the CSRF token it held in memory. Refreshes the idle timer.',
  tag,
});

export const consoleTwoFactorStart = defineCall({
  path: '/api/console/two-factor/start',
  method: 'POST',
  auth: 'console',
  roles: ANY_OPERATOR,
  duringEnrolment: true,
  body: () => z.object({}),
  result: () =>
    z.object({
      /** Base32 secret, for typing into an authenticator app by hand. */
      secret: z.string(),
      otpauthUrl: z.string(),
      /** `data:image/svg+xml;base64,...`: show it as an <img>. */
      qrSvgDataUrl: z.string(),
    }),
  summary: 'Starts two-factor enrolment: a new TOTP secret and its QR code',
  spec: `${spec}#two-factor-authentication`,
  chosen:
    'A new secret each call (the last one counts) until confirmed; refused with TwoFactorAlreadyEnabled once enrolled (an owner resets it).',
  tag,
});

export const consoleTwoFactorConfirm = defineCall({
  path: '/api/console/two-factor/confirm',
  method: 'POST',
  auth: 'console',
  roles: ANY_OPERATOR,
  duringEnrolment: true,
  body: () => z.object({ code: z.string().regex(/^\d{6}$/, '6 digits') }),
  result: () =>
    z.object({
      /** Ten one-time codes, shown only now. */
      recoveryCodes: z.array(z.string()),
    }),
  summary: 'Confirms enrolment with a first code; answers the ten recovery codes once',
  spec: `${spec}#two-factor-authentication`,
  chosen: 'Lifts the enrolment-only limit of every session of the operator.',
  tag,
});

export const consoleSetupCheck = defineCall({
  path: '/api/console/setup/check',
  method: 'POST',
  auth: 'none',
  body: () => z.object({ token: setupToken }),
  result: () =>
    z.object({
      name: z.string(),
      displayName: z.string(),
      roles: z.array(operatorRoleSchema),
      expiresAt: unixSeconds,
    }),
  summary: 'Who a setup link is for (before choosing a password)',
  spec: `${spec}#setup-links`,
  chosen: 'Unknown, used and expired links all answer SetupLinkInvalid.',
  tag,
});

export const consoleSetupAccept = defineCall({
  path: '/api/console/setup/accept',
  method: 'POST',
  auth: 'none',
  body: () =>
    z.object({
      token: setupToken,
      password: z
        .string()
        .min(1)
        .max(PASSWORD_MAX * 4),
    }),
  result: () => z.object({ name: z.string() }),
  summary: "Answers a setup link: sets the operator's password",
  spec: `${spec}#setup-links`,
  chosen:
    "Same password rule as players' (PasswordFormatMismatch). The link is used up; the operator then signs in.",
  tag,
});
