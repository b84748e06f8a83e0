// A real OpenID provider (oidc-provider, dev interactions) on a local port with clients for our
// Google and Apple callbacks. Apple's client secret (an ES256 JWT) is verified against the test
// key and swapped for the registered static secret before oidc-provider sees it.
import { jwtVerify, type CryptoKey } from 'jose';
import Provider from 'oidc-provider';
import { readBody, startServer, type LocalServer } from './http-server';

export const PORTAL = 'http://portal.test';
export const GOOGLE_CLIENT = { id: 'google-client', secret: 'google-secret' };
export const APPLE_CLIENT = { id: 'apple-client', teamId: 'TEAM123456', keyId: 'KEY1234567' };
const APPLE_STATIC_SECRET = 'apple-secret-after-jwt-check';

export interface LocalOidc extends LocalServer {
  /** Apple client-secret JWTs that passed the check. */
  appleSecretsVerified: number;
}

export async function startLocalOidc(applePublicKey: CryptoKey): Promise<LocalOidc> {
  const state = { appleSecretsVerified: 0 };
  const server = await startServer((origin) => {
    const provider = new Provider(origin, {
      clients: [
        {
          client_id: GOOGLE_CLIENT.id,
          client_secret: GOOGLE_CLIENT.secret,
          redirect_uris: [`${PORTAL}/api/oauth/google/callback`],
          token_endpoint_auth_method: 'client_secret_post',
        },
        {
          client_id: APPLE_CLIENT.id,
          client_secret: APPLE_STATIC_SECRET,
          redirect_uris: [`${PORTAL}/api/oauth/apple/callback`],
          token_endpoint_auth_method: 'client_secret_post',
        },
      ],
      claims: { openid: ['sub'], email: ['email'], profile: ['name'] },
      cookies: { keys: ['local-oidc-test-cookie-key'] },
      ttl: {
        AccessToken: 600,
        AuthorizationCode: 60,
        Grant: 600,
        IdToken: 600,
        Interaction: 600,
        Session: 600,
      },
      findAccount: (_ctx: unknown, id: string) => ({
        accountId: id,
        claims: () => ({ sub: id, email: `${id}@example.test`, name: `User ${id}` }),
      }),
    });
    const callback = provider.callback();
    return async (req, res) => {
      if (req.method === 'POST' && req.url?.startsWith('/token')) {
        const params = new URLSearchParams(await readBody(req));
        if (params.get('client_id') === APPLE_CLIENT.id) {
          const secret = params.get('client_secret') ?? '';
          try {
            const { protectedHeader } = await jwtVerify(secret, applePublicKey, {
              issuer: APPLE_CLIENT.teamId,
              subject: APPLE_CLIENT.id,
              audience: origin,
              algorithms: ['ES256'],
            });
            if (protectedHeader.kid !== APPLE_CLIENT.keyId) throw new Error('kid');
            state.appleSecretsVerified++;
            params.set('client_secret', APPLE_STATIC_SECRET);
          } catch {
            params.set('client_secret', 'rejected-by-test-apple-secret-check');
          }
        }
        // oidc-provider reads an already-parsed body from req.body.
        Object.assign(req, { body: params.toString() });
      }
      callback(req, res);
    };
  });
  return {
    ...server,
    get appleSecretsVerified() {
      return state.appleSecretsVerified;
    },
  };
}
