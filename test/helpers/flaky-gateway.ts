import { createServer } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the gateway saw. */
export interface GatewayRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  /** Date.now() on arrival. */
  at: number;
}

/** What the gateway does with one request. */
export type GatewayMove =
  /** Pass it to the service and its answer back. */
  | 'forward'
  /** Answer this itself; the service never sees the request. */
  | { answer: { status: number; headers?: Record<string, string>; body?: string } }
  /** Pass it to the service, drop the service's answer and send this instead (a lost answer). */
  | { forwardThenAnswer: { status: number; headers?: Record<string, string>; body?: string } };

export interface FlakyGateway {
  /** `http://127.0.0.1:PORT`. */
  baseUrl: string;
  requests: GatewayRequest[];
  /** Decides the move for each request (default: forward everything). */
  plan(decide: (request: GatewayRequest, index: number) => GatewayMove): void;
  close(): Promise<void>;
}

/**
 * A reverse proxy in front of a real service that fails when told to, as a load balancer does
 * during a deploy (502/503 with or without `Retry-After`), for the client's retry tests.
 */
export async function startFlakyGateway(targetBaseUrl: string): Promise<FlakyGateway> {
  const requests: GatewayRequest[] = [];
  let decide: (request: GatewayRequest, index: number) => GatewayMove = () => 'forward';
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const seen: GatewayRequest = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        headers: req.headers,
        at: Date.now(),
      };
      requests.push(seen);
      const move = decide(seen, requests.length - 1);
      const send = (a: { status: number; headers?: Record<string, string>; body?: string }) => {
        res.writeHead(a.status, { 'content-type': 'text/plain', ...a.headers });
        res.end(a.body ?? 'gateway says no');
      };
      if (move !== 'forward' && 'answer' in move) return send(move.answer);
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(
          (e): e is [string, string] => typeof e[1] === 'string' && e[0] !== 'host' && e[0] !== 'connection',
        ),
      );
      const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
      fetch(`${targetBaseUrl}${seen.url}`, { method: seen.method, headers, ...(body ? { body } : {}) })
        .then(async (upstream) => {
          const bytes = Buffer.from(await upstream.arrayBuffer());
          if (move !== 'forward') return send(move.forwardThenAnswer);
          res.writeHead(upstream.status, {
            'content-type': upstream.headers.get('content-type') ?? 'application/octet-stream',
            ...(upstream.headers.get('retry-after')
              ? { 'retry-after': upstream.headers.get('retry-after')! }
              : {}),
          });
          res.end(bytes);
        })
        .catch((err: unknown) => send({ status: 599, body: String(err) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    plan: (fn) => void (decide = fn),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
