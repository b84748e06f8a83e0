// The console's Content section (docs/console.md#content) over the real app: articles (create,
// list with status and missing languages, update, delete, preview of drafts), bulletins with a
// schedule, the home configuration and its blocks, the footer pages; every write audited with
// before and after; the server's sanitiser on what operators write; bad input and a forged CSRF
// token change nothing; what players see follows (published yes, scheduled and drafts no).
import { api, consoleApi, ErrorCode, LANGUAGES, toUnixSeconds, type CallBody } from '@hc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OPERATOR } from '../src/db/seeds/demo';
import { createAuditRepository } from '../src/modules/audit/audit.repository';
import { call, invalidBody } from './support/call';
import { consoleCall, consoleLogin, signInOperator, type ConsoleClient } from './support/console';
import { testDatabases } from './support/databases';
import { createTestApp, type TestApp } from './support/helper';
import { login, makeAccount } from './support/auth-fixtures';

type ArticleBody = CallBody<typeof consoleApi.consoleContentArticlesCreate>;

const EVIL =
  '<p onclick="steal()">Hello <strong>world</strong></p><script>alert(1)</script>' +
  '<img src="/media/x.png" onerror="alert(2)"><a href="javascript:alert(3)">click</a>' +
  '<a href="https://example.com/ok">ok</a><iframe src="https://evil.example"></iframe>';

describe.each(testDatabases())('console content on %s', (kind) => {
  let t: TestApp;
  let editor: ConsoleClient;
  let owner: ConsoleClient;

  const now = () => toUnixSeconds(t.clock.now());
  const article = (over: Partial<ArticleBody> = {}): ArticleBody => ({
    type: 2,
    gameId: null,
    img: '/content/banner.svg',
    pinned: false,
    active: true,
    publishedAt: now() - 60,
    texts: {
      'en-US': { title: 'Winter festival', content: '<p>Snow and gifts.</p>' },
      'zh-CN': { title: '冬日庆典', content: '<p>雪景与礼物。</p>' },
    },
    ...over,
  });
  const audits = async (target: string) =>
    (await createAuditRepository(t.database.db).page({ target }, 1, 50)).rows;
  const playerList = async (lang = 'en-US') =>
    (
      await call(
        t.app,
        api.settingWebArticle,
        { page: 1, size: 100, order: 'newest' },
        { headers: { lang } },
      )
    ).result?.list ?? [];

  async function signIn(): Promise<void> {
    editor = await signInOperator(t, ['content']);
    const signed = await consoleLogin(t.app, DEMO_OPERATOR.name, DEMO_OPERATOR.password);
    owner = signed.client as ConsoleClient;
  }
  /** Moves the clock past console sessions' idle timeout: sign in again. */
  async function advance(ms: number): Promise<void> {
    t.clock.advance(ms);
    await signIn();
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    await signIn();
  });

  afterAll(async () => {
    await t.app.close();
    await t.database.close();
  });

  it('creates an article in two languages: listed as live with the missing languages, shown to players, audited', async () => {
    const created = await consoleCall(
      t.app,
      consoleApi.consoleContentArticlesCreate,
      article(),
      editor,
    );
    expect(created.code).toBe(0);
    const a = created.result;
    expect(a).toMatchObject({ status: 'live', title: 'Winter festival', type: 2 });
    expect(a.missingLanguages).toEqual(LANGUAGES.filter((l) => l !== 'en-US' && l !== 'zh-CN'));
    expect(Object.keys(a.texts).sort()).toEqual(['en-US', 'zh-CN']);

    const listed = await consoleCall(
      t.app,
      consoleApi.consoleContentArticlesList,
      { status: 'live', missing: true, page: 1, size: 50 },
      editor,
    );
    expect(listed.result?.list.map((r) => r.id)).toContain(a.id);

    const zh = (await playerList('zh-CN')).find((r) => r.id === a.id);
    expect(zh).toMatchObject({ title: '冬日庆典', type: 2 });
    const detail = await call(t.app, api.settingWebArticleDetail, { id: a.id });
    expect(detail.result?.content).toBe('<p>Snow and gifts.</p>');

    const rows = await audits(`article:${a.id}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorKind: 'operator',
      actor: editor.name,
      action: 'article.create',
      before: null,
    });
    expect((rows[0]?.after as { texts: Record<string, unknown> }).texts).toHaveProperty('zh-CN');
    expect(rows[0]?.ip).toBeTruthy();
  });

  it('keeps scheduled articles and drafts from players, but previews them for the content role', async () => {
    const scheduled = (
      await consoleCall(
        t.app,
        consoleApi.consoleContentArticlesCreate,
        article({
          publishedAt: now() + 3600,
          texts: { 'en-US': { title: 'Soon', content: '<p>Later</p>' } },
        }),
        editor,
      )
    ).result;
    const draft = (
      await consoleCall(
        t.app,
        consoleApi.consoleContentArticlesCreate,
        article({ active: false, texts: { 'en-US': { title: 'Draft', content: '<p>WIP</p>' } } }),
        editor,
      )
    ).result;
    expect(scheduled.status).toBe('scheduled');
    expect(draft.status).toBe('draft');
    const ids = (await playerList()).map((r) => r.id);
    expect(ids).not.toContain(scheduled.id);
    expect(ids).not.toContain(draft.id);
    expect((await call(t.app, api.settingWebArticleDetail, { id: draft.id })).code).toBe(
      ErrorCode.ArticleNotFound,
    );

    const preview = await consoleCall(
      t.app,
      consoleApi.consoleContentArticlesPreview,
      { id: draft.id, language: 'ja-JP' },
      editor,
    );
    expect(preview.result).toMatchObject({ id: draft.id, title: 'Draft', content: '<p>WIP</p>' });

    // Players (a player session, no console cookie) are refused.
    const a = await makeAccount(t.database.db);
    const signedIn = await login(t.app, t.config.payloadKey, 'account', a.account, a.password);
    expect(signedIn.code).toBe(0);
    const refused = await call(
      t.app,
      consoleApi.consoleContentArticlesPreview,
      { id: draft.id, language: 'en-US' },
      { token: signedIn.result.token },
    );
    expect([refused.status, refused.code]).toEqual([401, ErrorCode.ConsoleSessionExpired]);

    // Once its time comes, the scheduled one is listed.
    await advance(3601_000);
    expect((await playerList()).map((r) => r.id)).toContain(scheduled.id);
  });

  it('sanitises what operators write: scripts, event handlers and javascript: URLs never reach players', async () => {
    const created = (
      await consoleCall(
        t.app,
        consoleApi.consoleContentArticlesCreate,
        article({ texts: { 'en-US': { title: '<b>Bold</b> title', content: EVIL } } }),
        editor,
      )
    ).result;
    const stored = created.texts['en-US']!.content;
    for (const html of [
      stored,
      (await call(t.app, api.settingWebArticleDetail, { id: created.id })).result.content,
      (
        await consoleCall(
          t.app,
          consoleApi.consoleContentArticlesPreview,
          {
            language: 'en-US',
            draft: article({ texts: { 'en-US': { title: 'x', content: EVIL } } }),
          },
          editor,
        )
      ).result.content,
    ]) {
      expect(html).not.toMatch(/<script|onerror|onclick|javascript:|<iframe/i);
      expect(html).toContain('<strong>world</strong>');
      expect(html).toContain('<img src="/media/x.png" />');
      expect(html).toContain('href="https://example.com/ok"');
    }
    expect(created.title).toBe('Bold title');
  });

  it('updates an article with before/after in the audit log; deletes it; bad input changes nothing', async () => {
    const a = (await consoleCall(t.app, consoleApi.consoleContentArticlesCreate, article(), editor))
      .result;
    const updated = await consoleCall(
      t.app,
      consoleApi.consoleContentArticlesUpdate,
      { ...article({ pinned: true }), id: a.id },
      editor,
    );
    expect(updated.result?.pinned).toBe(true);
    const rows = await audits(`article:${a.id}`);
    expect(rows[0]).toMatchObject({
      action: 'article.update',
      before: { pinned: false },
      after: { pinned: true },
    });

    for (const bad of [
      invalidBody({ ...article(), id: a.id, type: 9 }),
      invalidBody({ ...article({ img: 'javascript:alert(1)' }), id: a.id }),
    ]) {
      const r = await consoleCall(t.app, consoleApi.consoleContentArticlesUpdate, bad, editor);
      expect(r.code).toBe(ErrorCode.InvalidParams);
    }
    const noEnglish = await consoleCall(
      t.app,
      consoleApi.consoleContentArticlesUpdate,
      {
        ...article({ texts: { 'zh-CN': { title: '只有中文', content: '<p>内容</p>' } } }),
        id: a.id,
      },
      editor,
    );
    expect(noEnglish.code).toBe(ErrorCode.ContentFallbackMissing);
    const forged = await consoleCall(
      t.app,
      consoleApi.consoleContentArticlesUpdate,
      { ...article({ pinned: false, active: false }), id: a.id },
      editor,
      { csrf: 'forged' },
    );
    expect(forged.code).toBe(ErrorCode.ConsoleCsrfFailed);
    const after = await consoleCall(
      t.app,
      consoleApi.consoleContentArticlesGet,
      { id: a.id },
      editor,
    );
    expect(after.result).toEqual(updated.result);
    expect(await audits(`article:${a.id}`)).toHaveLength(2);

    expect(
      (await consoleCall(t.app, consoleApi.consoleContentArticlesDelete, { id: a.id }, owner)).code,
    ).toBe(0);
    expect(
      (await consoleCall(t.app, consoleApi.consoleContentArticlesGet, { id: a.id }, editor)).code,
    ).toBe(ErrorCode.ContentArticleNotFound);
    expect((await audits(`article:${a.id}`))[0]).toMatchObject({
      action: 'article.delete',
      actor: 'operator',
      after: null,
    });
  });

  it('schedules bulletins: live, scheduled and ended; players see the live pinned one with its language link', async () => {
    const base = now();
    const body = (over: Partial<CallBody<typeof consoleApi.consoleContentBulletinsCreate>>) => ({
      pinned: true,
      active: true,
      beginsAt: base,
      endsAt: base + 3600,
      texts: {
        'en-US': { title: 'Maintenance', content: 'At 02:00.', link: '/main/event' },
        'de-DE': { title: 'Wartung', content: 'Um 02:00.', link: 'https://example.com/de' },
      },
      ...over,
    });
    const live = await consoleCall(
      t.app,
      consoleApi.consoleContentBulletinsCreate,
      body({}),
      editor,
    );
    expect(live.result?.status).toBe('live');
    const later = await consoleCall(
      t.app,
      consoleApi.consoleContentBulletinsCreate,
      body({ beginsAt: base + 7200, endsAt: null }),
      editor,
    );
    expect(later.result?.status).toBe('scheduled');
    const bad = await consoleCall(
      t.app,
      consoleApi.consoleContentBulletinsCreate,
      body({ endsAt: base - 20 }),
      editor,
    );
    expect(bad.code).toBe(ErrorCode.ContentScheduleInvalid);

    const top = await call(t.app, api.bulletinTop, {}, { headers: { lang: 'de-DE' } });
    expect(top.result?.bulletin).toMatchObject({
      id: live.result?.id,
      title: 'Wartung',
      link: 'https://example.com/de',
    });

    await advance(3601_000);
    const listed = await consoleCall(
      t.app,
      consoleApi.consoleContentBulletinsList,
      { page: 1, size: 50 },
      editor,
    );
    const status = new Map(listed.result?.list.map((b) => [b.id, b.status]));
    expect(status.get(live.result.id)).toBe('ended');
    expect(status.get(later.result.id)).toBe('scheduled');
    // The ended one is gone for players; the older demo bulletin is live again.
    const after = await call(t.app, api.bulletinTop, {}, { headers: { lang: 'de-DE' } });
    expect(after.result?.bulletin?.id).not.toBe(live.result?.id);

    const upd = await consoleCall(
      t.app,
      consoleApi.consoleContentBulletinsUpdate,
      { ...body({ endsAt: null }), id: live.result.id },
      editor,
    );
    expect(upd.result?.status).toBe('live');
    expect((await audits(`bulletin:${live.result.id}`))[0]).toMatchObject({
      action: 'bulletin.update',
      after: { endsAt: null },
    });
    expect(
      (
        await consoleCall(
          t.app,
          consoleApi.consoleContentBulletinsDelete,
          { id: later.result.id },
          editor,
        )
      ).code,
    ).toBe(0);
  });

  it('edits the home configuration and its blocks, with a preview in the player shape', async () => {
    const home = await consoleCall(t.app, consoleApi.consoleContentHomeGet, {}, editor);
    expect(home.code).toBe(0);
    const gameId = home.result.gameId;
    expect(home.result.blocks.length).toBeGreaterThan(0);
    const settings = {
      banner: '/content/banner.svg',
      downloads: { android: 'https://play.example.com/new', pc: null, ios: null },
    };
    const updated = await consoleCall(
      t.app,
      consoleApi.consoleContentHomeUpdate,
      { gameId, ...settings },
      editor,
    );
    expect(updated.result?.settings).toEqual(settings);
    const player = await call(
      t.app,
      api.settingWebHomeConfJodo,
      {},
      { headers: { gameid: String(gameId) } },
    );
    expect(player.result?.gameInfo.downloads.android).toBe('https://play.example.com/new');
    // The footer paths are kept.
    expect(player.result?.footer.about).toBe('/main/page/about');
    expect((await audits(`game:${gameId}`))[0]).toMatchObject({ action: 'home.update' });

    const block = await consoleCall(
      t.app,
      consoleApi.consoleContentBlocksCreate,
      {
        gameId,
        kind: 'feature',
        img: null,
        sort: 99,
        texts: { 'en-US': { title: 'Raids', content: '<p>Every week</p><script>x()</script>' } },
      },
      editor,
    );
    expect(block.result?.texts['en-US']?.content).toBe('<p>Every week</p>');
    const preview = await consoleCall(
      t.app,
      consoleApi.consoleContentHomePreview,
      { gameId, language: 'ko-KR' },
      editor,
    );
    expect(preview.result?.home.gameContent.features.map((f) => f.title)).toContain('Raids');
    expect(preview.result?.blocks.find((b) => b.id === block.result?.id)?.content).toBe(
      '<p>Every week</p>',
    );
    const blockPreview = await consoleCall(
      t.app,
      consoleApi.consoleContentBlocksPreview,
      {
        gameId,
        language: 'en-US',
        draft: {
          kind: 'info',
          img: null,
          sort: 0,
          texts: { 'en-US': { title: 'T', content: EVIL } },
        },
      },
      editor,
    );
    expect(blockPreview.result?.content).not.toMatch(/script|onerror|javascript:/i);
    const upd = await consoleCall(
      t.app,
      consoleApi.consoleContentBlocksUpdate,
      {
        id: block.result.id,
        kind: 'feature',
        img: null,
        sort: 99,
        texts: { 'en-US': { title: 'Raids!', content: '<p>Every week</p>' } },
      },
      editor,
    );
    expect(upd.result?.texts['en-US']?.title).toBe('Raids!');
    expect(
      (
        await consoleCall(
          t.app,
          consoleApi.consoleContentBlocksDelete,
          { id: block.result.id },
          editor,
        )
      ).code,
    ).toBe(0);
    const trail = (await audits(`home_block:${block.result.id}`)).map((r) => r.action);
    expect(trail).toEqual(['home_block.delete', 'home_block.update', 'home_block.create']);
    expect(
      (await consoleCall(t.app, consoleApi.consoleContentHomeGet, { gameId: 99_999 }, editor)).code,
    ).toBe(ErrorCode.ContentGameNotFound);
  });

  it('edits the footer pages and previews unsaved texts', async () => {
    const list = await consoleCall(t.app, consoleApi.consoleContentPagesList, {}, editor);
    expect(list.result?.list.map((p) => p.slug)).toEqual([
      'about',
      'contact',
      'privacy',
      'agreement',
    ]);
    const texts = {
      'en-US': { title: 'Privacy Policy', content: '<h2>Data</h2><p>We keep little.</p>' },
      'zh-CN': { title: '隐私政策', content: '<h2>数据</h2><p>我们只保存很少的数据。</p>' },
    };
    const saved = await consoleCall(
      t.app,
      consoleApi.consoleContentPagesUpdate,
      { slug: 'privacy', texts },
      editor,
    );
    expect(saved.result?.texts).toEqual(texts);
    const player = await call(
      t.app,
      api.settingPage,
      { slug: 'privacy' },
      { headers: { lang: 'zh-CN' } },
    );
    expect(player.result?.title).toBe('隐私政策');
    const preview = await consoleCall(
      t.app,
      consoleApi.consoleContentPagesPreview,
      { slug: 'privacy', language: 'th-TH', texts: { 'en-US': { title: 'P', content: EVIL } } },
      editor,
    );
    expect(preview.result?.title).toBe('P');
    expect(preview.result?.content).not.toMatch(/script|onerror|javascript:/i);
    expect((await audits('page:privacy'))[0]).toMatchObject({ action: 'page.update' });
  });

  it('accepts a body beyond the general body limit for texts in nine languages', async () => {
    const long = `<p>${'x'.repeat(9000)}</p>`;
    const texts = Object.fromEntries(LANGUAGES.map((l) => [l, { title: l, content: long }]));
    const r = await consoleCall(
      t.app,
      consoleApi.consoleContentArticlesCreate,
      article({ texts }),
      editor,
    );
    expect(r.code).toBe(0);
    expect(r.result?.missingLanguages).toEqual([]);
  });
});
