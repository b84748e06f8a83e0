// /main/home placeholder: hero, the home sections of SPEC §2, and anchors the header/footer
// link to (download, about, contact, privacy, agreement) until their pages exist.
import { Badge, Button, Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PlayIcon } from '../../components/ui/icons';
import { useSiteTitle } from '../../lib/app-store';
import { homeSections, paths } from '../../lib/paths';
import classes from './home.module.css';

const CARDS = ['hotNews', 'gameInfo', 'gameFeatures', 'redeemCode'] as const;
const INFO_SECTIONS = [
  [homeSections.aboutUs, 'footer.aboutUs'],
  [homeSections.contactUs, 'footer.contactUs'],
  [homeSections.privacyPolicy, 'footer.privacyPolicy'],
  [homeSections.userAgreement, 'footer.userAgreement'],
] as const;

export function Component() {
  const { t } = useTranslation();
  const site = useSiteTitle();
  return (
    <div className={classes.page}>
      <section className={classes.hero} aria-labelledby="home-title">
        <div className={classes.heroText}>
          <Title order={1} id="home-title" className={classes.heroTitle}>
            {t('pages.home.welcome', { site })}
          </Title>
          <Text className={classes.heroTagline}>{t('site.tagline')}</Text>
          <div className={classes.heroActions}>
            <Button
              component={Link}
              to={paths.recharge}
              size="md"
              color="gold"
              className={classes.cta}
            >
              {t('pages.home.topUpCenter')}
            </Button>
            <Button
              component="a"
              href={`#${homeSections.download}`}
              size="md"
              variant="white"
              leftSection={<PlayIcon size={16} />}
            >
              {t('nav.startGame')}
            </Button>
          </div>
        </div>
      </section>

      <div className={classes.grid}>
        {CARDS.map((key) => (
          <Paper key={key} className={classes.card} radius="lg" shadow="sm" withBorder>
            <Title order={2} className={classes.cardTitle}>
              {t(`pages.home.${key}`)}
            </Title>
            <Text className={classes.cardText}>{t('pages.placeholder.message')}</Text>
            <Badge variant="light" radius="sm" className={classes.badge}>
              {t('pages.placeholder.badge')}
            </Badge>
          </Paper>
        ))}
      </div>

      <Paper
        id={homeSections.download}
        component="section"
        className={classes.download}
        radius="lg"
        shadow="sm"
        withBorder
        tabIndex={-1}
        aria-labelledby="home-download"
      >
        <Title order={2} id="home-download" className={classes.cardTitle}>
          {t('pages.home.download')}
        </Title>
        <Text className={classes.cardText}>{t('pages.home.downloadText')}</Text>
      </Paper>

      <div className={classes.infoGrid}>
        {INFO_SECTIONS.map(([id, key]) => (
          <section
            key={id}
            id={id}
            className={classes.info}
            tabIndex={-1}
            aria-labelledby={`${id}-title`}
          >
            <Title order={2} id={`${id}-title`} className={classes.infoTitle}>
              {t(key)}
            </Title>
            <Text className={classes.cardText}>{t('pages.placeholder.message')}</Text>
          </section>
        ))}
      </div>
    </div>
  );
}
