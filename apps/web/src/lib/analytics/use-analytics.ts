// Mounted once by the root route: show_page and page_time on route changes (docs/product/analytics.md#events,
// docs/product/constants.md#layout-and-timing), page_time and a beacon flush when the page hides, click_button / click_pop / click_page
// from `data-track-*` attributes, and the sender loaded on idle after the first render, so the
// entry route carries only this hook and the queue.
import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';
import { useAppState } from '../app-store';
import { createStayClock } from './page-stay';
import { flushOnHide, setCurrentPage, track } from './track';

const clock = createStayClock(
  () => performance.now(),
  (page, duration) => track('page_time', { page, page_duration: duration }),
);
let shownPath: string | null = null;
let senderRequested = false;
let loadingLogged = false;
let userInfoLogged: string | null = null;

const isVisible = () => document.visibilityState !== 'hidden';

/** A screen was shown (docs/product/analytics.md#events show_page); the previous one's stay ends (page_time). */
export function showScreen(path: string): void {
  if (path === shownPath) return;
  shownPath = path;
  setCurrentPage(path);
  clock.enter(path, isVisible());
  track('show_page', { page: path });
}

/** docs/product/analytics.md#when-events-are-logged: once user info has initialised, loading_page (the sender adds traffic source and
 * timing) and user_info (again whenever the visitor signs in or out). */
export function logInitialised(login: boolean): void {
  if (!loadingLogged) {
    loadingLogged = true;
    track('loading_page');
  }
  const kind = login ? 'player' : 'anonymous';
  if (kind === userInfoLogged) return;
  userInfoLogged = kind;
  track('user_info', { type: kind });
}

function onHide(): void {
  clock.pause();
  flushOnHide();
}

function onVisibilityChange(): void {
  if (isVisible()) clock.resume();
  else onHide();
}

const CLICK_SELECTOR = '[data-track-button],[data-track-pop],[data-track-page]';

/**
 * `data-track-button="pay"` → click_button, `data-track-pop="logout:confirm"` → click_pop,
 * `data-track-page` on a menu link → click_page with the link's path as type.
 */
export function trackClick(target: EventTarget | null): void {
  if (!(target instanceof Element)) return;
  const element = target.closest<HTMLElement>(CLICK_SELECTOR);
  if (!element) return;
  const { trackButton, trackPop, trackPage } = element.dataset;
  if (trackButton) track('click_button', { type: trackButton });
  else if (trackPop) track('click_pop', { type: trackPop });
  else {
    const href = element.getAttribute('href');
    // React writes a bare `data-track-page` as "true": the link's own path is the type then.
    const explicit = trackPage && trackPage !== 'true' ? trackPage : '';
    const type = explicit || (href ? new URL(href, window.location.origin).pathname : '');
    if (type) track('click_page', { type });
  }
}

function onClick(event: MouseEvent): void {
  trackClick(event.target);
}

function loadSender(): void {
  if (senderRequested) return;
  senderRequested = true;
  const start = () => {
    import('./start')
      .then(({ startAnalytics }) => startAnalytics())
      .catch(() => {
        // A failed chunk load only costs analytics; try again on the next mount.
        senderRequested = false;
      });
  };
  if (typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(start, { timeout: 4000 });
  } else {
    setTimeout(start, 1000);
  }
}

/** Routes with a `handle` are screens; redirects and layouts are not logged as pages. */
export function useAnalytics(): void {
  const { pathname } = useLocation();
  const matches = useMatches();
  const isScreen = Boolean(matches.at(-1)?.handle);
  const initialised = useAppState((s) => !s.loading);
  const login = useAppState((s) => s.userInfo.login);

  useEffect(() => {
    if (initialised) logInitialised(login);
  }, [initialised, login]);

  useEffect(() => {
    if (isScreen) showScreen(pathname);
  }, [pathname, isScreen]);

  useEffect(() => {
    document.addEventListener('visibilitychange', onVisibilityChange);
    window.addEventListener('pagehide', onHide);
    document.addEventListener('click', onClick, true);
    loadSender();
    return () => {
      document.removeEventListener('visibilitychange', onVisibilityChange);
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('click', onClick, true);
    };
  }, []);
}

/** Tests only. */
export function resetScreenTracking(): void {
  shownPath = null;
  loadingLogged = false;
  userInfoLogged = null;
  clock.pause();
}
