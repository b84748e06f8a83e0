// Session rules of docs/product/session.md#code-20002 that the API client triggers: HTTP 203 (expired) and code 20002
// (go to /). The UI parts (dialog, navigation) are registered by the app shell.
import { storage } from './storage';
import { sessionEvents } from './session-events';
import { anonymousUser, appStore } from './app-store';
import { clearNotices } from './notices';

export interface SessionUi {
  /** Shows the translated tokenFail info dialog; resolves when the user confirms it. */
  confirmExpired(): Promise<void>;
  navigate(to: string): void;
  currentLocation(): { pathname: string; search: string };
}

const browserUi: SessionUi = {
  confirmExpired: () => Promise.resolve(),
  navigate: (to) => window.location.assign(to),
  currentLocation: () => ({ pathname: window.location.pathname, search: window.location.search }),
};

let ui: SessionUi = browserUi;
let armed = true;
/**
 * A 203 answered before the app shell registered its dialog (start-up's user info on a reload
 * with a token that died meanwhile): handled once the shell is there, so the player sees why.
 */
let expiredBeforeUi = false;

/** The app shell registers its router and dialog; returns a function restoring the defaults. */
export function registerSessionUi(next: Partial<SessionUi>): () => void {
  const previous = ui;
  ui = { ...ui, ...next };
  if (expiredBeforeUi) {
    expiredBeforeUi = false;
    queueMicrotask(handleSessionExpired);
  }
  return () => {
    ui = previous;
  };
}

/** docs/product/session.md#redirect-after-sign-in: /login with the previous path and query as `redirect`, none when at the root. */
export function loginPathFor(pathname: string, search: string): string {
  if (pathname === '/' || pathname === '') return '/login';
  if (pathname === '/login') return `/login${search}`;
  return `/login?redirect=${encodeURIComponent(pathname + search)}`;
}

/**
 * docs/product/session.md#session-expiry on HTTP 203: drop the token, emit `expired`, go to /login and show ONE info
 * dialog; only its confirmation (`expired_confirm`) re-arms the handler, so concurrent
 * 203 answers never stack dialogs.
 */
export function handleSessionExpired(): void {
  storage.removeToken();
  if (ui === browserUi) {
    expiredBeforeUi = true;
    appStore.setState((s) => ({ userInfo: { ...anonymousUser, isInit: s.userInfo.isInit } }));
    return;
  }
  if (!armed) return;
  armed = false;
  const { pathname, search } = ui.currentLocation();
  appStore.setState((s) => ({ userInfo: { ...anonymousUser, isInit: s.userInfo.isInit } }));
  sessionEvents.emit('expired');
  void ui.confirmExpired().then(() => {
    armed = true;
    sessionEvents.emit('expired_confirm');
  });
  ui.navigate(loginPathFor(pathname, search));
}

/**
 * docs/product/session.md#code-20002: code 20002 sends the user to / unless already there. The
 * game chosen on the page (the `gameid` header) is forgotten first: the next calls ask for the
 * site's default game again instead of repeating the stale choice (and answering 20002 forever).
 */
export function handleContextReset(): void {
  if (appStore.getState().userInfo.gameId !== null) appStore.setUserInfo({ gameId: null });
  if (ui.currentLocation().pathname !== '/') ui.navigate('/');
}

/**
 * docs/product/session.md#logout: logout removes the stored token and tells every listener. The
 * signed-in session's notices go with it; a second end (a call still in flight answering that
 * the session is over) leaves alone what was said after the first, e.g. "Your account will be
 * deleted on …".
 */
export function endSession(): void {
  storage.removeToken();
  if (appStore.getState().userInfo.login) clearNotices();
  appStore.setState((s) => ({ userInfo: { ...anonymousUser, isInit: s.userInfo.isInit } }));
  sessionEvents.emit('logout');
}

/** Tests only: re-arm and restore the browser defaults. */
export function resetSessionHandling(): void {
  armed = true;
  expiredBeforeUi = false;
  ui = browserUi;
}
