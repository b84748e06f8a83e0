// The provider-neutral shape of a social sign-in client, so the social service never knows which
// protocol (OpenID Connect, Facebook Graph, WeChat) sits behind a provider.

/** Who signed in, as the provider says: `subject` is the stable key (never the email). */
export interface ProviderProfile {
  subject: string;
  name: string | null;
  email: string | null;
}

export interface AuthorizationRequest {
  state: string;
  /** PKCE verifier (providers without PKCE ignore it). */
  codeVerifier: string;
  /** OIDC nonce; null for plain OAuth providers. */
  nonce: string | null;
}

export interface CallbackCheck {
  /** Every parameter the provider returned (query or form_post body). */
  params: URLSearchParams;
  state: string;
  codeVerifier: string;
  nonce: string | null;
}

export interface OAuthProviderClient {
  /** true: the provider checks a nonce in its ID token (OIDC). */
  readonly usesNonce: boolean;
  authorizationUrl(request: AuthorizationRequest): Promise<URL>;
  /** Exchange the code; throws OAuthTokenError or OAuthProviderError. */
  exchange(check: CallbackCheck): Promise<ProviderProfile>;
}

/** The code exchange or a token check failed (wrong aud/iss/nonce/signature, bad code). */
export class OAuthTokenError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'OAuthTokenError';
  }
}

/** The provider returned an error to the callback (user cancelled, access_denied, ...). */
export class OAuthProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'OAuthProviderError';
  }
}

/** GET a JSON document; non-JSON or non-object answers throw OAuthTokenError. */
export async function fetchJson(url: URL, init?: RequestInit): Promise<Record<string, unknown>> {
  let text: string;
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
    text = await res.text();
  } catch (cause) {
    throw new OAuthTokenError(`request to ${url.origin}${url.pathname} failed`, { cause });
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (cause) {
    throw new OAuthTokenError(`${url.origin}${url.pathname} answered non-JSON`, { cause });
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new OAuthTokenError(`${url.origin}${url.pathname} answered a non-object`);
  return body as Record<string, unknown>;
}

export function stringField(body: Record<string, unknown>, key: string): string | null {
  const v = body[key];
  return typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null;
}
