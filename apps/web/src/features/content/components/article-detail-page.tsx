// /main/event/detail/{id} (docs/product/content.md#announcement-detail): title, type, date, cover image and the
// body sanitised again in the browser; "Announcement does not exist" for ArticleNotFound and a
// detail-failure message otherwise (docs/product/errors.md#outcome-and-failure-messages); a link back to the list.
import { ErrorCode } from '@hc/contract';
import { Alert, Badge, Button, Skeleton, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../../lib/api-error';
import { paths } from '../../../lib/paths';
import { articleQuery } from '../api/content-api';
import { useContentLang } from '../hooks/use-content-lang';
import { typeLabelKey } from '../utils/article-tabs';
import { formatUnixSeconds, unixSecondsToIso } from '../../../lib/format';
import { SafeHtml } from './safe-html';
import classes from './content.module.css';

function parseId(raw: string | undefined): number | null {
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export function ArticleDetailPage() {
  const { t, i18n } = useTranslation(['content', 'common']);
  const lang = useContentLang();
  const id = parseId(useParams().id);
  const query = useQuery({ ...articleQuery(lang, id ?? 0), enabled: id !== null });
  const notFound =
    id === null || (isApiError(query.error) && query.error.code === ErrorCode.ArticleNotFound);
  const back = (
    <Button
      component={Link}
      to={paths.event}
      variant="subtle"
      className={classes.back}
      data-testid="article-back"
    >
      {t('detail.back')}
    </Button>
  );

  if (notFound || query.isError) {
    return (
      <div className={`${classes.page} ${classes.narrow}`}>
        {back}
        <Title order={1} className={classes.pageTitle}>
          {t('common:routes.eventDetail')}
        </Title>
        <Alert
          color={notFound ? 'yellow' : 'red'}
          variant="light"
          role="alert"
          data-testid={notFound ? 'article-not-found' : 'article-error'}
        >
          {notFound
            ? t('common:info.announcementNotFound')
            : t('common:info.getAnnouncementDetailFail')}
        </Alert>
      </div>
    );
  }

  const article = query.data;
  return (
    <div className={`${classes.page} ${classes.narrow}`}>
      {back}
      {article ? (
        <article className={classes.article} data-testid="article">
          <div className={classes.meta}>
            <Badge variant="light" color="hc" radius="sm" className={classes.badge}>
              {t(typeLabelKey(article.type))}
            </Badge>
            <time dateTime={unixSecondsToIso(article.create_ts)}>
              {formatUnixSeconds(article.create_ts, i18n.language, 'date')}
            </time>
          </div>
          <Title order={1} className={classes.articleTitle} data-testid="article-title">
            {article.title}
          </Title>
          {article.img ? <img className={classes.cover} src={article.img} alt="" /> : null}
          <SafeHtml html={article.content} testId="article-content" />
        </article>
      ) : (
        <div className={classes.article} aria-busy="true" aria-label={t('common:a11y.loading')}>
          <Skeleton height={18} width={160} />
          <Skeleton height={32} width="70%" />
          <Skeleton height={240} />
          <Skeleton height={14} />
          <Skeleton height={14} width="85%" />
        </div>
      )}
    </div>
  );
}
