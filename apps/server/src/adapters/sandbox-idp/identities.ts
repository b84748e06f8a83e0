// Who can sign in at the sandbox identity provider: a few demo identities and custom ones typed
// on its page, and the stable provider-shaped subject each gets (the same identity always
// answers the same subject, so a second sign-in finds the account the first one created).
import { createHash } from 'node:crypto';
import type { SocialProvider } from '@hc/contract';

export interface SandboxIdentity {
  /** What the subject derives from: a demo id, or the custom email (else name). */
  key: string;
  name: string;
  email: string | null;
}

export const DEMO_IDENTITIES: readonly SandboxIdentity[] = [
  { key: 'demo:alice', name: 'Alice Tester', email: 'alice@sandbox.example' },
  { key: 'demo:bao', name: 'Bao Nguyen', email: 'bao@sandbox.example' },
  { key: 'demo:mei', name: 'Li Mei', email: 'mei@sandbox.example' },
];

export const NAME_MAX = 64;
export const EMAIL_MAX = 254;
const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;

export type CustomIdentityError = 'nameRequired' | 'nameTooLong' | 'emailInvalid';

/** The custom identity typed on the page, or why it is refused. */
export function customIdentity(
  rawName: string,
  rawEmail: string,
): SandboxIdentity | { error: CustomIdentityError } {
  const name = rawName.normalize('NFC').trim().replace(/\s+/g, ' ');
  const email = rawEmail.trim().toLowerCase();
  if (name === '') return { error: 'nameRequired' };
  if ([...name].length > NAME_MAX || /[\p{Cc}\p{Cf}]/u.test(name)) return { error: 'nameTooLong' };
  if (email !== '' && (email.length > EMAIL_MAX || !EMAIL.test(email)))
    return { error: 'emailInvalid' };
  return {
    key: email === '' ? `name:${name.toLowerCase()}` : `email:${email}`,
    name,
    email: email === '' ? null : email,
  };
}

export function demoIdentity(key: string): SandboxIdentity | undefined {
  return DEMO_IDENTITIES.find((i) => i.key === key);
}

function digest(...parts: string[]): Buffer {
  return createHash('sha256')
    .update(`hc-sandbox-idp\n${parts.join('\n')}`)
    .digest();
}

function digits(bytes: Buffer, count: number): string {
  const n = BigInt(`0x${bytes.toString('hex')}`) % 10n ** BigInt(count);
  return n.toString().padStart(count, '0');
}

/**
 * The identity's subject at a provider, in that provider's shape: Google a 21-digit number,
 * Apple `000123.<32 hex>.0456`, Facebook a 16-digit app-scoped id, WeChat an `o…` openid of 28
 * characters (per app id).
 */
export function subjectOf(provider: SocialProvider, identity: SandboxIdentity, appId = ''): string {
  const d = digest(provider, appId, identity.key);
  switch (provider) {
    case 'google':
      return `1${digits(d, 20)}`;
    case 'apple':
      return `00${digits(d.subarray(0, 8), 4)}.${d.subarray(8, 24).toString('hex')}.${digits(d.subarray(24), 4)}`;
    case 'facebook':
      return `1${digits(d, 15)}`;
    case 'wechat':
      return `o${d.toString('base64url').slice(0, 27)}`;
  }
}

/** WeChat's unionid: the same for every app of one Open Platform account. */
export function unionIdOf(identity: SandboxIdentity): string {
  return `o${digest('wechat-union', identity.key).toString('base64url').slice(0, 27)}`;
}

/** Apple's `user` form field ({"name":{"firstName","lastName"},"email"}). */
export function appleUserField(identity: SandboxIdentity): string {
  const [firstName = '', ...rest] = identity.name.split(' ');
  return JSON.stringify({
    name: { firstName, lastName: rest.join(' ') },
    ...(identity.email === null ? {} : { email: identity.email }),
  });
}

export function initials(name: string): string {
  const parts = name.split(' ').filter((p) => p !== '');
  const letters = parts.length > 1 ? [parts[0], parts.at(-1)] : [parts[0]];
  return letters
    .map((p) => [...(p ?? '')][0] ?? '')
    .join('')
    .toUpperCase();
}
