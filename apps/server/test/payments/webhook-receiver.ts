// A local HTTP server standing in for the portal's webhook route: records every request with its
// raw body and answers the statuses it is told to (200 by default).
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  rawBody: Buffer;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedRequest[];
  /** Statuses for the next requests, in order; afterwards 200. */
  answerWith(...statuses: number[]): void;
  /** Resolves once `count` requests have arrived (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedRequest[] = [];
  let statuses: number[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        rawBody: Buffer.concat(chunks),
      });
      res.statusCode = statuses.shift() ?? 200;
      res.setHeader('content-type', 'application/json');
      res.end('{}');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answerWith: (...s) => void (statuses = s),
    async waitFor(count, timeoutMs = 5000) {
      const until = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > until)
          throw new Error(`expected ${count} webhook(s), got ${received.length}`);
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
