// Sign in with Apple's client secret: an ES256 JWT signed with the team's .p8 key
// (iss = team id, sub = Services ID, aud = Apple's issuer), made fresh for each use.
import { toUnixSeconds } from '@hc/contract';
import { importPKCS8, SignJWT } from 'jose';

export interface AppleSecretOptions {
  teamId: string;
  keyId: string;
  clientId: string;
  /** PEM PKCS#8 (the downloaded AuthKey_<KEYID>.p8). */
  privateKey: string;
  /** Apple's issuer, the JWT audience. */
  audience: string;
  now?: () => Date;
}

const LIFETIME_SECONDS = 10 * 60;

export function createAppleClientSecret(options: AppleSecretOptions): () => Promise<string> {
  let key: ReturnType<typeof importPKCS8> | undefined;
  return async () => {
    key ??= importPKCS8(options.privateKey, 'ES256');
    const iat = toUnixSeconds(options.now?.() ?? new Date());
    return new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: options.keyId })
      .setIssuer(options.teamId)
      .setSubject(options.clientId)
      .setAudience(options.audience)
      .setIssuedAt(iat)
      .setExpirationTime(iat + LIFETIME_SECONDS)
      .sign(await key);
  };
}
