// Local stand-ins for Facebook's Graph OAuth endpoints and WeChat's sns endpoints, speaking their
// token and userinfo protocols (including their error shapes) for the codes a test registers.
import { createHash, createHmac } from 'node:crypto';
import { sendJson, startServer, type LocalServer } from './http-server';

export interface FakeUser {
  subject: string;
  name: string;
  email?: string;
}

export interface FakeOAuth2 extends LocalServer {
  /** `code` will exchange for `user`; Facebook also checks the PKCE `challenge` when given. */
  register(code: string, user: FakeUser, challenge?: string): void;
  /** Number of token requests seen. */
  tokenRequests: number;
}

export const FACEBOOK = { appId: 'fb-app', appSecret: 'fb-secret' };
export const WECHAT = { appId: 'wx-app', appSecret: 'wx-secret' };

export async function startFakeFacebook(redirectUri: string): Promise<FakeOAuth2> {
  const codes = new Map<string, { user: FakeUser; challenge?: string }>();
  const tokens = new Map<string, FakeUser>();
  const counter = { tokenRequests: 0 };
  const oauthError = (message: string) => ({
    error: { message, type: 'OAuthException', code: 100 },
  });
  const server = await startServer((origin) => (req, res) => {
    const url = new URL(req.url ?? '/', origin);
    const q = url.searchParams;
    if (url.pathname === '/v19.0/oauth/access_token') {
      counter.tokenRequests++;
      const entry = codes.get(q.get('code') ?? '');
      if (q.get('client_id') !== FACEBOOK.appId || q.get('client_secret') !== FACEBOOK.appSecret)
        return sendJson(res, 400, oauthError('Error validating client secret.'));
      if (q.get('redirect_uri') !== redirectUri)
        return sendJson(res, 400, oauthError('redirect_uri mismatch'));
      if (entry === undefined) return sendJson(res, 400, oauthError('Invalid verification code'));
      const verifier = q.get('code_verifier') ?? '';
      if (
        entry.challenge !== undefined &&
        createHash('sha256').update(verifier).digest('base64url') !== entry.challenge
      )
        return sendJson(res, 400, oauthError('Invalid code verifier'));
      codes.delete(q.get('code') ?? '');
      const token = `fb-token-${entry.user.subject}`;
      tokens.set(token, entry.user);
      return sendJson(res, 200, { access_token: token, token_type: 'bearer', expires_in: 5183944 });
    }
    if (url.pathname === '/v19.0/me') {
      const token = q.get('access_token') ?? '';
      const user = tokens.get(token);
      const proof = createHmac('sha256', FACEBOOK.appSecret).update(token).digest('hex');
      if (user === undefined || q.get('appsecret_proof') !== proof)
        return sendJson(res, 400, oauthError('Invalid OAuth access token.'));
      return sendJson(res, 200, { id: user.subject, name: user.name, email: user.email });
    }
    return sendJson(res, 404, oauthError('Unknown path'));
  });
  return {
    ...server,
    register: (code, user, challenge) =>
      void codes.set(code, challenge === undefined ? { user } : { user, challenge }),
    get tokenRequests() {
      return counter.tokenRequests;
    },
  };
}

export async function startFakeWechat(): Promise<FakeOAuth2> {
  const codes = new Map<string, FakeUser>();
  const tokens = new Map<string, FakeUser>();
  const counter = { tokenRequests: 0 };
  const server = await startServer((origin) => (req, res) => {
    const url = new URL(req.url ?? '/', origin);
    const q = url.searchParams;
    // WeChat answers JSON with a text/plain content type, errors with HTTP 200.
    const send = (body: unknown) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/sns/oauth2/access_token') {
      counter.tokenRequests++;
      if (q.get('appid') !== WECHAT.appId || q.get('secret') !== WECHAT.appSecret)
        return send({ errcode: 40125, errmsg: 'invalid appsecret' });
      if (q.get('grant_type') !== 'authorization_code')
        return send({ errcode: 40002, errmsg: 'invalid grant_type' });
      const user = codes.get(q.get('code') ?? '');
      if (user === undefined) return send({ errcode: 40029, errmsg: 'invalid code' });
      codes.delete(q.get('code') ?? '');
      const token = `wx-token-${user.subject}`;
      tokens.set(token, user);
      return send({
        access_token: token,
        expires_in: 7200,
        refresh_token: 'r',
        openid: user.subject,
        scope: 'snsapi_login',
        unionid: `union-${user.subject}`,
      });
    }
    if (url.pathname === '/sns/userinfo') {
      const user = tokens.get(q.get('access_token') ?? '');
      if (user === undefined || q.get('openid') !== user.subject)
        return send({ errcode: 40003, errmsg: 'invalid openid' });
      return send({
        openid: user.subject,
        nickname: user.name,
        sex: 0,
        province: '',
        city: '',
        country: 'CN',
        headimgurl: '',
        privilege: [],
        unionid: `union-${user.subject}`,
      });
    }
    return send({ errcode: 40066, errmsg: 'invalid url' });
  });
  return {
    ...server,
    register: (code, user) => void codes.set(code, user),
    get tokenRequests() {
      return counter.tokenRequests;
    },
  };
}
