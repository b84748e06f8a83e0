// Builds the configured social sign-in clients (a provider is present only when configured).
import type { SocialProvider } from '@hc/contract';
import type { SocialConfig } from '../../config';
import { createAppleClientSecret } from './apple-secret';
import { createFacebookClient } from './facebook';
import { createOidcClient } from './oidc';
import type { OAuthProviderClient } from './types';
import { createWechatClient } from './wechat';

export * from './types';

export type ProviderClients = Partial<Record<SocialProvider, OAuthProviderClient>>;

/** {PUBLIC_BASE_URL}/api/oauth/<provider>/callback: the redirect URI to register. */
export function callbackUrl(publicBaseUrl: string, provider: SocialProvider): string {
  return `${publicBaseUrl}/api/oauth/${provider}/callback`;
}

export function createProviderClients(
  social: SocialConfig,
  publicBaseUrl: string,
): ProviderClients {
  const clients: ProviderClients = {};
  const { google, apple, facebook, wechat } = social;
  if (google)
    clients.google = createOidcClient({
      issuer: google.issuer,
      clientId: google.clientId,
      clientSecret: () => Promise.resolve(google.clientSecret),
      redirectUri: callbackUrl(publicBaseUrl, 'google'),
      scope: 'openid email profile',
    });
  if (apple)
    clients.apple = createOidcClient({
      issuer: apple.issuer,
      clientId: apple.clientId,
      clientSecret: createAppleClientSecret({
        teamId: apple.teamId,
        keyId: apple.keyId,
        clientId: apple.clientId,
        privateKey: apple.privateKey,
        audience: apple.issuer,
      }),
      redirectUri: callbackUrl(publicBaseUrl, 'apple'),
      scope: 'openid name email',
      responseMode: 'form_post',
    });
  if (facebook)
    clients.facebook = createFacebookClient({
      ...facebook,
      redirectUri: callbackUrl(publicBaseUrl, 'facebook'),
    });
  if (wechat)
    clients.wechat = createWechatClient({
      ...wechat,
      redirectUri: callbackUrl(publicBaseUrl, 'wechat'),
    });
  return clients;
}
