// System calls: server time, site init, customer-support URL (docs/product/api.md#top-up-calls).
import { z } from 'zod';
import { defineCall, emptyBodySchema } from './call';
import { numericId, unixSeconds } from './common';
import { FALLBACK_LANGUAGE } from './constants';
import { socialProviderSchema } from './auth';
import { builtOnFirstUse } from './lazy';

export const timeResultSchema = builtOnFirstUse(() =>
  z.object({
    ts: unixSeconds,
    ms: z.number().int().nonnegative().describe('Unix ms'),
  }),
);
export const time = defineCall({
  path: '/api/time',
  method: 'GET',
  auth: 'none',
  body: () => emptyBodySchema,
  result: () => timeResultSchema,
  summary: 'Server time for clock sync',
  spec: 'docs/product/api.md#system-calls',
  tag: 'system',
});

export const platformSchema = builtOnFirstUse(() => z.enum(['android', 'pc', 'ios']));
export type Platform = z.infer<typeof platformSchema>;
export const gameSummarySchema = builtOnFirstUse(() =>
  z.object({
    game_id: numericId,
    name: z.string(),
    icon: z.string(),
    platforms: z.array(platformSchema),
  }),
);
export const settingInitResultSchema = builtOnFirstUse(() =>
  z.object({
    site_title: z.string(),
    logo: z
      .string()
      .describe('Site logo path (BRAND_LOGO_URL, default /favicon.svg; docs/theming.md)'),
    game_id: numericId.describe('Default game'),
    games: z.array(gameSummarySchema),
    ios_supported: z
      .boolean()
      .describe(
        'false: iOS visitors see the not-supported page (docs/product/routes-and-screens.md#ios-visitors)',
      ),
    payload_key: z
      .string()
      .describe('Base64 AES-256 key for docs/product/api.md#payload-encryption'),
    customer_service: z.string().describe('URL'),
    languages: z.array(z.string()),
    fallback_language: z.literal(FALLBACK_LANGUAGE),
    server_time: unixSeconds,
    social: z
      .array(socialProviderSchema)
      .describe('Configured social sign-in providers; the login page shows only these buttons'),
    sign_up: z
      .object({
        enabled: z.boolean().describe('SIGN_UP_ENABLED: the login page links to /signup'),
        terms_version: z.string().describe('Version of the terms of service a sign-up accepts'),
        privacy_version: z.string().describe('Version of the privacy notice a sign-up accepts'),
      })
      .describe('Sign-up on the portal (docs/product/sign-in.md#sign-up)'),
  }),
);
export type SettingInitResult = z.infer<typeof settingInitResultSchema>;
export const settingInit = defineCall({
  path: '/api/setting/init',
  method: 'POST',
  auth: 'none',
  body: () => emptyBodySchema,
  result: () => settingInitResultSchema,
  summary: 'Site configuration loaded once at start',
  spec: 'docs/product/api.md#system-calls',
  tag: 'system',
  chosen:
    'Body empty; result carries site title, logo, games, iOS support, payload key, support URL, languages, server time, configured social providers, sign-up switch and consent versions.',
});

export const settingCrmUrl = defineCall({
  path: '/api/setting/crmUrl',
  method: 'POST',
  auth: 'optional',
  body: () => emptyBodySchema,
  result: () => z.object({ crm_url: z.string().describe('Customer-support URL for this player') }),
  summary: 'Customer-support (CRM) link',
  spec: 'docs/product/api.md#system-calls',
  tag: 'system',
  chosen: 'Body empty; crm_url = CUSTOMER_SERVICE_URL (one link for the site; never 203).',
});
