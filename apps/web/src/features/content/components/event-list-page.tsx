// /main/event (docs/product/content.md#announcement-tabs): tabs All, Latest, Announcements, Activity, Strategy,
// Update (mapping in utils/article-tabs.ts), kept in ?tab= with the page in ?page=; cards with
// images, summary and date; pagination; "no content yet" and list-failure messages (docs/product/errors.md#outcome-and-failure-messages).
import { Button, Pagination, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState, LoadErrorState } from '../../../components/ui/empty-state';
import { ARTICLE_PAGE_SIZE, articlesQuery } from '../api/content-api';
import { useContentLang } from '../hooks/use-content-lang';
import { ARTICLE_TABS, pageFromQuery, tabFromQuery, type ArticleTab } from '../utils/article-tabs';
import { ArticleCard, ArticleCardSkeleton } from './article-card';
import classes from './content.module.css';

export function EventListPage() {
  const { t } = useTranslation(['content', 'common']);
  const lang = useContentLang();
  const [params, setParams] = useSearchParams();
  const tab = tabFromQuery(params.get('tab'));
  const page = tab.paged ? pageFromQuery(params.get('page')) : 1;
  const query = useQuery(
    articlesQuery(lang, {
      page,
      size: ARTICLE_PAGE_SIZE,
      type: tab.type,
      order: tab.order,
      withinDays: tab.withinDays,
    }),
  );
  const pages = query.data ? Math.max(1, Math.ceil(query.data.total / query.data.size)) : 1;

  const selectTab = (next: ArticleTab) => {
    // Each tab change is a history entry, so Back returns to the previous tab.
    setParams(next.key === 'all' ? {} : { tab: next.key });
  };
  const selectPage = (next: number) => {
    const search: Record<string, string> = {};
    if (tab.key !== 'all') search.tab = tab.key;
    if (next > 1) search.page = String(next);
    setParams(search);
    window.scrollTo({ top: 0 });
  };

  return (
    <div className={classes.page}>
      <div className={classes.pageHeader}>
        <Title order={1} className={classes.pageTitle}>
          {t('common:routes.event')}
        </Title>
      </div>
      <div
        className={classes.tabs}
        role="tablist"
        aria-label={t('list.tabsLabel')}
        data-testid="event-tabs"
      >
        {ARTICLE_TABS.map((item) => (
          <button
            key={item.key}
            type="button"
            role="tab"
            id={`event-tab-${item.key}`}
            aria-selected={item.key === tab.key}
            aria-controls="event-panel"
            className={classes.tab}
            data-testid={`event-tab-${item.key}`}
            onClick={() => selectTab(item)}
          >
            {t(`common:pages.event.tabs.${item.key}`)}
          </button>
        ))}
      </div>
      <section
        id="event-panel"
        role="tabpanel"
        aria-labelledby={`event-tab-${tab.key}`}
        aria-busy={query.isFetching}
        data-testid="event-list"
      >
        {query.isError && !query.data ? (
          <LoadErrorState
            framed
            title={t('common:info.getAnnouncementListFail')}
            onRetry={() => void query.refetch()}
            testId="event-list-error"
          />
        ) : !query.data ? (
          <ul className={classes.list}>
            {[0, 1, 2, 3].map((i) => (
              <li key={i}>
                <ArticleCardSkeleton />
              </li>
            ))}
          </ul>
        ) : query.data.list.length === 0 ? (
          <EmptyState
            art="news"
            framed
            testId="event-list-empty"
            title={
              tab.withinDays === undefined
                ? t('common:info.noAnnouncementContent')
                : t('list.latestEmpty', { days: tab.withinDays })
            }
            text={t('list.emptyHint')}
            action={
              tab.key === 'all' ? undefined : (
                <Button variant="light" onClick={() => selectTab(ARTICLE_TABS[0])}>
                  {t('list.showAll')}
                </Button>
              )
            }
          />
        ) : (
          <ul className={classes.list}>
            {query.data.list.map((article) => (
              <li key={article.id}>
                <ArticleCard article={article} />
              </li>
            ))}
          </ul>
        )}
      </section>
      {tab.paged && pages > 1 ? (
        <nav className={classes.pagination} aria-label={t('list.pagination')}>
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={selectPage}
            withEdges
            siblings={1}
            data-testid="event-pagination"
          />
        </nav>
      ) : null}
    </div>
  );
}
