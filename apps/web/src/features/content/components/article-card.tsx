// One announcement in a list (docs/product/content.md#articles): cover image, type, date, title and summary.
import type { ArticleSummary } from '@hc/contract';
import { Badge, Skeleton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { typeLabelKey } from '../utils/article-tabs';
import { formatUnixSeconds, unixSecondsToIso } from '../../../lib/format';
import classes from './content.module.css';

export function ArticleCard({ article }: { article: ArticleSummary }) {
  const { t, i18n } = useTranslation('content');
  return (
    <Link
      to={paths.eventDetail(article.id)}
      className={classes.card}
      data-testid={`article-${article.id}`}
    >
      <div className={classes.thumb}>
        {article.img ? <img src={article.img} alt="" loading="lazy" decoding="async" /> : null}
      </div>
      <div className={classes.cardBody}>
        <div className={classes.meta}>
          <Badge variant="light" color="hc" radius="sm" className={classes.badge}>
            {t(typeLabelKey(article.type))}
          </Badge>
          <time dateTime={unixSecondsToIso(article.create_ts)}>
            {formatUnixSeconds(article.create_ts, i18n.language, 'date')}
          </time>
        </div>
        <span className={classes.cardTitle}>{article.title}</span>
        {article.summary ? <p className={classes.summary}>{article.summary}</p> : null}
      </div>
    </Link>
  );
}

export function ArticleCardSkeleton() {
  return (
    <div className={classes.card} aria-hidden="true" data-testid="article-skeleton">
      <Skeleton className={classes.thumb} />
      <div className={classes.cardBody} style={{ flex: 1 }}>
        <Skeleton height={14} width={120} />
        <Skeleton height={20} width="80%" />
        <Skeleton height={14} />
      </div>
    </div>
  );
}
