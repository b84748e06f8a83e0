// Probes: /healthz says the process is alive; /readyz says it can reach its database.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';

export function installHealthRoutes(app: FastifyInstance, database: Database): void {
  // Probes are polled often; their request logs would drown everything else.
  app.get('/healthz', { logLevel: 'warn' }, async (_req, reply) => {
    return reply.header('cache-control', 'no-store').send({ status: 'ok' });
  });
  app.get('/readyz', { logLevel: 'warn' }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      await database.ping();
      return reply.send({ status: 'ok', database: database.kind });
    } catch (err) {
      req.log.warn({ err }, 'readiness check failed: database unreachable');
      return reply.code(503).send({ status: 'unavailable', database: database.kind });
    }
  });
}
