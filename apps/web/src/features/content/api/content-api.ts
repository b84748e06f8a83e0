// Calls and query options of the reading side (docs/product/content.md#home, docs/product/content.md#articles, docs/product/api.md#content-calls): home config,
// articles, game content blocks, footer pages and the pinned bulletin (the customer-support URL
// is shared with other features: lib/customer-support.ts).
// Query keys carry the UI language because the server answers in the request language, and each
// query sends that language as its `lang` header (lib/query-language.ts).
import { api, type ArticleTypeValue, type CallBody, type CallResult } from '@hc/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { langHeaders } from '../../../lib/query-language';
import { paths } from '../../../lib/paths';
import type { FooterSlug } from '../footer-pages';

/** Articles per page on /main/event; Hot News shows the newest few. */
export const ARTICLE_PAGE_SIZE = 10;
export const HOT_NEWS_SIZE = 5;

export { FOOTER_LABEL_KEYS, isFooterSlug, type FooterSlug } from '../footer-pages';

export type HomeConfResult = CallResult<typeof api.settingWebHomeConfJodo>;
export type ArticlePage = CallResult<typeof api.settingWebArticle>;
/** 'pinned' (the server's default): pinned first, then newest; 'newest': by publish date only. */
export type ArticleOrder = NonNullable<CallBody<typeof api.settingWebArticle>['order']>;

export const homeConfQuery = (lang: string, gameId: number | null) =>
  queryOptions({
    queryKey: ['content', 'homeConf', lang, gameId],
    queryFn: ({ signal }) =>
      callApi(api.settingWebHomeConfJodo, {}, { signal, headers: langHeaders(lang) }),
    staleTime: 5 * 60_000,
  });

export const articlesQuery = (
  lang: string,
  args: {
    page: number;
    size: number;
    type?: ArticleTypeValue;
    order?: ArticleOrder;
    /** Only the articles published in the last N days. */
    withinDays?: number;
  },
) =>
  queryOptions({
    queryKey: [
      'content',
      'articles',
      lang,
      args.type ?? 'all',
      args.order ?? 'pinned',
      args.withinDays ?? 'any',
      args.page,
      args.size,
    ],
    queryFn: ({ signal }) =>
      callApi(
        api.settingWebArticle,
        {
          page: args.page,
          size: args.size,
          ...(args.type === undefined ? {} : { type: args.type }),
          ...(args.order === undefined ? {} : { order: args.order }),
          ...(args.withinDays === undefined ? {} : { within_days: args.withinDays }),
        },
        { signal, headers: langHeaders(lang) },
      ),
    placeholderData: keepPreviousData,
  });

/** Hot News on /main/home: the newest articles of every type by the date shown (no pinning). */
export const hotNewsQuery = (lang: string) =>
  articlesQuery(lang, { page: 1, size: HOT_NEWS_SIZE, order: 'newest' });

export const articleQuery = (lang: string, id: number) =>
  queryOptions({
    queryKey: ['content', 'article', lang, id],
    queryFn: ({ signal }) =>
      callApi(api.settingWebArticleDetail, { id }, { signal, headers: langHeaders(lang) }),
  });

export const gameContentQuery = (lang: string, id: number) =>
  queryOptions({
    queryKey: ['content', 'gameContent', lang, id],
    queryFn: ({ signal }) =>
      callApi(api.gameInfoContent, {}, { signal, params: { id }, headers: langHeaders(lang) }),
    staleTime: 5 * 60_000,
  });

export const sitePageQuery = (lang: string, slug: FooterSlug) =>
  queryOptions({
    queryKey: ['content', 'page', lang, slug],
    queryFn: ({ signal }) =>
      callApi(api.settingPage, { slug }, { signal, headers: langHeaders(lang) }),
    staleTime: 5 * 60_000,
  });

export const bulletinQuery = (lang: string) =>
  queryOptions({
    queryKey: ['content', 'bulletin', lang],
    queryFn: ({ signal }) => callApi(api.bulletinTop, {}, { signal, headers: langHeaders(lang) }),
    staleTime: 5 * 60_000,
    retry: false,
  });

/** ADR 0021: the footer page route, /main/page/{slug}. */
export const sitePagePath = (slug: FooterSlug) => `${paths.main}/page/${slug}`;
