// Examples of the console's Content calls (docs/console.md#content), spread into consoleExamples.
import type { CallBody, CallResult } from '../call';
import type { ConsoleApi, ConsoleCallName } from './api';

type ContentCallName = Extract<ConsoleCallName, `consoleContent${string}`>;
export type ContentExamples = {
  [K in ContentCallName]: { body: CallBody<ConsoleApi[K]>; result: CallResult<ConsoleApi[K]> };
};

const now = 1_767_225_600; // 2026-01-01T00:00:00Z
const cover = '/media/3f4a9c1e0b7d2a6c5e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d.webp';
const texts = {
  'en-US': { title: 'Winter festival', content: '<p>Snow, gifts and a new hero.</p>' },
  'zh-CN': { title: '冬日庆典', content: '<p>雪景、礼物和新英雄。</p>' },
};
const missing = ['zh-HK', 'zh-TW', 'th-TH', 'ko-KR', 'ja-JP', 'vi-VN', 'de-DE'] as const;
const articleInput = {
  type: 2 as const,
  gameId: null,
  img: cover,
  pinned: true,
  active: true,
  publishedAt: now,
  texts,
};
const article = {
  id: 12,
  type: 2 as const,
  gameId: null,
  title: 'Winter festival',
  img: cover,
  pinned: true,
  active: true,
  publishedAt: now,
  status: 'live' as const,
  missingLanguages: [...missing],
  updatedAt: now,
};
const bulletinTexts = {
  'en-US': { title: 'Maintenance', content: 'Servers restart at 02:00 UTC.', link: '/main/event' },
};
const bulletinInput = {
  pinned: true,
  active: true,
  beginsAt: now,
  endsAt: now + 86_400,
  texts: bulletinTexts,
};
const bulletin = {
  id: 3,
  title: 'Maintenance',
  pinned: true,
  active: true,
  beginsAt: now,
  endsAt: now + 86_400,
  status: 'live' as const,
  missingLanguages: [...missing, 'zh-CN' as const],
  updatedAt: now,
};
const blockInput = {
  kind: 'feature' as const,
  img: null,
  sort: 1,
  texts: { 'en-US': { title: 'Guild wars', content: '<p>Fight together every weekend.</p>' } },
};
const block = {
  id: 5,
  gameId: 1,
  ...blockInput,
  missingLanguages: [...missing, 'zh-CN' as const],
  updatedAt: now,
};
const settings = {
  banner: '/content/banner.svg',
  downloads: {
    android: 'https://play.example.com/store/apps/details?id=demo',
    pc: null,
    ios: null,
  },
};
const home = {
  games: [{ id: 1, name: 'Demo Game', platforms: ['android', 'pc'] }],
  gameId: 1,
  settings,
  blocks: [block],
  updatedAt: now,
};
const pageTexts = {
  'en-US': { title: 'About Us', content: '<p>We make games for players everywhere.</p>' },
};
const page = {
  slug: 'about' as const,
  title: 'About Us',
  missingLanguages: [...missing, 'zh-CN' as const],
  updatedAt: now,
};

export const contentExamples: ContentExamples = {
  consoleContentArticlesList: {
    body: { status: 'live', type: 2, page: 1, size: 20 },
    result: { list: [article], total: 1, page: 1, size: 20 },
  },
  consoleContentArticlesGet: { body: { id: 12 }, result: { ...article, texts } },
  consoleContentArticlesCreate: { body: articleInput, result: { ...article, texts } },
  consoleContentArticlesUpdate: {
    body: { ...articleInput, id: 12 },
    result: { ...article, texts },
  },
  consoleContentArticlesDelete: { body: { id: 12 }, result: { success: true } },
  consoleContentArticlesPreview: {
    body: { language: 'zh-CN', id: 12 },
    result: {
      id: 12,
      title: '冬日庆典',
      content: '<p>雪景、礼物和新英雄。</p>',
      img: cover,
      type: 2,
      create_ts: now,
    },
  },
  consoleContentBulletinsList: {
    body: { status: 'live', page: 1, size: 20 },
    result: { list: [bulletin], total: 1, page: 1, size: 20 },
  },
  consoleContentBulletinsGet: { body: { id: 3 }, result: { ...bulletin, texts: bulletinTexts } },
  consoleContentBulletinsCreate: {
    body: bulletinInput,
    result: { ...bulletin, texts: bulletinTexts },
  },
  consoleContentBulletinsUpdate: {
    body: { ...bulletinInput, id: 3 },
    result: { ...bulletin, texts: bulletinTexts },
  },
  consoleContentBulletinsDelete: { body: { id: 3 }, result: { success: true } },
  consoleContentHomeGet: { body: { gameId: 1 }, result: home },
  consoleContentHomeUpdate: { body: { gameId: 1, ...settings }, result: home },
  consoleContentHomePreview: {
    body: { gameId: 1, language: 'en-US' },
    result: {
      home: {
        gameInfo: {
          game_id: 1,
          name: 'Demo Game',
          icon: '/content/demo-game.svg',
          cgi: '/content/banner.svg',
          downloads: settings.downloads,
          customConfig: { loggerUrl: 'https://portal.example.com/api/analytics/collect' },
        },
        gameContent: {
          info: [],
          features: [
            { id: 5, title: 'Guild wars', img: null, summary: 'Fight together every weekend.' },
          ],
        },
        footer: { about: '/main/page/about', contact: null, privacy: null, agreement: null },
      },
      blocks: [
        {
          id: 5,
          game_id: 1,
          kind: 'feature',
          title: 'Guild wars',
          content: '<p>Fight together every weekend.</p>',
          img: null,
          update_ts: now,
        },
      ],
    },
  },
  consoleContentBlocksCreate: { body: { gameId: 1, ...blockInput }, result: block },
  consoleContentBlocksUpdate: { body: { id: 5, ...blockInput }, result: block },
  consoleContentBlocksDelete: { body: { id: 5 }, result: { success: true } },
  consoleContentBlocksPreview: {
    body: { language: 'en-US', gameId: 1, draft: blockInput },
    result: {
      id: 5,
      game_id: 1,
      kind: 'feature',
      title: 'Guild wars',
      content: '<p>Fight together every weekend.</p>',
      img: null,
      update_ts: now,
    },
  },
  consoleContentPagesList: { body: {}, result: { list: [page] } },
  consoleContentPagesGet: { body: { slug: 'about' }, result: { ...page, texts: pageTexts } },
  consoleContentPagesUpdate: {
    body: { slug: 'about', texts: pageTexts },
    result: { ...page, texts: pageTexts },
  },
  consoleContentPagesPreview: {
    body: { slug: 'about', language: 'en-US' },
    result: {
      slug: 'about',
      title: 'About Us',
      content: '<p>We make games for players everywhere.</p>',
      update_ts: now,
    },
  },
};
