// The demo game's catalog: six game packs, six HC Point packs and one top-up rebate
// campaign, with names and texts in the nine languages of docs/product/languages.md. Prices in USD cents; 1 HC Point
// is worth one US cent (a game pack paid with HC Point costs its price in cents). Icons are the
// SVG files of apps/web/public/catalog, served with the web build at /catalog/<name>.svg.
import { LANGUAGES, type Language } from '@hc/contract';
import { createCatalogRepository, type NewProduct } from '../../modules/catalog/catalog.repository';
import { HC_POINT_NAMES } from '../../modules/catalog/catalog.service';
import { createGamesRepository } from '../../modules/games/games.repository';
import type { PackItem, RebateInfo, RebateTier } from '../schema';
import type { SeedStep } from '../seed';

const GAME_ID = 1; // DEMO_GAME_ID (demo.ts imports this file, so the value is repeated here)
const CURRENCY = 'USD';

type Names = Record<Language, string>;

/** Top-up rebate on game packs: the tiers of the campaign below (thresholds in cents). */
export const DEMO_REBATE_TIERS: RebateTier[] = [
  { threshold: 1999, currency: CURRENCY, percent: 5 },
  { threshold: 4999, currency: CURRENCY, percent: 10 },
  { threshold: 9999, currency: CURRENCY, percent: 15 },
];

/** The rebate a game pack of `price` earns under DEMO_REBATE_TIERS (1 HC Point = 1 cent). */
function rebateFor(price: number): RebateInfo | null {
  const tier = [...DEMO_REBATE_TIERS].reverse().find((t) => price >= t.threshold);
  return tier === undefined
    ? null
    : { percent: tier.percent, amount: Math.floor((price * tier.percent) / 100), end_ts: null };
}

const gem = (count: number): PackItem => ({ item_id: 'gem', name: 'Gems', count });
const gold = (count: number): PackItem => ({ item_id: 'gold', name: 'Gold', count });
const scroll = (count: number): PackItem => ({
  item_id: 'summon_scroll',
  name: 'Summon Scroll',
  count,
});

const gamePacks: Array<{
  id: string;
  icon: string;
  price: number;
  bonus: number;
  items: PackItem[];
  names: Names;
}> = [
  {
    id: 'pack_starter',
    icon: 'starter-pack',
    price: 99,
    bonus: 0,
    items: [gem(60), gold(5000), scroll(1)],
    names: {
      'en-US': 'Starter Pack',
      'zh-CN': '新手礼包',
      'zh-HK': '新手禮包',
      'zh-TW': '新手禮包',
      'th-TH': 'แพ็กเริ่มต้น',
      'ko-KR': '스타터 패키지',
      'ja-JP': 'スターターパック',
      'vi-VN': 'Gói Khởi Đầu',
      'de-DE': 'Starterpaket',
    },
  },
  {
    id: 'pack_adventurer',
    icon: 'adventurer-satchel',
    price: 499,
    bonus: 10,
    items: [gem(330), gold(20000), scroll(3)],
    names: {
      'en-US': "Adventurer's Satchel",
      'zh-CN': '冒险者行囊',
      'zh-HK': '冒險者行囊',
      'zh-TW': '冒險者行囊',
      'th-TH': 'กระเป๋านักผจญภัย',
      'ko-KR': '모험가의 가방',
      'ja-JP': '冒険者のかばん',
      'vi-VN': 'Túi Nhà Thám Hiểm',
      // A soft hyphen (U+00AD) lets the long compounds break on narrow pack cards.
      'de-DE': 'Abenteurer\u00adtasche',
    },
  },
  {
    id: 'pack_monthly',
    icon: 'monthly-card',
    price: 999,
    bonus: 0,
    items: [
      { item_id: 'monthly_card', name: 'Monthly Card (30 days)', count: 1 },
      gem(300),
      { item_id: 'stamina_potion', name: 'Stamina Potion', count: 10 },
    ],
    names: {
      'en-US': 'Monthly Card',
      'zh-CN': '月卡',
      'zh-HK': '月卡',
      'zh-TW': '月卡',
      'th-TH': 'บัตรรายเดือน',
      'ko-KR': '월정액 카드',
      'ja-JP': 'マンスリーカード',
      'vi-VN': 'Thẻ Tháng',
      'de-DE': 'Monatskarte',
    },
  },
  {
    id: 'pack_hero',
    icon: 'hero-bundle',
    price: 1999,
    bonus: 20,
    items: [gem(1280), scroll(10), { item_id: 'hero_token', name: 'Hero Token', count: 1 }],
    names: {
      'en-US': 'Hero Bundle',
      'zh-CN': '英雄礼包',
      'zh-HK': '英雄禮包',
      'zh-TW': '英雄禮包',
      'th-TH': 'ชุดฮีโร่',
      'ko-KR': '영웅 패키지',
      'ja-JP': '英雄パック',
      'vi-VN': 'Gói Anh Hùng',
      'de-DE': 'Heldenpaket',
    },
  },
  {
    id: 'pack_dragon',
    icon: 'dragon-hoard',
    price: 4999,
    bonus: 30,
    items: [
      gem(3280),
      gold(200000),
      scroll(25),
      { item_id: 'dragon_egg', name: 'Dragon Egg', count: 1 },
    ],
    names: {
      'en-US': 'Dragon Hoard',
      'zh-CN': '巨龙宝藏',
      'zh-HK': '巨龍寶藏',
      'zh-TW': '巨龍寶藏',
      'th-TH': 'ขุมทรัพย์มังกร',
      'ko-KR': '드래곤의 보물',
      'ja-JP': 'ドラゴンの財宝',
      'vi-VN': 'Kho Báu Rồng',
      'de-DE': 'Drachenhort',
    },
  },
  {
    id: 'pack_legend',
    icon: 'legend-chest',
    price: 9999,
    bonus: 50,
    items: [
      gem(6480),
      gold(500000),
      scroll(50),
      { item_id: 'legendary_weapon_box', name: 'Legendary Weapon Box', count: 1 },
    ],
    names: {
      'en-US': 'Legend Chest',
      'zh-CN': '传说宝箱',
      'zh-HK': '傳說寶箱',
      'zh-TW': '傳說寶箱',
      'th-TH': 'หีบตำนาน',
      'ko-KR': '전설의 상자',
      'ja-JP': '伝説の宝箱',
      'vi-VN': 'Rương Huyền Thoại',
      'de-DE': 'Legenden\u00adtruhe',
    },
  },
];

/** "1,000 HC Point" with each language's digit grouping (de-DE and vi-VN: 1.000). */
function coinNames(amount: number): Names {
  const names = {} as Names;
  for (const lang of LANGUAGES)
    names[lang] = `${new Intl.NumberFormat(lang).format(amount)} ${HC_POINT_NAMES[lang]}`;
  return names;
}

// amount -> basic, gift -> present, bonus = gift as a percent of amount (the tag).
const coinPacks = [
  { amount: 100, gift: 0, bonus: 0, price: 99, icon: 'hc-100' },
  { amount: 500, gift: 25, bonus: 5, price: 499, icon: 'hc-500' },
  { amount: 1000, gift: 100, bonus: 10, price: 999, icon: 'hc-1000' },
  { amount: 2000, gift: 300, bonus: 15, price: 1999, icon: 'hc-2000' },
  { amount: 5000, gift: 1000, bonus: 20, price: 4999, icon: 'hc-5000' },
  { amount: 10000, gift: 2500, bonus: 25, price: 9999, icon: 'hc-10000' },
];

const iconUrl = (name: string) => `/catalog/${name}.svg`;

export const demoProducts: NewProduct[] = [
  ...gamePacks.map((p, i): NewProduct => ({
    gameId: GAME_ID,
    cpGoodsId: p.id,
    kind: 'game',
    names: p.names,
    price: p.price,
    currency: CURRENCY,
    icon: iconUrl(p.icon),
    bonus: p.bonus,
    gift: 0,
    amount: null,
    items: p.items,
    rebate: rebateFor(p.price),
    serverIds: null,
    sort: i + 1,
  })),
  ...coinPacks.map((p, i): NewProduct => ({
    gameId: GAME_ID,
    cpGoodsId: `hc_${p.amount}`,
    kind: 'coin',
    names: coinNames(p.amount),
    price: p.price,
    currency: CURRENCY,
    icon: iconUrl(p.icon),
    bonus: p.bonus,
    gift: p.gift,
    amount: p.amount,
    items: [],
    serverIds: null,
    sort: i + 1,
  })),
];

/** The open-ended rebate campaign's description (docs/product/api.md#top-up-calls /api/recharge/rebate/info). */
export const demoRebateTexts: Names = {
  'en-US':
    'Top-up rebate: get HC Point back on game packs — 5% from $19.99, 10% from $49.99 and 15% from $99.99.',
  'zh-CN':
    '充值返利：购买游戏礼包返还 HC 点——满 US$19.99 返 5%，满 US$49.99 返 10%，满 US$99.99 返 15%。',
  'zh-HK':
    '增值回贈：購買遊戲禮包可獲 HC 點回贈——滿 US$19.99 回贈 5%，滿 US$49.99 回贈 10%，滿 US$99.99 回贈 15%。',
  'zh-TW':
    '儲值回饋：購買遊戲禮包可獲得 HC 點回饋——滿 US$19.99 回饋 5%，滿 US$49.99 回饋 10%，滿 US$99.99 回饋 15%。',
  'th-TH':
    'โปรเติมเงินรับคืน: ซื้อแพ็กเกมรับ HC Point คืน 5% เมื่อซื้อตั้งแต่ US$19.99, 10% ตั้งแต่ US$49.99 และ 15% ตั้งแต่ US$99.99',
  'ko-KR':
    '충전 페이백: 게임 패키지를 구매하면 HC 포인트를 돌려드립니다. US$19.99 이상 5%, US$49.99 이상 10%, US$99.99 이상 15%.',
  'ja-JP':
    'チャージ還元：ゲームパックの購入でHCポイントを還元！$19.99以上で5%、$49.99以上で10%、$99.99以上で15%。',
  'vi-VN':
    'Hoàn điểm khi nạp: nhận lại HC Point khi mua gói trò chơi — 5% cho gói từ 19,99 US$, 10% từ 49,99 US$ và 15% từ 99,99 US$.',
  'de-DE':
    'Aufladebonus: Beim Kauf von Spielpaketen erhalten Sie HC Point zurück – 5 % ab 19,99 $, 10 % ab 49,99 $ und 15 % ab 99,99 $.',
};

export const demoCatalog: SeedStep = {
  name: 'demo-catalog',
  isNeeded: async (db) => {
    const counts = await createCatalogRepository(db).countByKind(GAME_ID);
    return counts.game + counts.coin === 0 && (await createGamesRepository(db).exists(GAME_ID));
  },
  async run(db) {
    const repo = createCatalogRepository(db);
    await repo.insertProducts(demoProducts);
    await repo.insertCampaign({
      gameId: GAME_ID,
      beginAt: null,
      endAt: null,
      tiers: DEMO_REBATE_TIERS,
      texts: demoRebateTexts,
    });
  },
};
