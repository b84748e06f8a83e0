// docs/product/constants.md, docs/product/api.md#request-headers headers, pinned so a change is deliberate.
import { describe, expect, it } from 'vitest';
import { constants } from './constants';
import { HEADER_NAMES, requestHeadersSchema } from './headers';

describe('constants (docs/product/constants.md)', () => {
  it('has the agreed values', () => {
    expect(constants.REQUEST_TIMEOUT_MS).toBe(60000);
    expect([constants.PASSWORD_MIN, constants.PASSWORD_MAX]).toEqual([6, 16]);
    expect(constants.MOBILE_MAX_WIDTH).toBe(750);
    expect(constants.PAGE_STAY_MIN_MS).toBe(2000);
    expect(constants.DEFAULT_TRAFFIC_SOURCE).toBe('organic');
    expect(constants.FALLBACK_LANGUAGE).toBe('en-US');
    expect(constants.LANGUAGES).toEqual([
      'en-US',
      'zh-CN',
      'zh-HK',
      'zh-TW',
      'th-TH',
      'ko-KR',
      'ja-JP',
      'vi-VN',
      'de-DE',
    ]);
    expect(constants.STORAGE_KEYS).toEqual({
      token: 'hc_token',
      customerService: 'hc_customer_service',
      serverRoles: 'hc_server_roles',
      deviceId: 'hc_device_id',
      language: 'hc_language',
      rememberLogin: 'hc_remember_login',
    });
    expect(constants.ArticleType).toEqual({ news: 1, event: 2, update: 3, strategy: 4 });
    expect(constants.ITEM_SORT_FACTOR).toBe(1000);
  });
});

describe('request headers (docs/product/api.md#request-headers)', () => {
  it('lists the seven headers', () => {
    expect([...HEADER_NAMES]).toEqual([
      'version',
      'htmlversion',
      'accountid',
      'gameid',
      'userid',
      'clientid',
      'token',
    ]);
  });
  it('all are optional strings', () => {
    expect(requestHeadersSchema.parse({})).toEqual({});
    expect(requestHeadersSchema.parse({ token: 't', gameid: '1', other: 'x' })).toEqual({
      token: 't',
      gameid: '1',
    });
    expect(requestHeadersSchema.safeParse({ gameid: 1 }).success).toBe(false);
  });
});
