import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

/** A minimal CONNECT-only upstream proxy requiring its own Basic credentials, for chaining tests. */
export interface TestUpstreamProxy {
  /** `http://user:pass@127.0.0.1:<port>`. */
  readonly url: string;
  /** CONNECT targets it accepted, as sent (`127.0.0.2:1234`). */
  readonly connects: string[];
  /** Requests refused for bad credentials. */
  refused(): number;
  close(): Promise<void>;
}

/** Starts the upstream proxy on 127.0.0.1 with the given credentials. */
export async function startTestUpstreamProxy(username: string, password: string): Promise<TestUpstreamProxy> {
  const expected = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
  const connects: string[] = [];
  const sockets = new Set<Socket>();
  let refused = 0;
  const server: Server = createServer((_req, res) => res.writeHead(405).end());
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('connect', (req, client: Socket, head: Buffer) => {
    client.on('error', () => client.destroy());
    if (req.headers['proxy-authorization'] !== expected) {
      refused += 1;
      client.end(
        'HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic\r\nContent-Length: 0\r\n\r\n',
      );
      return;
    }
    const target = req.url ?? '';
    connects.push(target);
    const colon = target.lastIndexOf(':');
    const host = target.slice(0, colon).replace(/^\[(.*)\]$/, '$1');
    const upstream = connect({ host, port: Number(target.slice(colon + 1)) }, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${encodeURIComponent(username)}:${encodeURIComponent(password)}@127.0.0.1:${port}`,
    connects,
    refused: () => refused,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
