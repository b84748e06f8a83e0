// Catalog editing in the console (docs/console.md#catalog, ADR 0047) over the real app: packs and
// rebate campaigns created and changed with audit rows (before/after) in their transaction, seen
// by the player calls at once (caches invalidated), refusals that change nothing, the sale
// window, and the preview answering the player calls' own shape.
import {
  api,
  consoleApi,
  CONSOLE_COOKIE,
  CONSOLE_CSRF_HEADER,
  ErrorCode,
  type CallBody,
} from '@hc/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_GAME_ID } from '../src/db/seeds/demo';
import { createAuditRepository } from '../src/modules/audit/audit.repository';
import { call, invalidBody } from './support/call';
import { consoleCall, signInOperator, type ConsoleClient } from './support/console';
import { testDatabases } from './support/databases';
import { createTestApp, type TestApp } from './support/helper';

type CreateBody = CallBody<typeof consoleApi.consoleCatalogPackCreate>;

describe.each(testDatabases())('console catalog on %s', (kind) => {
  let t: TestApp;
  let ops: ConsoleClient;
  let imageUrl: string;
  const now = () => Math.floor(t.clock.now().getTime() / 1000);

  beforeAll(async () => {
    t = await createTestApp(kind);
    ops = await signInOperator(t, ['operations']);
    const png = await sharp({
      create: { width: 64, height: 64, channels: 4, background: '#d4a017' },
    })
      .png()
      .toBuffer();
    const res = await t.app.inject({
      method: 'POST',
      url: consoleApi.consoleImagesUpload.path,
      headers: {
        'content-type': 'image/png',
        cookie: `${CONSOLE_COOKIE}=${ops.token}`,
        [CONSOLE_CSRF_HEADER]: ops.csrfToken,
      },
      payload: png,
    });
    imageUrl = res.json<{ result: { url: string } }>().result.url;
  });
  afterAll(async () => {
    await t.app.close();
  });

  const coinPack = (over: Partial<CreateBody> = {}): CreateBody => ({
    gameId: DEMO_GAME_ID,
    kind: 'coin',
    cpGoodsId: 'console_hc_777',
    names: { 'en-US': '777 HC Point', 'zh-CN': '777 HC 点' },
    images: { 'en-US': imageUrl },
    price: 777,
    currency: 'USD',
    bonus: 7,
    gift: 70,
    amount: 777,
    items: [],
    serverIds: null,
    sort: 0,
    enabled: true,
    saleBegin: null,
    saleEnd: null,
    ...over,
  });

  const playerCoinPacks = async (lang = 'en-US') =>
    (await call(t.app, api.orderWebCoinProduct, {}, { gameId: DEMO_GAME_ID, headers: { lang } }))
      .result?.list ?? [];

  it('creates an HC Point pack, audited, and players see it at once; an update too', async () => {
    await playerCoinPacks(); // fills the players' cache first
    const created = await consoleCall(t.app, consoleApi.consoleCatalogPackCreate, coinPack(), ops);
    expect(created.code).toBe(0);
    const pack = created.result;
    expect(pack).toMatchObject({ status: 'on_sale', kind: 'coin', price: 777 });
    expect(pack.missingNames).toEqual([
      'zh-HK',
      'zh-TW',
      'th-TH',
      'ko-KR',
      'ja-JP',
      'vi-VN',
      'de-DE',
    ]);
    const seen = (await playerCoinPacks('zh-CN')).find((p) => p.cp_goods_id === 'console_hc_777');
    expect(seen).toEqual({
      name: '777 HC 点',
      price: 777,
      currency: 'USD',
      cp_goods_id: 'console_hc_777',
      icon: imageUrl,
      bonus: 7,
      gift: 70,
      is_epoint: true,
      amount: 777,
    });
    const audit = createAuditRepository(t.database.db);
    const [createRow] = await audit.list({ target: `product:${pack.id}` });
    expect(createRow).toMatchObject({
      action: 'catalog.pack.create',
      actor: ops.name,
      before: null,
    });
    expect(createRow?.after).toMatchObject({ price: 777, currency: 'USD', enabled: true });

    const {
      id,
      gameId: _g,
      kind: _k,
      status: _s,
      missingNames: _m,
      updatedAt: _u,
      ...fields
    } = pack;
    const updated = await consoleCall(
      t.app,
      consoleApi.consoleCatalogPackUpdate,
      { ...fields, id, price: 999, names: { ...fields.names, 'de-DE': '777 HC-Punkte' } },
      ops,
    );
    expect(updated.result).toMatchObject({ price: 999 });
    expect((await playerCoinPacks()).find((p) => p.cp_goods_id === 'console_hc_777')?.price).toBe(
      999,
    );
    const [updateRow] = await audit.list({ target: `product:${id}` });
    expect(updateRow).toMatchObject({
      action: 'catalog.pack.update',
      before: { price: 777, names: { 'en-US': '777 HC Point', 'zh-CN': '777 HC 点' } },
      after: {
        price: 999,
        names: { 'en-US': '777 HC Point', 'zh-CN': '777 HC 点', 'de-DE': '777 HC-Punkte' },
      },
    });

    // Disabled: gone for players (and for order creation), listed for the console.
    await consoleCall(
      t.app,
      consoleApi.consoleCatalogPackUpdate,
      { ...fields, id, enabled: false },
      ops,
    );
    expect((await playerCoinPacks()).some((p) => p.cp_goods_id === 'console_hc_777')).toBe(false);
    const listed = await consoleCall(
      t.app,
      consoleApi.consoleCatalogPacksList,
      { gameId: DEMO_GAME_ID, kind: 'coin' },
      ops,
    );
    expect(listed.result?.list.find((p) => p.id === id)?.status).toBe('disabled');
  });

  it('refuses what players could not see or buy, and changes nothing', async () => {
    const audit = createAuditRepository(t.database.db);
    const before = await consoleCall(
      t.app,
      consoleApi.consoleCatalogPacksList,
      { gameId: DEMO_GAME_ID, kind: 'coin' },
      ops,
    );
    const auditBefore = (await audit.list({ limit: 1000 })).length;
    const cases: Array<[CreateBody, number, string?]> = [
      [coinPack({ cpGoodsId: 'x1', price: 0 }), ErrorCode.InvalidParams, 'price'],
      [
        coinPack({ cpGoodsId: 'x2', currency: invalidBody('XXX') }),
        ErrorCode.InvalidParams,
        'currency',
      ],
      [
        coinPack({ cpGoodsId: 'x3', names: { 'zh-CN': '只有中文' } }),
        ErrorCode.CatalogPackInvalid,
        'names.en-US',
      ],
      [
        coinPack({ cpGoodsId: 'x4', saleBegin: now() + 100, saleEnd: now() + 50 }),
        ErrorCode.CatalogPackInvalid,
        'saleEnd',
      ],
      [coinPack({ cpGoodsId: 'x5', amount: null }), ErrorCode.CatalogPackInvalid, 'amount'],
      [
        coinPack({ cpGoodsId: 'x6', images: { 'en-US': `/media/${'a'.repeat(64)}.png` } }),
        ErrorCode.CatalogPackInvalid,
        'images.en-US',
      ],
      [
        coinPack({ cpGoodsId: 'x7', images: { 'en-US': 'https://evil.example/x.png' } }),
        ErrorCode.InvalidParams,
      ],
      [coinPack({ cpGoodsId: 'hc_100' }), ErrorCode.CatalogGoodsIdTaken],
    ];
    for (const [body, code, path] of cases) {
      const r = await consoleCall(t.app, consoleApi.consoleCatalogPackCreate, body, ops);
      expect([body.cpGoodsId, r.code]).toEqual([body.cpGoodsId, code]);
      if (path !== undefined) {
        const issues = (r.data as { issues: Array<{ path: string }> }).issues;
        expect(issues.map((i) => i.path)).toContain(path);
      }
    }
    // Without the CSRF token: refused, nothing written.
    const noCsrf = await consoleCall(
      t.app,
      consoleApi.consoleCatalogPackCreate,
      coinPack({ cpGoodsId: 'x8' }),
      ops,
      { csrf: null },
    );
    expect([noCsrf.status, noCsrf.code]).toEqual([403, ErrorCode.ConsoleCsrfFailed]);
    const after = await consoleCall(
      t.app,
      consoleApi.consoleCatalogPacksList,
      { gameId: DEMO_GAME_ID, kind: 'coin' },
      ops,
    );
    expect(after.result?.list).toEqual(before.result?.list);
    expect((await audit.list({ limit: 1000 })).length).toBe(auditBefore);
  });

  it('keeps a scheduled pack from players and the preview flags it; preview = player list', async () => {
    const created = await consoleCall(
      t.app,
      consoleApi.consoleCatalogPackCreate,
      coinPack({ cpGoodsId: 'console_hc_later', saleBegin: now() + 3600, saleEnd: now() + 7200 }),
      ops,
    );
    expect(created.result?.status).toBe('scheduled');
    expect((await playerCoinPacks()).some((p) => p.cp_goods_id === 'console_hc_later')).toBe(false);
    const preview = await consoleCall(
      t.app,
      consoleApi.consoleCatalogPreview,
      { gameId: DEMO_GAME_ID, kind: 'coin', language: 'zh-CN' },
      ops,
    );
    expect(preview.result?.list).toEqual(await playerCoinPacks('zh-CN'));
    expect(preview.result?.all.find((p) => p.cp_goods_id === 'console_hc_later')?.hidden).toBe(
      'scheduled',
    );
    // Its sale begins: players see it (the cache answers by the clock, not by its fill time).
    t.clock.advance(3601 * 1000);
    expect((await playerCoinPacks()).some((p) => p.cp_goods_id === 'console_hc_later')).toBe(true);
    t.clock.advance(3600 * 1000);
    expect((await playerCoinPacks()).some((p) => p.cp_goods_id === 'console_hc_later')).toBe(false);
  });

  it('creates and changes rebate campaigns; overlapping enabled ones are refused', async () => {
    ops = await signInOperator(t, ['operations']); // the clock moved past the idle timeout
    const listed = await consoleCall(
      t.app,
      consoleApi.consoleCatalogRebatesList,
      { gameId: DEMO_GAME_ID },
      ops,
    );
    // The demo campaign may run open-ended: disable every enabled one first.
    expect(listed.code).toBe(0);
    for (const c of listed.result?.list ?? []) {
      if (!c.enabled) continue;
      const { id, gameId: _g, status: _s, missingTexts: _m, updatedAt: _u, ...f } = c;
      const r = await consoleCall(
        t.app,
        consoleApi.consoleCatalogRebateUpdate,
        { ...f, id, enabled: false },
        ops,
      );
      expect(r.code).toBe(0);
    }
    const body = {
      gameId: DEMO_GAME_ID,
      begin: now() - 60,
      end: now() + 86_400,
      tiers: [
        { threshold: 5000, currency: 'USD' as const, percent: 10 },
        { threshold: 1000, currency: 'USD' as const, percent: 5 },
      ],
      texts: { 'en-US': 'Console campaign', 'zh-CN': '控制台活动' },
      enabled: true,
    };
    const created = await consoleCall(t.app, consoleApi.consoleCatalogRebateCreate, body, ops);
    expect(created.result).toMatchObject({ status: 'running' });
    const info = await call(
      t.app,
      api.rechargeRebateInfo,
      {},
      { gameId: DEMO_GAME_ID, headers: { lang: 'zh-CN' } },
    );
    expect(info.result).toEqual({
      active: true,
      begin_ts: body.begin,
      end_ts: body.end,
      tiers: [
        { threshold: 1000, currency: 'USD', percent: 5 },
        { threshold: 5000, currency: 'USD', percent: 10 },
      ],
      desc: '控制台活动',
    });
    const overlap = await consoleCall(
      t.app,
      consoleApi.consoleCatalogRebateCreate,
      { ...body, begin: now() + 3600, end: null },
      ops,
    );
    expect(overlap).toMatchObject({
      code: ErrorCode.RebateCampaignOverlap,
      data: { campaignId: created.result?.id },
    });
    const backwards = await consoleCall(
      t.app,
      consoleApi.consoleCatalogRebateCreate,
      { ...body, begin: now() + 10, end: now() },
      ops,
    );
    expect(backwards.code).toBe(ErrorCode.RebateCampaignInvalid);
    // After it, no overlap.
    const next = await consoleCall(
      t.app,
      consoleApi.consoleCatalogRebateCreate,
      { ...body, begin: body.end, end: body.end + 3600 },
      ops,
    );
    expect(next.result?.status).toBe('scheduled');
    const id = created.result.id;
    const off = await consoleCall(
      t.app,
      consoleApi.consoleCatalogRebateUpdate,
      { ...body, gameId: undefined, id, enabled: false } as never,
      ops,
    );
    expect(off.result?.status).toBe('disabled');
    const [row] = await createAuditRepository(t.database.db).list({
      target: `rebate_campaign:${id}`,
    });
    expect(row).toMatchObject({
      action: 'catalog.rebate.update',
      before: { enabled: true },
      after: { enabled: false },
    });
    expect(
      (await call(t.app, api.rechargeRebateInfo, {}, { gameId: DEMO_GAME_ID })).result?.active,
    ).toBe(false);
  });
});
