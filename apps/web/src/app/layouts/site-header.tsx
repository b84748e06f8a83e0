// Header of the main layout (docs/product/routes-and-screens.md#navigation): logo, menu, Help, language ("Select Region"),
// Start Game, and Login or Logout. The menu moves into a drawer at <= 750 px (docs/product/constants.md#layout-and-timing mobile)
// and also on narrower desktops where the longest translations (German) would not fit.
import { Burger, Button } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LogoutIcon, PlayIcon, UserIcon } from '../../components/ui/icons';
import { Logo } from '../../components/ui/logo';
import { HeaderBalance } from '../../features/account/components/header-balance';
import { LanguageMenu } from '../../features/language/components/language-switcher';
import { SupportLink } from '../../features/content/components/support-link';
import { useAppState, useIsMobile, useUserInfo } from '../../lib/app-store';
import { homeSection, homeSections, paths } from '../../lib/paths';
import { useOpenedOnce } from '../../lib/use-opened-once';
import { NAV_ITEMS } from './nav-items';
import classes from './site-header.module.css';

// Loaded when the burger is first used (lib/use-opened-once.ts): Mantine's Drawer is not in the
// first render.
const MobileDrawer = lazy(() =>
  import('./mobile-drawer').then((m) => ({ default: m.MobileDrawer })),
);

/** Below this width the full menu does not fit in every language. */
const COMPACT_HEADER_QUERY = '(max-width: 1180px)';

export function SiteHeader({ onLogout }: { onLogout: () => void }) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const activePage = useAppState((s) => s.activePage);
  const user = useUserInfo();
  const [drawerOpened, drawer] = useDisclosure(false);
  const drawerMounted = useOpenedOnce(drawerOpened);
  const compact = useMediaQuery(COMPACT_HEADER_QUERY, false, { getInitialValueInEffect: false });
  const startGame = (
    <Button
      component={Link}
      to={homeSection(homeSections.download)}
      className={classes.startGame}
      radius="xl"
      leftSection={<PlayIcon size={14} />}
      data-track-button="start_game"
    >
      {t('nav.startGame')}
    </Button>
  );

  return (
    <header className={classes.header}>
      <div className={classes.inner}>
        <Logo />
        {isMobile || compact ? (
          <>
            {!isMobile && (
              <div className={classes.actions}>
                <HeaderBalance />
                <LanguageMenu />
                {startGame}
              </div>
            )}
            {isMobile && <HeaderBalance />}
            <Burger
              opened={drawerOpened}
              onClick={drawer.toggle}
              color="white"
              aria-label={drawerOpened ? t('nav.closeMenu') : t('nav.openMenu')}
              aria-expanded={drawerOpened}
            />
            {drawerMounted && (
              <Suspense fallback={null}>
                <MobileDrawer opened={drawerOpened} onClose={drawer.close} onLogout={onLogout} />
              </Suspense>
            )}
          </>
        ) : (
          <>
            <nav className={classes.nav} aria-label={t('nav.mainMenu')}>
              {NAV_ITEMS.map((item) => (
                <Link
                  key={item.key}
                  to={item.to}
                  className={classes.link}
                  aria-current={activePage === item.key ? 'page' : undefined}
                  data-track-page
                >
                  {t(item.labelKey)}
                </Link>
              ))}
              <SupportLink className={classes.link}>{t('nav.help')}</SupportLink>
            </nav>
            <div className={classes.actions}>
              <HeaderBalance besideMenu />
              <LanguageMenu />
              {startGame}
              {user.login ? (
                <Button
                  variant="subtle"
                  radius="xl"
                  className={classes.ghost}
                  leftSection={<LogoutIcon size={16} />}
                  onClick={onLogout}
                  data-track-button="logout"
                  title={user.account ? t('nav.signedInAs', { account: user.account }) : undefined}
                >
                  {t('nav.logout')}
                </Button>
              ) : (
                <Button
                  component={Link}
                  to={paths.login}
                  variant="subtle"
                  radius="xl"
                  className={classes.ghost}
                  leftSection={<UserIcon size={16} />}
                >
                  {t('nav.login')}
                </Button>
              )}
            </div>
          </>
        )}
      </div>
    </header>
  );
}
