// Site configuration from /api/setting/init (site title, games, iOS support, customer service):
// the copy the server inlined into index.html when there is one (lib/boot-shell.ts), else the call.
import { api } from '@hc/contract';
import { callApi } from '../../../lib/api-client';
import type { SiteConfig } from '../../../lib/app-store';
import { takeInlineSiteConfig } from '../../../lib/boot-shell';

export function fetchSiteConfig(signal?: AbortSignal): Promise<SiteConfig> {
  const inline = api.settingInit.result.safeParse(takeInlineSiteConfig());
  if (inline.success) return Promise.resolve(inline.data);
  return callApi(api.settingInit, {}, { signal });
}
