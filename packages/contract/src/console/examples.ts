// One valid body and result per console call: checked by the compiler, shown in the OpenAPI
// document, used as fuzzing seeds.
import type { CallBody, CallResult } from '../call';
import type { ConsoleApi, ConsoleCallName } from './api';
import { contentExamples } from './content-examples';
import { dashboardExamples } from './dashboard-examples';
import { gamesExamples } from './games-examples';
import { jobsExamples } from './jobs-examples';
import { playersExamples } from './players-examples';
import { reconciliationExamples } from './reconciliation-examples';
import { ordersExamples } from './orders-examples';

export type ConsoleExamples = {
  [K in ConsoleCallName]: { body: CallBody<ConsoleApi[K]>; result: CallResult<ConsoleApi[K]> };
};

const now = 1_767_225_600; // 2026-01-01T00:00:00Z
const operator = {
  id: 1,
  name: 'operator',
  displayName: 'Operator',
  roles: ['owner' as const],
  twoFactorEnabled: true,
  mustEnrol: false,
};
const session = {
  operator,
  csrfToken: 'Yk3v9kQ2bq2R1hA3Jx6nC8tW0pLr4sZe',
  idleTimeoutSeconds: 1800,
  expiresAt: now + 12 * 3600,
};
const listed = {
  id: 2,
  name: 'mika',
  displayName: 'Mika (content)',
  roles: ['content' as const],
  twoFactorEnabled: false,
  setUp: true,
  disabled: false,
  createdAt: now,
};
const setupLink = {
  setupUrl: 'https://portal.example.com/console/setup#q3LmN8pVx0aT5kR2wY7cB1dF4gH6jK9sU0eI2oP5zXc',
  expiresAt: now + 24 * 3600,
};
const token = 'q3LmN8pVx0aT5kR2wY7cB1dF4gH6jK9sU0eI2oP5zXc';

const imageUrl = '/media/9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08.png';
const uploaded = {
  id: 7,
  url: imageUrl,
  width: 256,
  height: 256,
  bytes: 18_204,
  type: 'image/png' as const,
};
const packFields = {
  cpGoodsId: 'hc_1000',
  names: { 'en-US': '1,000 HC Point', 'zh-CN': '1000 HC 点' },
  images: { 'en-US': imageUrl },
  price: 999,
  currency: 'USD' as const,
  bonus: 10,
  gift: 100,
  amount: 1000,
  items: [],
  serverIds: null,
  sort: 0,
  enabled: true,
  saleBegin: now,
  saleEnd: null,
};
const pack = {
  ...packFields,
  id: 12,
  gameId: 1,
  kind: 'coin' as const,
  status: 'on_sale' as const,
  missingNames: ['zh-HK', 'zh-TW', 'th-TH', 'ko-KR', 'ja-JP', 'vi-VN', 'de-DE'] as const,
  updatedAt: now,
};
const product = {
  name: '1,000 HC Point',
  price: 999,
  currency: 'USD',
  cp_goods_id: 'hc_1000',
  icon: imageUrl,
  bonus: 10,
  gift: 100,
  is_epoint: true,
  amount: 1000,
};
const rebateFields = {
  begin: now,
  end: now + 14 * 86_400,
  tiers: [
    { threshold: 1000, currency: 'USD' as const, percent: 5 },
    { threshold: 5000, currency: 'USD' as const, percent: 10 },
  ],
  texts: { 'en-US': 'Top up this fortnight and get HC Point back.' },
  enabled: true,
};
const campaign = {
  ...rebateFields,
  id: 3,
  gameId: 1,
  status: 'running' as const,
  missingTexts: ['zh-CN', 'zh-HK', 'zh-TW', 'th-TH', 'ko-KR', 'ja-JP', 'vi-VN', 'de-DE'] as const,
  updatedAt: now,
};
const games = [{ id: 1, name: 'Demo Game' }];

export const consoleExamples: ConsoleExamples = {
  ...contentExamples,
  ...gamesExamples,
  ...jobsExamples,
  ...playersExamples,
  ...reconciliationExamples,
  ...ordersExamples,
  ...dashboardExamples,
  consoleSessionLogin: {
    body: { name: 'operator', password: 'operator1234', code: '492039' },
    result: session,
  },
  consoleSessionLogout: { body: {}, result: { success: true } },
  consoleSessionMe: { body: {}, result: session },
  consoleTwoFactorStart: {
    body: {},
    result: {
      secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      otpauthUrl:
        'otpauth://totp/HC%20Portal:operator?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=HC%20Portal',
      qrSvgDataUrl: 'data:image/svg+xml;base64,PHN2Zy8+',
    },
  },
  consoleTwoFactorConfirm: {
    body: { code: '492039' },
    result: { recoveryCodes: ['k4m9p-2xq7d', 'w8c3n-t6r1v'] },
  },
  consoleSetupCheck: {
    body: { token },
    result: { name: 'mika', displayName: 'Mika (content)', roles: ['content'], expiresAt: now },
  },
  consoleSetupAccept: { body: { token, password: 'N3w!console' }, result: { name: 'mika' } },
  consoleOperatorsList: { body: {}, result: { list: [listed] } },
  consoleOperatorsInvite: {
    body: { name: 'mika', displayName: 'Mika (content)', roles: ['content'] },
    result: setupLink,
  },
  consoleOperatorsUpdate: {
    body: { id: 2, roles: ['content', 'support'] },
    result: { ...listed, roles: ['content', 'support'] },
  },
  consoleOperatorsResetTwoFactor: { body: { id: 2 }, result: listed },
  consoleOperatorsResendSetup: { body: { id: 2 }, result: setupLink },
  consoleAuditList: {
    body: { action: 'operator.', from: now, page: 1, size: 20 },
    result: {
      list: [
        {
          id: 41,
          at: now,
          actorKind: 'operator',
          actor: 'operator',
          ip: '203.0.113.7',
          action: 'operator.update',
          target: 'operator:2',
          before: { roles: ['content'] },
          after: { roles: ['content', 'support'] },
        },
      ],
      total: 1,
      page: 1,
      size: 20,
    },
  },
  consoleAuditExport: {
    body: { from: now },
    result:
      'id,at,actor_kind,actor,ip,action,target,before,after\n41,2026-01-01T00:00:00.000Z,operator,operator,203.0.113.7,operator.update,operator:2,"{""roles"":[""content""]}","{""roles"":[""content"",""support""]}"\n',
  },
  consoleImagesUpload: { body: {}, result: uploaded },
  consoleImagesList: {
    body: { page: 1, size: 24 },
    result: {
      list: [
        {
          ...uploaded,
          sha256: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
          createdAt: now,
          uploadedBy: 'operator',
          storage: 'database',
        },
      ],
      total: 1,
      page: 1,
      size: 24,
    },
  },
  consoleImagesDelete: { body: { id: 7 }, result: { success: true } },
  consoleCatalogPacksList: {
    body: { gameId: 1, kind: 'coin' },
    result: { games, gameId: 1, list: [{ ...pack, missingNames: [...pack.missingNames] }] },
  },
  consoleCatalogPackCreate: {
    body: { ...packFields, gameId: 1, kind: 'coin' },
    result: { ...pack, missingNames: [...pack.missingNames] },
  },
  consoleCatalogPackUpdate: {
    body: { ...packFields, id: 12, price: 1099 },
    result: { ...pack, price: 1099, missingNames: [...pack.missingNames] },
  },
  consoleCatalogPreview: {
    body: { gameId: 1, kind: 'coin', language: 'zh-CN' },
    result: {
      list: [{ ...product, name: '1000 HC 点' }],
      all: [
        { ...product, name: '1000 HC 点' },
        {
          ...product,
          name: '5000 HC 点',
          cp_goods_id: 'hc_5000',
          price: 4999,
          amount: 5000,
          hidden: 'scheduled',
        },
      ],
      rebate: {
        active: true,
        begin_ts: rebateFields.begin,
        end_ts: rebateFields.end,
        tiers: rebateFields.tiers,
        desc: 'Top up this fortnight and get HC Point back.',
      },
    },
  },
  consoleCatalogRebatesList: {
    body: { gameId: 1 },
    result: { games, gameId: 1, list: [{ ...campaign, missingTexts: [...campaign.missingTexts] }] },
  },
  consoleCatalogRebateCreate: {
    body: { ...rebateFields, gameId: 1 },
    result: { ...campaign, missingTexts: [...campaign.missingTexts] },
  },
  consoleCatalogRebateUpdate: {
    body: { ...rebateFields, id: 3, enabled: false },
    result: {
      ...campaign,
      enabled: false,
      status: 'disabled',
      missingTexts: [...campaign.missingTexts],
    },
  },
};
