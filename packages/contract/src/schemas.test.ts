// Body validation: wrong types and out-of-range values are rejected; the field rules of docs/product/api.md hold.
import { types } from 'node:util';
import { describe, expect, it } from 'vitest';
import { api } from './api';
import { resetPayloadSchema } from './auth';
import { identityPayloadSchema } from './real-name';
import { productSortKey } from './catalog';
import { ePointNum } from './wallet';

const ok = (schema: { safeParse(v: unknown): { success: boolean } }, v: unknown) =>
  schema.safeParse(v).success;

describe('outside a browser', () => {
  it('the shared schemas are built at import, not stand-ins (lazy.ts; lazy.test.ts has the browser)', () => {
    expect(types.isProxy(resetPayloadSchema)).toBe(false);
    expect(types.isProxy(identityPayloadSchema)).toBe(false);
  });
});

describe('ids and paging', () => {
  it('numeric ids must be JSON numbers, never strings (no coercion)', () => {
    expect(ok(api.epointBalance.body, { userId: 5001 })).toBe(true);
    expect(ok(api.epointBalance.body, { userId: '5001' })).toBe(false);
    expect(ok(api.orderWebProduct.body, { role_id: '1', server_id: '3' })).toBe(false);
    expect(ok(api.settingWebArticleDetail.body, { id: 1.5 })).toBe(false);
    expect(ok(api.userSdkTicketGet.body, { uid: 0 })).toBe(false);
  });

  it('role ids are opaque strings', () => {
    expect(ok(api.orderWebProduct.body, { role_id: '88000123', server_id: 3 })).toBe(true);
    expect(ok(api.orderWebProduct.body, { role_id: 88000123, server_id: 3 })).toBe(false);
    expect(ok(api.orderWebProduct.body, { role_id: '', server_id: 3 })).toBe(false);
  });

  it('page/size: integers, size 1..100, defaults 1 and 10', () => {
    expect(api.orderRecord.body.parse({})).toEqual({ page: 1, size: 10 });
    expect(ok(api.orderRecord.body, { page: 1, size: 100 })).toBe(true);
    expect(ok(api.orderRecord.body, { page: 1, size: 101 })).toBe(false);
    expect(ok(api.orderRecord.body, { page: 0, size: 10 })).toBe(false);
    expect(ok(api.orderCoinRecord.body, { page: 1.5, size: 10 })).toBe(false);
    expect(ok(api.settingWebArticle.body, { page: '1', size: 10 })).toBe(false);
  });

  it('record filters: server statuses 1..6 and second timestamps', () => {
    expect(ok(api.orderRecord.body, { status: 6, begin: 1_700_000_000, end: 1_700_086_400 })).toBe(
      true,
    );
    expect(ok(api.orderRecord.body, { status: 7 })).toBe(false);
    expect(ok(api.orderRecord.body, { begin: -1 })).toBe(false);
  });

  it('article type: 1..4 (4 = strategy, contract extension)', () => {
    for (const type of [1, 2, 3, 4]) expect(ok(api.settingWebArticle.body, { type })).toBe(true);
    expect(ok(api.settingWebArticle.body, { type: 5 })).toBe(false);
  });

  it('gameInfoContent: path id is coerced from the URL string, must be a positive integer', () => {
    const params = api.gameInfoContent.params;
    expect(params.parse({ id: '11' })).toEqual({ id: 11 });
    expect(ok(params, { id: 'abc' })).toBe(false);
    expect(ok(params, { id: '0' })).toBe(false);
  });
});

describe('userLogin body (docs/product/api.md#payload-encryption, docs/product/api.md#sign-in-and-session-calls)', () => {
  const base = { channel_code: 'account', account: 'player01', passwd: 'AQ...', encrypt: 1 };
  it('accepts every channel with its account form', () => {
    expect(ok(api.userLogin.body, base)).toBe(true);
    expect(
      ok(api.userLogin.body, { ...base, channel_code: 'email', account: 'a@example.com' }),
    ).toBe(true);
    expect(
      ok(api.userLogin.body, { ...base, channel_code: 'phone', account: '+8613800138000' }),
    ).toBe(true);
    for (const c of ['facebook', 'google', 'apple', 'wechat']) {
      expect(ok(api.userLogin.body, { ...base, channel_code: c, account: '' })).toBe(true);
    }
  });
  it('rejects a missing encrypt flag, an unknown channel and malformed accounts', () => {
    expect(ok(api.userLogin.body, { ...base, encrypt: 0 })).toBe(false);
    expect(ok(api.userLogin.body, { ...base, encrypt: '1' })).toBe(false);
    expect(ok(api.userLogin.body, { ...base, channel_code: 'twitter' })).toBe(false);
    expect(ok(api.userLogin.body, { ...base, account: ' ' })).toBe(false);
    expect(ok(api.userLogin.body, { ...base, channel_code: 'email', account: 'nope' })).toBe(false);
    expect(ok(api.userLogin.body, { ...base, channel_code: 'phone', account: '13800138000' })).toBe(
      false,
    );
    expect(ok(api.userLogin.body, { ...base, remember: 'yes' })).toBe(false);
  });
});

describe('codes and reset', () => {
  it('code send: email or E.164 phone, purpose login|reset|signup', () => {
    expect(ok(api.userEmailCodeSend.body, { target: 'a@example.com', purpose: 'login' })).toBe(
      true,
    );
    expect(ok(api.userEmailCodeSend.body, { target: 'a@', purpose: 'login' })).toBe(false);
    expect(ok(api.userPhoneCodeSend.body, { target: '+14155550100', purpose: 'reset' })).toBe(true);
    expect(ok(api.userPhoneCodeSend.body, { target: '+14155550100', purpose: 'signup' })).toBe(
      true,
    );
    expect(ok(api.userPhoneCodeSend.body, { target: '+14155550100', purpose: 'register' })).toBe(
      false,
    );
    expect(ok(api.userPhoneCodeSend.body, { target: '+0123', purpose: 'reset' })).toBe(false);
  });

  const reset = { account: 'a@example.com', code: '123456', passwd: 'abc123', passwd2: 'abc123' };
  it('reset payload: 6-digit code, valid password, both passwords equal (docs/product/api.md#payload-encryption)', () => {
    expect(ok(resetPayloadSchema, reset)).toBe(true);
    expect(ok(resetPayloadSchema, { ...reset, account: '+14155550100' })).toBe(true);
    expect(ok(resetPayloadSchema, { ...reset, code: '12345' })).toBe(false);
    expect(ok(resetPayloadSchema, { ...reset, passwd: 'abcdef', passwd2: 'abcdef' })).toBe(false);
    const mismatch = resetPayloadSchema.safeParse({ ...reset, passwd2: 'abc124' });
    expect(mismatch.error?.issues.map((i) => i.path.join('.'))).toEqual(['passwd2']);
    expect(ok(resetPayloadSchema, { ...reset, account: 'player01' })).toBe(false);
  });

  it('encrypted bodies carry one non-empty data string', () => {
    expect(ok(api.userEmailPswReset.body, { data: 'AQ' })).toBe(true);
    expect(ok(api.identitySave.body, { data: '' })).toBe(false);
    expect(ok(api.identitySave.body, { data: { name: 'x' } })).toBe(false);
  });
});

describe('identity payload (docs/product/account.md#real-name-information)', () => {
  const info = {
    name: 'Lee Min',
    birthday: '1990-05-01',
    address: '1 Main St',
    phone: '+6591234567',
    email: 'lee@example.com',
    id_number: 'S1234567D',
    sign_region: 'SG',
    sign_date: '2025-12-01',
  };
  it('accepts a complete record and rejects bad dates or missing fields', () => {
    expect(ok(identityPayloadSchema, info)).toBe(true);
    expect(ok(identityPayloadSchema, { ...info, birthday: '1990-13-01' })).toBe(false);
    expect(ok(identityPayloadSchema, { ...info, name: '   ' })).toBe(false);
    const { id_number: _omit, ...partial } = info;
    expect(ok(identityPayloadSchema, partial)).toBe(false);
  });
});

describe('results', () => {
  it('products: integer minor-unit prices and ISO currency', () => {
    const product = {
      name: 'x',
      price: 499,
      currency: 'USD',
      cp_goods_id: 'g',
      icon: '',
      is_epoint: true,
      amount: 500,
    };
    expect(ok(api.orderWebCoinProduct.result, { list: [product] })).toBe(true);
    expect(ok(api.orderWebCoinProduct.result, { list: [{ ...product, price: 4.99 }] })).toBe(false);
    expect(ok(api.orderWebCoinProduct.result, { list: [{ ...product, currency: 'usd' }] })).toBe(
      false,
    );
  });

  it('server state is 0 open or 1 maintenance (docs/product/top-up.md#servers-and-roles)', () => {
    const server = { server_id: 1, server_name: 'S1', roles: [] };
    expect(ok(api.userWebRole.result, { list: [{ ...server, state: 1 }] })).toBe(true);
    expect(ok(api.userWebRole.result, { list: [{ ...server, state: 2 }] })).toBe(false);
  });

  it('fixed shapes: time, uinfo', () => {
    expect(ok(api.time.result, { ts: 1, ms: 1000 })).toBe(true);
    expect(ok(api.time.result, { ts: 1 })).toBe(false);
    expect(Object.keys(api.userUinfo.result.shape).sort()).toEqual([
      'accid',
      'account',
      'customer_service',
      'gameAccountId',
      'gameId',
      'isInit',
      'login',
      'userId',
    ]);
  });

  it('docs/product/top-up.md#items, docs/product/constants.md#rules: sort key is price×1000; ePointNum is basic + present', () => {
    expect(productSortKey({ price: 499 })).toBe(499_000);
    expect(ePointNum({ basicNum: 400, presentNum: 25 })).toBe(425);
  });
});
