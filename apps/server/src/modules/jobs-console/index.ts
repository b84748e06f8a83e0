// The console's jobs page and the HC Point ledger export (docs/console.md#jobs-and-exports, ADR
// 0054). Roles, session and CSRF are checked by registerCall from the contract before a handler
// runs: support acts on jobs, finance reads them and exports the ledger (owner always).
import { consoleApi } from '@hc/contract';
import type { FastifyInstance } from 'fastify';
import type { Container } from '../../container';
import { registerCall } from '../../plugins/register-call';
import { actorOf } from '../games/games.console';
import { createJobsConsoleService } from './jobs-console.service';
import { createLedgerExport } from './ledger-export';

export function register(app: FastifyInstance, c: Container): void {
  let jobs: ReturnType<typeof createJobsConsoleService> | undefined;
  let ledger: ReturnType<typeof createLedgerExport> | undefined;
  const service = () => (jobs ??= createJobsConsoleService({ db: c.db, clock: c.clock }));
  const exporter = () => (ledger ??= createLedgerExport({ db: c.db, clock: c.clock }));

  registerCall(app, consoleApi.consoleJobsSummary, () => service().summary());
  registerCall(app, consoleApi.consoleJobsList, ({ body }) => service().list(body));
  registerCall(app, consoleApi.consoleJobsRetry, ({ body, operator }) =>
    service().retry(body.id, body.reason, actorOf(operator)),
  );
  registerCall(app, consoleApi.consoleJobsDiscard, ({ body, operator }) =>
    service().discard(body.id, body.reason, actorOf(operator)),
  );
  registerCall(app, consoleApi.consoleLedgerExport, ({ body }) => exporter().exportCsv(body));
}
