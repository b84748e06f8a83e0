// Root route element: wires the session UI to the router, keeps title and viewport state in
// step, shows the global loading indicator, and the iOS not-supported page (docs/product/routes-and-screens.md#ios-visitors).
import { lazy, Suspense } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { GlobalLoader } from '../components/ui/global-loader';
import { Notices } from '../components/ui/notices';
import { SkipLink } from '../components/ui/skip-link';
import { SessionBridge } from '../features/session/components/session-bridge';
import { useHcPointSync } from '../features/session/hooks/use-hc-point-sync';
import { useAppState, useIsAppLoading } from '../lib/app-store';
import { isIosUserAgent } from '../lib/device';
import { useAnalytics } from '../lib/analytics/use-analytics';
import { useDocumentTitle } from './hooks/use-document-title';
import { useDropConsumedParams } from './hooks/use-drop-consumed-params';
import { useViewport } from './hooks/use-viewport';

const IosScreen = lazy(() => import('./errors/ios-page'));

export function AppRoot() {
  useViewport();
  useDocumentTitle();
  useHcPointSync();
  useDropConsumedParams();
  useAnalytics();
  const loading = useIsAppLoading();
  const navigating = useNavigation().state === 'loading';
  const iosBlocked = useAppState((s) => s.config?.ios_supported === false);
  const showIosPage = iosBlocked && isIosUserAgent();

  return (
    <>
      <SkipLink />
      <SessionBridge />
      <GlobalLoader busy={loading} navigating={navigating} />
      <Notices />
      {showIosPage ? (
        <Suspense fallback={null}>
          <IosScreen />
        </Suspense>
      ) : (
        <Outlet />
      )}
    </>
  );
}
