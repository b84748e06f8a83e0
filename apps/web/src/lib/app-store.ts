// App state of docs/product/session.md#user-info (userInfo, config, loading, isMobile, activePage) in one tiny store
// read through useSyncExternalStore; no state library needed for five fields.
import type { CallResult, api } from '@hc/contract';
import { useSyncExternalStore } from 'react';

/** docs/product/session.md#user-info; `accid`/`account` are kept too for the account screen. */
export interface UserInfo {
  login: boolean;
  isInit: boolean;
  /** basicNum + presentNum of the e-point balance (docs/product/hc-point.md#balance). */
  ePointNum: number;
  gameAccountId: number | null;
  gameId: number | null;
  userId: number | null;
  token: string | null;
  accid: number | null;
  account: string | null;
  customerService: string | null;
}

export type SiteConfig = CallResult<typeof api.settingInit>;

export interface AppState {
  userInfo: UserInfo;
  config: SiteConfig | null;
  /** True until the start-up calls (config + user info) have settled (docs/product/routes-and-screens.md#visitors-and-permissions guard). */
  loading: boolean;
  /** docs/product/constants.md#layout-and-timing: width <= 750 px. */
  isMobile: boolean;
  /** Key of the page shown (route handle `page`), for menu highlighting and analytics. */
  activePage: string;
  /** State of the ePointNum load (docs/product/hc-point.md#balance, docs/product/errors.md#outcome-and-failure-messages): 'failed' shows getEPointOverageFail. */
  hcPointStatus: HcPointStatus;
  /** Bumped by refreshHcPoint(); the HC Point sync (useHcPointSync) reloads the balance when it changes. */
  hcPointRevision: number;
}

export type HcPointStatus = 'idle' | 'loading' | 'ready' | 'failed';

export const anonymousUser: UserInfo = {
  login: false,
  isInit: false,
  ePointNum: 0,
  gameAccountId: null,
  gameId: null,
  userId: null,
  token: null,
  accid: null,
  account: null,
  customerService: null,
};

function initialState(): AppState {
  return {
    userInfo: anonymousUser,
    config: null,
    loading: true,
    isMobile: false,
    activePage: '',
    hcPointStatus: 'idle',
    hcPointRevision: 0,
  };
}

let state: AppState = initialState();
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of [...listeners]) listener();
}

function setState(patch: Partial<AppState> | ((current: AppState) => Partial<AppState>)): void {
  const next = typeof patch === 'function' ? patch(state) : patch;
  state = { ...state, ...next };
  notify();
}

export const appStore = {
  getState: (): AppState => state,
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  setState,
  setUserInfo: (patch: Partial<UserInfo>): void =>
    setState((s) => ({ userInfo: { ...s.userInfo, ...patch } })),
  /** Reload ePointNum (after a payment, on the account pages); docs/product/hc-point.md#balance. */
  refreshHcPoint: (): void => setState((s) => ({ hcPointRevision: s.hcPointRevision + 1 })),
  /** Tests only: back to the start-up state. */
  reset: (): void => {
    state = initialState();
    notify();
  },
};

/** Read one slice of app state; the selector must return a stored value or a primitive. */
export function useAppState<T>(selector: (s: AppState) => T): T {
  return useSyncExternalStore(
    appStore.subscribe,
    () => selector(appStore.getState()),
    () => selector(appStore.getState()),
  );
}

export const useUserInfo = (): UserInfo => useAppState((s) => s.userInfo);
/**
 * The game the pages and calls are about: the player's current game, else the site's default
 * game (null before the config has loaded).
 */
export const currentGameId = (s: Pick<AppState, 'userInfo' | 'config'>): number | null =>
  s.userInfo.gameId ?? s.config?.game_id ?? null;
export const useCurrentGameId = (): number | null => useAppState(currentGameId);
export const useSiteConfig = (): SiteConfig | null => useAppState((s) => s.config);
export const useIsMobile = (): boolean => useAppState((s) => s.isMobile);
export const useIsAppLoading = (): boolean => useAppState((s) => s.loading);
export const useHcPointStatus = (): HcPointStatus => useAppState((s) => s.hcPointStatus);
/** docs/product/hc-point.md#balance: reload the HC Point balance of the signed-in game account. */
export const refreshHcPoint = (): void => appStore.refreshHcPoint();

/** Site title from /api/setting/init, "HC Portal" until it loads (docs/product/routes-and-screens.md#page-titles). */
export const DEFAULT_SITE_TITLE = 'HC Portal';
export const useSiteTitle = (): string =>
  useAppState((s) => s.config?.site_title || DEFAULT_SITE_TITLE);

/** The site's logo (BRAND_LOGO_URL, docs/theming.md), the portal mark until the config loads. */
export const DEFAULT_LOGO = '/favicon.svg';
export const useSiteLogo = (): string => useAppState((s) => s.config?.logo || DEFAULT_LOGO);

/** Help link: the player's customer-service URL, else the site's (docs/product/routes-and-screens.md#navigation). */
export const useCustomerServiceUrl = (): string | null =>
  useAppState((s) => s.userInfo.customerService || s.config?.customer_service || null);
