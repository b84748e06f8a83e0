// WeChat website sign-in (Open Platform QR connect): code -> access_token +
// openid by GET with appid/secret, then sns/userinfo. Errors arrive as { errcode, errmsg }.
import { fetchJson, OAuthTokenError, stringField, type OAuthProviderClient } from './types';

export interface WechatOptions {
  appId: string;
  appSecret: string;
  authUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  redirectUri: string;
}

function wechatError(body: Record<string, unknown>): string | null {
  const code = body.errcode;
  if (typeof code !== 'number' && typeof code !== 'string') return null;
  if (code === 0 || code === '0') return null;
  return `errcode ${code}: ${typeof body.errmsg === 'string' ? body.errmsg : ''}`;
}

export function createWechatClient(options: WechatOptions): OAuthProviderClient {
  return {
    usesNonce: false,

    authorizationUrl(request) {
      const url = new URL(options.authUrl);
      url.search = new URLSearchParams({
        appid: options.appId,
        redirect_uri: options.redirectUri,
        response_type: 'code',
        scope: 'snsapi_login',
        state: request.state,
      }).toString();
      url.hash = 'wechat_redirect';
      return Promise.resolve(url);
    },

    async exchange(check) {
      // WeChat returns without `code` when the user declines; there is no error parameter.
      const code = check.params.get('code');
      if (code === null || code === '') throw new OAuthTokenError('callback without a code');

      const tokenUrl = new URL(options.tokenUrl);
      tokenUrl.search = new URLSearchParams({
        appid: options.appId,
        secret: options.appSecret,
        code,
        grant_type: 'authorization_code',
      }).toString();
      const token = await fetchJson(tokenUrl);
      const accessToken = stringField(token, 'access_token');
      const openid = stringField(token, 'openid');
      if (wechatError(token) !== null || accessToken === null || openid === null)
        throw new OAuthTokenError(`token request failed: ${wechatError(token) ?? 'no openid'}`);

      const infoUrl = new URL(options.userinfoUrl);
      infoUrl.search = new URLSearchParams({ access_token: accessToken, openid }).toString();
      const info = await fetchJson(infoUrl);
      if (wechatError(info) !== null || stringField(info, 'openid') !== openid)
        throw new OAuthTokenError(
          `userinfo request failed: ${wechatError(info) ?? 'openid mismatch'}`,
        );
      // The subject is the openid for this app (stable per user and app id).
      return { subject: openid, name: stringField(info, 'nickname'), email: null };
    },
  };
}
