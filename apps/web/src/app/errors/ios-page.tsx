// The whole screen an iOS visitor sees when the portal is not offered on iOS
// (docs/product/routes-and-screens.md#ios-visitors): the site's mark, the language choice and the
// way to customer support stay available, so the page is not a dead end. Loaded lazily: only
// iOS visitors of such a deployment need it, and it brings Mantine with it.
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/ui/logo';
import { SupportLink } from '../../features/content/components/support-link';
import { LanguageMenu } from '../../features/language/components/language-switcher';
import { QueryProvider } from '../query-client';
import { UiProviders } from '../ui-providers';
import { IosNotSupportedPage } from './status-pages';
import classes from './ios-page.module.css';

export default function IosScreen() {
  const { t } = useTranslation();
  return (
    <QueryProvider>
      <UiProviders>
        <header className={classes.bar}>
          <Logo />
          <LanguageMenu />
        </header>
        <main id="main-content" tabIndex={-1}>
          <IosNotSupportedPage />
          <p className={classes.help}>
            <SupportLink className={classes.support} testId="ios-support">
              {t('nav.help')}
            </SupportLink>
          </p>
        </main>
      </UiProviders>
    </QueryProvider>
  );
}
