// The docs/product/routes-and-screens.md#navigation on small screens (<= 750 px, docs/product/constants.md#layout-and-timing): a drawer with the same entries.
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LogoutIcon, PlayIcon, UserIcon } from '../../components/ui/icons';
import { AppDrawer } from '../../components/ui/overlays';
import { LanguageSelect } from '../../features/language/components/language-select';
import { SupportLink } from '../../features/content/components/support-link';
import { useAppState, useIsMobile, useUserInfo } from '../../lib/app-store';
import { homeSection, homeSections, paths } from '../../lib/paths';
import { NAV_ITEMS } from './nav-items';
import classes from './mobile-drawer.module.css';

interface MobileDrawerProps {
  opened: boolean;
  onClose: () => void;
  onLogout: () => void;
}

export function MobileDrawer({ opened, onClose, onLogout }: MobileDrawerProps) {
  const { t } = useTranslation();
  const activePage = useAppState((s) => s.activePage);
  const user = useUserInfo();
  const isMobile = useIsMobile();

  return (
    <AppDrawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={isMobile ? '85%' : 380}
      title={t('nav.mainMenu')}
      closeLabel={t('nav.closeMenu')}
      bodyClassName={classes.body}
    >
      <nav aria-label={t('nav.mainMenu')}>
        <ul className={classes.list}>
          {NAV_ITEMS.map((item) => (
            <li key={item.key}>
              <Link
                to={item.to}
                className={classes.item}
                aria-current={activePage === item.key ? 'page' : undefined}
                onClick={onClose}
                data-track-page
              >
                {t(item.labelKey)}
              </Link>
            </li>
          ))}
          <li>
            <SupportLink className={classes.item} onNavigate={onClose}>
              {t('nav.help')}
            </SupportLink>
          </li>
        </ul>
      </nav>
      <div className={classes.footer}>
        <Button
          component={Link}
          to={homeSection(homeSections.download)}
          onClick={onClose}
          fullWidth
          radius="xl"
          className={classes.startGame}
          leftSection={<PlayIcon size={14} />}
          data-track-button="start_game"
        >
          {t('nav.startGame')}
        </Button>
        <LanguageSelect />
        {user.login ? (
          <Button
            variant="default"
            fullWidth
            radius="xl"
            leftSection={<LogoutIcon size={16} />}
            data-track-button="logout"
            onClick={() => {
              onClose();
              onLogout();
            }}
          >
            {t('nav.logout')}
          </Button>
        ) : (
          <Button
            component={Link}
            to={paths.login}
            onClick={onClose}
            variant="default"
            fullWidth
            radius="xl"
            leftSection={<UserIcon size={16} />}
          >
            {t('nav.login')}
          </Button>
        )}
      </div>
    </AppDrawer>
  );
}
