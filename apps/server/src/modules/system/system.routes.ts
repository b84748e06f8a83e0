// The system calls (docs/product/api.md#system-calls): GET /api/time, GET /api/bulletin/top,
// /api/setting/init, and /api/setting/crmUrl, the customer-support link
// (docs/product/content.md#customer-support): one URL for the site today (CUSTOMER_SERVICE_URL);
// the gameid header is where a per-game link would hook in.
import { api } from '@hc/contract';
import type { FastifyInstance } from 'fastify';
import type { Container } from '../../container';
import { registerCall } from '../../plugins/register-call';

export function register(app: FastifyInstance, c: Container): void {
  const { system, config } = c;
  registerCall(app, api.time, () => system.serverTime());
  registerCall(app, api.bulletinTop, async ({ language }) => ({
    bulletin: await system.pinnedBulletin(language),
  }));
  registerCall(app, api.settingInit, () => system.siteInit());
  registerCall(app, api.settingCrmUrl, () => ({ crm_url: config.customerServiceUrl }));
}
