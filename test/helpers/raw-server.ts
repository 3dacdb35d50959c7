import { createServer, type AddressInfo, type Socket } from 'node:net';

/** A TCP server on 127.0.0.2 for broken or silent HTTP: its port, URL and `close()`. */
export interface RawServer {
  port: number;
  /** `http://127.0.0.2:<port>/` */
  url: string;
  /** `127.0.0.2:<port>` */
  host: string;
  close(): Promise<void>;
}

/**
 * Answers the first bytes of each connection with `answer` (raw bytes, then the connection ends),
 * or, with null, accepts connections and never sends a byte (a host that hangs).
 */
export async function startRawServer(answer: string | null): Promise<RawServer> {
  const held = new Set<Socket>();
  const server = createServer((socket) => {
    held.add(socket);
    socket.on('error', () => undefined);
    socket.once('close', () => held.delete(socket));
    if (answer !== null) socket.once('data', () => socket.end(answer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://127.0.0.2:${port}/`,
    host: `127.0.0.2:${port}`,
    close: async () => {
      for (const socket of held) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Runs `fn` with a {@link startRawServer} server, closed afterwards whatever `fn` does. */
export async function withRawServer<T>(
  answer: string | null,
  fn: (server: RawServer) => Promise<T>,
): Promise<T> {
  const server = await startRawServer(answer);
  try {
    return await fn(server);
  } finally {
    await server.close();
  }
}
