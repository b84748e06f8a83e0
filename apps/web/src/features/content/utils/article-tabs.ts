// docs/product/content.md#announcement-tabs mapped onto article types (docs/product/content.md#articles; type 4 strategy is a contract
// extension). "All" pages through every type, newest first by publish date (the date on the
// cards; pinned articles are not lifted); "Latest" is the same but only the articles published
// in the last LATEST_DAYS days. The type tabs keep pinned articles first. The tab lives in the
// URL (?tab=) so reload and back keep it.
import { ArticleType, type ArticleTypeValue } from '@hc/contract';
import type { ArticleOrder } from '../api/content-api';

/** The Latest tab's window, in days. */
export const LATEST_DAYS = 30;

export const ARTICLE_TABS = [
  { key: 'all', type: undefined, order: 'newest', withinDays: undefined, paged: true },
  { key: 'latest', type: undefined, order: 'newest', withinDays: LATEST_DAYS, paged: true },
  {
    key: 'announcements',
    type: ArticleType.news,
    order: undefined,
    withinDays: undefined,
    paged: true,
  },
  {
    key: 'activity',
    type: ArticleType.event,
    order: undefined,
    withinDays: undefined,
    paged: true,
  },
  {
    key: 'strategy',
    type: ArticleType.strategy,
    order: undefined,
    withinDays: undefined,
    paged: true,
  },
  { key: 'update', type: ArticleType.update, order: undefined, withinDays: undefined, paged: true },
] as const satisfies ReadonlyArray<{
  key: string;
  type?: ArticleTypeValue;
  order?: ArticleOrder;
  withinDays?: number;
  paged: boolean;
}>;

export type ArticleTab = (typeof ARTICLE_TABS)[number];
export type ArticleTabKey = ArticleTab['key'];

/** The tab named by ?tab=, "all" when missing or unknown. */
export function tabFromQuery(value: string | null): ArticleTab {
  return ARTICLE_TABS.find((tab) => tab.key === value) ?? ARTICLE_TABS[0];
}

/** Translation key (content namespace) of an article type's label. */
export function typeLabelKey(type: ArticleTypeValue) {
  switch (type) {
    case ArticleType.news:
      return 'types.news' as const;
    case ArticleType.event:
      return 'types.event' as const;
    case ArticleType.update:
      return 'types.update' as const;
    default:
      return 'types.strategy' as const;
  }
}

/** ?page= as a positive integer, else 1. */
export function pageFromQuery(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}
