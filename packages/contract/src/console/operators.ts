// Console calls that manage operators: owner only (docs/console.md#operators, ADR 0040).
import { z } from 'zod';
import { defineCall } from '../call';
import { numericId, unixSeconds } from '../common';
import { operatorRoleSchema } from './roles';
import { operatorDisplayName, operatorName } from './session';
import { builtOnFirstUse } from '../lazy';

export const operatorListItemSchema = builtOnFirstUse(() =>
  z.object({
    id: numericId,
    name: z.string(),
    displayName: z.string(),
    roles: z.array(operatorRoleSchema),
    twoFactorEnabled: z.boolean(),
    /** False until the operator answered a setup link (chose a password). */
    setUp: z.boolean(),
    disabled: z.boolean(),
    createdAt: unixSeconds,
  }),
);
export type OperatorListItem = z.infer<typeof operatorListItemSchema>;

const roleList = builtOnFirstUse(() => z.array(operatorRoleSchema).min(1).max(5));
const setupLinkSchema = builtOnFirstUse(() =>
  z.object({
    /** `<PUBLIC_BASE_URL>/console/setup#<token>`: give it to the operator over a safe channel. */
    setupUrl: z.string(),
    expiresAt: unixSeconds,
  }),
);
const spec = 'docs/console.md#operators';
const tag = 'console' as const;

export const consoleOperatorsList = defineCall({
  path: '/api/console/operators/list',
  method: 'POST',
  auth: 'console',
  roles: ['owner'],
  body: () => z.object({}),
  result: () => z.object({ list: z.array(operatorListItemSchema) }),
  summary: 'Every operator, by name',
  spec,
  chosen: 'Not paged: a publisher has tens of operators, not thousands.',
  tag,
});

export const consoleOperatorsInvite = defineCall({
  path: '/api/console/operators/invite',
  method: 'POST',
  auth: 'console',
  roles: ['owner'],
  body: () => z.object({ name: operatorName, displayName: operatorDisplayName, roles: roleList }),
  result: () => setupLinkSchema,
  summary: 'Creates an operator and answers their one-time setup link (24 hours)',
  spec,
  chosen:
    'The link is shown once; the token is stored hashed. OperatorNameTaken when the name is used.',
  tag,
});

export const consoleOperatorsUpdate = defineCall({
  path: '/api/console/operators/update',
  method: 'POST',
  auth: 'console',
  roles: ['owner'],
  body: () =>
    z.object({
      id: numericId,
      displayName: operatorDisplayName.optional(),
      roles: roleList.optional(),
      disabled: z.boolean().optional(),
    }),
  result: () => operatorListItemSchema,
  summary: "Changes an operator's roles, display name, or disables / enables them",
  spec,
  chosen:
    'LastOwner when no enabled owner would remain; OperatorSelfChange for your own roles or disabling yourself. Disabling ends their sessions.',
  tag,
});

export const consoleOperatorsResetTwoFactor = defineCall({
  path: '/api/console/operators/reset-two-factor',
  method: 'POST',
  auth: 'console',
  roles: ['owner'],
  body: () => z.object({ id: numericId }),
  result: () => operatorListItemSchema,
  summary: "Removes an operator's two-factor secret and recovery codes (a lost phone)",
  spec,
  chosen: 'Ends their sessions; they enrol again at their next sign-in.',
  tag,
});

export const consoleOperatorsResendSetup = defineCall({
  path: '/api/console/operators/resend-setup',
  method: 'POST',
  auth: 'console',
  roles: ['owner'],
  body: () => z.object({ id: numericId }),
  result: () => setupLinkSchema,
  summary: 'A new setup link for an operator who has not set a password yet',
  spec,
  chosen:
    'Earlier links of the operator stop working. OperatorAlreadySetUp once a password is set.',
  tag,
});
