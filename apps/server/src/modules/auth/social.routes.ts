// Social sign-in routes: browser navigations answering 302, not JSON calls (packages/contract
// `socialRoutes` documents them), plus /api/user/wechat/info/get from the contract.
import { parse as parseQuery } from 'node:querystring';
import { api } from '@hc/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { registerCall } from '../../plugins/register-call';
import type { Container } from '../../container';
import { STATE_TTL_MS } from './social.service';

/**
 * The cookie that binds a sign-in's state to the browser that started it (login CSRF: someone
 * else's callback URL opened in this browser is refused). HttpOnly, sent only to the provider's
 * callback path, gone after the state's lifetime. SameSite=Lax lets the provider's top-level GET
 * redirect carry it; Apple returns by a cross-site form POST, which Lax cookies do not follow,
 * so Apple's is SameSite=None (which browsers accept only with Secure; Apple requires https).
 */
export const BINDING_COOKIE = 'hc_oauth_binding';

export interface BindingCookieOptions {
  /** PUBLIC_BASE_URL is https. */
  secure: boolean;
}

function toSearchParams(input: unknown): URLSearchParams {
  const params = new URLSearchParams();
  if (typeof input !== 'object' || input === null) return params;
  for (const [k, v] of Object.entries(input as Record<string, unknown>)) {
    // A repeated parameter is ambiguous: keep the first value only.
    const first = Array.isArray(v) ? (v[0] as unknown) : v;
    if (typeof first === 'string') params.set(k, first);
  }
  return params;
}

function callbackPath(provider: string): string {
  return `/api/oauth/${encodeURIComponent(provider)}/callback`;
}

function bindingCookie(
  provider: string,
  value: string,
  maxAgeSeconds: number,
  options: BindingCookieOptions,
): string {
  const crossSitePost = provider === 'apple';
  return [
    `${BINDING_COOKIE}=${value}`,
    `Path=${callbackPath(provider)}`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    crossSitePost ? 'SameSite=None' : 'SameSite=Lax',
    ...(crossSitePost || options.secure ? ['Secure'] : []),
  ].join('; ');
}

/** Sets the binding cookie of a started round trip (the start route, and a link start). */
export function setBindingCookie(
  reply: FastifyReply,
  provider: string,
  binding: string,
  options: BindingCookieOptions,
): FastifyReply {
  return reply.header(
    'set-cookie',
    bindingCookie(provider, binding, Math.floor(STATE_TTL_MS / 1000), options),
  );
}

/** The binding cookie's value from the request, or null. */
function readBinding(req: FastifyRequest): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === BINDING_COOKIE) return part.slice(eq + 1).trim();
  }
  return null;
}

function redirect(reply: FastifyReply, location: string): FastifyReply {
  return reply
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .redirect(location, 302);
}

export function registerSocialRoutes(app: FastifyInstance, c: Container): void {
  const { social } = c;
  const { publicBaseUrl } = c.config;
  const cookie: BindingCookieOptions = { secure: publicBaseUrl.startsWith('https:') };
  const wechat = {
    appId: c.config.social.wechat?.appId ?? null,
    /** Our start route (it adds the state), or null when WeChat is not configured. */
    startUrl: c.config.social.wechat ? `${publicBaseUrl}/api/oauth/wechat/start` : null,
  };
  /** The callback answer: the binding cookie is single use too, so it is always cleared. */
  const finish = (reply: FastifyReply, provider: string, location: string) =>
    redirect(reply.header('set-cookie', bindingCookie(provider, '', 0, cookie)), location);

  app.get<{ Params: { provider: string }; Querystring: Record<string, unknown> }>(
    '/api/oauth/:provider/start',
    async (req, reply) => {
      const { provider } = req.params;
      const started = await social.start(provider, req.query.redirect);
      if (started.binding !== null) {
        const maxAge = Math.floor(STATE_TTL_MS / 1000);
        reply.header('set-cookie', bindingCookie(provider, started.binding, maxAge, cookie));
      }
      return redirect(reply, started.location);
    },
  );

  app.get<{ Params: { provider: string } }>('/api/oauth/:provider/callback', async (req, reply) => {
    // Apple answers with form_post only; a GET to its callback is not a valid return.
    const provider = req.params.provider === 'apple' ? 'apple-get' : req.params.provider;
    const outcome = await social.callback(provider, toSearchParams(req.query), readBinding(req));
    return finish(reply, req.params.provider, outcome.location);
  });

  // Sign in with Apple: response_mode=form_post (docs/product/sign-in.md#apple-sign-in-return).
  void app.register((scope, _options, done) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_req, body, done) => done(null, parseQuery(String(body))),
    );
    scope.post('/api/oauth/apple/callback', async (req, reply) => {
      const outcome = await social.callback('apple', toSearchParams(req.body), readBinding(req));
      return finish(reply, 'apple', outcome.location);
    });
    done();
  });

  registerCall(app, api.userWechatInfoGet, () => ({
    enabled: wechat.appId !== null,
    appid: wechat.appId,
    authorize_url: wechat.startUrl,
  }));
}
