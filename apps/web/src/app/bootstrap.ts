// Start-up (docs/product/routes-and-screens.md#app-state): config and user info in parallel; `loading` goes false when both
// have settled, whatever their outcome, so the docs/product/routes-and-screens.md#visitors-and-permissions route check can run.
import { fetchSiteConfig } from '../features/system/api/get-site-config';
import { loadUserInfoWithHandover } from '../features/session/api/handover';
import { handleAppleReturn } from '../features/auth/utils/apple-return';
import { anonymousUser, appStore } from '../lib/app-store';
import { applyConfigServerTime, syncServerClock } from '../lib/server-clock';

export async function bootstrapApp(search: string = window.location.search): Promise<void> {
  appStore.setState({ loading: true });
  const [config, userInfo] = await Promise.allSettled([
    fetchSiteConfig(),
    loadUserInfoWithHandover(search),
  ]);
  appStore.setState((s) => ({
    config: config.status === 'fulfilled' ? config.value : s.config,
    userInfo: userInfo.status === 'fulfilled' ? userInfo.value : anonymousUser,
    loading: false,
  }));
  // The server's clock (docs/product/api.md#system-calls time): the config's coarse time at
  // once, then one GET /api/time after the start-up wave, never holding the first page up.
  if (config.status === 'fulfilled') applyConfigServerTime(config.value.server_time);
  void syncServerClock();
  // docs/product/sign-in.md#apple-sign-in-return: checked once user info has initialised.
  handleAppleReturn(search);
}
