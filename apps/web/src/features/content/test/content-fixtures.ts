// Test data for the reading pages: home config, articles, game content, footer pages, bulletin.
import type { Article, ArticleSummary, HomeConf } from '@hc/contract';
import { envelope, type RecordedRequest } from '../../../test/api-stub';

export const homeConf: HomeConf = {
  gameInfo: {
    game_id: 1,
    name: 'Dragon Saga',
    icon: '/demo/icon.svg',
    cgi: '/demo/banner.svg',
    downloads: {
      android: 'https://play.example.com/ds',
      pc: 'https://dl.example.com/ds.exe',
      ios: null,
    },
    customConfig: { loggerUrl: 'https://log.example.com/collect' },
  },
  gameContent: {
    info: [
      {
        id: 11,
        title: 'World of Aster',
        img: '/demo/world.svg',
        summary: 'Floating isles and old gods.',
      },
      { id: 12, title: 'Classes', img: null, summary: 'Knight, ranger and mystic.' },
    ],
    features: [{ id: 21, title: 'Guild Wars', img: '/demo/guild.svg', summary: 'Weekly sieges.' }],
  },
  footer: { about: null, contact: null, privacy: null, agreement: null },
};

export const summary = (id: number, over: Partial<ArticleSummary> = {}): ArticleSummary => ({
  id,
  title: `Article ${id}`,
  img: `/demo/article-${id}.svg`,
  type: 1,
  create_ts: 1_767_225_600 + id * 86_400,
  summary: `Summary of article ${id}`,
  ...over,
});

export const articlePage = (list: ArticleSummary[], total = list.length, page = 1, size = 10) =>
  envelope({ list, total, page, size });

export const article = (over: Partial<Article> = {}): Article => ({
  id: 7,
  title: 'Winter Festival',
  content: '<p>Snow <strong>everywhere</strong>.</p>',
  img: '/demo/winter.svg',
  type: 2,
  create_ts: 1_767_225_600,
  ...over,
});

export type Body = Record<string, unknown>;
export const bodyOf = (r: RecordedRequest): Body =>
  JSON.parse(typeof r.init.body === 'string' ? r.init.body : '{}') as Body;

/** Defaults so every /main page renders: no bulletin, a support URL. */
export const baseHandlers = {
  '/api/bulletin/top': () => envelope({ bulletin: null }),
  '/api/setting/crmUrl': () => envelope({ crm_url: 'https://crm.example.com/chat?u=1' }),
};
