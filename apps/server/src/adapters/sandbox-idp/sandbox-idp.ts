// The sandbox identity provider (SOCIAL_SANDBOX, ADR 0044): Google and Sign in with Apple as
// OpenID Connect providers (discovery, authorize, token, JWKS, RS256 ID tokens with iss, aud and
// nonce; Apple's form_post with its first-sign-in `user` field and ES256 client-secret check),
// Facebook Login (dialog, Graph token endpoint, /me, debug_token) and WeChat website login
// (qrconnect, sns/oauth2/access_token, sns/userinfo), served by this server under
// /dev/sandbox-idp/<provider>. The portal's own OAuth clients talk to it over HTTP exactly as to
// the real providers. Codes and tokens live in this process's memory (one node only); the
// signing keys are made per process.
import { createHash, createHmac, createPublicKey, randomBytes, timingSafeEqual } from 'node:crypto';
import { parse as parseQuery } from 'node:querystring';
import type { SocialProvider } from '@hc/contract';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { exportJWK, generateKeyPair, jwtVerify, SignJWT, type JWK } from 'jose';
import { callbackUrl } from '../oauth';
import type { SocialConfig } from '../../config';
import { SANDBOX_ENDPOINTS, SANDBOX_IDP_PATH, sandboxBase } from '../../config/social-sandbox';
import {
  appleUserField,
  customIdentity,
  demoIdentity,
  subjectOf,
  unionIdOf,
  type SandboxIdentity,
} from './identities';
import {
  FORM_POST_SCRIPT,
  FORM_POST_SCRIPT_PATH,
  renderErrorPage,
  renderFormPostPage,
  renderIndexPage,
  renderSignInPage,
} from './page';

export interface SandboxIdpOptions {
  publicBaseUrl: string;
  social: SocialConfig;
  log?: FastifyBaseLogger;
  /** Real time by default: the portal checks ID token expiry against its own wall clock. */
  now?: () => number;
}

const CODE_TTL_MS = 10 * 60_000;
const TOKEN_TTL_S = 3600;
const MAX_ENTRIES = 10_000;

interface Grant {
  provider: SocialProvider;
  clientId: string;
  redirectUri: string;
  identity: SandboxIdentity;
  subject: string;
  scope: string;
  nonce: string | null;
  codeChallenge: string | null;
  expiresAt: number;
}

/** A map whose entries expire, bounded so a loop of sign-ins cannot grow it without end. */
function expiringMap<T extends { expiresAt: number }>(now: () => number) {
  const entries = new Map<string, T>();
  return {
    put(key: string, value: T) {
      const t = now();
      for (const [k, v] of entries) if (v.expiresAt <= t) entries.delete(k);
      while (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
      entries.set(key, value);
    },
    /** The live entry; `take` also removes it (single use). */
    get(key: string, take = false): T | undefined {
      const value = entries.get(key);
      if (take) entries.delete(key);
      return value !== undefined && value.expiresAt > now() ? value : undefined;
    },
  };
}

const token = (bytes = 32) => randomBytes(bytes).toString('base64url');
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** One string per parameter (the first of a repeated one), from a query or form body. */
function paramsOf(input: unknown): URLSearchParams {
  const params = new URLSearchParams();
  if (typeof input !== 'object' || input === null) return params;
  for (const [k, v] of Object.entries(input as Record<string, unknown>)) {
    const first = Array.isArray(v) ? (v[0] as unknown) : v;
    if (typeof first === 'string') params.set(k, first);
  }
  return params;
}

interface AuthorizeRequest {
  clientId: string;
  redirectUri: string;
  state: string | null;
  scope: string;
  nonce: string | null;
  codeChallenge: string | null;
  formPost: boolean;
}

type Checked =
  { ok: true; request: AuthorizeRequest } | { ok: false; error: string; detail: string };

export function createSandboxIdp(options: SandboxIdpOptions) {
  const now = options.now ?? Date.now;
  const { social, publicBaseUrl } = options;
  const providers = social.sandbox?.providers ?? [];
  const codes = expiringMap<Grant>(now);
  const accessTokens = expiringMap<Grant>(now);
  /** Apple sends `user` only on an identity's first authorization of the client. */
  const appleSeen = new Set<string>();
  const keys = new Map<SocialProvider, Promise<{ privateKey: CryptoKey; jwk: JWK }>>();

  const base = (p: SocialProvider) => sandboxBase(publicBaseUrl, p);
  const endpoint = <P extends SocialProvider>(p: P, name: keyof (typeof SANDBOX_ENDPOINTS)[P]) =>
    `${base(p)}${String(SANDBOX_ENDPOINTS[p][name])}`;
  const path = <P extends SocialProvider>(p: P, name: keyof (typeof SANDBOX_ENDPOINTS)[P]) =>
    `${SANDBOX_IDP_PATH}/${p}${String(SANDBOX_ENDPOINTS[p][name])}`;

  function signingKey(provider: SocialProvider) {
    let key = keys.get(provider);
    if (key === undefined) {
      key = generateKeyPair('RS256', { extractable: true }).then(async (pair) => ({
        privateKey: pair.privateKey,
        jwk: {
          ...(await exportJWK(pair.publicKey)),
          kid: `${provider}-${token(6)}`,
          alg: 'RS256',
          use: 'sig',
        },
      }));
      keys.set(provider, key);
    }
    return key;
  }

  /** The client id the portal was given for `provider` (only sandboxed providers are served). */
  function clientIdOf(provider: SocialProvider): string {
    switch (provider) {
      case 'google':
        return social.google?.clientId ?? '';
      case 'apple':
        return social.apple?.clientId ?? '';
      case 'facebook':
        return social.facebook?.appId ?? '';
      case 'wechat':
        return social.wechat?.appId ?? '';
    }
  }

  /** The authorization request as the real provider would check it. */
  function checkAuthorize(provider: SocialProvider, q: URLSearchParams): Checked {
    const clientId = q.get(provider === 'wechat' ? 'appid' : 'client_id') ?? '';
    const redirectUri = q.get('redirect_uri') ?? '';
    const fail = (error: string, detail: string): Checked => ({ ok: false, error, detail });
    if (clientId !== clientIdOf(provider))
      return fail('invalid_client', 'The client id is not registered at this provider.');
    const registered = callbackUrl(publicBaseUrl, provider);
    if (provider === 'wechat') {
      // WeChat checks the callback's domain against the app's authorised domain.
      let host = '';
      try {
        host = new URL(redirectUri).host;
      } catch {
        // reported below
      }
      if (host !== new URL(publicBaseUrl).host)
        return fail('redirect_uri', 'The redirect_uri is not on the authorised callback domain.');
    } else if (redirectUri !== registered)
      return fail('redirect_uri_mismatch', `The redirect_uri must be ${registered}.`);
    if (q.get('response_type') !== 'code')
      return fail('unsupported_response_type', 'Only response_type=code is supported.');
    const scope = q.get('scope') ?? '';
    const scopes = scope.split(/[\s,]+/).filter((s) => s !== '');
    if ((provider === 'google' || provider === 'apple') && !scopes.includes('openid'))
      return fail('invalid_scope', 'The scope must include openid.');
    if (provider === 'wechat' && !scopes.includes('snsapi_login'))
      return fail('scope', 'Website login needs scope=snsapi_login.');
    const challenge = q.get('code_challenge');
    const method = q.get('code_challenge_method');
    if (challenge !== null && method !== 'S256')
      return fail('invalid_request', 'Only code_challenge_method=S256 is supported.');
    const mode = q.get('response_mode');
    const formPost = mode === 'form_post';
    if (provider === 'apple' && (scopes.includes('name') || scopes.includes('email')) && !formPost)
      return fail('invalid_request', 'Asking for name or email needs response_mode=form_post.');
    if (mode !== null && mode !== 'query' && !(provider === 'apple' && formPost))
      return fail('invalid_request', `response_mode=${mode} is not supported here.`);
    return {
      ok: true,
      request: {
        clientId,
        redirectUri,
        state: q.get('state'),
        scope,
        nonce: q.get('nonce'),
        codeChallenge: provider === 'wechat' ? null : challenge,
        formPost,
      },
    };
  }

  function html(reply: FastifyReply, status: number, body: string): FastifyReply {
    return reply
      .code(status)
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex')
      .type('text/html; charset=utf-8')
      .send(body);
  }

  function json(reply: FastifyReply, status: number, body: unknown): FastifyReply {
    return reply
      .code(status)
      .header('cache-control', 'no-store')
      .header('pragma', 'no-cache')
      .type('application/json; charset=utf-8')
      .send(body);
  }

  /** Back to the portal: a redirect with the query, or Apple's form_post page. */
  function answer(
    reply: FastifyReply,
    provider: SocialProvider,
    request: AuthorizeRequest,
    fields: Record<string, string>,
  ): FastifyReply {
    const all = { ...fields, ...(request.state === null ? {} : { state: request.state }) };
    if (request.formPost)
      return html(reply, 200, renderFormPostPage(provider, request.redirectUri, all));
    const to = new URL(request.redirectUri);
    for (const [k, v] of Object.entries(all)) to.searchParams.set(k, v);
    return reply
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .redirect(to.toString(), 302);
  }

  function showSignIn(
    reply: FastifyReply,
    provider: SocialProvider,
    query: URLSearchParams,
    request: AuthorizeRequest,
    custom?: Parameters<typeof renderSignInPage>[0]['custom'],
  ) {
    return html(
      reply,
      custom === undefined ? 200 : 400,
      renderSignInPage({
        provider,
        action: endpoint(provider, 'authorize'),
        request: query.toString(),
        clientId: request.clientId,
        returnTo: request.redirectUri,
        ...(custom === undefined ? {} : { custom }),
      }),
    );
  }

  /** GET: the sign-in screen. */
  function authorizePage(provider: SocialProvider) {
    return (req: FastifyRequest, reply: FastifyReply) => {
      const query = paramsOf(req.query);
      const checked = checkAuthorize(provider, query);
      if (!checked.ok)
        return html(reply, 400, renderErrorPage(provider, checked.error, checked.detail));
      return showSignIn(reply, provider, query, checked.request);
    };
  }

  /** POST: the player chose an identity (or cancelled); mint a code and go back. */
  function authorizeChoice(provider: SocialProvider) {
    return (req: FastifyRequest, reply: FastifyReply) => {
      const form = paramsOf(req.body);
      const query = new URLSearchParams(form.get('request') ?? '');
      const checked = checkAuthorize(provider, query);
      if (!checked.ok)
        return html(reply, 400, renderErrorPage(provider, checked.error, checked.detail));
      const { request } = checked;
      const choice = form.get('identity') ?? '';
      if (choice === 'cancel') {
        // WeChat comes back without a code; the others with an OAuth error.
        if (provider === 'wechat') return answer(reply, provider, request, {});
        if (provider === 'apple')
          return answer(reply, provider, request, { error: 'user_cancelled_authorize' });
        return answer(reply, provider, request, {
          error: 'access_denied',
          ...(provider === 'facebook'
            ? { error_reason: 'user_denied', error_description: 'Permissions error' }
            : {}),
        });
      }
      let identity: SandboxIdentity | undefined;
      if (choice === 'custom') {
        const name = form.get('name') ?? '';
        const email = form.get('email') ?? '';
        const custom = customIdentity(name, email);
        if ('error' in custom)
          return showSignIn(reply, provider, query, request, {
            name: name.slice(0, 200),
            email: email.slice(0, 300),
            error: custom.error,
          });
        identity = custom;
      } else identity = demoIdentity(choice);
      if (identity === undefined)
        return html(reply, 400, renderErrorPage(provider, 'invalid_request', 'Unknown identity.'));

      const subject = subjectOf(provider, identity, request.clientId);
      const code = token();
      codes.put(code, {
        provider,
        clientId: request.clientId,
        redirectUri: request.redirectUri,
        identity,
        subject,
        scope: request.scope,
        nonce: request.nonce,
        codeChallenge: request.codeChallenge,
        expiresAt: now() + CODE_TTL_MS,
      });
      const fields: Record<string, string> = { code };
      if (provider === 'apple') {
        const seen = `${request.clientId}\n${subject}`;
        const asks = /\b(name|email)\b/.test(request.scope);
        if (asks && !appleSeen.has(seen)) fields.user = appleUserField(identity);
        appleSeen.add(seen);
      }
      if (provider === 'google') fields.scope = request.scope;
      return answer(reply, provider, request, fields);
    };
  }

  /** The code's grant if it is live, for this client and redirect URI, with the PKCE proof. */
  function redeem(
    provider: SocialProvider,
    p: { code: string; clientId: string; redirectUri: string; verifier: string | null },
  ): Grant | undefined {
    const grant = codes.get(p.code, true);
    if (grant === undefined || grant.provider !== provider) return undefined;
    if (grant.clientId !== p.clientId) return undefined;
    if (provider !== 'wechat' && grant.redirectUri !== p.redirectUri) return undefined;
    if (
      grant.codeChallenge !== null &&
      (p.verifier === null || s256(p.verifier) !== grant.codeChallenge)
    )
      return undefined;
    return grant;
  }

  function issueAccessToken(grant: Grant): string {
    const access = token();
    accessTokens.put(access, { ...grant, expiresAt: now() + TOKEN_TTL_S * 1000 });
    return access;
  }

  /** Client authentication of the OIDC token endpoints: client_secret_post or _basic. */
  async function clientAuthenticated(
    provider: 'google' | 'apple',
    req: FastifyRequest,
    form: URLSearchParams,
  ): Promise<string | null> {
    let clientId = form.get('client_id');
    let secret = form.get('client_secret');
    const basic = /^Basic (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (basic !== undefined) {
      const decoded = Buffer.from(basic, 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      if (colon <= 0) return null;
      try {
        clientId = decodeURIComponent(decoded.slice(0, colon));
        secret = decodeURIComponent(decoded.slice(colon + 1));
      } catch {
        return null;
      }
    }
    if (clientId === null || secret === null || clientId !== clientIdOf(provider)) return null;
    if (provider === 'google')
      return social.google && sameText(secret, social.google.clientSecret) ? clientId : null;
    // Apple: the secret is an ES256 JWT from the team's key (iss team, sub client, aud issuer).
    const apple = social.apple;
    if (apple === undefined) return null;
    try {
      await jwtVerify(secret, createPublicKey(apple.privateKey), {
        algorithms: ['ES256'],
        issuer: apple.teamId,
        subject: apple.clientId,
        audience: base('apple'),
        currentDate: new Date(now()),
      }).then(({ protectedHeader }) => {
        if (protectedHeader.kid !== apple.keyId) throw new Error('unknown key id');
      });
      return clientId;
    } catch {
      return null;
    }
  }

  async function idToken(provider: 'google' | 'apple', grant: Grant): Promise<string> {
    const { privateKey, jwk } = await signingKey(provider);
    const iat = Math.floor(now() / 1000);
    const { identity } = grant;
    const [given = '', ...family] = identity.name.split(' ');
    const claims: Record<string, unknown> =
      provider === 'google'
        ? {
            azp: grant.clientId,
            ...(identity.email === null ? {} : { email: identity.email, email_verified: true }),
            name: identity.name,
            given_name: given,
            ...(family.length > 0 ? { family_name: family.join(' ') } : {}),
          }
        : {
            ...(identity.email === null
              ? {}
              : { email: identity.email, email_verified: 'true', is_private_email: 'false' }),
            auth_time: iat,
            nonce_supported: true,
            real_user_status: 2,
          };
    return new SignJWT({ ...claims, ...(grant.nonce === null ? {} : { nonce: grant.nonce }) })
      .setProtectedHeader({ alg: 'RS256', kid: jwk.kid ?? '' })
      .setIssuer(base(provider))
      .setAudience(grant.clientId)
      .setSubject(grant.subject)
      .setIssuedAt(iat)
      .setExpirationTime(iat + (provider === 'google' ? TOKEN_TTL_S : 600))
      .sign(privateKey);
  }

  function registerOidc(scope: FastifyInstance, provider: 'google' | 'apple') {
    const issuer = base(provider);
    scope.get(`${SANDBOX_IDP_PATH}/${provider}/.well-known/openid-configuration`, (_req, reply) =>
      json(reply, 200, {
        issuer,
        authorization_endpoint: endpoint(provider, 'authorize'),
        token_endpoint: endpoint(provider, 'token'),
        jwks_uri: endpoint(provider, 'jwks'),
        ...(provider === 'google' ? { userinfo_endpoint: endpoint('google', 'userinfo') } : {}),
        response_types_supported: ['code'],
        response_modes_supported: provider === 'apple' ? ['query', 'form_post'] : ['query'],
        subject_types_supported: [provider === 'apple' ? 'pairwise' : 'public'],
        id_token_signing_alg_values_supported: ['RS256'],
        scopes_supported:
          provider === 'apple' ? ['openid', 'email', 'name'] : ['openid', 'email', 'profile'],
        token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
        grant_types_supported: ['authorization_code'],
        code_challenge_methods_supported: ['S256'],
        claims_supported: [
          'aud',
          'email',
          'email_verified',
          'exp',
          'iat',
          'iss',
          'name',
          'nonce',
          'sub',
        ],
      }),
    );
    scope.get(path(provider, 'jwks'), async (_req, reply) =>
      json(reply, 200, { keys: [(await signingKey(provider)).jwk] }),
    );
    scope.get(path(provider, 'authorize'), authorizePage(provider));
    scope.post(path(provider, 'authorize'), authorizeChoice(provider));
    scope.post(path(provider, 'token'), async (req, reply) => {
      const form = paramsOf(req.body);
      const clientId = await clientAuthenticated(provider, req, form);
      if (clientId === null)
        return json(reply, 401, {
          error: 'invalid_client',
          error_description: 'Client authentication failed.',
        });
      if (form.get('grant_type') !== 'authorization_code')
        return json(reply, 400, { error: 'unsupported_grant_type' });
      const grant = redeem(provider, {
        code: form.get('code') ?? '',
        clientId,
        redirectUri: form.get('redirect_uri') ?? '',
        verifier: form.get('code_verifier'),
      });
      if (grant === undefined)
        return json(reply, 400, {
          error: 'invalid_grant',
          error_description:
            'The code is unknown, used, expired, or for another client, redirect_uri or code_verifier.',
        });
      return json(reply, 200, {
        access_token: issueAccessToken(grant),
        token_type: 'Bearer',
        expires_in: TOKEN_TTL_S,
        id_token: await idToken(provider, grant),
        ...(provider === 'google' ? { scope: grant.scope } : { refresh_token: token() }),
      });
    });
    if (provider === 'google')
      scope.get(path('google', 'userinfo'), (req, reply) => {
        const bearer = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
        const grant = accessTokens.get(bearer);
        if (grant === undefined || grant.provider !== 'google')
          return json(reply.header('www-authenticate', 'Bearer error="invalid_token"'), 401, {
            error: 'invalid_token',
          });
        const { identity } = grant;
        return json(reply, 200, {
          sub: grant.subject,
          name: identity.name,
          ...(identity.email === null ? {} : { email: identity.email, email_verified: true }),
        });
      });
  }

  /** Facebook's Graph error object. */
  const graphError = (reply: FastifyReply, status: number, message: string, code = 100) =>
    json(reply, status, { error: { message, type: 'OAuthException', code, fbtrace_id: token(9) } });

  function registerFacebook(scope: FastifyInstance) {
    const fb = social.facebook;
    if (fb === undefined) return;
    scope.get(path('facebook', 'authorize'), authorizePage('facebook'));
    scope.post(path('facebook', 'authorize'), authorizeChoice('facebook'));
    scope.get(path('facebook', 'token'), (req, reply) => {
      const q = paramsOf(req.query);
      if (q.get('client_id') !== fb.appId || !sameText(q.get('client_secret') ?? '', fb.appSecret))
        return graphError(reply, 400, 'Error validating client secret.', 1);
      const grant = redeem('facebook', {
        code: q.get('code') ?? '',
        clientId: fb.appId,
        redirectUri: q.get('redirect_uri') ?? '',
        verifier: q.get('code_verifier'),
      });
      if (grant === undefined)
        return graphError(reply, 400, 'Invalid verification code format or code already used.');
      return json(reply, 200, {
        access_token: issueAccessToken(grant),
        token_type: 'bearer',
        expires_in: 5_183_944,
      });
    });
    scope.get(path('facebook', 'me'), (req, reply) => {
      const q = paramsOf(req.query);
      const access = q.get('access_token') ?? '';
      const grant = accessTokens.get(access);
      if (grant === undefined || grant.provider !== 'facebook')
        return graphError(
          reply,
          400,
          'Invalid OAuth access token - Cannot parse access token',
          190,
        );
      const proof = q.get('appsecret_proof');
      const expected = createHmac('sha256', fb.appSecret).update(access).digest('hex');
      if (proof !== null && !sameText(proof, expected))
        return graphError(reply, 400, 'Invalid appsecret_proof provided in the API argument');
      const fields = (q.get('fields') ?? 'id,name').split(',').map((f) => f.trim());
      const { identity } = grant;
      const all: Record<string, string | null> = {
        id: grant.subject,
        name: identity.name,
        first_name: identity.name.split(' ')[0] ?? '',
        last_name: identity.name.split(' ').slice(1).join(' '),
        email: identity.email,
      };
      const me: Record<string, string> = { id: grant.subject };
      for (const f of fields) {
        const v = all[f];
        if (typeof v === 'string' && v !== '') me[f] = v;
      }
      return json(reply, 200, me);
    });
    scope.get(path('facebook', 'debugToken'), (req, reply) => {
      const q = paramsOf(req.query);
      if (q.get('access_token') !== `${fb.appId}|${fb.appSecret}`)
        return graphError(reply, 400, 'Invalid OAuth access token signature.', 190);
      const grant = accessTokens.get(q.get('input_token') ?? '');
      return json(reply, 200, {
        data:
          grant === undefined || grant.provider !== 'facebook'
            ? { is_valid: false, error: { code: 190, message: 'Invalid OAuth access token.' } }
            : {
                app_id: fb.appId,
                type: 'USER',
                application: 'HC Portal (sandbox)',
                expires_at: Math.floor(grant.expiresAt / 1000),
                is_valid: true,
                scopes: ['public_profile', 'email'],
                user_id: grant.subject,
              },
      });
    });
  }

  function registerWechat(scope: FastifyInstance) {
    const wx = social.wechat;
    if (wx === undefined) return;
    const wechatError = (reply: FastifyReply, errcode: number, errmsg: string) =>
      json(reply, 200, { errcode, errmsg: `${errmsg}, rid: ${token(6)}` });
    scope.get(path('wechat', 'authorize'), authorizePage('wechat'));
    scope.post(path('wechat', 'authorize'), authorizeChoice('wechat'));
    scope.get(path('wechat', 'token'), (req, reply) => {
      const q = paramsOf(req.query);
      if (q.get('appid') !== wx.appId || !sameText(q.get('secret') ?? '', wx.appSecret))
        return wechatError(reply, 40125, 'invalid appsecret');
      if (q.get('grant_type') !== 'authorization_code')
        return wechatError(reply, 40002, 'invalid grant_type');
      const grant = redeem('wechat', {
        code: q.get('code') ?? '',
        clientId: wx.appId,
        redirectUri: '',
        verifier: null,
      });
      if (grant === undefined) return wechatError(reply, 40029, 'invalid code');
      return json(reply, 200, {
        access_token: issueAccessToken(grant),
        expires_in: 7200,
        refresh_token: token(),
        openid: grant.subject,
        scope: 'snsapi_login',
        unionid: unionIdOf(grant.identity),
      });
    });
    scope.get(path('wechat', 'userinfo'), (req, reply) => {
      const q = paramsOf(req.query);
      const grant = accessTokens.get(q.get('access_token') ?? '');
      if (grant === undefined || grant.provider !== 'wechat')
        return wechatError(
          reply,
          40001,
          'invalid credential, access_token is invalid or not latest',
        );
      if (q.get('openid') !== grant.subject) return wechatError(reply, 40003, 'invalid openid');
      return json(reply, 200, {
        openid: grant.subject,
        nickname: grant.identity.name,
        sex: 0,
        language: 'en',
        province: '',
        city: '',
        country: '',
        headimgurl: '',
        privilege: [],
        unionid: unionIdOf(grant.identity),
      });
    });
  }

  function indexRows(provider: SocialProvider): [string, string][] {
    switch (provider) {
      case 'google':
      case 'apple':
        return [
          ['Issuer', base(provider)],
          ['Discovery', `${base(provider)}/.well-known/openid-configuration`],
          ['Client id', clientIdOf(provider)],
        ];
      case 'facebook':
        return [
          ['Dialog', endpoint('facebook', 'authorize')],
          ['Token', endpoint('facebook', 'token')],
          ['Profile', endpoint('facebook', 'me')],
          ['App id', clientIdOf(provider)],
        ];
      case 'wechat':
        return [
          ['QR connect', endpoint('wechat', 'authorize')],
          ['Token', endpoint('wechat', 'token')],
          ['User info', endpoint('wechat', 'userinfo')],
          ['App id', clientIdOf(provider)],
        ];
    }
  }

  return {
    providers,

    register(app: FastifyInstance): void {
      if (providers.length === 0) return;
      options.log?.warn(
        { providers },
        `SOCIAL_SANDBOX is on: ${providers.join(', ')} sign in through the sandbox identity ` +
          `provider at ${publicBaseUrl}${SANDBOX_IDP_PATH} (test mode; anyone can sign in as anyone)`,
      );
      void app.register((scope, _options, done) => {
        // The sign-in form and the OIDC token endpoints post forms.
        scope.addContentTypeParser(
          'application/x-www-form-urlencoded',
          { parseAs: 'string' },
          (_req, body, parsed) => parsed(null, parseQuery(String(body))),
        );
        scope.get(SANDBOX_IDP_PATH, (_req, reply) =>
          html(
            reply,
            200,
            renderIndexPage(providers.map((p) => ({ provider: p, rows: indexRows(p) }))),
          ),
        );
        scope.get(FORM_POST_SCRIPT_PATH, (_req, reply) =>
          reply
            .header('cache-control', 'no-store')
            .type('text/javascript; charset=utf-8')
            .send(FORM_POST_SCRIPT),
        );
        for (const provider of providers) {
          if (provider === 'google' || provider === 'apple') registerOidc(scope, provider);
          else if (provider === 'facebook') registerFacebook(scope);
          else registerWechat(scope);
        }
        done();
      });
    },
  };
}

export type SandboxIdp = ReturnType<typeof createSandboxIdp>;
