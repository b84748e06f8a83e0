// Site configuration from /api/setting/init (site title, games, iOS support, customer service).
import { api } from '@hc/contract';
import { callApi } from '../../../lib/api-client';
import type { SiteConfig } from '../../../lib/app-store';

export function fetchSiteConfig(signal?: AbortSignal): Promise<SiteConfig> {
  return callApi(api.settingInit, {}, { signal });
}
