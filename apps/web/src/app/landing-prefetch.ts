// Starts the API calls of the landing pages (docs/product/api.md#system-calls bulletin/top on every /main page; the Hot
// News list and the home config on /main/home; the top-up page's lists on /main/recharge,
// topup-prefetch.ts) while their chunks load, so the layout and the
// home page render with their data in their first frame instead of growing when it arrives:
// no layout shift, an earlier largest paint (ADR 0024, docs/frontend-budgets.md). The pages read
// the same query keys; a failed prefetch is ignored (the page's own query retries and shows it).
import { bulletinQuery, homeConfQuery, hotNewsQuery } from '../features/content/api/content-api';
import { appStore, currentGameId } from '../lib/app-store';
import { paths } from '../lib/paths';
import { queryClient } from './query-client';

const HOME_PATHS = new Set<string>([paths.root, paths.main, paths.home]);

/**
 * `lang` is the UI language the page will key its queries with (useContentLang); `booted`
 * settles when the start-up calls have (the home config is keyed by the game id they give).
 */
export function prefetchLanding(pathname: string, lang: string, booted: Promise<unknown>): void {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path !== paths.root && path !== paths.main && !path.startsWith(`${paths.main}/`)) return;
  void queryClient.prefetchQuery(bulletinQuery(lang));
  if (path === paths.topup) {
    // Its own chunk, fetched with the start-up calls: no weight on the other pages.
    const topup = import('./topup-prefetch');
    void Promise.all([topup, booted.catch(() => undefined)]).then(([{ prefetchTopup }]) =>
      prefetchTopup(lang),
    );
    return;
  }
  if (!HOME_PATHS.has(path)) return;
  void queryClient.prefetchQuery(hotNewsQuery(lang));
  const prefetchHome = () => {
    return queryClient.prefetchQuery(homeConfQuery(lang, currentGameId(appStore.getState())));
  };
  void booted.then(prefetchHome, prefetchHome);
}
