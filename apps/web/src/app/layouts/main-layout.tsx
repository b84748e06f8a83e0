// /main layout (docs/product/routes-and-screens.md#navigation): header with the menu, the pinned bulletin (docs/product/api.md#system-calls bulletin/top), the
// page, the footer, and the logout dialog.
import { lazy, Suspense, useLayoutEffect } from 'react';
import { Outlet } from 'react-router';
import { QueryProvider } from '../query-client';
import { UiProviders } from '../ui-providers';
import { MAIN_CONTENT_ID } from '../../components/ui/skip-link';
import { BulletinBar } from '../../features/content/components/bulletin-bar';
import { useBulletinSettled } from '../../features/content/hooks/use-bulletin-settled';
import { useLogout } from '../../features/session/hooks/use-logout';
import { removeBootShell } from '../../lib/boot-shell';
import { useOpenedOnce } from '../../lib/use-opened-once';
import { useScrollToHash } from '../hooks/use-scroll-to-hash';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import classes from './layout.module.css';

// Loaded when first asked for (lib/use-opened-once.ts): Mantine's Modal is not in the first render.
const LogoutDialog = lazy(() =>
  import('../../features/session/components/logout-dialog').then((m) => ({
    default: m.LogoutDialog,
  })),
);

/**
 * The page waits (briefly) for the bulletin above it, so it never jumps down when it comes; once
 * it is there, the server's boot shell (lib/boot-shell.ts) leaves the screen in the same frame.
 */
function Page() {
  const settled = useBulletinSettled();
  useLayoutEffect(() => {
    if (settled) removeBootShell();
  }, [settled]);
  return settled ? <Outlet /> : null;
}

export function Component() {
  const logout = useLogout();
  const logoutMounted = useOpenedOnce(logout.confirming);
  useScrollToHash();
  return (
    <UiProviders>
      <QueryProvider>
        <div className={classes.shell}>
          <SiteHeader onLogout={logout.ask} />
          <BulletinBar />
          <main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main}>
            <div className={classes.container}>
              <Page />
            </div>
          </main>
          <SiteFooter />
          {logoutMounted && (
            <Suspense fallback={null}>
              <LogoutDialog
                opened={logout.confirming}
                pending={logout.pending}
                onCancel={logout.cancel}
                onConfirm={logout.confirm}
              />
            </Suspense>
          )}
        </div>
      </QueryProvider>
    </UiProviders>
  );
}
