// Facebook Login as plain OAuth 2.0 against configurable endpoints (defaults: Graph API v19.0):
// authorization code + PKCE, token by GET, profile from /me with appsecret_proof.
import { createHash, createHmac } from 'node:crypto';
import {
  fetchJson,
  OAuthProviderError,
  OAuthTokenError,
  stringField,
  type OAuthProviderClient,
} from './types';

export interface FacebookOptions {
  appId: string;
  appSecret: string;
  authUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  redirectUri: string;
}

function graphError(body: Record<string, unknown>): string | null {
  const error = body.error;
  if (typeof error !== 'object' || error === null) return null;
  const message = (error as Record<string, unknown>).message;
  return typeof message === 'string' ? message : 'error';
}

export function createFacebookClient(options: FacebookOptions): OAuthProviderClient {
  return {
    usesNonce: false,

    authorizationUrl(request) {
      const url = new URL(options.authUrl);
      url.search = new URLSearchParams({
        client_id: options.appId,
        redirect_uri: options.redirectUri,
        response_type: 'code',
        scope: 'public_profile,email',
        state: request.state,
        code_challenge: createHash('sha256').update(request.codeVerifier).digest('base64url'),
        code_challenge_method: 'S256',
      }).toString();
      return Promise.resolve(url);
    },

    async exchange(check) {
      const providerError = check.params.get('error');
      if (providerError !== null) throw new OAuthProviderError(`provider error: ${providerError}`);
      const code = check.params.get('code');
      if (code === null || code === '') throw new OAuthTokenError('callback without a code');

      const tokenUrl = new URL(options.tokenUrl);
      tokenUrl.search = new URLSearchParams({
        client_id: options.appId,
        client_secret: options.appSecret,
        redirect_uri: options.redirectUri,
        code,
        code_verifier: check.codeVerifier,
      }).toString();
      const token = await fetchJson(tokenUrl);
      const accessToken = stringField(token, 'access_token');
      if (accessToken === null)
        throw new OAuthTokenError(
          `token request failed: ${graphError(token) ?? 'no access_token'}`,
        );

      const meUrl = new URL(options.userinfoUrl);
      meUrl.searchParams.set('fields', 'id,name,email');
      meUrl.searchParams.set('access_token', accessToken);
      meUrl.searchParams.set(
        'appsecret_proof',
        createHmac('sha256', options.appSecret).update(accessToken).digest('hex'),
      );
      const me = await fetchJson(meUrl);
      const subject = stringField(me, 'id');
      if (subject === null)
        throw new OAuthTokenError(`profile request failed: ${graphError(me) ?? 'no id'}`);
      return { subject, name: stringField(me, 'name'), email: stringField(me, 'email') };
    },
  };
}
