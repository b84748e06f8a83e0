// Building blocks of /main/home (docs/product/content.md#home): the download buttons per platform, Hot News and
// the Game Info / Game Features blocks whose full text opens in a modal (gameInfoContent).
import type { ArticleSummary } from '@hc/contract';
import { Button, Skeleton, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState, LoadErrorState } from '../../../components/ui/empty-state';
import { paths } from '../../../lib/paths';
import { useOpenedOnce } from '../../../lib/use-opened-once';
import type { HomeConfResult } from '../api/content-api';
import { typeLabelKey } from '../utils/article-tabs';
import { formatUnixSeconds, unixSecondsToIso } from '../../../lib/format';
import { PlatformIcon } from './platform-icon';
import classes from './home.module.css';

type Downloads = HomeConfResult['gameInfo']['downloads'];
type Block = HomeConfResult['gameContent']['info'][number];
const PLATFORMS = ['android', 'ios', 'pc'] as const;

// Loaded when a block is first opened (lib/use-opened-once.ts).
const BlockModal = lazy(() => import('./block-modal').then((m) => ({ default: m.BlockModal })));

export function DownloadButtons({ downloads }: { downloads: Downloads | undefined }) {
  const { t } = useTranslation('content');
  if (!downloads) {
    return (
      <div className={classes.downloads}>
        <Skeleton height={52} width={200} radius="md" />
        <Skeleton height={52} width={200} radius="md" />
      </div>
    );
  }
  const available = PLATFORMS.filter((p) => downloads[p]);
  if (available.length === 0) return <p className={classes.muted}>{t('home.noDownloads')}</p>;
  return (
    <div className={classes.downloads}>
      {available.map((platform) => (
        <a
          key={platform}
          className={classes.download}
          href={downloads[platform] ?? undefined}
          target="_blank"
          rel="noopener noreferrer"
          data-testid={`download-${platform}`}
        >
          <PlatformIcon platform={platform} />
          <span className={classes.downloadText}>
            <span className={classes.downloadSmall}>{t('home.downloadOn')}</span>
            <span className={classes.downloadBig}>{t(`platforms.${platform}`)}</span>
          </span>
        </a>
      ))}
    </div>
  );
}

export function HotNews({
  articles,
  loading,
  failed,
}: {
  articles: readonly ArticleSummary[] | undefined;
  loading: boolean;
  failed: boolean;
}) {
  const { t, i18n } = useTranslation(['content', 'common']);
  let body;
  if (!articles) {
    body = failed ? (
      <LoadErrorState title={t('common:info.getAnnouncementListFail')} testId="home-news-error" />
    ) : loading ? (
      <div className={classes.newsGrid} aria-busy="true" aria-label={t('common:a11y.loading')}>
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className={classes.newsItem}>
            <Skeleton className={classes.newsThumb} />
            <Skeleton height={14} width="40%" mt={10} />
            <Skeleton height={18} mt={8} />
          </div>
        ))}
      </div>
    ) : null;
  } else if (articles.length === 0) {
    body = (
      <EmptyState
        art="news"
        title={t('common:info.noAnnouncementContent')}
        text={t('list.emptyHint')}
        testId="home-news-empty"
      />
    );
  } else {
    body = (
      <ul className={classes.newsGrid}>
        {articles.map((article, index) => (
          <li key={article.id} className={index === 0 ? classes.newsLead : undefined}>
            <Link
              to={paths.eventDetail(article.id)}
              className={classes.newsItem}
              data-testid={`home-news-${article.id}`}
            >
              <div className={classes.newsThumb}>
                {article.img ? (
                  <img src={article.img} alt="" loading="lazy" decoding="async" />
                ) : null}
              </div>
              <span className={classes.newsMeta}>
                <span className={classes.newsType}>{t(typeLabelKey(article.type))}</span>
                <time dateTime={unixSecondsToIso(article.create_ts)}>
                  {formatUnixSeconds(article.create_ts, i18n.language, 'date')}
                </time>
              </span>
              <span className={classes.newsTitle}>{article.title}</span>
            </Link>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <section className={classes.panel} aria-labelledby="home-news" data-testid="home-hot-news">
      <div className={classes.panelHead}>
        <Title order={2} id="home-news" className={classes.sectionTitle}>
          {t('common:pages.home.hotNews')}
        </Title>
        <Button
          component={Link}
          to={paths.event}
          variant="subtle"
          size="compact-md"
          data-testid="home-view-more"
        >
          {t('common:pages.home.viewMore')}
        </Button>
      </div>
      {body}
    </section>
  );
}

export function GameBlocks({
  id,
  title,
  blocks,
  variant,
}: {
  id: string;
  title: string;
  blocks: readonly Block[] | undefined;
  variant: 'info' | 'features';
}) {
  const [open, setOpen] = useState<Block | null>(null);
  const modalMounted = useOpenedOnce(open !== null);
  if (blocks && blocks.length === 0) return null;
  return (
    <section className={classes.blocksSection} aria-labelledby={id} data-testid={`home-${id}`}>
      <Title order={2} id={id} className={classes.sectionTitle}>
        {title}
      </Title>
      <ul className={classes.blocks} data-variant={variant}>
        {blocks
          ? blocks.map((block) => (
              <li key={block.id}>
                <button
                  type="button"
                  className={classes.block}
                  onClick={() => setOpen(block)}
                  data-testid={`game-block-${block.id}`}
                  aria-haspopup="dialog"
                >
                  <span className={classes.blockImg}>
                    {block.img ? (
                      <img src={block.img} alt="" loading="lazy" decoding="async" />
                    ) : null}
                  </span>
                  <span className={classes.blockText}>
                    <span className={classes.blockTitle}>{block.title}</span>
                    <span className={classes.blockSummary}>{block.summary}</span>
                  </span>
                </button>
              </li>
            ))
          : [0, 1, 2].map((i) => (
              <li key={i} aria-hidden="true">
                <div className={classes.block}>
                  <Skeleton className={classes.blockImg} />
                  <span className={classes.blockText}>
                    <Skeleton height={18} width="60%" />
                    <Skeleton height={14} mt={8} />
                  </span>
                </div>
              </li>
            ))}
      </ul>
      {modalMounted && (
        <Suspense fallback={null}>
          <BlockModal block={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </section>
  );
}
