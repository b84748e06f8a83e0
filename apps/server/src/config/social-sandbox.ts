// The settings SOCIAL_SANDBOX gives the providers left unconfigured: client ids, secrets and
// endpoints of the built-in sandbox identity provider (adapters/sandbox-idp), served by this
// server under /dev/sandbox-idp/<provider>. The portal's own OAuth clients use them exactly like
// real credentials; only the URLs point at the sandbox. Nothing here is secret: the sandbox is
// test mode only and refused in production (config.ts productionSafetyProblems).
import { generateKeyPairSync } from 'node:crypto';
import type { SocialProvider } from '@hc/contract';

/** Path prefix of the sandbox identity provider on this server. */
export const SANDBOX_IDP_PATH = '/dev/sandbox-idp';

/** The client credentials the sandbox registers for the portal (public test values). */
export const SANDBOX_CLIENTS = {
  google: { clientId: 'hc-sandbox-google.apps.example', clientSecret: 'hc-sandbox-google-secret' },
  apple: { clientId: 'com.example.hc-sandbox.web', teamId: 'HCSANDBOX1', keyId: 'HCSANDBOXK' },
  facebook: { appId: '100000000000001', appSecret: 'hc-sandbox-facebook-secret' },
  wechat: { appId: 'wxhcsandbox000001', appSecret: 'hc-sandbox-wechat-secret' },
} as const;

/** `{PUBLIC_BASE_URL}/dev/sandbox-idp/<provider>`: the issuer (OIDC) or the endpoints' base. */
export function sandboxBase(publicBaseUrl: string, provider: SocialProvider): string {
  return `${publicBaseUrl}${SANDBOX_IDP_PATH}/${provider}`;
}

/** The endpoints each provider exposes in the sandbox, shaped like the real ones. */
export const SANDBOX_ENDPOINTS = {
  google: {
    authorize: '/o/oauth2/v2/auth',
    token: '/token',
    jwks: '/oauth2/v3/certs',
    userinfo: '/v1/userinfo',
  },
  apple: { authorize: '/auth/authorize', token: '/auth/token', jwks: '/auth/keys' },
  facebook: {
    authorize: '/v19.0/dialog/oauth',
    token: '/graph/v19.0/oauth/access_token',
    me: '/graph/v19.0/me',
    debugToken: '/graph/debug_token',
  },
  wechat: {
    authorize: '/connect/qrconnect',
    token: '/sns/oauth2/access_token',
    userinfo: '/sns/userinfo',
  },
} as const;

/** A fresh P-256 key per process: the portal signs Apple's client secret with it. */
function applePrivateKey(): string {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
}

/** Sandbox settings of each provider, in the shape config.social uses (Apple's key made on demand). */
export function sandboxSocialSettings(publicBaseUrl: string) {
  const base = (p: SocialProvider) => sandboxBase(publicBaseUrl, p);
  return {
    google: { ...SANDBOX_CLIENTS.google, issuer: base('google') },
    apple: () => ({
      clientId: SANDBOX_CLIENTS.apple.clientId,
      issuer: base('apple'),
      teamId: SANDBOX_CLIENTS.apple.teamId,
      keyId: SANDBOX_CLIENTS.apple.keyId,
      privateKey: applePrivateKey(),
    }),
    facebook: {
      ...SANDBOX_CLIENTS.facebook,
      authUrl: `${base('facebook')}${SANDBOX_ENDPOINTS.facebook.authorize}`,
      tokenUrl: `${base('facebook')}${SANDBOX_ENDPOINTS.facebook.token}`,
      userinfoUrl: `${base('facebook')}${SANDBOX_ENDPOINTS.facebook.me}`,
    },
    wechat: {
      ...SANDBOX_CLIENTS.wechat,
      authUrl: `${base('wechat')}${SANDBOX_ENDPOINTS.wechat.authorize}`,
      tokenUrl: `${base('wechat')}${SANDBOX_ENDPOINTS.wechat.token}`,
      userinfoUrl: `${base('wechat')}${SANDBOX_ENDPOINTS.wechat.userinfo}`,
    },
  };
}
