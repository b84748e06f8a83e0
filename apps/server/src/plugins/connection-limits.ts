// Connection limits of the HTTP server (ADR 0030): time limits so a client that stops sending
// half way through a request cannot hold its socket, and a cap on the sockets one remote
// address may hold open at once.
import type { Server } from 'node:http';
import type { ConnectionsConfig } from '../config';

/**
 * Fastify options for the time limits. Node checks the request and header limits on a timer
 * (30 s by default, so a limit could be overrun by up to 30 s); it runs here at most every
 * second, and faster for the small limits tests use.
 */
export function connectionTimeoutOptions(c: ConnectionsConfig) {
  const checkEvery = Math.max(
    25,
    Math.min(1000, Math.floor(Math.min(c.headersTimeoutMs, c.requestTimeoutMs) / 4)),
  );
  return {
    requestTimeout: c.requestTimeoutMs,
    keepAliveTimeout: c.keepAliveTimeoutMs,
    http: {
      requestTimeout: c.requestTimeoutMs,
      headersTimeout: c.headersTimeoutMs,
      keepAliveTimeout: c.keepAliveTimeoutMs,
      connectionsCheckingInterval: checkEvery,
    },
  };
}

/**
 * The key sockets are counted under: an IPv4 address (IPv4-mapped IPv6 included), or the /64
 * of an IPv6 address, since one client usually holds a whole /64.
 */
export function connectionKey(address: string | undefined): string {
  if (address === undefined || address === '') return 'unknown';
  const plain = address.split('%')[0] ?? address;
  if (!plain.includes(':')) return plain;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(plain);
  if (mapped?.[1] !== undefined) return mapped[1];
  const [head = '', tail] = plain.split('::');
  const front = head === '' ? [] : head.split(':');
  const back = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups =
    tail === undefined
      ? front
      : [
          ...front,
          ...Array<string>(Math.max(0, 8 - front.length - back.length)).fill('0'),
          ...back,
        ];
  return `${groups
    .slice(0, 4)
    .map((g) => (Number.parseInt(g, 16) || 0).toString(16))
    .join(':')}::/64`;
}

/**
 * At most `max` open sockets per remote address (connectionKey); a socket over the cap is
 * destroyed as soon as it is accepted, before any byte is read. 0: no cap. Behind a proxy every
 * socket comes from the proxy's address (docs/deploy.md).
 */
export function capConnectionsPerAddress(server: Server, max: number): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const key = connectionKey(socket.remoteAddress);
    const count = (open.get(key) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(key, count);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left <= 0) open.delete(key);
      else open.set(key, left);
    });
  });
}
