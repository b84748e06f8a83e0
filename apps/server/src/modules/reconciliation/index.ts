// Reconciliation of provider settlements against orders (docs/console.md#finance-reconciliation,
// ADR 0056): the console's calls. The import's body is the report file itself: a content-type
// parser of this module's own scope reads it as bytes, refusing more than RECONCILIATION_MAX_BYTES
// while it streams; registerCall checks the operator before the body is read.
import {
  consoleApi,
  ErrorCode,
  RECONCILIATION_MAX_BYTES,
  RECONCILIATION_UPLOAD_CONTENT_TYPES,
} from '@hc/contract';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Container } from '../../container';
import { AppError } from '../../lib/app-error';
import { registerCall } from '../../plugins/register-call';
import { actorOf } from '../games/games.console';
import { createReconciliationService } from './reconciliation.service';

async function readLimited(
  payload: AsyncIterable<Buffer | string>,
  declaredLength: string | undefined,
): Promise<Buffer> {
  const tooLarge = () =>
    new AppError(ErrorCode.ReconciliationFileTooLarge, { maxBytes: RECONCILIATION_MAX_BYTES });
  if (declaredLength !== undefined && Number(declaredLength) > RECONCILIATION_MAX_BYTES)
    throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += bytes.length;
    if (size > RECONCILIATION_MAX_BYTES) throw tooLarge();
    chunks.push(bytes);
  }
  return Buffer.concat(chunks);
}

export function register(app: FastifyInstance, c: Container): void {
  let made: ReturnType<typeof createReconciliationService> | undefined;
  const service = () =>
    (made ??= createReconciliationService({
      db: c.db,
      clock: c.clock,
      payments: c.config.payments,
      applyPaymentEvent: (provider, event) => c.orders.applyPaymentEvent(provider, event),
    }));

  void app.register((scope, _options, done) => {
    scope.addContentTypeParser(
      [...RECONCILIATION_UPLOAD_CONTENT_TYPES],
      (req: FastifyRequest, payload: NodeJS.ReadableStream) =>
        readLimited(payload as unknown as AsyncIterable<Buffer>, req.headers['content-length']),
    );
    registerCall(scope, consoleApi.consoleReconciliationImport, ({ file, operator }) =>
      service().importFile(file.bytes, actorOf(operator)),
    );
    done();
  });

  registerCall(app, consoleApi.consoleReconciliationRunsList, ({ body }) => service().runs(body));
  registerCall(app, consoleApi.consoleReconciliationRunsGet, ({ body }) => service().run(body.id));
  registerCall(app, consoleApi.consoleReconciliationFetch, ({ body, operator }) =>
    service().fetch(body.provider, body.from, body.to, actorOf(operator)),
  );
  registerCall(app, consoleApi.consoleReconciliationDifferences, ({ body }) =>
    service().differences(body),
  );
  registerCall(app, consoleApi.consoleReconciliationApply, ({ body, operator }) =>
    service().apply(body.id, body.note, actorOf(operator)),
  );
  registerCall(app, consoleApi.consoleReconciliationResolve, ({ body, operator }) =>
    service().resolve(body.id, body.note, actorOf(operator)),
  );
  registerCall(app, consoleApi.consoleReconciliationSandboxReport, async ({ body }) => {
    const report = await service().sandboxReport(body.from, body.to);
    return { filename: report.filename, body: Readable.from([report.text]) };
  });
}
