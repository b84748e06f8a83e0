// The Content section's calls (docs/console.md#content): list and item queries, and the keys
// the editors invalidate after a save.
import {
  consoleApi,
  type ArticleStatus,
  type ArticleTypeValue,
  type BulletinStatus,
  type SitePageSlug,
} from '@hc/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callConsole } from '../../lib/api';

export const CONTENT_PAGE_SIZE = 20;
export const contentKey = ['console', 'content'] as const;

export interface ArticleFilter {
  type?: ArticleTypeValue;
  status?: ArticleStatus;
  search?: string;
  missing?: boolean;
}

export const articlesQuery = (filter: ArticleFilter, page: number) =>
  queryOptions({
    queryKey: [...contentKey, 'articles', filter, page] as const,
    queryFn: ({ signal }) =>
      callConsole(
        consoleApi.consoleContentArticlesList,
        { ...filter, page, size: CONTENT_PAGE_SIZE },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

export const articleQuery = (id: number) =>
  queryOptions({
    queryKey: [...contentKey, 'article', id] as const,
    queryFn: ({ signal }) => callConsole(consoleApi.consoleContentArticlesGet, { id }, { signal }),
  });

export const bulletinsQuery = (status: BulletinStatus | undefined, page: number) =>
  queryOptions({
    queryKey: [...contentKey, 'bulletins', status ?? 'all', page] as const,
    queryFn: ({ signal }) =>
      callConsole(
        consoleApi.consoleContentBulletinsList,
        { ...(status ? { status } : {}), page, size: CONTENT_PAGE_SIZE },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

export const bulletinQuery = (id: number) =>
  queryOptions({
    queryKey: [...contentKey, 'bulletin', id] as const,
    queryFn: ({ signal }) => callConsole(consoleApi.consoleContentBulletinsGet, { id }, { signal }),
  });

export const homeQuery = (gameId: number | undefined) =>
  queryOptions({
    queryKey: [...contentKey, 'home', gameId ?? 'first'] as const,
    queryFn: ({ signal }) =>
      callConsole(consoleApi.consoleContentHomeGet, gameId === undefined ? {} : { gameId }, {
        signal,
      }),
  });

export const pagesQuery = () =>
  queryOptions({
    queryKey: [...contentKey, 'pages'] as const,
    queryFn: ({ signal }) => callConsole(consoleApi.consoleContentPagesList, {}, { signal }),
  });

export const pageQuery = (slug: SitePageSlug) =>
  queryOptions({
    queryKey: [...contentKey, 'page', slug] as const,
    queryFn: ({ signal }) => callConsole(consoleApi.consoleContentPagesGet, { slug }, { signal }),
  });
