// Serves the contract's OpenAPI 3.1 document and its readable page (ARCHITECTURE.md#contract).
import { apiDocsCss, buildOpenApiDocument, renderApiDocsHtml } from '@hc/contract';
import type { FastifyInstance } from 'fastify';

export function installApiDocs(app: FastifyInstance): void {
  // Built once: the contract does not change while the process runs.
  const document = JSON.stringify(buildOpenApiDocument());
  // The stylesheet is served as a file so the page works under style-src 'self'.
  const html = renderApiDocsHtml('/api/openapi.json', { cssHref: '/api/docs.css' });
  app.get('/api/openapi.json', async (_req, reply) =>
    reply.type('application/json; charset=utf-8').send(document),
  );
  app.get('/api/docs', async (_req, reply) => reply.type('text/html; charset=utf-8').send(html));
  app.get('/api/docs.css', async (_req, reply) =>
    reply.type('text/css; charset=utf-8').send(apiDocsCss),
  );
}
