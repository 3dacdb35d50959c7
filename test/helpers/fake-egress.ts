import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { connect } from 'node:net';
import type { Egress, EgressSession } from '../../src/ports/egress.js';

/** A stand-in for the SSRF-checking egress proxy: forwards HTTP and CONNECT, refuses listed hosts. */
export interface FakeEgress extends Egress {
  /** Absolute URLs (and CONNECT authorities) the proxy received. */
  seen: string[];
}

/**
 * Starts a forward proxy on 127.0.0.1 that refuses every host in `blocked` (hostname → reason)
 * with 403 and counts the refusal in each open session. Sessions are told apart by nothing: the
 * tests using it run one capture at a time.
 */
export async function startFakeEgress(blocked: Record<string, string>): Promise<FakeEgress> {
  const seen: string[] = [];
  const sessions = new Set<{ refused: Map<string, string>; count: number }>();
  const sockets = new Set<Socket>();
  const refuse = (host: string): boolean => {
    const reason = blocked[host];
    if (reason === undefined) return false;
    for (const s of sessions) {
      s.count += 1;
      s.refused.set(host, reason);
    }
    return true;
  };
  const server = createServer((req, res) => {
    const target = new URL(req.url ?? '/');
    seen.push(target.href);
    if (refuse(target.hostname)) {
      res.writeHead(403, { 'content-type': 'text/plain' }).end('refused by the egress proxy');
      return;
    }
    const upstream = httpRequest(target, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('connect', (req, client: Socket) => {
    seen.push(`CONNECT ${req.url ?? ''}`);
    const [host = '', port = '443'] = (req.url ?? '').split(':');
    if (refuse(host)) {
      client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    const upstream = connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.pipe(client).pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    seen,
    openSession(): EgressSession {
      const state = { refused: new Map<string, string>(), count: 0 };
      sessions.add(state);
      return {
        proxy: {
          server: `http://127.0.0.1:${port}`,
          username: 'session',
          password: 'secret',
          bypass: '<-loopback>',
        },
        blockedRequests: () => state.count,
        blockReason: (url) => {
          try {
            return state.refused.get(new URL(url).hostname) ?? null;
          } catch {
            return null;
          }
        },
        setTarget: () => undefined,
        limitWaits: () => undefined,
        cutExchanges: () => null,
        close: () => sessions.delete(state),
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
