// The `api` record: every agreed call exists with a sane definition, and every example matches its schemas.
import { describe, expect, it } from 'vitest';
import { api, apiEntries, type ApiName } from './api';
import { okEnvelopeSchema, type ApiCall } from './call';
import { apiExamples } from './examples';
import { fromBase64 } from './crypto';
import { allCallEntries } from './all-calls';
import { consoleApi, consoleEntries } from './console/api';
import { consoleExamples } from './console/examples';
import { OPERATOR_ROLES } from './console/roles';

const AGREED: ApiName[] = [
  'time',
  'bulletinTop',
  'settingInit',
  'settingCrmUrl',
  'settingWebArticle',
  'settingWebArticleDetail',
  'settingWebHomeConfJodo',
  'settingPage',
  'userUinfo',
  'userLogin',
  'userTmpWebTokenLogin',
  'userLogout',
  'userEmailCodeSend',
  'userPhoneCodeSend',
  'userEmailPswReset',
  'userPhonePswReset',
  'userSdkTicketGet',
  'userSignUp',
  'userProfile',
  'userPasswordChange',
  'userContactCodeSend',
  'userContactChange',
  'userSocialLinkStart',
  'userSocialUnlink',
  'userSessionList',
  'userSessionEnd',
  'userDataExport',
  'userDeletionRequest',
  'userGameAccountBind',
  'userWechatInfoGet',
  'userRealInfoQuery',
  'userWebRole',
  'operateCoinBalance',
  'epointBalance',
  'orderWebProduct',
  'orderWebCoinProduct',
  'orderWebPayChannel',
  'orderWebCreate',
  'orderRecord',
  'orderCoinRecord',
  'orderDetail',
  'orderCancel',
  'characterInfoSelect',
  'characterGameInfo',
  'gameInfoContent',
  'identitySave',
  'paymentOrderEpointPay',
  'rechargeV2Items',
  'rechargeRebateInfo',
  'redeemCode',
  'analyticsSession',
  'analyticsCollect',
  'publisherPlayersUpsert',
  'publisherPlayersGet',
  'publisherPlayersBind',
  'publisherPlayersUnbind',
  'publisherPlayersContact',
  'publisherPlayersDisable',
  'publisherPlayersEnable',
  'publisherHandoverCreate',
  'publisherLinkCodesCreate',
];

/** docs/product/api.md#calls paths, verbatim. */
const SPEC_PATHS: Partial<Record<ApiName, string>> = {
  userUinfo: '/api/user/uinfo',
  userLogin: '/api/user/login',
  userTmpWebTokenLogin: '/api/user/tmpWebTokenLogin',
  userLogout: '/api/user/logout',
  userEmailCodeSend: '/api/user/email/code/send',
  userPhoneCodeSend: '/api/user/phone/code/send',
  userEmailPswReset: '/api/user/email/psw/reset',
  userPhonePswReset: '/api/user/phone/psw/reset',
  userSdkTicketGet: '/api/user/sdk/ticket/get',
  userWechatInfoGet: '/api/user/wechat/info/get',
  userRealInfoQuery: '/api/user/real/info/query',
  userWebRole: '/api/user/webRole',
  settingWebArticle: '/api/setting/webArticle',
  settingWebArticleDetail: '/api/setting/webArticleDetail',
  settingWebHomeConfJodo: '/api/setting/webHomeConfJodo',
  settingInit: '/api/setting/init',
  settingCrmUrl: '/api/setting/crmUrl',
  operateCoinBalance: '/api/operate/coinBalance',
  orderWebProduct: '/api/order/webProduct',
  orderWebCoinProduct: '/api/order/webCoinProduct',
  orderWebPayChannel: '/api/order/webPayChannel',
  orderWebCreate: '/api/order/webCreate',
  orderRecord: '/api/order/record',
  orderCoinRecord: '/api/order/coin/record',
  bulletinTop: '/api/bulletin/top',
  characterInfoSelect: '/api/character/info/select',
  characterGameInfo: '/api/character/game/info',
  gameInfoContent: '/api/game/info/content/:id',
  identitySave: '/api/identity/save',
  paymentOrderEpointPay: '/api/payment/order/epoint/pay',
  rechargeV2Items: '/api/recharge/v2/items',
  rechargeRebateInfo: '/api/recharge/rebate/info',
  time: '/api/time',
  epointBalance: '/api/operate/epoint/balance',
  redeemCode: '/api/redeem/code/use',
};

describe('api record', () => {
  it('has exactly the agreed calls', () => {
    expect(Object.keys(api).sort()).toEqual([...AGREED].sort());
  });

  it.each(AGREED)(
    '%s has the product path, a method, an auth mode, a summary and a source',
    (name) => {
      const call = api[name];
      if (SPEC_PATHS[name]) expect(call.path).toBe(SPEC_PATHS[name]);
      expect(call.path.startsWith('/api/')).toBe(true);
      expect(['none', 'optional', 'required', 'publisher']).toContain(call.auth);
      expect((call as ApiCall).roles).toBeUndefined();
      expect(call.summary.length).toBeGreaterThan(5);
      // Publisher API calls are specified by their own reference, docs/publisher-api.md.
      expect(call.spec).toMatch(
        call.tag === 'publisher' ? /^docs\/publisher-api\.md#/ : /docs\/product\/[a-z-]+\.md/,
      );
    },
  );

  it('only time and bulletinTop are GET (docs/product/api.md#system-calls: all calls are POST unless noted)', () => {
    const gets = apiEntries()
      .filter(([, c]) => c.method === 'GET')
      .map(([n]) => n);
    expect(gets.sort()).toEqual(['bulletinTop', 'time']);
  });

  it('the publisher calls, and only they, are signed per game key under /api/publisher/v1/', () => {
    for (const [name, call] of apiEntries()) {
      const publisher = call.tag === 'publisher';
      expect([name, call.auth === 'publisher', call.path.startsWith('/api/publisher/v1/')]).toEqual(
        [name, publisher, publisher],
      );
    }
  });

  it('method + path are unique, console calls included', () => {
    const keys = allCallEntries().map(([, c]) => `${c.method} ${c.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('path parameters are declared exactly where the path has them', () => {
    for (const [name, call] of apiEntries())
      expect([name, call.path.includes(':')]).toEqual([name, call.params !== undefined]);
  });

  it('every call whose shape the product leaves open documents the choice', () => {
    const fullySpecified = new Set<ApiName>(['time', 'orderWebCreate']);
    for (const [name, call] of apiEntries()) {
      if (!fullySpecified.has(name))
        expect([name, (call.chosen ?? '').length > 10]).toEqual([name, true]);
    }
  });

  it('the calls that need a session are exactly these', () => {
    const required = apiEntries()
      .filter(([, c]) => c.auth === 'required')
      .map(([n]) => n)
      .sort();
    expect(required).toEqual([
      'characterGameInfo',
      'characterInfoSelect',
      'epointBalance',
      'identitySave',
      'operateCoinBalance',
      'orderCancel',
      'orderCoinRecord',
      'orderDetail',
      'orderRecord',
      'orderWebCreate',
      'orderWebPayChannel',
      'orderWebProduct',
      'paymentOrderEpointPay',
      'rechargeV2Items',
      'redeemCode',
      'userContactChange',
      'userContactCodeSend',
      'userDataExport',
      'userDeletionRequest',
      'userGameAccountBind',
      'userPasswordChange',
      'userProfile',
      'userRealInfoQuery',
      'userSdkTicketGet',
      'userSessionEnd',
      'userSessionList',
      'userSocialLinkStart',
      'userSocialUnlink',
      'userWebRole',
    ]);
  });
});

describe('examples', () => {
  it.each(AGREED)('%s: example body and result satisfy the schemas', (name) => {
    const call = api[name];
    const ex = apiExamples[name];
    expect(call.body.safeParse(ex.body).error).toBeUndefined();
    expect(call.result.safeParse(ex.result).error).toBeUndefined();
    expect(
      okEnvelopeSchema(call.result).safeParse({ code: 0, msg: 'ok', result: ex.result }).success,
    ).toBe(true);
  });

  it('the example payload key is a 32-byte key', () => {
    expect(fromBase64(apiExamples.settingInit.result.payload_key)).toHaveLength(32);
  });
});

describe('README', () => {
  it('documents every call and path', async () => {
    const { readFile } = await import('node:fs/promises');
    const readme = await readFile(new URL('../README.md', import.meta.url), 'utf8');
    for (const [name, call] of apiEntries()) {
      expect(readme).toContain(`| ${name} | ${call.method} \`${call.path}\``);
    }
  });
});

describe('consoleApi record', () => {
  it('is kept apart from api (no name in both)', () => {
    for (const name of Object.keys(consoleApi)) expect(Object.keys(api)).not.toContain(name);
  });

  it.each(consoleEntries())(
    '%s is a POST under /api/console/, tagged console, with roles exactly on console-session calls',
    (name, call) => {
      expect(call.method).toBe('POST');
      expect(call.path.startsWith('/api/console/')).toBe(true);
      expect(call.tag).toBe('console');
      expect(['none', 'console']).toContain(call.auth);
      expect(call.spec).toMatch(/^docs\/console\.md#/);
      expect((call.chosen ?? '').length).toBeGreaterThan(10);
      if (call.auth === 'console') {
        expect(call.roles?.length ?? 0).toBeGreaterThan(0);
        for (const role of call.roles ?? []) expect(OPERATOR_ROLES).toContain(role);
      } else {
        expect(call.roles).toBeUndefined();
        expect(call.duringEnrolment).toBeUndefined();
      }
      const ex = consoleExamples[name];
      expect(call.body.safeParse(ex.body).error).toBeUndefined();
      expect(call.result.safeParse(ex.result).error).toBeUndefined();
    },
  );

  it('only the player, publisher and console records use their own auth modes', () => {
    for (const [name, call] of apiEntries())
      expect([name, call.auth]).not.toEqual([name, 'console']);
  });

  it('the README documents every console call and path', async () => {
    const { readFile } = await import('node:fs/promises');
    const readme = await readFile(new URL('../README.md', import.meta.url), 'utf8');
    for (const [name, call] of consoleEntries())
      expect(readme).toContain(`| ${name} | ${call.method} \`${call.path}\``);
  });
});
