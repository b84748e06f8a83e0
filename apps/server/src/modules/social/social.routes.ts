// Social sign-in routes: browser navigations answering 302, not JSON calls (packages/contract
// `socialRoutes` documents them), plus /api/user/wechat/info/get from the contract.
import { parse as parseQuery } from 'node:querystring';
import { api } from '@hc/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { registerCall } from '../../plugins/register-call';
import type { SocialService } from './social.service';

export interface WechatInfo {
  appId: string | null;
  /** Our start route (it adds the state), or null when WeChat is not configured. */
  startUrl: string | null;
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

function redirect(reply: FastifyReply, location: string): FastifyReply {
  return reply
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .redirect(location, 302);
}

export function registerSocialRoutes(
  app: FastifyInstance,
  social: SocialService,
  wechat: WechatInfo,
): void {
  app.get<{ Params: { provider: string }; Querystring: Record<string, unknown> }>(
    '/api/oauth/:provider/start',
    async (req, reply) =>
      redirect(reply, await social.start(req.params.provider, req.query.redirect)),
  );

  app.get<{ Params: { provider: string } }>('/api/oauth/:provider/callback', async (req, reply) => {
    // Apple answers with form_post only; a GET to its callback is not a valid return.
    const provider = req.params.provider === 'apple' ? 'apple-get' : req.params.provider;
    const outcome = await social.callback(provider, toSearchParams(req.query));
    return redirect(reply, outcome.location);
  });

  // Sign in with Apple: response_mode=form_post (SPEC §4 Apple sign-in return).
  void app.register((scope, _options, done) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_req, body, done) => done(null, parseQuery(String(body))),
    );
    scope.post('/api/oauth/apple/callback', async (req, reply) => {
      const outcome = await social.callback('apple', toSearchParams(req.body));
      return redirect(reply, outcome.location);
    });
    done();
  });

  registerCall(app, api.userWechatInfoGet, () => ({
    enabled: wechat.appId !== null,
    appid: wechat.appId,
    authorize_url: wechat.startUrl,
  }));
}
