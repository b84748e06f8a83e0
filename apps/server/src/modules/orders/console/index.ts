// The console's order calls (docs/console.md#support-and-finance-orders, ADR 0053), registered
// as a module of their own (app.ts MODULES). Roles, session and CSRF are checked by registerCall
// from the contract before a handler runs.
import { consoleApi } from '@hc/contract';
import type { FastifyInstance } from 'fastify';
import type { Container } from '../../../container';
import { registerCall } from '../../../plugins/register-call';
import { actorOf } from '../../games/games.console';
import { createOrdersConsoleService } from './orders-console.service';

export function register(app: FastifyInstance, c: Container): void {
  let made: ReturnType<typeof createOrdersConsoleService> | undefined;
  const service = () =>
    (made ??= createOrdersConsoleService({
      db: c.db,
      clock: c.clock,
      providers: c.providers,
      applyPaymentEvent: (provider, event) => c.orders.applyPaymentEvent(provider, event),
    }));

  registerCall(app, consoleApi.consoleOrdersList, ({ body }) => service().list(body));
  registerCall(app, consoleApi.consoleOrdersGet, ({ body }) => service().get(body.sdkOrderId));
  registerCall(app, consoleApi.consoleOrdersRedeliver, ({ body, operator }) =>
    service().redeliver(body.sdkOrderId, body.reason, actorOf(operator)),
  );
  registerCall(app, consoleApi.consoleOrdersRefund, ({ body, operator }) =>
    service().refund(body.sdkOrderId, body.reason, actorOf(operator)),
  );
  registerCall(app, consoleApi.consoleOrdersExport, ({ body, operator }) =>
    service().exportCsv(body, actorOf(operator)),
  );
}
