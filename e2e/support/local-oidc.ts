// A real OpenID provider (oidc-provider, dev login and consent pages) on a local port standing in
// for Google in the browser suite. The server tests' apps/server/test/oauth/local-oidc.ts fixes
// its redirect URI to a fake portal origin, so this is the same idea for the real e2e server.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export const E2E_GOOGLE_CLIENT = { id: 'e2e-google-client', secret: 'e2e-google-secret' };

export interface LocalOidc {
  issuer: string;
  close(): Promise<void>;
}

/** Starts the provider on 127.0.0.1; `portal` is the e2e server's origin (its redirect URI). */
export async function startLocalOidc(portal: string): Promise<LocalOidc> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: E2E_GOOGLE_CLIENT.id,
        client_secret: E2E_GOOGLE_CLIENT.secret,
        redirect_uris: [`${portal}/api/oauth/google/callback`],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email'], profile: ['name'] },
    cookies: { keys: ['local-oidc-e2e-cookie-key'] },
    findAccount: (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: () => ({ sub: id, email: `${id}@example.test`, name: `User ${id}` }),
    }),
  });
  server.on('request', provider.callback());
  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
