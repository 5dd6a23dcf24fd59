// A TCP proxy in front of a database, which a test can take down and bring back: down() refuses
// new connections and cuts the open ones (as a server that dies does), up() serves again on the
// same port. Lets a test make the database go away without touching the shared test server.
import { connect, createServer, type Server, type Socket } from 'node:net';
import type { Test } from 'tap';

export interface TcpProxy {
  /** The given URL, pointing at the proxy. */
  url: string;
  down(): Promise<void>;
  up(): Promise<void>;
}

export async function tcpProxy(t: Test, databaseUrl: string): Promise<TcpProxy> {
  const target = new URL(databaseUrl);
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const up = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((client) => {
        const upstream = connect(Number(target.port), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      server.on('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as { port: number }).port;
        resolve();
      });
    });
  const down = () =>
    new Promise<void>((resolve) => {
      if (!server) return resolve();
      server.close(() => resolve());
      for (const s of sockets) s.destroy();
      server = undefined;
    });
  await up();
  t.teardown(down);
  const url = new URL(databaseUrl);
  url.port = String(port);
  return { url: url.toString(), up, down };
}
