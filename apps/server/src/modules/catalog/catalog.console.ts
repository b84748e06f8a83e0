// The console's catalog calls (docs/console.md#catalog): packs, the player preview and rebate
// campaigns, role `operations` (owner always), checked by registerCall from the contract.
import { consoleApi } from '@hc/contract';
import type { FastifyInstance } from 'fastify';
import type { Container } from '../../container';
import { registerCall } from '../../plugins/register-call';

export function register(app: FastifyInstance, c: Container): void {
  const actor = (o: { name: string; ip: string }) => ({ name: o.name, ip: o.ip });

  registerCall(app, consoleApi.consoleCatalogPacksList, ({ body }) =>
    c.catalogEditor.packs(body.gameId, body.kind),
  );
  registerCall(app, consoleApi.consoleCatalogPackCreate, ({ body, operator }) =>
    c.catalogEditor.createPack(body, actor(operator)),
  );
  registerCall(app, consoleApi.consoleCatalogPackUpdate, ({ body, operator }) =>
    c.catalogEditor.updatePack(body, actor(operator)),
  );
  registerCall(app, consoleApi.consoleCatalogPreview, ({ body }) => c.catalogEditor.preview(body));
  registerCall(app, consoleApi.consoleCatalogRebatesList, ({ body }) =>
    c.catalogEditor.rebates(body.gameId),
  );
  registerCall(app, consoleApi.consoleCatalogRebateCreate, ({ body, operator }) =>
    c.catalogEditor.createRebate(body, actor(operator)),
  );
  registerCall(app, consoleApi.consoleCatalogRebateUpdate, ({ body, operator }) =>
    c.catalogEditor.updateRebate(body, actor(operator)),
  );
}
