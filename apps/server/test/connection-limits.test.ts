// Connection limits of the listening server (ADR 0030): a request whose headers or body stall is
// closed after REQUEST_TIMEOUT_MS / HEADERS_TIMEOUT_MS, and one address may hold at most
// MAX_CONNECTIONS_PER_IP sockets. A real server on a free loopback port, small test timeouts.
import { connect, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { testConfig } from './support/helper';
import { stubDatabase } from './support/stub-database';

let app: FastifyInstance | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  await app?.close();
  app = undefined;
});

async function listening(env: Record<string, string>): Promise<number> {
  app = await buildApp(testConfig(env), { database: stubDatabase() });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** A socket to the server, resolved once connected; `closed` settles when it closes. */
function open(port: number): Promise<{ socket: Socket; closed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    sockets.push(socket);
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.on('error', () => undefined);
    // Flowing, so an answer the server sends before closing (408) does not hold back 'end'.
    socket.resume();
    socket.once('connect', () => resolve({ socket, closed }));
    socket.once('error', reject);
  });
}

const isOpen = (s: Socket) => !s.destroyed && s.readyState === 'open';

/** Wait until `check` holds, polling; the bound is generous, the outcome is what is asserted. */
async function until(check: () => boolean, maxMs: number): Promise<void> {
  for (let waited = 0; waited < maxMs && !check(); waited += 50) {
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A plain GET on a fresh socket: the status line of the answer. */
async function get(port: number, path: string): Promise<string> {
  const { socket, closed } = await open(port);
  let text = '';
  socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
  socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
  await closed;
  return text.split('\r\n')[0] ?? '';
}

describe('request timeouts', () => {
  it('closes requests whose body stalls half way, and keeps answering others', async () => {
    const port = await listening({
      REQUEST_TIMEOUT_MS: '600',
      HEADERS_TIMEOUT_MS: '400',
      MAX_CONNECTIONS_PER_IP: '0',
    });
    const stalled = await Promise.all(Array.from({ length: 50 }, () => open(port)));
    for (const { socket } of stalled) {
      socket.write(
        'POST /api/user/login HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
          'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"account":"a',
      );
    }
    const headersOnly = await Promise.all(Array.from({ length: 10 }, () => open(port)));
    for (const { socket } of headersOnly) socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n');
    const all = [...stalled, ...headersOnly].map((o) => o.socket);
    await until(() => all.every((s) => !isOpen(s)), 10_000);
    expect(all.filter(isOpen)).toHaveLength(0);
    expect(await get(port, '/healthz')).toBe('HTTP/1.1 200 OK');
  });
});

describe('connections per address', () => {
  it('keeps at most MAX_CONNECTIONS_PER_IP sockets from one address', async () => {
    const cap = 30;
    const port = await listening({ MAX_CONNECTIONS_PER_IP: String(cap) });
    const opened: Array<{ socket: Socket; closed: Promise<void> }> = [];
    for (let i = 0; i < cap + 20; i++) opened.push(await open(port));
    // The server destroys each socket over the cap as soon as it is accepted.
    await until(() => opened.filter((o) => isOpen(o.socket)).length <= cap, 5000);
    // A request on every surviving socket proves the server side is still there.
    expect(opened.filter((o) => isOpen(o.socket))).toHaveLength(cap);
    // Once one closes, the address may open another.
    const first = opened.find((o) => isOpen(o.socket));
    first?.socket.destroy();
    await first?.closed;
    await until(() => false, 100);
    expect(await get(port, '/healthz')).toBe('HTTP/1.1 200 OK');
  });

  it('is off with MAX_CONNECTIONS_PER_IP=0', async () => {
    const port = await listening({ MAX_CONNECTIONS_PER_IP: '0' });
    const opened: Array<{ socket: Socket; closed: Promise<void> }> = [];
    for (let i = 0; i < 60; i++) opened.push(await open(port));
    await until(() => false, 200);
    expect(opened.filter((o) => isOpen(o.socket))).toHaveLength(60);
  });
});
