// Deleting console images (docs/console.md#images, ADR 0051) over the real app: refused with
// ImageInUse (and where) while an article, a home block, a home banner, a pack, a game or a page
// names the image (by URL or inside an HTML body); deleted with its audit row once nothing does;
// unknown ids and roles without images refused, nothing changed.
import { consoleApi, ErrorCode, type ImageInUseData } from '@hc/contract';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuditRepository } from '../src/modules/audit/audit.repository';
import { consoleCall, signInOperator, type ConsoleClient } from './support/console';
import { testDatabases } from './support/databases';
import { createTestApp, type TestApp } from './support/helper';

const png = (color: string) =>
  sharp({ create: { width: 12, height: 12, channels: 4, background: color } })
    .png()
    .toBuffer();

describe.each(testDatabases())('image delete on %s', (kind) => {
  let t: TestApp;
  let ops: ConsoleClient;
  let content: ConsoleClient;
  let support: ConsoleClient;

  beforeAll(async () => {
    t = await createTestApp(kind);
    ops = await signInOperator(t, ['operations']);
    content = await signInOperator(t, ['content']);
    support = await signInOperator(t, ['support']);
  });
  afterAll(async () => {
    await t.app.close();
  });

  async function upload(color: string, client = ops) {
    const reply = await t.app.inject({
      method: 'POST',
      url: consoleApi.consoleImagesUpload.path,
      headers: {
        'content-type': 'image/png',
        cookie: `hc_console=${client.token}`,
        'x-csrf-token': client.csrfToken,
      },
      payload: await png(color),
    });
    const body = reply.json<{ code: number; result: { id: number; url: string } }>();
    expect(body.code).toBe(0);
    return body.result;
  }

  const listed = async () =>
    (await consoleCall(t.app, consoleApi.consoleImagesList, { page: 1, size: 100 }, ops)).result
      ?.list ?? [];

  it('refuses while anything shows the image, listing where; deletes it once nothing does', async () => {
    const image = await upload('#a01010');
    const sha = image.url.slice('/media/'.length, '/media/'.length + 64);
    const texts = { 'en-US': { title: 'Spring sale', content: '<p>Soon.</p>' } };
    const article = await consoleCall(
      t.app,
      consoleApi.consoleContentArticlesCreate,
      {
        type: 2,
        gameId: null,
        img: image.url,
        pinned: false,
        active: false,
        publishedAt: 1_767_225_600,
        texts,
      },
      content,
    );
    expect(article.code).toBe(0);
    const block = await consoleCall(
      t.app,
      consoleApi.consoleContentBlocksCreate,
      { gameId: 1, kind: 'info', img: image.url, sort: 9, texts },
      content,
    );
    expect(block.code).toBe(0);
    const home = await consoleCall(t.app, consoleApi.consoleContentHomeGet, { gameId: 1 }, content);
    const settings = home.result.settings;
    const setBanner = (banner: string | null) =>
      consoleCall(
        t.app,
        consoleApi.consoleContentHomeUpdate,
        { gameId: 1, ...settings, banner },
        content,
      );
    expect((await setBanner(image.url)).code).toBe(0);
    const db = t.database.db;
    const pack = await sql<{ id: number }>`update products
      set icons = icons || jsonb_build_object('ko-KR', ${image.url}::text)
      where id = (select min(id) from products) returning id`.execute(db);
    const packId = pack.rows[0]!.id;
    await sql`update games set icons = icons || jsonb_build_object('ja-JP', ${image.url}::text)
      where id = 1`.execute(db);

    const auditBefore = await createAuditRepository(db).list({ target: `image:${image.id}` });
    const refused = await consoleCall(t.app, consoleApi.consoleImagesDelete, { id: image.id }, ops);
    expect(refused.code).toBe(ErrorCode.ImageInUse);
    const usedBy = (refused.data as ImageInUseData).usedBy;
    expect(usedBy).toEqual(
      expect.arrayContaining([
        { kind: 'article', id: String(article.result.id), label: 'Spring sale' },
        { kind: 'block', id: String(block.result.id), label: 'Spring sale' },
        expect.objectContaining({ kind: 'home', id: '1' }),
        expect.objectContaining({ kind: 'pack', id: String(packId) }),
        expect.objectContaining({ kind: 'game', id: '1' }),
      ]),
    );
    expect(usedBy).toHaveLength(5);
    // Nothing changed: still listed, still served, no audit row.
    expect((await listed()).some((i) => i.id === image.id)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: image.url })).statusCode).toBe(200);
    expect(await createAuditRepository(db).list({ target: `image:${image.id}` })).toHaveLength(
      auditBefore.length,
    );

    // Take every reference away; an absolute URL in a page's HTML still counts.
    await consoleCall(
      t.app,
      consoleApi.consoleContentArticlesDelete,
      { id: article.result.id },
      content,
    );
    await consoleCall(
      t.app,
      consoleApi.consoleContentBlocksDelete,
      { id: block.result.id },
      content,
    );
    expect((await setBanner(null)).code).toBe(0);
    await sql`update products set icons = icons - 'ko-KR' where id = ${packId}`.execute(db);
    await sql`update games set icons = icons - 'ja-JP' where id = 1`.execute(db);
    const html = `<p><img src="https://portal.example.com/media/${sha}.png"></p>`;
    await sql`insert into site_pages (slug, texts) values ('image-test',
      jsonb_build_object('en-US', jsonb_build_object('title', 'Test page', 'content', ${html}::text)))`.execute(
      db,
    );
    const inPage = await consoleCall(t.app, consoleApi.consoleImagesDelete, { id: image.id }, ops);
    expect(inPage.data).toEqual({
      usedBy: [{ kind: 'page', id: 'image-test', label: 'Test page' }],
    });
    await sql`delete from site_pages where slug = 'image-test'`.execute(db);

    const deleted = await consoleCall(
      t.app,
      consoleApi.consoleImagesDelete,
      { id: image.id },
      content,
    );
    expect(deleted).toMatchObject({ code: 0, result: { success: true } });
    expect((await listed()).some((i) => i.id === image.id)).toBe(false);
    const gone = await t.app.inject({ method: 'GET', url: image.url });
    expect(gone.statusCode).toBe(404);
    const audit = await createAuditRepository(db).list({ target: `image:${image.id}` });
    expect(audit[0]).toMatchObject({ action: 'image.delete', actor: content.name, after: null });
    expect(audit[0]?.before).toMatchObject({ sha256: sha, type: 'image/png', storage: 'database' });
    // The same bytes again: a new image, served again.
    const again = await upload('#a01010');
    expect(again.url).toBe(image.url);
    expect(again.id).not.toBe(image.id);
    expect((await t.app.inject({ method: 'GET', url: image.url })).statusCode).toBe(200);
  });

  it('refuses unknown ids, bad input and roles without images, deleting nothing', async () => {
    const image = await upload('#10a010');
    const unknown = await consoleCall(t.app, consoleApi.consoleImagesDelete, { id: 999_999 }, ops);
    expect(unknown.code).toBe(ErrorCode.ImageNotFound);
    const bad = await consoleCall(
      t.app,
      consoleApi.consoleImagesDelete,
      { id: 'x' } as unknown as { id: number },
      ops,
    );
    expect(bad.code).toBe(ErrorCode.InvalidParams);
    const forbidden = await consoleCall(
      t.app,
      consoleApi.consoleImagesDelete,
      { id: image.id },
      support,
    );
    expect([forbidden.status, forbidden.code]).toEqual([403, ErrorCode.ConsoleForbidden]);
    const noSession = await consoleCall(t.app, consoleApi.consoleImagesDelete, { id: image.id });
    expect(noSession.code).toBe(ErrorCode.ConsoleSessionExpired);
    const noCsrf = await consoleCall(t.app, consoleApi.consoleImagesDelete, { id: image.id }, ops, {
      csrf: null,
    });
    expect(noCsrf.code).toBe(ErrorCode.ConsoleCsrfFailed);
    expect((await listed()).some((i) => i.id === image.id)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: image.url })).statusCode).toBe(200);
  });
});
