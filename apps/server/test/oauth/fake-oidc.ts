// A hand-rolled OpenID issuer (discovery, JWKS, token endpoint) whose ID tokens the test crafts
// with jose: for ID tokens with the wrong aud, iss or nonce.
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { readBody, sendJson, startServer, type LocalServer } from './http-server';

export interface FakeOidc extends LocalServer {
  /** The ID token the token endpoint returns for `code`. */
  issueFor(code: string, claims: JWTPayload): Promise<void>;
}

export async function startFakeOidc(): Promise<FakeOidc> {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  const tokens = new Map<string, string>();
  const server = await startServer((origin) => async (req, res) => {
    const path = new URL(req.url ?? '/', origin).pathname;
    if (path === '/.well-known/openid-configuration')
      return sendJson(res, 200, {
        issuer: origin,
        authorization_endpoint: `${origin}/auth`,
        token_endpoint: `${origin}/token`,
        jwks_uri: `${origin}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
      });
    if (path === '/jwks') return sendJson(res, 200, { keys: [jwk] });
    if (path === '/token' && req.method === 'POST') {
      const code = new URLSearchParams(await readBody(req)).get('code') ?? '';
      const idToken = tokens.get(code);
      if (idToken === undefined) return sendJson(res, 400, { error: 'invalid_grant' });
      return sendJson(res, 200, { access_token: 'at', token_type: 'Bearer', id_token: idToken });
    }
    return sendJson(res, 404, { error: 'not_found' });
  });
  return {
    ...server,
    async issueFor(code, claims) {
      const now = Math.floor(Date.now() / 1000);
      tokens.set(
        code,
        await new SignJWT({ iat: now, exp: now + 600, ...claims })
          .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
          .sign(privateKey),
      );
    },
  };
}
