// The calls implemented in the foundation (docs/product/api.md#system-calls): time, pinned bulletin, site init, user info;
// plus the OpenAPI document, the docs page and the probes.
import { ErrorCode, FALLBACK_LANGUAGE, LANGUAGES, api, okEnvelopeSchema } from '@hc/contract';
import { describe, expect, it } from 'vitest';
import { DEV_PAYLOAD_KEY } from '../src/config';
import { demoBulletinTexts } from '../src/db/seeds/demo-bulletin';
import { createSession } from '../src/modules/auth/sessions.service';
import { call } from './support/call';
import { testDatabases } from './support/databases';
import { useTestApp } from './support/helper';

describe.each(testDatabases())('system calls on %s', (kind) => {
  const t = useTestApp(kind, {
    env: { SITE_TITLE: 'Test Portal', CUSTOMER_SERVICE_URL: 'https://help.example.org/' },
  });
  const app = () => t.current.app;
  const inject = (method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}) =>
    t.current.app.inject({ method, url, headers, ...(method === 'POST' ? { payload: {} } : {}) });

  it('GET /api/time answers the clock in seconds and ms', async () => {
    const body = okEnvelopeSchema(api.time.result).parse(await call(app(), api.time, {}));
    const now = t.current.clock.now().getTime();
    expect(body.result).toEqual({ ts: Math.floor(now / 1000), ms: now });
  });

  it('GET /api/bulletin/top answers the pinned bulletin in the Accept-Language language', async () => {
    const res = await call(
      app(),
      api.bulletinTop,
      {},
      {
        headers: { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' },
      },
    );
    const { result } = okEnvelopeSchema(api.bulletinTop.result).parse(res);
    expect(result.bulletin).toMatchObject({
      title: demoBulletinTexts['zh-CN'].title,
      content: demoBulletinTexts['zh-CN'].content,
      link: '/main/event',
    });
    expect(result.bulletin?.create_ts).toBeGreaterThan(1_700_000_000);
  });

  it('lets the lang header win and falls back to en-US for unsupported languages', async () => {
    const titleOf = async (headers: Record<string, string> = {}) =>
      (await call(app(), api.bulletinTop, {}, { headers })).result.bulletin?.title;
    expect(await titleOf({ lang: 'ja-JP', 'accept-language': 'de-DE' })).toBe(
      demoBulletinTexts['ja-JP'].title,
    );
    expect(await titleOf({ 'accept-language': 'fr-FR,fr;q=0.9' })).toBe(
      demoBulletinTexts['en-US'].title,
    );
    expect(await titleOf()).toBe(demoBulletinTexts['en-US'].title);
  });

  it('POST /api/setting/init answers the site configuration with the games from the database', async () => {
    const { result } = okEnvelopeSchema(api.settingInit.result).parse(
      await call(app(), api.settingInit, {}),
    );
    expect(result).toMatchObject({
      site_title: 'Test Portal',
      logo: '/favicon.svg',
      game_id: 1,
      ios_supported: false,
      payload_key: DEV_PAYLOAD_KEY,
      customer_service: 'https://help.example.org/',
      languages: [...LANGUAGES],
      fallback_language: FALLBACK_LANGUAGE,
      server_time: Math.floor(t.current.clock.now().getTime() / 1000),
    });
    expect(result.games).toHaveLength(1);
    expect(result.games[0]).toMatchObject({
      game_id: 1,
      name: 'Demo Game',
      platforms: ['android', 'pc'],
    });
    expect(result.games[0]?.icon).toMatch(/^data:image\/svg\+xml,/);
  });

  it('POST /api/user/uinfo answers 203 tokenFail for a token that no longer works', async () => {
    const res = await call(app(), api.userUinfo, {}, { token: 'A'.repeat(43) });
    expect(res.status).toBe(203);
    expect(res.code).toBe(ErrorCode.tokenFail);
  });

  it('POST /api/user/uinfo answers login false for an anonymous visitor', async () => {
    for (const token of [undefined, '']) {
      const res = await call(app(), api.userUinfo, {}, { token });
      expect(res.status).toBe(200);
      expect(okEnvelopeSchema(api.userUinfo.result).parse(res).result).toEqual({
        login: false,
        isInit: true,
        accid: null,
        account: null,
        gameAccountId: null,
        gameId: null,
        userId: null,
        customer_service: null,
      });
    }
  });

  it('POST /api/user/uinfo answers the account and its game account for a live session', async () => {
    const token = await createSession(t.current.database.db, 1, {
      remember: true,
      clock: t.current.clock,
    });
    const res = await call(app(), api.userUinfo, {}, { token, gameId: 1 });
    const { result } = okEnvelopeSchema(api.userUinfo.result).parse(res);
    expect(result).toMatchObject({
      login: true,
      isInit: true,
      accid: 1,
      account: 'demo',
      gameId: 1,
      customer_service: 'https://help.example.org/',
    });
    expect(result.gameAccountId).toBeGreaterThan(0);
    expect(result.userId).toBe(result.gameAccountId);
  });

  it('rejects a body with a wrong type on a real call with InvalidParams', async () => {
    const res = await t.current.app.inject({
      method: 'POST',
      url: '/api/setting/init',
      payload: '[1,2]',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.json()).toMatchObject({
      code: ErrorCode.InvalidParams,
      data: { issues: [{ path: '' }] },
    });
  });

  it('serves the OpenAPI document and the docs page', async () => {
    const doc = await inject('GET', '/api/openapi.json');
    expect(doc.statusCode).toBe(200);
    const document = doc.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(document).toMatchObject({ openapi: '3.1.0' });
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/time', '/api/setting/init', '/api/user/uinfo']),
    );
    const page = await inject('GET', '/api/docs');
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('/api/openapi.json');
    expect(page.body).toContain('/api/bulletin/top');
    expect(page.body).not.toMatch(/<script/i);
    const css = await inject('GET', '/api/docs.css');
    expect(css.headers['content-type']).toContain('text/css');
  });

  it('/healthz is alive and /readyz reaches the database, then 503 once it is closed', async () => {
    expect((await inject('GET', '/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await inject('GET', '/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', database: kind });
    await t.current.database.close();
    const notReady = await inject('GET', '/readyz');
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json()).toEqual({ status: 'unavailable', database: kind });
    expect((await inject('GET', '/healthz')).statusCode).toBe(200);
  });
});
