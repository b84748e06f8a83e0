// Start-up (issue brief §8): config and user info in parallel; `loading` goes false when both
// have settled, whatever their outcome, so the SPEC §2 route check can run.
import { fetchSiteConfig } from '../features/settings/api/get-site-config';
import { loadUserInfoWithHandover } from '../features/session/api/handover';
import { handleAppleReturn } from '../features/auth/utils/apple-return';
import { anonymousUser, appStore } from '../lib/app-store';

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
  // SPEC §4: checked once user info has initialised.
  handleAppleReturn(search);
}
