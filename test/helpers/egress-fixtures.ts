import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Browser } from 'playwright-core';
import { launchChromium as launchCapturerChromium } from '../../src/adapters/playwright/browser/launch-chromium.js';
import { testChromiumPath } from './chromium.js';

/** A route: a fixed response, or a handler. */
export type Route =
  | { status?: number; type?: string; body?: string; headers?: Record<string, string> }
  | ((req: IncomingMessage, res: ServerResponse) => void);

/** An HTTP server for tests that records every connection and request it receives. */
export interface RecordingServer {
  readonly origin: string;
  readonly port: number;
  /** Request lines (`GET /path`) in arrival order, upgrades included. */
  readonly requests: string[];
  /** TCP connections accepted, even ones that never sent a request. */
  connections(): number;
  /** Adds or replaces a route. */
  route(path: string, route: Route): void;
  close(): Promise<void>;
}

const WS_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';

/** Completes a WebSocket handshake and sends one text frame, `hello from <host>`. */
function greetWebSocket(req: IncomingMessage, socket: Duplex): void {
  const key = req.headers['sec-websocket-key'];
  if (typeof key !== 'string') return void socket.destroy();
  const accept = createHash('sha1')
    .update(key + WS_GUID)
    .digest('base64');
  socket.write(
    [
      'HTTP/1.1 101 Switching Protocols',
      'Upgrade: websocket',
      'Connection: Upgrade',
      `Sec-WebSocket-Accept: ${accept}`,
      '',
      '',
    ].join('\r\n'),
  );
  const payload = Buffer.from(`hello from ${req.headers.host ?? ''}`);
  socket.write(Buffer.concat([Buffer.from([0x81, payload.length]), payload]));
}

function serve(route: Route | undefined, req: IncomingMessage, res: ServerResponse): void {
  if (route === undefined) {
    res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
  } else if (typeof route === 'function') {
    route(req, res);
  } else {
    res.writeHead(route.status ?? 200, {
      'Content-Type': route.type ?? 'text/html; charset=utf-8',
      ...route.headers,
    });
    res.end(route.body ?? '');
  }
}

/** Starts a recording server on `host:port` (port 0: any). Paths match without the query string. */
export async function startRecordingServer(
  host: string,
  port = 0,
  routes: Record<string, Route> = {},
): Promise<RecordingServer> {
  const table = new Map(Object.entries(routes));
  const requests: string[] = [];
  const sockets = new Set<Socket>();
  let connections = 0;
  const server: Server = createServer((req, res) => {
    requests.push(`${req.method ?? ''} ${req.url ?? ''}`);
    serve(table.get((req.url ?? '/').split('?')[0] ?? '/'), req, res);
  });
  server.on('connection', (socket: Socket) => {
    connections += 1;
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('upgrade', (req, socket) => {
    requests.push(`UPGRADE ${req.url ?? ''}`);
    greetWebSocket(req, socket);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const actual = (server.address() as AddressInfo).port;
  return {
    origin: `http://${host}:${actual}`,
    port: actual,
    requests,
    connections: () => connections,
    route: (path, route) => void table.set(path, route),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A fixture server on 127.0.0.2 and a canary on 127.0.0.1 listening on the SAME port, so that a name
 * rebound from one address to the other reaches the canary if anything connects unchecked.
 */
export async function startFixtureAndCanary(): Promise<{
  fixture: RecordingServer;
  canary: RecordingServer;
}> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const fixture = await startRecordingServer('127.0.0.2');
    try {
      const canary = await startRecordingServer('127.0.0.1', fixture.port);
      return { fixture, canary };
    } catch {
      await fixture.close();
    }
  }
  throw new Error('Could not find a port free on both 127.0.0.1 and 127.0.0.2');
}

/** Launches the test Chromium with the flags the capturer uses. */
export function launchChromium(): Promise<Browser> {
  return launchCapturerChromium(testChromiumPath());
}
