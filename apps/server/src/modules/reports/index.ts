// The console's reports (docs/console.md#dashboards, ADR 0055): the dashboard call. Reads only;
// nothing here writes, so no audit entry.
import { consoleApi } from '@hc/contract';
import type { FastifyInstance } from 'fastify';
import type { Container } from '../../container';
import { registerCall } from '../../plugins/register-call';
import { createDashboardService } from './dashboard.service';

export function register(app: FastifyInstance, c: Container): void {
  const service = createDashboardService({ db: c.db, clock: c.clock });
  registerCall(app, consoleApi.consoleDashboardGet, ({ body }) => service.get(body));
}
