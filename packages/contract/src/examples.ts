// One realistic body and result per call: checked by the compiler against the schemas, shown in the OpenAPI
// document, and handy as fixtures for server and web tests.
import type { Api, ApiName } from './api';
import type { CallBody, CallResult } from './call';

export type ApiExamples = {
  [K in ApiName]: { body: CallBody<Api[K]>; result: CallResult<Api[K]> };
};

const now = 1_767_225_600; // 2026-01-01T00:00:00Z
const publisherAccount = {
  accid: 1001,
  account: 'g1_5f2a9c01d3',
  email: 'aria@example.com',
  phone: null,
  disabled: false,
  disabled_at: null,
  created_at: now,
};
const publisherBinding = { game_id: 1, uid: 'p-771204', display_name: 'Aria', bound_at: now };
const login = {
  token: 'tok_3f9a1c',
  customer_service: 'https://support.example.com/chat',
  accid: 1001,
  account: 'player01',
};
const pack = {
  name: '60 Crystals',
  price: 99,
  currency: 'USD',
  cp_goods_id: 'g.crystal.60',
  icon: '/img/crystal60.png',
  bonus: 10,
  is_epoint: false,
  amount: null,
};
const coinPack = {
  name: '500 HC Point',
  price: 499,
  currency: 'USD',
  cp_goods_id: 'hc.500',
  icon: '/img/hc500.png',
  gift: 25,
  is_epoint: true,
  amount: 500,
};
const character = {
  server_id: 3,
  server_name: 'S3 Phoenix',
  role_id: '88000123',
  role_name: 'Aria',
  level: 42,
};
const realInfo = {
  name: 'Lee Min',
  birthday: '1990-05-01',
  address: '1 Main St, Springfield',
  phone: '+8613******78',
  email: 'l***@example.com',
  id_number: '1234********5678',
  sign_region: 'SG',
  sign_date: '2025-12-01',
};
const article = {
  id: 7,
  title: 'Season 5 begins',
  img: '/img/s5.jpg',
  type: 1 as const,
  create_ts: now,
};
const balance = { basicNum: 400, presentNum: 25 };
const sent = { resend_after: 60, expires_in: 600 };
const enc = { data: 'AQ7k3...base64url-token' };
const profile = {
  account: 'player01',
  email: 'player@example.com',
  phone: null,
  has_password: true,
  social: [{ provider: 'google' as const, name: 'Aria', linked_ts: now - 86_400 }],
  providers: ['google' as const, 'apple' as const],
};

export const apiExamples: ApiExamples = {
  time: { body: {}, result: { ts: now, ms: now * 1000 } },
  bulletinTop: {
    body: {},
    result: {
      bulletin: {
        id: 1,
        title: 'Maintenance',
        content: 'Servers restart at 02:00 UTC.',
        link: null,
        create_ts: now,
      },
    },
  },
  settingInit: {
    body: {},
    result: {
      site_title: 'HC Portal',
      logo: '/favicon.svg',
      game_id: 1,
      games: [
        { game_id: 1, name: 'Dragon Saga', icon: '/img/ds.png', platforms: ['android', 'pc'] },
      ],
      ios_supported: false,
      payload_key: 'q1X0d3Jm9Qm8r9wT5v2s7b4n1c6x8z0a2s4d6f8g0h0=',
      customer_service: 'https://support.example.com/chat',
      languages: ['en-US', 'zh-CN'],
      fallback_language: 'en-US',
      server_time: now,
      social: ['google', 'apple'],
      sign_up: { enabled: true, terms_version: '2026-01', privacy_version: '2026-01' },
    },
  },
  settingCrmUrl: { body: {}, result: { crm_url: 'https://support.example.com/chat' } },
  settingWebArticle: {
    body: { page: 1, size: 10, type: 1 },
    result: { list: [{ ...article, summary: 'New heroes.' }], total: 1, page: 1, size: 10 },
  },
  settingWebArticleDetail: {
    body: { id: 7 },
    result: { ...article, content: '<p>New heroes.</p>' },
  },
  settingPage: {
    body: { slug: 'about' },
    result: {
      slug: 'about',
      title: 'About Us',
      content: '<p>We make games for players everywhere.</p>',
      update_ts: now,
    },
  },
  settingWebHomeConfJodo: {
    body: {},
    result: {
      gameInfo: {
        game_id: 1,
        name: 'Dragon Saga',
        icon: '/img/ds.png',
        cgi: '/media/ds-cgi.mp4',
        downloads: {
          android: 'https://play.example.com/ds',
          pc: 'https://dl.example.com/ds.exe',
          ios: null,
        },
        customConfig: { loggerUrl: 'https://portal.example.com/api/analytics/collect' },
      },
      gameContent: {
        info: [{ id: 11, title: 'World', img: null, summary: 'A realm of dragons.' }],
        features: [],
      },
      footer: {
        about: '/main/page/about',
        contact: '/main/page/contact',
        privacy: '/main/page/privacy',
        agreement: '/main/page/agreement',
      },
    },
  },
  userUinfo: {
    body: {},
    result: {
      login: true,
      isInit: true,
      accid: 1001,
      account: 'player01',
      gameAccountId: 5001,
      gameId: 1,
      userId: 5001,
      customer_service: login.customer_service,
    },
  },
  userLogin: {
    body: {
      channel_code: 'account',
      account: 'player01',
      passwd: 'AQx...token',
      encrypt: 1,
      remember: true,
    },
    result: login,
  },
  userTmpWebTokenLogin: { body: { token: 'hc_tmp_abc' }, result: login },
  userLogout: { body: {}, result: { success: true } },
  userEmailCodeSend: { body: { target: 'player@example.com', purpose: 'reset' }, result: sent },
  userPhoneCodeSend: { body: { target: '+8613800138000', purpose: 'login' }, result: sent },
  userEmailPswReset: { body: enc, result: { success: true } },
  userPhonePswReset: { body: enc, result: { success: true } },
  userSignUp: { body: enc, result: login },
  userSdkTicketGet: { body: { uid: 5001 }, result: { ticket: 'tkt_91b2', expires_ts: now + 300 } },
  userWechatInfoGet: { body: {}, result: { enabled: false, appid: null, authorize_url: null } },
  userProfile: { body: {}, result: profile },
  userPasswordChange: { body: enc, result: { success: true } },
  userContactCodeSend: { body: { channel: 'email', target: 'new@example.com' }, result: sent },
  userContactChange: {
    body: { channel: 'email', target: 'new@example.com', code: '123456' },
    result: { ...profile, email: 'new@example.com' },
  },
  userSocialLinkStart: {
    body: { provider: 'google' },
    result: { location: 'https://accounts.google.com/o/oauth2/v2/auth?state=…' },
  },
  userSocialUnlink: { body: { provider: 'google' }, result: { ...profile, social: [] } },
  userSessionList: {
    body: {},
    result: {
      list: [
        {
          id: 41,
          browser: 'Chrome',
          os: 'Android',
          ip: '203.0.113.*',
          created_ts: now - 3600,
          last_seen_ts: now,
          current: true,
        },
      ],
    },
  },
  userSessionEnd: { body: { id: 40 }, result: { success: true, current: false } },
  userDataExport: { body: {}, result: '{"format":"hc-portal-data/1","profile":{…}}' },
  userDeletionRequest: { body: enc, result: { erase_ts: now + 14 * 86_400 } },
  userRealInfoQuery: { body: {}, result: { info: realInfo } },
  userGameAccountBind: {
    body: { code: 'K7QH-3MZP' },
    result: {
      game_id: 1,
      game_name: 'Dragon Saga',
      icon: '/img/ds.png',
      gameAccountId: 5001,
      uid: 'p-771204',
      display_name: 'Aria',
      bind_ts: now,
      last_character: null,
    },
  },
  userWebRole: {
    body: {},
    result: {
      list: [
        {
          server_id: 3,
          server_name: 'S3 Phoenix',
          state: 0,
          roles: [{ role_id: '88000123', role_name: 'Aria', level: 42 }],
        },
      ],
    },
  },
  operateCoinBalance: { body: {}, result: { amount: 425 } },
  epointBalance: { body: { userId: 5001 }, result: balance },
  orderWebProduct: { body: { role_id: '88000123', server_id: 3 }, result: { list: [pack] } },
  orderWebCoinProduct: { body: {}, result: { list: [coinPack] } },
  orderWebPayChannel: {
    body: { role_id: '88000123', server_id: 3, cp_goods_id: 'g.crystal.60' },
    result: {
      list: [
        { channel_code: 'card', channel_name: 'Visa card', kind: 'card', icon: null },
        { channel_code: 'epoint', channel_name: 'HC Point', kind: 'epoint', icon: null },
      ],
    },
  },
  orderWebCreate: {
    body: {
      role_id: '88000123',
      server_id: 3,
      cp_goods_id: 'g.crystal.60',
      channel_code: 'card',
      role_name: 'Aria',
      server_name: 'S3 Phoenix',
    },
    result: { pay_url: 'https://pay.example.com/checkout/cs_1', sdk_order_id: 'HC20260101000001' },
  },
  orderRecord: {
    body: { page: 1, size: 10, begin: now - 86_400, end: now, status: 2 },
    result: {
      list: [
        {
          sdk_order_id: 'HC20260101000001',
          name: '60 Crystals',
          amount: 99,
          currency: 'USD',
          status: 2,
          channel_name: 'Visa card',
          create_ts: now,
          game_name: 'Dragon Saga',
          server_name: 'S3 Phoenix',
          role_name: 'Aria',
          uid: 5001,
          order_type: 'game',
        },
      ],
      total: 1,
      page: 1,
      size: 10,
    },
  },
  orderCoinRecord: {
    body: { page: 1, size: 10 },
    result: {
      list: [
        {
          sdk_order_id: 'HC20260101000002',
          create_ts: now,
          change: 500,
          balance: 500,
          type: 'income',
        },
      ],
      total: 1,
      page: 1,
      size: 10,
    },
  },
  orderDetail: {
    body: { sdk_order_id: 'HC20260101000001' },
    result: {
      sdk_order_id: 'HC20260101000001',
      name: '60 Crystals',
      status: 6,
      channel_name: 'Visa card',
      account: 'player01',
      game_name: 'Dragon Saga',
      server_name: 'S3 Phoenix',
      role_name: 'Aria',
      amount: 99,
      currency: 'USD',
      create_ts: now,
      pay_url: null,
      timeline: [
        { status: 1, ts: now },
        { status: 6, ts: now + 30 },
      ],
    },
  },
  orderCancel: {
    body: { sdk_order_id: 'HC20260101000001' },
    result: { sdk_order_id: 'HC20260101000001', status: 4 },
  },
  characterInfoSelect: { body: { server_id: 3, role_id: '88000123' }, result: character },
  characterGameInfo: {
    body: {},
    result: {
      list: [
        {
          game_id: 1,
          game_name: 'Dragon Saga',
          icon: '/img/ds.png',
          gameAccountId: 5001,
          uid: 'p-771204',
          display_name: 'Aria',
          bind_ts: now,
          last_character: character,
        },
      ],
    },
  },
  gameInfoContent: {
    body: {},
    result: {
      id: 11,
      game_id: 1,
      kind: 'info',
      title: 'World',
      content: '<p>A realm of dragons.</p>',
      img: null,
      update_ts: now,
    },
  },
  identitySave: { body: enc, result: { info: realInfo } },
  paymentOrderEpointPay: {
    body: { paymentId: 'HC20260101000001' },
    result: { sdk_order_id: 'HC20260101000001', status: 6, balance },
  },
  rechargeV2Items: {
    body: { role_id: '88000123', server_id: 3 },
    result: { game_packs: [pack], coin_packs: [coinPack] },
  },
  rechargeRebateInfo: {
    body: {},
    result: {
      active: true,
      begin_ts: now,
      end_ts: now + 7 * 86_400,
      tiers: [{ threshold: 4999, currency: 'USD', percent: 5 }],
      desc: '5% back over $49.99',
    },
  },
  redeemCode: {
    body: { code: 'WELCOME2026', server_id: 3, role_id: '88000123' },
    result: { redemption_id: 'redeem:1042', rewards: [{ name: 'Gold', count: 1000 }] },
  },
  analyticsSession: {
    body: { device_id: '3f1c2a9e-5b7d-4e1a-9c0f-2d6b8e4a7c15' },
    result: {
      sid: '1795456800.q2Vx7nLwR9cT1mKp0aZs4g',
      key: 'Zq8mH1v4Yc2Rk7Wn0bT5pL3xJ9dF6gS2aQ1eU8iO4rM',
      expires_at: 1795456800,
      server_ts: 1795413600,
    },
  },
  analyticsCollect: {
    body: {
      payload:
        '{"v":1,"sid":"1795456800.q2Vx7nLwR9cT1mKp0aZs4g","device_id":"3f1c2a9e-5b7d-4e1a-9c0f-' +
        '2d6b8e4a7c15","nonce":"n0RkQ3xV8bLw2YtJ5mPc7A","ts":1795413620,"lang":"en-US",' +
        '"game_id":1,"events":[{"event":"webpay_show_page","seq":0,"ts":1795413619,' +
        '"page":"/main/recharge"}]}',
      sig: 'yN3l6c0mC4wqJ8H2tQ9zR5vK1bX7pA0sD3fG6hJ9kL2',
    },
    result: { accepted: 1, rejected: [] },
  },
  publisherPlayersUpsert: {
    body: { uid: 'p-771204', display_name: 'Aria', email: 'aria@example.com' },
    result: { account: publisherAccount, binding: publisherBinding, created: true },
  },
  publisherPlayersGet: {
    body: { uid: 'p-771204' },
    result: { account: publisherAccount, binding: publisherBinding },
  },
  publisherPlayersBind: {
    body: { uid: 'p-771204', accid: 1001, display_name: 'Aria' },
    result: { account: publisherAccount, binding: publisherBinding },
  },
  publisherPlayersUnbind: {
    body: { uid: 'p-771204' },
    result: { account: publisherAccount, binding: null },
  },
  publisherPlayersContact: {
    body: { uid: 'p-771204', email: null, phone: '+4915112345678' },
    result: {
      account: { ...publisherAccount, email: null, phone: '+4915112345678' },
      binding: publisherBinding,
    },
  },
  publisherPlayersDisable: {
    body: { uid: 'p-771204', reason: 'chargeback fraud' },
    result: {
      account: { ...publisherAccount, disabled: true, disabled_at: now + 3600 },
      binding: publisherBinding,
    },
  },
  publisherPlayersEnable: {
    body: { uid: 'p-771204' },
    result: { account: publisherAccount, binding: publisherBinding },
  },
  publisherHandoverCreate: {
    body: { uid: 'p-771204', display_name: 'Aria' },
    result: {
      ticket: 'Xq2v9Lr0cT4mZ8bN1sK6wY3uP7eA5hJd0fG2iQ9oR1x',
      url: 'https://portal.example.com/main/recharge?hctoken=Xq2v9Lr0cT4mZ8bN1sK6wY3uP7eA5hJd0fG2iQ9oR1x',
      expires_at: now + 300,
    },
  },
  publisherLinkCodesCreate: {
    body: { uid: 'p-771204' },
    result: { code: 'K7QH3MZP', expires_at: now + 600 },
  },
};
