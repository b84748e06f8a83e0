// The social sign-in settings of config.ts: a provider is on only with its client id, a client id
// without its other settings is a configuration error, endpoints have real defaults.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';

const base = { NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '8080' };

describe('social config', () => {
  it('has every provider off, sign-up on and PUBLIC_BASE_URL from HOST:PORT by default', () => {
    const c = loadConfig(base);
    expect(c.social).toEqual({
      signup: true,
      google: undefined,
      apple: undefined,
      facebook: undefined,
      wechat: undefined,
    });
    expect(c.publicBaseUrl).toBe('http://127.0.0.1:8080');
  });

  it('enables providers by their client id, with the real endpoints as defaults', () => {
    const c = loadConfig({
      ...base,
      PUBLIC_BASE_URL: 'https://portal.example.com/',
      SOCIAL_SIGNUP: 'false',
      GOOGLE_CLIENT_ID: 'g',
      GOOGLE_CLIENT_SECRET: 'gs',
      APPLE_CLIENT_ID: 'com.example.web',
      APPLE_TEAM_ID: 'T',
      APPLE_KEY_ID: 'K',
      APPLE_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nabc\\n-----END PRIVATE KEY-----',
      FACEBOOK_APP_ID: 'f',
      FACEBOOK_APP_SECRET: 'fs',
      WECHAT_APP_ID: 'w',
      WECHAT_APP_SECRET: 'ws',
    });
    expect(c.publicBaseUrl).toBe('https://portal.example.com');
    expect(c.social.signup).toBe(false);
    expect(c.social.google).toEqual({
      clientId: 'g',
      clientSecret: 'gs',
      issuer: 'https://accounts.google.com',
    });
    expect(c.social.apple?.issuer).toBe('https://appleid.apple.com');
    // "\n" escapes in an env file become real newlines.
    expect(c.social.apple?.privateKey).toBe(
      '-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----',
    );
    expect(c.social.facebook?.tokenUrl).toBe('https://graph.facebook.com/v19.0/oauth/access_token');
    expect(c.social.wechat?.authUrl).toBe('https://open.weixin.qq.com/connect/qrconnect');
  });

  it('names every missing setting of a half-configured provider, without echoing secrets', () => {
    let error: unknown;
    try {
      loadConfig({ ...base, GOOGLE_CLIENT_ID: 'g', APPLE_CLIENT_ID: 'a', APPLE_TEAM_ID: 'T' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const vars = (error as ConfigError).problems.map((p) => p.variable).sort();
    expect(vars).toEqual(['APPLE_KEY_ID', 'APPLE_PRIVATE_KEY', 'GOOGLE_CLIENT_SECRET']);
  });

  it('rejects a non-URL endpoint', () => {
    expect(() => loadConfig({ ...base, WECHAT_TOKEN_URL: 'not a url' })).toThrow(ConfigError);
  });
});
