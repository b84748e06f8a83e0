// /main/home (docs/product/content.md#redeem-codes, docs/product/content.md#home): banner with the game's key art, name and icon,
// download buttons per platform, the Top Up Center entry, Hot News with "View more", the Redeem
// Code box, then Game Info and Game Features. Skeletons while the config and news load.
import { Alert, Button, Skeleton, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PlayIcon } from '../../../components/ui/icons';
import { useCurrentGameId, useSiteTitle } from '../../../lib/app-store';
import { homeSections, paths } from '../../../lib/paths';
import { homeConfQuery, hotNewsQuery } from '../api/content-api';
import { useContentLang } from '../hooks/use-content-lang';
import { isVideoKeyArt } from '../utils/key-art';
import { GameChip } from './game-chip';
import { DownloadButtons, GameBlocks, HotNews } from './home-sections';
import classes from './home.module.css';

/** `redeem`: the Redeem Code box, composed by the route (features do not import each other). */
export function HomePage({ redeem }: { redeem: ReactNode }) {
  const { t } = useTranslation(['content', 'common']);
  const site = useSiteTitle();
  const lang = useContentLang();
  const gameId = useCurrentGameId();
  const home = useQuery(homeConfQuery(lang, gameId));
  const news = useQuery(hotNewsQuery(lang));
  const info = home.data?.gameInfo;

  return (
    <div className={classes.page} data-testid="home">
      <section className={classes.hero} aria-labelledby="home-title" data-testid="home-banner">
        {info?.cgi ? (
          isVideoKeyArt(info.cgi) ? (
            <video
              className={classes.heroMedia}
              src={info.cgi}
              autoPlay
              muted
              loop
              playsInline
              aria-hidden="true"
            />
          ) : (
            <img className={classes.heroMedia} src={info.cgi} alt="" data-testid="home-cgi" />
          )
        ) : null}
        <div className={classes.heroShade} />
        <div className={classes.heroText}>
          {info ? (
            <GameChip name={info.name} icon={info.icon} testId="home-game" />
          ) : home.isPending ? (
            <Skeleton height={36} width={180} radius="xl" className={classes.chipSkeleton} />
          ) : null}
          <Title order={1} id="home-title" className={classes.heroTitle}>
            {t('common:pages.home.welcome', { site })}
          </Title>
          <Text className={classes.heroTagline}>{t('home.heroTagline')}</Text>
          <div className={classes.heroActions}>
            <Button
              component={Link}
              to={paths.topup}
              size="md"
              radius="xl"
              className={classes.cta}
              data-testid="home-topup"
            >
              {t('common:pages.home.topUpCenter')}
            </Button>
            <Button
              component="a"
              href={`#${homeSections.download}`}
              size="md"
              radius="xl"
              variant="white"
              color="dark"
              leftSection={<PlayIcon size={16} />}
            >
              {t('common:nav.startGame')}
            </Button>
          </div>
        </div>
      </section>

      {home.isError ? (
        <Alert color="red" variant="light" role="alert" data-testid="home-error">
          <span>{t('home.loadFail')}</span>{' '}
          <Button size="compact-sm" variant="white" color="red" onClick={() => void home.refetch()}>
            {t('common:actions.refresh')}
          </Button>
        </Alert>
      ) : null}

      <section
        id={homeSections.download}
        className={classes.downloadBand}
        aria-labelledby="home-download"
        tabIndex={-1}
        data-testid="home-downloads"
      >
        <div>
          <Title order={2} id="home-download" className={classes.sectionTitle}>
            {t('common:pages.home.download')}
          </Title>
          <p className={classes.muted}>{t('home.downloadText')}</p>
        </div>
        {home.isError ? null : <DownloadButtons downloads={info?.downloads} />}
      </section>

      <div className={classes.columns}>
        <HotNews articles={news.data?.list} loading={news.isPending} failed={news.isError} />
        <aside className={classes.side}>
          <section
            className={classes.topupCard}
            aria-labelledby="home-topup-title"
            data-testid="home-topup-card"
          >
            <Title order={2} id="home-topup-title" className={classes.topupTitle}>
              {t('common:pages.home.topUpCenter')}
            </Title>
            <p className={classes.topupText}>{t('home.topupText')}</p>
            <Button component={Link} to={paths.topup} radius="xl" className={classes.cta}>
              {t('home.topupButton')}
            </Button>
          </section>
          {redeem}
        </aside>
      </div>

      {home.isError ? null : (
        <>
          <GameBlocks
            id="game-info"
            title={t('common:pages.home.gameInfo')}
            blocks={home.data?.gameContent.info}
            variant="info"
          />
          <GameBlocks
            id="game-features"
            title={t('common:pages.home.gameFeatures')}
            blocks={home.data?.gameContent.features}
            variant="features"
          />
        </>
      )}
    </div>
  );
}
