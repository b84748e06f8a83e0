// /main/page/:slug (ADR 0021): the footer pages About Us, Contact us, Privacy Policy and User
// Agreement (docs/product/content.md#footer-pages), their HTML sanitised again in the browser. Contact us also offers
// the customer-support link (docs/product/api.md#system-calls crmUrl).
import { Alert, Skeleton, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { FOOTER_LABEL_KEYS, isFooterSlug, sitePageQuery } from '../api/content-api';
import { useContentLang } from '../hooks/use-content-lang';
import { formatUnixSeconds, unixSecondsToIso } from '../../../lib/format';
import { SafeHtml } from './safe-html';
import { SupportButton } from './support-link';
import classes from './content.module.css';

export function FooterPage() {
  const { t, i18n } = useTranslation(['content', 'common']);
  const lang = useContentLang();
  const { slug } = useParams();
  const valid = isFooterSlug(slug);
  const query = useQuery({ ...sitePageQuery(lang, valid ? slug : 'about'), enabled: valid });

  if (!valid || query.isError) {
    return (
      <div className={`${classes.page} ${classes.narrow}`}>
        <Title order={1} className={classes.pageTitle}>
          {valid ? t(`common:${FOOTER_LABEL_KEYS[slug]}`) : t('common:pages.notFound.title')}
        </Title>
        <Alert
          color={valid ? 'red' : 'yellow'}
          variant="light"
          role="alert"
          data-testid="site-page-error"
        >
          {valid ? t('page.loadFail') : t('common:pages.notFound.message')}
        </Alert>
      </div>
    );
  }
  const page = query.data;
  return (
    <div className={`${classes.page} ${classes.narrow}`}>
      {page ? (
        <article className={classes.article} data-testid={`site-page-${page.slug}`}>
          <Title order={1} className={classes.articleTitle}>
            {page.title}
          </Title>
          <p className={classes.meta}>
            {t('page.updated')}{' '}
            <time dateTime={unixSecondsToIso(page.update_ts)}>
              {formatUnixSeconds(page.update_ts, i18n.language, 'date')}
            </time>
          </p>
          <SafeHtml html={page.content} testId="site-page-content" />
          {page.slug === 'contact' ? <SupportButton /> : null}
        </article>
      ) : (
        <div className={classes.article} aria-busy="true" aria-label={t('common:a11y.loading')}>
          <Skeleton height={32} width="50%" />
          <Skeleton height={14} />
          <Skeleton height={14} />
          <Skeleton height={14} width="75%" />
        </div>
      )}
    </div>
  );
}
