// Catalog calls (docs/product/top-up.md#items, docs/product/api.md#top-up-calls, docs/product/constants.md#rules price×1000 ordering, en-US fallback): game packs,
// HC Point packs, payment channels, v2 items and the rebate campaign, over the real server on
// both databases; plus the demo catalog seed (6 game packs, 6 HC Point packs, icons).
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { api, ErrorCode, LANGUAGES, type Product } from '@hc/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PaymentsConfig } from '../src/config';
import { demoProducts, demoRebateTexts } from '../src/db/seeds/demo-catalog';
import { createAccountsRepository } from '../src/modules/auth/accounts.repository';
import {
  createCatalogRepository,
  type NewProduct,
} from '../src/modules/catalog/catalog.repository';
import {
  createCatalogService,
  findProduct,
  isSoldOn,
  resolveChannel,
} from '../src/modules/catalog/catalog.service';
import { createGamesRepository } from '../src/modules/games/games.repository';
import { call } from './support/call';
import { login, makeAccount } from './support/auth-fixtures';
import { testDatabases } from './support/databases';
import { useTestApp } from './support/helper';

const TEST_GAME = 77; // sorting, language and server tests
const CACHE_GAME = 78; // cache TTL test (its list changes during the test)
const webPublic = fileURLToPath(new URL('../../web/public', import.meta.url));

function product(gameId: number, cpGoodsId: string, over: Partial<NewProduct> = {}): NewProduct {
  return {
    gameId,
    cpGoodsId,
    kind: 'game',
    names: { 'en-US': `EN ${cpGoodsId}` },
    price: 100,
    currency: 'USD',
    icon: `/catalog/${cpGoodsId}.svg`,
    bonus: 0,
    gift: 0,
    amount: null,
    items: [{ item_id: 'gem', name: 'Gems', count: 1 }],
    serverIds: null,
    ...over,
  };
}

interface Headers {
  token?: string;
  gameid?: number;
  lang?: string;
  'accept-language'?: string;
}

/** The call options for these request headers. */
function options({ token, gameid, ...headers }: Headers) {
  return { token, gameId: gameid, headers };
}
const ids = (list: Product[]) => list.map((p) => p.cp_goods_id);

describe.each(testDatabases())('catalog on %s', (kind) => {
  const t = useTestApp(kind);
  let token = '';

  beforeAll(async () => {
    const { db } = t.current.database;
    const games = createGamesRepository(db);
    for (const id of [TEST_GAME, CACHE_GAME])
      await games.insert({ id, name: `Game ${id}`, icon: '', platforms: ['pc'], sort: id });
    const repo = createCatalogRepository(db);
    await repo.insertProducts([
      product(TEST_GAME, 'p999', { price: 999, names: { 'en-US': 'Big', 'de-DE': 'Groß' } }),
      product(TEST_GAME, 'p499_sort5', { price: 499, sort: 5 }),
      product(TEST_GAME, 'p499_sort1', { price: 499, sort: 1 }),
      product(TEST_GAME, 'p199_first', { price: 199, sort: 2 }),
      product(TEST_GAME, 'p199_second', { price: 199, sort: 2 }),
      product(TEST_GAME, 'p99_server2', { price: 99, serverIds: [2, 5] }),
      product(TEST_GAME, 'p299_nowhere', { price: 299, serverIds: [] }),
      product(TEST_GAME, 'p10_retired', { price: 10, active: false }),
      product(TEST_GAME, 'p150_expired_rebate', {
        price: 150,
        rebate: { percent: 5, amount: 7, end_ts: Date.parse('2026-01-01T00:00:00Z') / 1000 },
      }),
      product(TEST_GAME, 'c50', {
        kind: 'coin',
        price: 49,
        amount: 50,
        gift: 5,
        bonus: 10,
        items: [],
        names: { 'en-US': '50 HC Point', 'ja-JP': '50 HCポイント' },
      }),
    ]);
    // Ended before the test clock (2026-01-15): never shown.
    await repo.insertCampaign({
      gameId: TEST_GAME,
      beginAt: new Date('2025-12-01T00:00:00Z'),
      endAt: new Date('2026-01-01T00:00:00Z'),
      tiers: [{ threshold: 100, currency: 'USD', percent: 50 }],
      texts: { 'en-US': 'Old campaign' },
    });
    const a = await makeAccount(db);
    await createAccountsRepository(db).bindGameAccount(a.id, 1);
    const { app, config } = t.current;
    token = (await login(app, config.payloadKey, 'account', a.account, a.password)).result.token;
  });

  const gamePacks = async (serverId: number, headers: Headers = {}) => {
    const res = await call(
      t.current.app,
      api.orderWebProduct,
      { role_id: 'r1', server_id: serverId },
      options({ token, ...headers }),
    );
    expect(res.code).toBe(0);
    return res.result.list;
  };
  const coinPacks = async (headers: Headers = {}) => {
    const res = await call(t.current.app, api.orderWebCoinProduct, {}, options(headers));
    expect(res.code).toBe(0);
    return res.result.list;
  };
  const payChannels = (cpGoodsId: string, headers: Headers = {}, serverId = 1) =>
    call(
      t.current.app,
      api.orderWebPayChannel,
      { role_id: 'r1', server_id: serverId, cp_goods_id: cpGoodsId },
      options({ token, ...headers }),
    );

  describe('demo catalog seed', () => {
    it('has at least 6 game packs and 6 HC Point packs, named in all nine languages', async () => {
      const game = demoProducts.filter((p) => p.kind === 'game');
      const coin = demoProducts.filter((p) => p.kind === 'coin');
      expect(game.length).toBeGreaterThanOrEqual(6);
      expect(coin.length).toBeGreaterThanOrEqual(6);
      for (const p of demoProducts) {
        expect(Object.keys(p.names).sort()).toEqual([...LANGUAGES].sort());
        for (const name of Object.values(p.names)) expect(name?.trim()).not.toBe('');
      }
      expect(Object.keys(demoRebateTexts).sort()).toEqual([...LANGUAGES].sort());
      // Each text writes its thresholds as the pack list prints prices in that language
      // (Intl's currency format: "US$19.99" in Korean, "19,99 $" in German).
      for (const language of LANGUAGES) {
        const price = new Intl.NumberFormat(language, { style: 'currency', currency: 'USD' })
          .format(19.99)
          .replace(/\u00a0/g, ' ');
        expect(demoRebateTexts[language]).toContain(price);
      }
      expect(new Set(demoProducts.map((p) => p.icon)).size).toBe(demoProducts.length);
      expect(await createCatalogRepository(t.current.database.db).countByKind(1)).toEqual({
        game: game.length,
        coin: coin.length,
      });
    });

    it('serves the demo game packs sorted by price, with small titled SVG icons', async () => {
      const list = await gamePacks(1); // no gameid header: the player's first bound game (1)
      expect(list.length).toBeGreaterThanOrEqual(6);
      expect(ids(list).slice(0, 6)).toEqual([
        'pack_starter',
        'pack_adventurer',
        'pack_monthly',
        'pack_hero',
        'pack_dragon',
        'pack_legend',
      ]);
      expect(list.map((p) => p.price).slice(0, 6)).toEqual([99, 499, 999, 1999, 4999, 9999]);
      expect(list[0]).toMatchObject({ name: 'Starter Pack', currency: 'USD', is_epoint: false });
      expect(list.some((p) => (p.bonus ?? 0) > 0)).toBe(true);
      expect(list.find((p) => p.cp_goods_id === 'pack_legend')?.rebate).toEqual({
        percent: 15,
        amount: 1499,
        end_ts: null,
      });
      for (const p of [...list, ...(await coinPacks({ gameid: 1 }))]) {
        expect(p.icon).toMatch(/^\/catalog\/[a-z0-9-]+\.svg$/);
        const file = `${webPublic}${p.icon}`;
        expect(existsSync(file), file).toBe(true);
        const svg = readFileSync(file, 'utf8');
        expect(svg.length).toBeLessThan(2048);
        expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
        expect(svg).toMatch(/<title>[^<]+<\/title>/);
      }
    });

    it('serves the demo HC Point packs with amounts, gifts and bonus percent', async () => {
      const list = await coinPacks({ gameid: 1, lang: 'de-DE' });
      expect(list.map((p) => [p.cp_goods_id, p.price, p.amount, p.gift ?? 0, p.bonus])).toEqual([
        ['hc_100', 99, 100, 0, 0],
        ['hc_500', 499, 500, 25, 5],
        ['hc_1000', 999, 1000, 100, 10],
        ['hc_2000', 1999, 2000, 300, 15],
        ['hc_5000', 4999, 5000, 1000, 20],
        ['hc_10000', 9999, 10000, 2500, 25],
      ]);
      expect(list.every((p) => p.is_epoint)).toBe(true);
      expect(list[2]?.name).toBe('1.000 HC Point');
    });
  });

  it('orders by price×1000, then catalogue sort, then id; hides retired items', async () => {
    expect(ids(await gamePacks(1, { gameid: TEST_GAME }))).toEqual([
      'p150_expired_rebate',
      'p199_first',
      'p199_second',
      'p499_sort1',
      'p499_sort5',
      'p999',
    ]);
  });

  it('sells an item with server_ids only on those servers', async () => {
    const onTwo = ids(await gamePacks(2, { gameid: TEST_GAME }));
    expect(onTwo[0]).toBe('p99_server2');
    expect(ids(await gamePacks(1, { gameid: TEST_GAME }))).not.toContain('p99_server2');
    expect(ids(await gamePacks(5, { gameid: TEST_GAME }))).toContain('p99_server2');
  });

  it('names items in the request language, falling back to en-US', async () => {
    const name = async (headers: Headers) =>
      (await gamePacks(1, { gameid: TEST_GAME, ...headers })).find((p) => p.cp_goods_id === 'p999')
        ?.name;
    expect(await name({ lang: 'de-DE' })).toBe('Groß');
    expect(await name({ 'accept-language': 'de-AT,de;q=0.9' })).toBe('Groß');
    expect(await name({ lang: 'th-TH' })).toBe('Big');
    expect(await name({})).toBe('Big');
    const demo = await gamePacks(1, { gameid: 1, lang: 'ja-JP' });
    expect(demo[0]?.name).toBe('スターターパック');
  });

  it('flags HC Point packs as e-point items with amount and gift; game packs carry neither', async () => {
    const coins = await coinPacks({ gameid: TEST_GAME, lang: 'ja-JP' });
    expect(coins).toEqual([
      {
        name: '50 HCポイント',
        price: 49,
        currency: 'USD',
        cp_goods_id: 'c50',
        icon: '/catalog/c50.svg',
        bonus: 10,
        gift: 5,
        is_epoint: true,
        amount: 50,
      },
    ]);
    const packs = await gamePacks(1, { gameid: TEST_GAME });
    for (const p of packs) {
      expect(p.is_epoint).toBe(false);
      expect(p.amount).toBeNull();
      expect(p).not.toHaveProperty('gift');
    }
    // A rebate that ended before now is not shown.
    expect(packs.find((p) => p.cp_goods_id === 'p150_expired_rebate')).not.toHaveProperty('rebate');
  });

  it('requires a session for game packs (tokenFail, HTTP 203); coin packs are public', async () => {
    const res = await call(t.current.app, api.orderWebProduct, { role_id: 'r1', server_id: 1 });
    expect(res.status).toBe(203);
    expect(res.code).toBe(ErrorCode.tokenFail);
    // Anonymous, no gameid: the first game (the demo game).
    expect(ids(await coinPacks())).toContain('hc_500');
  });

  it('offers card, PayPal and HC Point for a game pack; no HC Point for an HC Point pack', async () => {
    const game = await payChannels('pack_hero', { lang: 'ko-KR' });
    expect(game.code).toBe(0);
    expect(game.result.list).toEqual([
      { channel_code: 'card', channel_name: 'Visa / Mastercard', kind: 'card', icon: null },
      { channel_code: 'paypal', channel_name: 'PayPal', kind: 'paypal', icon: null },
      { channel_code: 'epoint', channel_name: 'HC 포인트', kind: 'epoint', icon: null },
    ]);
    const coin = await payChannels('hc_1000');
    expect(coin.result.list.map((c) => c.channel_code)).toEqual(['card', 'paypal']);
  });

  it('answers ProductNotFound for an unknown, foreign, retired or off-server item', async () => {
    for (const [cpGoodsId, headers, serverId] of [
      ['no_such_pack', {}, 1],
      ['pack_hero', { gameid: TEST_GAME }, 1], // the demo game's pack asked for game 77
      ['p10_retired', { gameid: TEST_GAME }, 1],
      ['p99_server2', { gameid: TEST_GAME }, 1],
    ] as const) {
      const res = await payChannels(cpGoodsId, headers, serverId);
      expect(res.code, cpGoodsId).toBe(ErrorCode.ProductNotFound);
    }
    expect((await payChannels('p99_server2', { gameid: TEST_GAME }, 2)).code).toBe(0);
  });

  it('v2 items: both lists; game packs of one server, or before a server those sold on some server', async () => {
    const v2 = async (body: { role_id?: string; server_id?: number }, headers: Headers = {}) => {
      const res = await call(
        t.current.app,
        api.rechargeV2Items,
        body,
        options({ token, ...headers }),
      );
      expect(res.code).toBe(0);
      return res.result;
    };
    const withRole = await v2({ role_id: 'r1', server_id: 2 }, { gameid: TEST_GAME });
    expect(ids(withRole.game_packs)).toEqual(ids(await gamePacks(2, { gameid: TEST_GAME })));
    expect(ids(withRole.coin_packs)).toEqual(['c50']);
    // A server alone narrows like webProduct; the role is not needed.
    expect(ids((await v2({ server_id: 1 }, { gameid: TEST_GAME })).game_packs)).toEqual(
      ids(await gamePacks(1, { gameid: TEST_GAME })),
    );

    // No server: every active pack sold on some server, sorted by price×1000 — the one sold only
    // on servers 2 and 5 included, the retired one and the one sold on no server left out.
    const anyServer = [
      'p99_server2',
      'p150_expired_rebate',
      'p199_first',
      'p199_second',
      'p499_sort1',
      'p499_sort5',
      'p999',
    ];
    const before = await v2({}, { gameid: TEST_GAME });
    expect(ids(before.game_packs)).toEqual(anyServer);
    expect(ids(before.coin_packs)).toEqual(['c50']);
    expect(ids((await v2({ role_id: 'r1' }, { gameid: TEST_GAME })).game_packs)).toEqual(anyServer);
    // Named in the request language, en-US fallback, like webProduct.
    const name = async (headers: Headers) =>
      (await v2({}, { gameid: TEST_GAME, ...headers })).game_packs.find(
        (p) => p.cp_goods_id === 'p999',
      )?.name;
    expect(await name({ lang: 'de-DE' })).toBe('Groß');
    expect(await name({ lang: 'ko-KR' })).toBe('Big');

    // No gameid: the player's first bound game (the demo game), every pack sold everywhere.
    const demo = await v2({}, { lang: 'ja-JP' });
    expect(ids(demo.game_packs)).toEqual(ids(await gamePacks(1)));
    expect(demo.game_packs[0]?.name).toBe('スターターパック');
    expect(ids(demo.coin_packs)).toEqual([
      'hc_100',
      'hc_500',
      'hc_1000',
      'hc_2000',
      'hc_5000',
      'hc_10000',
    ]);
  });

  it('rebate info: the running campaign in the request language; none when it has ended', async () => {
    const info = async (headers: Headers) =>
      await call(t.current.app, api.rechargeRebateInfo, {}, options(headers));
    const demo = await info({ gameid: 1, lang: 'zh-TW' });
    expect(demo.code).toBe(0);
    expect(demo.result).toEqual({
      active: true,
      begin_ts: null,
      end_ts: null,
      tiers: [
        { threshold: 1999, currency: 'USD', percent: 5 },
        { threshold: 4999, currency: 'USD', percent: 10 },
        { threshold: 9999, currency: 'USD', percent: 15 },
      ],
      desc: demoRebateTexts['zh-TW'],
    });
    expect((await info({})).result.desc).toBe(demoRebateTexts['en-US']);
    expect((await info({ gameid: TEST_GAME })).result).toEqual({
      active: false,
      begin_ts: null,
      end_ts: null,
      tiers: [],
      desc: '',
    });
    // A campaign running now (test clock 2026-01-15), texts without the request language.
    await createCatalogRepository(t.current.database.db).insertCampaign({
      gameId: TEST_GAME,
      beginAt: new Date('2026-01-10T00:00:00Z'),
      endAt: new Date('2026-02-01T00:00:00Z'),
      tiers: [
        { threshold: 5000, currency: 'USD', percent: 8 },
        { threshold: 1000, currency: 'USD', percent: 3 },
      ],
      texts: { 'en-US': 'Winter rebate', 'de-DE': 'Winterbonus' },
    });
    const running = await info({ gameid: TEST_GAME, lang: 'vi-VN' });
    expect(running.result).toEqual({
      active: true,
      begin_ts: Date.parse('2026-01-10T00:00:00Z') / 1000,
      end_ts: Date.parse('2026-02-01T00:00:00Z') / 1000,
      tiers: [
        { threshold: 1000, currency: 'USD', percent: 3 },
        { threshold: 5000, currency: 'USD', percent: 8 },
      ],
      desc: 'Winter rebate',
    });
  });

  it('caches a product list for 30 s', async () => {
    const { db } = t.current.database;
    const repo = createCatalogRepository(db);
    await repo.insertProducts([product(CACHE_GAME, 'first', { price: 300 })]);
    expect(ids(await gamePacks(1, { gameid: CACHE_GAME }))).toEqual(['first']);
    await repo.insertProducts([product(CACHE_GAME, 'second', { price: 200 })]);
    t.current.clock.advance(29_000);
    expect(ids(await gamePacks(1, { gameid: CACHE_GAME }))).toEqual(['first']);
    t.current.clock.advance(2_000);
    expect(ids(await gamePacks(1, { gameid: CACHE_GAME }))).toEqual(['second', 'first']);
    // findProduct (order creation) never reads the cache.
    await repo.insertProducts([product(CACHE_GAME, 'third', { price: 100 })]);
    expect((await findProduct(db, CACHE_GAME, 'third'))?.cpGoodsId).toBe('third');
    const service = createCatalogService({ db, clock: t.current.clock });
    expect(await service.findProduct(CACHE_GAME, 'third', 'de-DE')).toMatchObject({
      name: 'EN third',
      kind: 'game',
    });
  });

  it('findProduct returns the full product with its name for a language', async () => {
    const p = await findProduct(t.current.database.db, 1, 'hc_500', 'zh-CN');
    expect(p).toMatchObject({
      cpGoodsId: 'hc_500',
      kind: 'coin',
      name: '500 HC 点',
      price: 499,
      currency: 'USD',
      amount: 500,
      gift: 25,
      bonus: 5,
      items: [],
      serverIds: null,
    });
    expect(p?.id).toEqual(expect.any(Number));
    expect(p?.names['ja-JP']).toBe('500 HCポイント');
    const hero = await findProduct(t.current.database.db, 1, 'pack_hero');
    expect(hero?.name).toBe('Hero Bundle');
    expect(hero?.items.map((i) => i.item_id)).toEqual(['gem', 'summon_scroll', 'hero_token']);
    expect(await findProduct(t.current.database.db, TEST_GAME, 'p10_retired')).toBeUndefined();
    expect(await findProduct(t.current.database.db, TEST_GAME, 'pack_hero')).toBeUndefined();
  });
});

describe.each(testDatabases())('catalog without payment providers on %s', (kind) => {
  const t = useTestApp(kind, { env: { SANDBOX_PAYMENTS: 'false' } });

  it('offers only HC Point for a game pack and nothing for an HC Point pack', async () => {
    const { app, config, database } = t.current;
    const a = await makeAccount(database.db);
    await createAccountsRepository(database.db).bindGameAccount(a.id, 1);
    const { token } = (await login(app, config.payloadKey, 'account', a.account, a.password))
      .result;
    const channels = async (cpGoodsId: string) =>
      (
        await call(
          t.current.app,
          api.orderWebPayChannel,
          { role_id: 'r1', server_id: 1, cp_goods_id: cpGoodsId },
          options({ token }),
        )
      ).result.list.map((c) => c.channel_code);
    expect(await channels('pack_starter')).toEqual(['epoint']);
    expect(await channels('hc_100')).toEqual([]);
  });
});

describe('resolveChannel and isSoldOn', () => {
  const payments = (over: Partial<PaymentsConfig>): { payments: PaymentsConfig } => ({
    payments: {
      card: 'sandbox',
      paypal: 'sandbox',
      sandbox: { enabled: true, webhookSecret: 'x'.repeat(16) },
      stripe: undefined,
      paypalApi: undefined,
      ...over,
    },
  });
  const game = { kind: 'game' as const };
  const coin = { kind: 'coin' as const };

  it('maps a channel code to its method when the provider is available', () => {
    expect(resolveChannel(payments({}), game, 'card')).toEqual({ method: 'card' });
    expect(resolveChannel(payments({}), coin, 'paypal')).toEqual({ method: 'paypal' });
    expect(resolveChannel(payments({}), game, 'epoint')).toEqual({ method: 'epoint' });
    const stripe = payments({
      card: 'stripe',
      sandbox: { enabled: false, webhookSecret: 'x'.repeat(16) },
      stripe: { secretKey: 'sk', webhookSecret: 'wh', apiBase: undefined },
    });
    expect(resolveChannel(stripe, coin, 'card')).toEqual({ method: 'card' });
    expect(() => resolveChannel(stripe, coin, 'paypal')).toThrow(
      expect.objectContaining({ code: ErrorCode.PayChannelUnavailable }),
    );
  });

  it('refuses unknown channels, HC Point for HC Point packs and unconfigured providers', () => {
    const refused = (run: () => unknown) =>
      expect(run).toThrow(expect.objectContaining({ code: ErrorCode.PayChannelUnavailable }));
    refused(() => resolveChannel(payments({}), game, 'alipay'));
    refused(() => resolveChannel(payments({}), coin, 'epoint'));
    refused(() => resolveChannel(payments({ card: 'stripe' }), game, 'card'));
    refused(() => resolveChannel(payments({ paypal: 'paypal' }), game, 'paypal'));
  });

  it('isSoldOn: null server_ids means every server', () => {
    expect(isSoldOn({ serverIds: null }, 9)).toBe(true);
    expect(isSoldOn({ serverIds: [1, 3] }, 3)).toBe(true);
    expect(isSoldOn({ serverIds: [1, 3] }, 2)).toBe(false);
  });
});
