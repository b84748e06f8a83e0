// A TCP proxy in front of the demo game, so the game can be made unreachable (connection
// refused, open connections cut) and reachable again without losing its in-memory world (its
// grant counts are what the scenarios assert on).
import { createServer, connect, type Server, type Socket } from 'node:net';
import { freePort } from './procs';

export interface TcpProxy {
  url: string;
  /** Stop listening and cut every open connection: the game is "down". */
  down(): Promise<void>;
  /** Listen again on the same port. */
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startProxy(targetPort: number): Promise<TcpProxy> {
  const port = await freePort();
  const sockets = new Set<Socket>();
  let server: Server | undefined;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = createServer((client) => {
        const upstream = connect(targetPort, '127.0.0.1');
        for (const sock of [client, upstream]) {
          sockets.add(sock);
          sock.on('close', () => sockets.delete(sock));
          sock.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream);
        upstream.pipe(client);
      });
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        server = s;
        resolve();
      });
    });

  const down = () =>
    new Promise<void>((resolve) => {
      const s = server;
      server = undefined;
      for (const sock of sockets) sock.destroy();
      sockets.clear();
      if (s === undefined) resolve();
      else s.close(() => resolve());
    });

  await listen();
  return { url: `http://127.0.0.1:${port}`, down, up: listen, close: down };
}
