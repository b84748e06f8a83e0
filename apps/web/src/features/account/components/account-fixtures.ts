// Stubbed answers of the account calls (docs/product/account.md#top-up-history, docs/product/hc-point.md#hc-point-record,
// Real-name information) for the account page tests.
import type { CoinRecordRow, OrderRecordRow, RealInfo } from '@hc/contract';
import type { RecordedRequest } from '../../../test/api-stub';

export const orderRows: OrderRecordRow[] = [
  {
    sdk_order_id: 'ORD-1001',
    name: 'Gem Pouch',
    amount: 499,
    currency: 'USD',
    status: 2,
    channel_name: 'Visa / Mastercard',
    create_ts: 1_767_225_600,
    game_name: 'Dragon Saga',
    server_name: 'S1 Dawn',
    role_name: 'Aria',
    uid: 5001,
    order_type: 'game',
  },
  {
    sdk_order_id: 'ORD-1002',
    name: '1000 HC Point',
    amount: 999,
    currency: 'USD',
    status: 6,
    channel_name: 'PayPal',
    create_ts: 1_767_229_200,
    game_name: 'Dragon Saga',
    server_name: '-',
    role_name: '-',
    uid: 5001,
    order_type: 'coin',
  },
];

export const hcPointRows: CoinRecordRow[] = [
  {
    sdk_order_id: 'ORD-1002',
    create_ts: 1_767_229_200,
    change: 1100,
    balance: 1220,
    type: 'income',
  },
  {
    sdk_order_id: 'ORD-1003',
    create_ts: 1_767_232_800,
    change: -300,
    balance: 920,
    type: 'expense',
  },
];

export const maskedInfo: RealInfo = {
  name: 'Lin Mei',
  birthday: '1995-04-12',
  address: '1 Harbour Road, Hong Kong',
  phone: '+8529******78',
  email: 'l***@example.com',
  id_number: 'A123******89',
  sign_region: 'Hong Kong',
  sign_date: '2026-01-02',
};

export function page<T>(list: T[], total = list.length, at = 1) {
  return { list, total, page: at, size: 10 };
}

export const bodyOf = (r: RecordedRequest): Record<string, unknown> =>
  JSON.parse(typeof r.init.body === 'string' ? r.init.body : '{}') as Record<string, unknown>;
