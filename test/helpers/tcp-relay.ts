import type { AddressInfo, Server, Socket } from 'node:net';
import { connect, createServer } from 'node:net';

/**
 * A TCP relay on 127.0.0.1 in front of a real server (Redis, PostgreSQL, S3), to take that server
 * away from the service under test and give it back, as an outage would: `cut()` closes the port
 * and every connection through it (new connections are refused), `restore()` listens on the same
 * port again.
 */
export interface TcpRelay {
  /** The relay's port on 127.0.0.1. */
  port: number;
  /** `url` with its host and port replaced by the relay's. */
  urlFor(url: string): string;
  /** Connections relayed so far (each one the service opened). */
  connections(): number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpRelay(target: { host: string; port: number }): Promise<TcpRelay> {
  const sockets = new Set<Socket>();
  let opened = 0;
  let server: Server | null = null;
  let port = 0;

  const listen = (): Promise<void> =>
    new Promise((resolve, reject) => {
      const next = createServer((client) => {
        opened += 1;
        const upstream = connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.once('close', () => sockets.delete(socket));
          socket.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
        client.once('close', () => upstream.destroy());
        upstream.once('close', () => client.destroy());
      });
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        next.off('error', reject);
        port = (next.address() as AddressInfo).port;
        server = next;
        resolve();
      });
    });

  const cut = async (): Promise<void> => {
    const closing = server;
    server = null;
    for (const socket of sockets) socket.destroy();
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  };

  await listen();
  return {
    port,
    urlFor(url) {
      const parsed = new URL(url);
      parsed.hostname = '127.0.0.1';
      parsed.port = String(port);
      return parsed.href;
    },
    connections: () => opened,
    cut,
    restore: () => (server ? Promise.resolve() : listen()),
    close: cut,
  };
}

/** A port on 127.0.0.1 that accepts connections and never answers (a server that hangs). */
export async function startBlackHole(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
