import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A throw-away CA and a server certificate it signed, for the names of TEST_TLS_NAMES. */
export interface TestTls {
  caPem: string;
  key: string;
  cert: string;
}

/** Names the test certificate is valid for. */
export const TEST_TLS_NAMES = [
  'IP:127.0.0.2',
  'IP:127.0.0.1',
  'DNS:hooks.test',
  'DNS:rebind.test',
  'DNS:localhost',
];

/** Makes a CA and a server certificate with the openssl CLI (EC P-256, valid two days). */
export function makeTestTls(): TestTls {
  const dir = mkdtempSync(join(tmpdir(), 'shots-tls-'));
  const file = (name: string): string => join(dir, name);
  const openssl = (...args: string[]): void => void execFileSync('openssl', args, { stdio: 'pipe' });
  try {
    const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
    openssl(
      'req',
      '-x509',
      ...ec,
      '-keyout',
      file('ca.key'),
      '-out',
      file('ca.crt'),
      '-days',
      '2',
      '-subj',
      '/CN=Shots Test CA',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
    );
    openssl(
      'req',
      ...ec,
      '-keyout',
      file('server.key'),
      '-out',
      file('server.csr'),
      '-subj',
      '/CN=hooks.test',
    );
    writeFileSync(
      file('ext.cnf'),
      [
        `subjectAltName=${TEST_TLS_NAMES.join(',')}`,
        'basicConstraints=CA:FALSE',
        'keyUsage=critical,digitalSignature',
        'extendedKeyUsage=serverAuth',
      ].join('\n'),
    );
    openssl(
      'x509',
      '-req',
      '-in',
      file('server.csr'),
      '-CA',
      file('ca.crt'),
      '-CAkey',
      file('ca.key'),
      '-CAcreateserial',
      '-out',
      file('server.crt'),
      '-days',
      '2',
      '-extfile',
      file('ext.cnf'),
    );
    return {
      caPem: readFileSync(file('ca.crt'), 'utf8'),
      key: readFileSync(file('server.key'), 'utf8'),
      cert: readFileSync(file('server.crt'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A request the receiver got. Header names are lower-case. */
export interface ReceivedWebhook {
  path: string;
  headers: Record<string, string>;
  body: string;
  /** Date.now() when the request's body had arrived. */
  at: number;
}

/** How the receiver answers one request. */
export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  body?: string;
  /** Wait this long before answering, ms. */
  delayMs?: number;
}

/** Decides the reply to the `index`-th (0-based) request of a path. */
export type Responder = (request: ReceivedWebhook, index: number) => Reply;

export interface WebhookReceiver {
  readonly port: number;
  /** `https://<host>:<port><path>`. */
  url(path: string, host?: string): string;
  /** Every request, in arrival order. */
  readonly received: ReceivedWebhook[];
  /** The requests of one path. */
  at(path: string): ReceivedWebhook[];
  /** TCP connections accepted (even ones that never sent a request). */
  connections(): number;
  /** Sets how a path answers (default: 200 `ok`). */
  on(path: string, responder: Responder): void;
  close(): Promise<void>;
}

function headersOf(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') out[name] = value;
    else if (Array.isArray(value)) out[name] = value.join(', ');
  }
  return out;
}

/** An HTTPS webhook receiver on `host` (default 127.0.0.2) with the test certificate. */
export async function startWebhookReceiver(tls: TestTls, host = '127.0.0.2'): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const responders = new Map<string, Responder>();
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  let connections = 0;

  function answer(res: ServerResponse, reply: Reply): void {
    res.writeHead(reply.status ?? 200, { 'content-type': 'text/plain', ...reply.headers });
    res.end(reply.body ?? 'ok');
  }

  const server: Server = createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      const request: ReceivedWebhook = {
        path,
        headers: headersOf(req),
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      };
      const index = received.filter((r) => r.path === path).length;
      received.push(request);
      const reply = responders.get(path)?.(request, index) ?? {};
      if (!reply.delayMs) return answer(res, reply);
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!res.destroyed) answer(res, reply);
      }, reply.delayMs);
      timers.add(timer);
    });
  });
  server.on('connection', (socket: Socket) => {
    connections += 1;
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('tlsClientError', () => undefined);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (path, name = host) => `https://${name}:${port}${path}`,
    received,
    at: (path) => received.filter((r) => r.path === path),
    connections: () => connections,
    on: (path, responder) => void responders.set(path, responder),
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
