// The console's gift-code calls (docs/console.md#gift-codes). Roles, session and CSRF are checked
// by registerCall from the contract before a handler runs.
import { consoleApi } from '@hc/contract';
import type { FastifyInstance } from 'fastify';
import type { Container } from '../../container';
import { registerCall } from '../../plugins/register-call';
import { actorOf } from '../games/games.console';

export function registerConsole(app: FastifyInstance, c: Container): void {
  const s = () => c.giftCodesConsole;
  registerCall(app, consoleApi.consoleGiftCampaignsList, ({ body }) =>
    s().list(body, body.page, body.size),
  );
  registerCall(app, consoleApi.consoleGiftCampaignsGet, ({ body }) => s().get(body.id));
  registerCall(app, consoleApi.consoleGiftCampaignsCreate, ({ body, operator }) =>
    s().create(body, actorOf(operator)),
  );
  registerCall(app, consoleApi.consoleGiftCampaignsUpdate, ({ body, operator }) =>
    s().update(body, actorOf(operator)),
  );
  registerCall(app, consoleApi.consoleGiftCampaignsRevoke, ({ body, operator }) =>
    s().revokeCampaign(body.id, actorOf(operator)),
  );
  registerCall(app, consoleApi.consoleGiftCodesGenerate, ({ body, operator }) =>
    s().generate(body.campaignId, body.count, actorOf(operator)),
  );
  registerCall(app, consoleApi.consoleGiftCodesExport, ({ body, operator }) =>
    s().exportCsv(body.campaignId, actorOf(operator)),
  );
  registerCall(app, consoleApi.consoleGiftCodesRevoke, ({ body, operator }) =>
    s().revokeCode(body.campaignId, body.code, actorOf(operator)),
  );
}
