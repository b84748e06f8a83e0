// Social sign-in contract: providers, settingInit.social, the documented non-JSON routes.
import { describe, expect, it } from 'vitest';
import { api } from './api';
import { apiExamples } from './examples';
import { buildOpenApiDocument } from './openapi';
import { SOCIAL_PROVIDERS, socialRoutes, socialStartPath } from './auth';

describe('social sign-in contract', () => {
  it('settingInit.social lists configured providers only from the known set', () => {
    expect(api.settingInit.result.parse(apiExamples.settingInit.result).social).toEqual([
      'google',
      'apple',
    ]);
    const bad = { ...apiExamples.settingInit.result, social: ['myspace'] };
    expect(api.settingInit.result.safeParse(bad).success).toBe(false);
    expect(SOCIAL_PROVIDERS).toEqual(['google', 'apple', 'facebook', 'wechat']);
  });

  it('builds the start path with an encoded redirect', () => {
    expect(socialStartPath('google')).toBe('/api/oauth/google/start');
    expect(socialStartPath('apple', '/main/recharge?a=1')).toBe(
      '/api/oauth/apple/start?redirect=%2Fmain%2Frecharge%3Fa%3D1',
    );
  });

  it('documents the browser-navigation routes in OpenAPI as 302 answers', () => {
    const doc = buildOpenApiDocument();
    for (const route of socialRoutes) {
      const op = (doc.paths[route.path] as Record<string, { responses: object }> | undefined)?.[
        route.method.toLowerCase()
      ];
      expect(op?.responses).toHaveProperty('302');
    }
    expect(doc.paths['/api/oauth/apple/callback']).toHaveProperty('post');
  });
});
