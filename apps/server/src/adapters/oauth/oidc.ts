// OpenID Connect client for Google and Sign in with Apple on openid-client 6: discovery from the
// configured issuer, PKCE + state + nonce, and ID token checks (signature, aud, iss, nonce, exp).
import * as oidc from 'openid-client';
import {
  OAuthProviderError,
  OAuthTokenError,
  type AuthorizationRequest,
  type CallbackCheck,
  type OAuthProviderClient,
  type ProviderProfile,
} from './types';

export interface OidcClientOptions {
  issuer: string;
  clientId: string;
  /** The client secret; a function for Apple, whose secret is a short-lived signed JWT. */
  clientSecret: () => Promise<string>;
  redirectUri: string;
  scope: string;
  /** Apple: 'form_post' (needed when asking for name/email). */
  responseMode?: 'form_post';
}

export function createOidcClient(options: OidcClientOptions): OAuthProviderClient {
  const issuerUrl = new URL(options.issuer);
  const insecure = issuerUrl.protocol === 'http:';
  let metadata: Promise<oidc.ServerMetadata> | undefined;

  // Discovery once per process; a failure is retried on the next sign-in.
  function serverMetadata(): Promise<oidc.ServerMetadata> {
    metadata ??= oidc
      .discovery(issuerUrl, options.clientId, undefined, undefined, {
        execute: insecure ? [oidc.allowInsecureRequests] : [],
      })
      .then((c) => c.serverMetadata())
      .catch((cause: unknown) => {
        metadata = undefined;
        throw new OAuthTokenError(`OpenID discovery failed for ${options.issuer}`, { cause });
      });
    return metadata;
  }

  async function configuration(): Promise<oidc.Configuration> {
    const config = new oidc.Configuration(
      await serverMetadata(),
      options.clientId,
      { redirect_uris: [options.redirectUri], response_types: ['code'] },
      oidc.ClientSecretPost(await options.clientSecret()),
    );
    if (insecure) oidc.allowInsecureRequests(config);
    return config;
  }

  return {
    usesNonce: true,

    async authorizationUrl(request: AuthorizationRequest): Promise<URL> {
      const params: Record<string, string> = {
        redirect_uri: options.redirectUri,
        response_type: 'code',
        scope: options.scope,
        state: request.state,
        code_challenge: await oidc.calculatePKCECodeChallenge(request.codeVerifier),
        code_challenge_method: 'S256',
      };
      if (request.nonce !== null) params.nonce = request.nonce;
      if (options.responseMode) params.response_mode = options.responseMode;
      return oidc.buildAuthorizationUrl(await configuration(), params);
    },

    async exchange(check: CallbackCheck): Promise<ProviderProfile> {
      const config = await configuration();
      const currentUrl = new URL(options.redirectUri);
      currentUrl.search = check.params.toString();
      let claims: oidc.IDToken | undefined;
      try {
        const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
          pkceCodeVerifier: check.codeVerifier,
          expectedState: check.state,
          ...(check.nonce === null ? {} : { expectedNonce: check.nonce }),
          idTokenExpected: true,
        });
        claims = tokens.claims();
      } catch (cause) {
        if (cause instanceof oidc.AuthorizationResponseError)
          throw new OAuthProviderError(`provider error: ${cause.error}`, { cause });
        throw new OAuthTokenError(
          `code exchange or ID token check failed: ${cause instanceof Error ? cause.message : 'unknown'}`,
          { cause },
        );
      }
      if (claims === undefined || typeof claims.sub !== 'string' || claims.sub === '')
        throw new OAuthTokenError('ID token without a subject');
      return {
        subject: claims.sub,
        name: typeof claims.name === 'string' ? claims.name : null,
        email: typeof claims.email === 'string' ? claims.email : null,
      };
    },
  };
}
