// GET /dev/outbox (HTML) and /dev/outbox.json: the dev outbox, registered only when
// DEV_OUTBOX=true (otherwise the paths fall through to 404).
import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../../lib/escape-html';
import type { Outbox } from './outbox';

export function registerOutboxRoutes(app: FastifyInstance, outbox: Outbox): void {
  app.get('/dev/outbox.json', async (_req, reply) => {
    const messages = await outbox.list();
    void reply.header('cache-control', 'no-store');
    return {
      messages: messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
    };
  });
  app.get('/dev/outbox', async (_req, reply) => {
    const messages = await outbox.list();
    const items = messages
      .map(
        (m) =>
          `<li><p><strong>${escapeHtml(m.channel)}</strong> to <strong>${escapeHtml(m.recipient)}</strong>` +
          ` <time datetime="${m.createdAt.toISOString()}">${m.createdAt.toISOString()}</time></p>` +
          `<p>${escapeHtml(m.subject)}</p><pre>${escapeHtml(m.body)}</pre></li>`,
      )
      .join('\n');
    void reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev outbox</title></head>` +
          `<body><main><h1>Dev outbox</h1><p>Messages sent by this server, newest first.</p>` +
          (items === '' ? '<p>No messages yet.</p>' : `<ol reversed>${items}</ol>`) +
          `</main></body></html>`,
      );
    return reply;
  });
}
