// docs/product/api.md#system-calls /api/setting/crmUrl: the customer-support link (docs/product/content.md#customer-support). One URL for
// the site today (CUSTOMER_SERVICE_URL); the gameid header is where a per-game link would hook in.
import { api } from '@hc/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { registerCall } from '../../plugins/register-call';

export function registerCrmRoutes(
  app: FastifyInstance,
  config: Pick<Config, 'customerServiceUrl'>,
): void {
  registerCall(app, api.settingCrmUrl, () => ({ crm_url: config.customerServiceUrl }));
}
