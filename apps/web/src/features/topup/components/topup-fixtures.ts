// Test data for the top-up screens: servers and roles, items (and the v2 items answer by server),
// payment channels, orders.
import type { OrderDetail, PayChannel, Product, ServerRoles } from '@hc/contract';
import { envelope, type RecordedRequest } from '../../../test/api-stub';

export const servers: ServerRoles[] = [
  {
    server_id: 1,
    server_name: 'S1 Dawn',
    state: 0,
    roles: [
      { role_id: 'r-100', role_name: 'Aria', level: 42 },
      { role_id: 'r-101', role_name: 'Borin' },
    ],
  },
  { server_id: 2, server_name: 'S2 Storm', state: 1, roles: [] },
  { server_id: 3, server_name: 'S3 Frost', state: 0, roles: [] },
];

const pack = (
  over: Partial<Product> & Pick<Product, 'cp_goods_id' | 'name' | 'price'>,
): Product => ({
  currency: 'USD',
  icon: '/img/pack.svg',
  is_epoint: false,
  amount: null,
  ...over,
});

/** Deliberately out of price order. */
export const gamePacks: Product[] = [
  pack({ cp_goods_id: 'g-499', name: 'Gem Pouch', price: 499, bonus: 10 }),
  pack({ cp_goods_id: 'g-99', name: 'Gem Handful', price: 99 }),
  pack({
    cp_goods_id: 'g-1999',
    name: 'Gem Chest',
    price: 1999,
    bonus: 25,
    rebate: { percent: 5, amount: 100, end_ts: null },
  }),
];

export const hcPointPacks: Product[] = [
  pack({
    cp_goods_id: 'c-1000',
    name: '1,000 HC Point',
    price: 999,
    is_epoint: true,
    amount: 1000,
    gift: 50,
    bonus: 5,
  }),
];

/** A game pack sold on S3 Frost only: listed before a server is chosen and on S3, not on S1. */
export const frostPack: Product = pack({ cp_goods_id: 'g-frost', name: 'Frost Crate', price: 299 });

/**
 * /api/recharge/v2/items (docs/product/top-up.md#items): without a server_id every game pack sold
 * on some server, with one the packs that server sells; the HC Point packs either way.
 */
export function v2Items(r: RecordedRequest): Response {
  const { server_id } = bodyOf(r);
  const game_packs =
    server_id === undefined || server_id === 3 ? [...gamePacks, frostPack] : gamePacks;
  return envelope({ game_packs, coin_packs: hcPointPacks });
}

export const channels: PayChannel[] = [
  { channel_code: 'card', channel_name: 'Card', kind: 'card', icon: null },
  { channel_code: 'paypal', channel_name: 'PayPal', kind: 'paypal', icon: null },
  { channel_code: 'hcpoint', channel_name: 'HC Point', kind: 'epoint', icon: null },
];

export const orderDetail = (over: Partial<OrderDetail> = {}): OrderDetail => ({
  sdk_order_id: 'ORD-1',
  name: 'Gem Pouch',
  status: 1,
  channel_name: 'Card',
  account: 'player01',
  game_name: 'Dragon Saga',
  server_name: 'S1 Dawn',
  role_name: 'Aria',
  amount: 499,
  currency: 'USD',
  create_ts: 1_767_225_600,
  pay_url: 'https://pay.example.com/checkout/ORD-1',
  timeline: [{ status: 1, ts: 1_767_225_600 }],
  ...over,
});

export type Body = Record<string, unknown>;
export const bodyOf = (r: RecordedRequest): Body =>
  JSON.parse(typeof r.init.body === 'string' ? r.init.body : '{}') as Body;

/** What the game answers to characterInfoSelect for a role of `servers`. */
export function reported(r: RecordedRequest) {
  const { server_id, role_id } = bodyOf(r) as { server_id: number; role_id: string };
  const server = servers.find((s) => s.server_id === server_id)!;
  const role = server.roles.find((x) => x.role_id === role_id)!;
  return { server_id, server_name: server.server_name, role_id, role_name: role.role_name };
}

/**
 * The page's other calls, answered quietly: the role report, no unpaid orders, no running rebate
 * campaign. Tests of those parts answer them their own way.
 */
export const quietSideCalls = {
  '/api/character/info/select': (r: RecordedRequest) => envelope(reported(r)),
  '/api/order/record': () => envelope({ list: [], total: 0, page: 1, size: 5 }),
  '/api/recharge/rebate/info': () =>
    envelope({ active: false, begin_ts: null, end_ts: null, tiers: [], desc: '' }),
};

/** A top-up page that lists servers, roles, packs and payment methods, its other calls quiet. */
export const topupPageCalls = {
  ...quietSideCalls,
  '/api/user/webRole': () => envelope({ list: servers }),
  '/api/recharge/v2/items': v2Items,
  '/api/order/webCoinProduct': () => envelope({ list: hcPointPacks }),
  '/api/order/webPayChannel': () => envelope({ list: channels }),
};
