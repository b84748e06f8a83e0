// Layout of /login, /403 and the 404 page: a slim bar (logo, language) above centred content.
import { useLayoutEffect } from 'react';
import { Outlet } from 'react-router';
import { QueryProvider } from '../query-client';
import { UiProviders } from '../ui-providers';
import { MAIN_CONTENT_ID } from '../../components/ui/skip-link';
import { Logo } from '../../components/ui/logo';
import { removeBootShell } from '../../lib/boot-shell';
import { LanguageMenu } from '../../features/language/components/language-switcher';
import classes from './layout.module.css';

export function Component() {
  useLayoutEffect(removeBootShell, []);
  return (
    <UiProviders>
      <QueryProvider>
        <div className={classes.shell}>
          <header className={classes.bar}>
            <div className={classes.barInner}>
              <Logo />
              <LanguageMenu />
            </div>
          </header>
          <main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main}>
            <div className={classes.container}>
              <Outlet />
            </div>
          </main>
        </div>
      </QueryProvider>
    </UiProviders>
  );
}
