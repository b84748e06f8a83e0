// docs/product/routes-and-screens.md#page-titles: "{translated route title} - {site title}", updated on route, language
// and config changes; also records the active menu page in app state.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { appStore, useSiteTitle } from '../../lib/app-store';
import type { RouteHandle } from '../router';

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'titleKey' in value;
}

export function useDocumentTitle(): void {
  const matches = useMatches();
  const { t } = useTranslation();
  const site = useSiteTitle();
  const current = [...matches].reverse().find((match) => isRouteHandle(match.handle));
  const routeHandle = current && isRouteHandle(current.handle) ? current.handle : undefined;
  const titleKey =
    routeHandle?.titleOf?.(current?.params ?? {}) ??
    (routeHandle ? `routes.${routeHandle.titleKey}` : undefined);
  const page = routeHandle?.page ?? '';

  useEffect(() => {
    document.title = titleKey ? `${t(titleKey)} - ${site}` : site;
  }, [titleKey, site, t]);

  useEffect(() => {
    if (appStore.getState().activePage !== page) appStore.setState({ activePage: page });
  }, [page]);
}
