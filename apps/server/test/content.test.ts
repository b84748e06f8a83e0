// Over the real server on both databases: home configuration (docs/product/content.md#home,
// docs/product/content.md#home-configuration), Game Info blocks, articles by type with pagination and pinned order (docs/product/content.md#announcement-tabs,
// docs/product/content.md#articles), language fallback (docs/product/languages.md#fallback), XSS articles stored through the repository
// (bad input), footer pages, and the character calls (docs/product/api.md#content-calls).
import { existsSync } from 'node:fs';
import { api, ArticleType, ErrorCode, LANGUAGES, toUnixSeconds, type CallBody } from '@hc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoArticles } from '../src/db/seeds/content/articles';
import { demoBlocks, demoHomeConfig } from '../src/db/seeds/content/home';
import { demoPages } from '../src/db/seeds/content/pages';
import { createAccountsRepository } from '../src/modules/auth/accounts.repository';
import { createContentRepository } from '../src/modules/content/content.repository';
import { call, invalidBody } from './support/call';
import { login, makeAccount } from './support/auth-fixtures';
import { testDatabases } from './support/databases';
import { createTestApp, type TestApp } from './support/helper';
import { startDemoGame, type TestDemoGame } from './support/demo-game';
import { XSS_CORPUS } from './support/xss-corpus';

describe.each(testDatabases())('content on %s', (kind) => {
  let game: TestDemoGame;
  let t: TestApp;

  beforeAll(async () => {
    game = await startDemoGame();
    t = await createTestApp(kind, { env: game.env });
  });
  afterAll(async () => {
    await t.app.close();
    await t.database.close();
    await game.close();
  });
  const articles = (
    body: CallBody<typeof api.settingWebArticle>,
    headers: Record<string, string> = {},
  ) => call(t.app, api.settingWebArticle, body, { headers });

  describe('home configuration', () => {
    it('answers gameInfo, gameContent and footer for the demo game', async () => {
      const json = await call(t.app, api.settingWebHomeConfJodo, {}, { headers: { gameid: '1' } });
      expect(json.code).toBe(0);
      expect(json.result.gameInfo).toMatchObject({
        game_id: 1,
        name: 'Demo Game',
        cgi: '/content/banner.svg',
        downloads: {
          android: demoHomeConfig.downloads?.android,
          pc: demoHomeConfig.downloads?.pc,
          ios: null,
        },
      });
      expect(json.result.gameInfo.customConfig.loggerUrl).toBe(
        `${t.config.publicBaseUrl}/api/analytics/collect`,
      );
      expect(json.result.gameContent.info.map((b) => b.title)).toEqual(
        demoBlocks.filter((b) => b.kind === 'info').map((b) => b.texts['en-US'][0]),
      );
      expect(json.result.gameContent.features).toHaveLength(3);
      expect(json.result.gameContent.features.every((f) => f.img?.endsWith('.svg'))).toBe(true);
      expect(json.result.footer).toEqual({
        about: '/main/page/about',
        contact: '/main/page/contact',
        privacy: '/main/page/privacy',
        agreement: '/main/page/agreement',
      });
    });

    it('falls back to the first game without a gameid header, and speaks the request language', async () => {
      const json = await call(
        t.app,
        api.settingWebHomeConfJodo,
        {},
        { headers: { lang: 'de-DE' } },
      );
      expect(json.result.gameInfo.game_id).toBe(1);
      expect(json.result.gameContent.info[0]?.title).toBe('Die drei Reiche');
    });

    it('serves one block by id and NotFound for a missing one', async () => {
      const home = await call(t.app, api.settingWebHomeConfJodo, {});
      const id = home.result.gameContent.features[0]?.id ?? 0;
      const block = await call(
        t.app,
        api.gameInfoContent,
        {},
        { params: { id }, headers: { lang: 'ja-JP' } },
      );
      expect(block).toMatchObject({
        code: 0,
        result: { id, game_id: 1, kind: 'feature', title: '雲の上のオープンワールド' },
      });
      expect(block.result.content).toMatch(/^<p>/);
      const missing = await call(t.app, api.gameInfoContent, {}, { params: { id: 999999 } });
      expect(missing.code).toBe(ErrorCode.NotFound);
    });
  });

  describe('articles', () => {
    it('lists the seeded articles pinned first, then newest first', async () => {
      const json = await articles({ page: 1, size: 100 });
      expect(json.code).toBe(0);
      expect(json.result.total).toBeGreaterThanOrEqual(12);
      const [first, ...rest] = json.result.list;
      expect(first?.title).toBe('Welcome to the Demo Game portal');
      const times = rest.map((a) => a.create_ts);
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(first?.summary).not.toMatch(/[<>]/);
      expect(first?.summary.length).toBeGreaterThan(20);
    });

    it('order newest lists by publish date only, within_days keeps the last N days (All, Latest)', async () => {
      const pinnedFirst = await articles({ page: 1, size: 100 });
      const all = await articles({ page: 1, size: 100, order: 'newest' });
      expect(all.code).toBe(0);
      expect(all.result.total).toBe(pinnedFirst.result.total);
      const times = all.result.list.map((a) => a.create_ts);
      expect(times).toEqual([...times].sort((a, b) => b - a));
      // The pinned welcome article is the oldest seeded one: no longer on top.
      expect(all.result.list[0]?.title).not.toBe('Welcome to the Demo Game portal');
      expect(all.result.list[0]?.create_ts).toBe(Math.max(...times));

      const since = toUnixSeconds(t.clock.now()) - 7 * 86_400;
      const latest = await articles({ page: 1, size: 100, order: 'newest', within_days: 7 });
      const recent = all.result.list.filter((a) => a.create_ts >= since);
      expect(recent.length).toBeGreaterThan(0);
      expect(recent.length).toBeLessThan(all.result.total);
      expect(latest.result.total).toBe(recent.length);
      expect(latest.result.list.map((a) => a.id)).toEqual(recent.map((a) => a.id));

      const tooLong = await articles({ page: 1, size: 10, within_days: 367 });
      expect(tooLong.code).toBe(ErrorCode.InvalidParams);
    });

    it('dates the demo news relative to the seeding: the newest is a day old, all are "Latest"', async () => {
      const latest = await articles({ page: 1, size: 100, order: 'newest', within_days: 30 });
      expect(latest.result.total).toBe(demoArticles.length);
      expect(latest.result.list[0]?.create_ts).toBe(toUnixSeconds(t.clock.now()) - 86_400);
    });

    it('has the four types with at least 12 articles in all nine languages', () => {
      expect(demoArticles.length).toBeGreaterThanOrEqual(12);
      for (const type of [1, 2, 3, 4]) expect(demoArticles.some((a) => a.type === type)).toBe(true);
      for (const a of demoArticles)
        for (const lang of LANGUAGES) expect(a.texts[lang].length).toBeGreaterThanOrEqual(3);
    });

    it('gives each demo article its own cover, and every demo image is a file the web app serves', () => {
      const covers = demoArticles.map((a) => a.img);
      expect(new Set(covers).size).toBe(covers.length);
      const images = [demoHomeConfig.cgi, ...covers, ...demoBlocks.map((b) => b.img)];
      for (const img of images) {
        expect(img).toMatch(/^\/content\/[a-z0-9-]+\.svg$/);
        const file = new URL(`../../web/public${img}`, import.meta.url);
        expect(existsSync(file), String(img)).toBe(true);
      }
    });

    it.each([
      ['announcements', ArticleType.news],
      ['activity', ArticleType.event],
      ['update', ArticleType.update],
      ['strategy', ArticleType.strategy],
    ])('the %s tab lists only type %i', async (_tab, type) => {
      const json = await articles({ page: 1, size: 50, type });
      expect(json.result.list.length).toBe(demoArticles.filter((a) => a.type === type).length);
      expect(json.result.list.every((a) => a.type === type)).toBe(true);
    });

    it('pages: sizes, totals, and an empty page past the end', async () => {
      const all = await articles({ page: 1, size: 100 });
      const p1 = await articles({ page: 1, size: 5 });
      const p2 = await articles({ page: 2, size: 5 });
      expect(p1.result).toMatchObject({ page: 1, size: 5, total: all.result.total });
      expect([...p1.result.list, ...p2.result.list].map((a) => a.id)).toEqual(
        all.result.list.slice(0, 10).map((a) => a.id),
      );
      const past = await articles({ page: 99, size: 5 });
      expect(past.code).toBe(0);
      expect(past.result.list).toEqual([]);
      const defaults = await articles({});
      expect(defaults.result).toMatchObject({ page: 1, size: 10 });
    });

    it.each([
      [{ type: 5 }],
      [{ type: 0 }],
      [{ type: 'news' }],
      [{ page: 0 }],
      [{ page: -1 }],
      [{ page: 1001 }],
      [{ size: 0 }],
      [{ size: 101 }],
      [{ page: 1.5 }],
    ])('rejects %j with InvalidParams', async (body) => {
      const json = await articles(invalidBody(body));
      expect(json.code).toBe(ErrorCode.InvalidParams);
    });

    it('answers in the request language and falls back to en-US', async () => {
      const repo = createContentRepository(t.database.db);
      const id = await repo.insertArticle({
        type: 1,
        texts: { 'en-US': { title: 'Only English', content: '<p>English body</p>' } },
        publishedAt: new Date('2026-01-14T00:00:00Z'),
      });
      const ko = await call(
        t.app,
        api.settingWebArticleDetail,
        { id },
        { headers: { lang: 'ko-KR' } },
      );
      expect(ko.result).toMatchObject({
        title: 'Only English',
        content: '<p>English body</p>',
      });
      const list = await articles({ page: 1, size: 3 }, { 'accept-language': 'zh-TW,zh;q=0.9' });
      expect(list.result.list[0]?.title).toBe('歡迎來到 Demo Game 官方入口網站');
      expect(list.result.list.find((a) => a.id === id)?.title).toBe('Only English');
    });

    it('serves the detail; ArticleNotFound for unknown, inactive or future articles', async () => {
      const list = await articles({ page: 1, size: 1 });
      const id = list.result.list[0]?.id ?? 0;
      const detail = await call(
        t.app,
        api.settingWebArticleDetail,
        { id },
        { headers: { lang: 'th-TH' } },
      );
      expect(detail.result).toMatchObject({ id, img: '/content/cover-welcome.svg' });
      expect(detail.result.content).toContain('WELCOME2026');
      const repo = createContentRepository(t.database.db);
      const inactive = await repo.insertArticle({
        type: 2,
        texts: { 'en-US': { title: 'Hidden', content: '<p>x</p>' } },
        active: false,
      });
      const future = await repo.insertArticle({
        type: 2,
        texts: { 'en-US': { title: 'Later', content: '<p>x</p>' } },
        publishedAt: new Date('2030-01-01T00:00:00Z'),
      });
      for (const missing of [999_999, inactive, future]) {
        const json = await call(t.app, api.settingWebArticleDetail, { id: missing });
        expect([missing, json.code]).toEqual([missing, ErrorCode.ArticleNotFound]);
      }
      const events = await articles({ page: 1, size: 100, type: 2 });
      expect(events.result.list.map((a) => a.title)).not.toContain('Hidden');
      expect(events.result.list.map((a) => a.title)).not.toContain('Later');
      const bad = await call(t.app, api.settingWebArticleDetail, invalidBody({ id: 'abc' }));
      expect(bad.code).toBe(ErrorCode.InvalidParams);
    });

    it('stores XSS payloads inert and serves them inert in summary and detail', async () => {
      const repo = createContentRepository(t.database.db);
      const payload = XSS_CORPUS.join('\n');
      const id = await repo.insertArticle({
        type: ArticleType.strategy,
        texts: {
          'en-US': {
            title: '<img src=x onerror=alert(1)>Guide',
            content: `<p>Safe text</p>${payload}`,
          },
        },
        publishedAt: new Date('2026-01-14T12:00:00Z'),
      });
      // What is stored is already clean (sanitised when stored).
      const stored = await t.database.db
        .selectFrom('articles')
        .select('texts')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const storedHtml = stored.texts['en-US']?.content ?? '';
      expect(storedHtml).toContain('<p>Safe text</p>');
      expect(storedHtml).not.toMatch(/<script|onerror|onload|javascript:|<iframe|<svg|style=/i);

      const detail = await call(t.app, api.settingWebArticleDetail, { id });
      expect(detail.result.title).toBe('Guide');
      expect(detail.result.content).not.toMatch(
        /<script|\son\w+=|javascript:|<iframe|<svg|<object|<embed|<form|<meta|<style|style=|srcdoc/i,
      );
      const list = await articles({ page: 1, size: 100, type: ArticleType.strategy });
      const row = list.result.list.find((a) => a.id === id);
      expect(row?.summary.startsWith('Safe text')).toBe(true);
      expect(row?.summary).not.toMatch(/[<>]/);
    });

    it('sanitises again when serving content that bypassed the repository', async () => {
      const [row] = await t.database.db
        .insertInto('articles')
        .values({
          type: 3,
          texts: JSON.stringify({
            'en-US': { title: 'Raw', content: '<p onclick="x()">Hi</p><script>alert(1)</script>' },
          }),
          published_at: new Date('2026-01-01T00:00:00Z'),
        })
        .returning('id')
        .execute();
      const json = await call(t.app, api.settingWebArticleDetail, {
        id: row?.id ?? 0,
      });
      expect(json.result.content).toBe('<p>Hi</p>');
    });
  });

  describe('footer pages', () => {
    it.each(['about', 'contact', 'privacy', 'agreement'] as const)(
      'serves %s in every language',
      async (slug) => {
        for (const lang of LANGUAGES) {
          const json = await call(t.app, api.settingPage, { slug }, { headers: { lang } });
          expect(json.code).toBe(0);
          expect(json.result.slug).toBe(slug);
          expect(json.result.title).toBe(demoPages[slug][lang][0]);
          expect(json.result.content).toMatch(/^<p>/);
        }
      },
    );

    it('keeps safe mailto links with rel=noopener; rejects an unknown slug', async () => {
      const contact = await call(t.app, api.settingPage, { slug: 'contact' });
      expect(contact.result.content).toContain(
        '<a href="mailto:support@example.com" rel="noopener noreferrer">',
      );
      const bad = await call(t.app, api.settingPage, invalidBody({ slug: '../etc/passwd' }));
      expect(bad.code).toBe(ErrorCode.InvalidParams);
    });
  });

  describe('character', () => {
    async function player() {
      const a = await makeAccount(t.database.db);
      const uid = await createAccountsRepository(t.database.db).bindGameAccount(a.id, 1);
      const json = await login(t.app, t.config.payloadKey, 'account', a.account, a.password);
      return { uid, token: json.result.token };
    }

    it('needs a session', async () => {
      const res = await call(t.app, api.characterGameInfo, {});
      expect(res.status).toBe(203);
      expect(res.code).toBe(ErrorCode.tokenFail);
    });

    it('select validates the role with the game: names from the game, errors per case', async () => {
      const p = await player();
      const h = { token: p.token, gameid: '1' };
      const ok = await call(
        t.app,
        api.characterInfoSelect,
        { server_id: 1, role_id: `r-${p.uid}-1` },
        { headers: h },
      );
      expect(ok).toMatchObject({
        code: 0,
        result: {
          server_id: 1,
          server_name: 'Dawn',
          role_id: `r-${p.uid}-1`,
          role_name: `Hero${p.uid}`,
          level: 1,
        },
      });
      const unknown = await call(
        t.app,
        api.characterInfoSelect,
        { server_id: 1, role_id: 'nope' },
        { headers: h },
      );
      expect(unknown.code).toBe(ErrorCode.RoleNotFound);
      const maintenance = await call(
        t.app,
        api.characterInfoSelect,
        { server_id: 3, role_id: 'x' },
        { headers: h },
      );
      expect(maintenance.code).toBe(ErrorCode.serverMaintenance);
      const bad = await call(
        t.app,
        api.characterInfoSelect,
        invalidBody({ server_id: 1, role_id: 5 }),
        { headers: h },
      );
      expect(bad.code).toBe(ErrorCode.InvalidParams);
    });

    it('select without a game account is GameAccountNotFound', async () => {
      const a = await makeAccount(t.database.db);
      const json = await login(t.app, t.config.payloadKey, 'account', a.account, a.password);
      const res = await call(
        t.app,
        api.characterInfoSelect,
        { server_id: 1, role_id: 'r' },
        { headers: { token: json.result.token } },
      );
      expect(res.code).toBe(ErrorCode.GameAccountNotFound);
    });

    it('game info lists bound games with the role of the newest order', async () => {
      const p = await player();
      const h = { token: p.token, gameid: '1' };
      const before = await call(t.app, api.characterGameInfo, {}, { headers: h });
      expect(before.result.list).toEqual([
        expect.objectContaining({
          game_id: 1,
          game_name: 'Demo Game',
          gameAccountId: p.uid,
          last_character: null,
        }),
      ]);
      expect(typeof before.result.list[0]?.bind_ts).toBe('number');
      const order = await call(
        t.app,
        api.orderWebCreate,
        {
          role_id: `r-${p.uid}-1`,
          server_id: 1,
          cp_goods_id: 'pack_adventurer',
          channel_code: 'card',
          role_name: 'client says X',
          server_name: 'client says Y',
        },
        { headers: h },
      );
      expect(order.code).toBe(0);
      const after = await call(t.app, api.characterGameInfo, {}, { headers: h });
      expect(after.result.list[0]?.last_character).toEqual({
        server_id: 1,
        server_name: 'Dawn',
        role_id: `r-${p.uid}-1`,
        role_name: `Hero${p.uid}`,
      });
    });
  });
});
