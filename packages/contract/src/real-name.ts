// Real-name information (docs/product/account.md#account-screen, docs/product/account.md#real-name-information): query and save.
import { z } from 'zod';
import { defineCall, emptyBodySchema } from './call';
import { e164Phone, emailAddress, encryptedDataBodySchema, isoDate } from './common';
import { builtOnFirstUse } from './lazy';

/** What `data` of identity/save decrypts to (JSON). docs/product/account.md#real-name-information leaves types open; these are ours. */
export const identityPayloadSchema = builtOnFirstUse(() =>
  z.object({
    name: z.string().trim().min(1).max(100).describe('Full name'),
    birthday: isoDate,
    address: z.string().trim().min(1).max(300),
    phone: e164Phone,
    email: emailAddress,
    id_number: z.string().trim().min(4).max(32).describe('National ID or passport number'),
    sign_region: z.string().trim().min(1).max(100).describe('Signing region'),
    sign_date: isoDate.describe('Signing date YYYY-MM-DD'),
  }),
);
export type IdentityPayload = z.infer<typeof identityPayloadSchema>;

/** As shown back to the player: the ID number, phone and email are masked (docs/product/account.md#real-name-information). */
export const realInfoSchema = builtOnFirstUse(() =>
  z.object({
    name: z.string(),
    birthday: z.string(),
    address: z.string(),
    phone: z.string().describe('Masked, e.g. +8613******78'),
    email: z.string().describe('Masked, e.g. a***@example.com'),
    id_number: z.string().describe('Masked, e.g. 1234********5678'),
    sign_region: z.string(),
    sign_date: z.string(),
  }),
);
export type RealInfo = z.infer<typeof realInfoSchema>;

export const realInfoResultSchema = builtOnFirstUse(() =>
  z.object({
    info: realInfoSchema.nullable().describe('null: none saved yet'),
  }),
);

export const userRealInfoQuery = defineCall({
  path: '/api/user/real/info/query',
  method: 'POST',
  auth: 'required',
  body: () => emptyBodySchema,
  result: () => realInfoResultSchema,
  summary: 'Real-name information of the signed-in account (masked)',
  spec: 'docs/product/account.md#account-screen, docs/product/account.md#real-name-information, docs/product/api.md#account-calls',
  tag: 'real-name',
  chosen:
    'Body empty; result { info: null | masked real-name info } (null shows the "none exists" message).',
});

export const identitySave = defineCall({
  path: '/api/identity/save',
  method: 'POST',
  auth: 'required',
  body: () => encryptedDataBodySchema,
  result: () => realInfoResultSchema,
  summary: 'Save real-name information (encrypted payload)',
  spec: 'docs/product/account.md#real-name-information, docs/product/api.md#account-calls',
  tag: 'real-name',
  chosen:
    'data = encryptPayload(JSON of identityPayloadSchema); result is the saved info, masked. ' +
    'One record per account, replaced on each save. A payload that does not decrypt, is not JSON ' +
    'or fails the schema -> InvalidParams (data.reason "payload", schema issues by field) and ' +
    'nothing is stored. The record is kept only envelope-encrypted under the server keyring (ADR 0027).',
});
