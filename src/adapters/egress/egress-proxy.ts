import { createServer, request as httpRequest, STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Egress, EgressSession } from '../../ports/egress.js';
import type { AddressPolicy } from './address-policy.js';
import { openConnection, type CheckedTarget } from './egress-connect.js';
import { adopt, hostKeyOf, recordBlock, SessionRegistry, type SessionState } from './egress-sessions.js';
import { createHostChecker, type HostChecker } from './url-guard.js';

const CHALLENGE = 'Basic realm="shots-egress"';
/** Headers that describe one hop and never travel on (RFC 9110 §7.6.1), plus the proxy's own. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authorization',
  'proxy-authenticate',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/**
 * Bypass list for Playwright's `proxy.bypass`. Chromium sends localhost and 127.0.0.0/8 directly,
 * never through a proxy; `<-loopback>` removes that implicit rule so loopback goes through the checks.
 */
export const PROXY_BYPASS = '<-loopback>';

export interface EgressProxyOptions {
  policy: AddressPolicy;
  /** `ip[:port]` DNS servers (DNS_SERVERS); empty: the system resolver. Ignored when `checker` is set. */
  dnsServers?: readonly string[];
  /** Replaces the default resolver-and-checker built from `policy` and `dnsServers`. */
  checker?: HostChecker;
  /** Interface to listen on. Default `127.0.0.1`; the proxy must not be reachable from outside. */
  host?: string;
  /** Port to listen on. Default 0 (any free port). */
  port?: number;
  /** Deadline for resolving a host, in milliseconds. Default 5000. */
  lookupTimeoutMs?: number;
  /** Deadline for opening a connection (to the target or the upstream proxy), in ms. Default 10000. */
  connectTimeoutMs?: number;
  /** A tunnel or forwarded request idle this long is closed, in milliseconds. Default 120000. */
  idleTimeoutMs?: number;
}

/** The running proxy: the Egress port plus where it listens. */
export interface EgressProxy extends Egress {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  readonly port: number;
}

interface Limits {
  connectTimeoutMs: number;
  idleTimeoutMs: number;
}

/** Why a request was not admitted: 403 blocked by policy, 502 unresolvable. */
type Refuse = (status: 403 | 502, body: string) => void;

function writeRaw(socket: Duplex, status: number, body: string, extraHeaders: string[] = []): void {
  const payload = Buffer.from(body, 'utf8');
  const head = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}`,
    ...extraHeaders,
    'Content-Type: text/plain; charset=utf-8',
    `Content-Length: ${payload.length}`,
    'Connection: close',
  ];
  socket.end(Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'latin1'), payload]), () => socket.destroy());
}

function sendText(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, { ...headers, 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

/**
 * Keeps the end-to-end headers of a raw header list: drops hop-by-hop ones and those named in
 * `Connection`. For an upgrade handshake only the `Proxy-*` headers are dropped.
 */
function endToEndHeaders(raw: string[], forUpgrade = false): string[] {
  const named = new Set<string>();
  for (let i = 0; i + 1 < raw.length; i += 2) {
    if (raw[i]?.toLowerCase() !== 'connection') continue;
    for (const token of (raw[i + 1] ?? '').split(',')) named.add(token.trim().toLowerCase());
  }
  const out: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i] ?? '';
    const lower = name.toLowerCase();
    if (lower.startsWith('proxy-')) continue;
    if (!forUpgrade && (HOP_BY_HOP.has(lower) || named.has(lower))) continue;
    out.push(name, raw[i + 1] ?? '');
  }
  return out;
}

/** `host:port` of a CONNECT request, with the host normalised by the WHATWG URL parser. */
function parseAuthority(authority: string | undefined): { host: string; port: number } | null {
  if (authority === undefined || !/^[^\s/\\@?#]+:\d{1,5}$/.test(authority)) return null;
  try {
    const url = new URL(`http://${authority}`);
    return url.hostname === '' ? null : { host: url.hostname, port: Number(url.port || 80) };
  } catch {
    return null;
  }
}

/** An absolute-form request target (`http://host/path`) and its path as sent. */
function parseAbsolute(target: string | undefined, schemes: string[]): { url: URL; path: string } | null {
  if (target === undefined) return null;
  try {
    const url = new URL(target);
    if (!schemes.includes(url.protocol) || url.hostname === '') return null;
    const afterScheme = target.indexOf('//') + 2;
    const slash = target.slice(afterScheme).search(/[/?]/);
    const path = slash < 0 ? '/' : target.slice(afterScheme + slash);
    return { url, path: path.startsWith('?') ? `/${path}` : path };
  } catch {
    return null;
  }
}

function portOf(url: URL): number {
  return Number(url.port || (url.protocol === 'https:' || url.protocol === 'wss:' ? 443 : 80));
}

/** Pipes two sockets into each other; either closing, failing or idling closes both. */
function splice(a: Duplex, b: Duplex, idleTimeoutMs: number): void {
  const destroyBoth = (): void => {
    a.destroy();
    b.destroy();
  };
  for (const s of [a, b]) {
    s.on('error', destroyBoth).on('close', destroyBoth);
    (s as Socket).setTimeout?.(idleTimeoutMs, destroyBoth);
  }
  a.pipe(b);
  b.pipe(a);
}

/** Handlers of one proxy server; all state lives in the registry and the closure. */
function createHandlers(registry: SessionRegistry, checker: HostChecker, limits: Limits) {
  async function admit(session: SessionState, host: string, port: number, refuse: Refuse): Promise<CheckedTarget | null> {
    const result = await checker.resolveAndCheck(host);
    if (!('blocked' in result)) return { address: result.address, family: result.family, port };
    if (result.unresolvable) {
      refuse(502, `Shots egress: ${result.blocked}.`);
    } else {
      recordBlock(session, host, result.blocked);
      refuse(403, `Shots egress refused the connection: ${result.blocked}.`);
    }
    return null;
  }

  async function connectFor(session: SessionState, target: CheckedTarget, onError: (message: string) => void): Promise<Socket | null> {
    try {
      const socket = await openConnection(session.upstream, target, limits.connectTimeoutMs);
      adopt(session, socket);
      return session.closed ? null : socket;
    } catch (err) {
      onError(`Shots egress could not connect: ${err instanceof Error ? err.message : String(err)}.`);
      return null;
    }
  }

  /** CONNECT host:port — tunnels for https and ws/wss. */
  async function onConnect(req: IncomingMessage, client: Duplex, head: Buffer): Promise<void> {
    client.on('error', () => client.destroy());
    const session = registry.authenticate(req.headers['proxy-authorization']);
    if (session === null) return writeRaw(client, 407, 'Proxy authentication required.', [`Proxy-Authenticate: ${CHALLENGE}`]);
    adopt(session, client);
    const authority = parseAuthority(req.url);
    if (authority === null) return writeRaw(client, 400, 'CONNECT needs a host:port target.');
    const target = await admit(session, authority.host, authority.port, (status, body) => writeRaw(client, status, body));
    if (target === null) return;
    const upstream = await connectFor(session, target, (message) => writeRaw(client, 502, message));
    if (upstream === null) return;
    if (client.destroyed) return void upstream.destroy();
    client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    if (head.length > 0) upstream.write(head);
    splice(client, upstream, limits.idleTimeoutMs);
  }

  /** Absolute-form plain HTTP. A blocked request gets its connection dropped, so it fails as a network error. */
  async function onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const session = registry.authenticate(req.headers['proxy-authorization']);
    if (session === null) return sendText(res, 407, 'Proxy authentication required.', { 'Proxy-Authenticate': CHALLENGE });
    adopt(session, req.socket);
    const parsed = parseAbsolute(req.url, ['http:']);
    if (parsed === null) return sendText(res, 400, 'The proxy forwards absolute http:// URLs; use CONNECT for https.');
    const refuse: Refuse = (status, body) => (status === 403 ? req.socket.destroy() : sendText(res, status, body));
    const target = await admit(session, parsed.url.hostname, portOf(parsed.url), refuse);
    if (target === null) return;
    const socket = await connectFor(session, target, (message) => sendText(res, 502, message));
    if (socket !== null) forward(req, res, parsed, socket);
  }

  /** Sends the request over `socket` in origin form; `Host` comes from the request target (RFC 9112 §3.2.2). */
  function forward(req: IncomingMessage, res: ServerResponse, target: { url: URL; path: string }, socket: Socket): void {
    const headers = endToEndHeaders(req.rawHeaders);
    const cleaned: string[] = ['Host', target.url.host];
    for (let i = 0; i + 1 < headers.length; i += 2) {
      if (headers[i]?.toLowerCase() !== 'host') cleaned.push(headers[i] ?? '', headers[i + 1] ?? '');
    }
    const outgoing = httpRequest({
      method: req.method ?? 'GET',
      path: target.path,
      headers: cleaned,
      setHost: false,
      createConnection: () => socket,
    });
    // A socket tunnelled through an upstream proxy arrives paused; the HTTP client does not resume it.
    outgoing.once('socket', (s) => s.resume());
    outgoing.setTimeout(limits.idleTimeoutMs, () => outgoing.destroy(new Error('idle')));
    outgoing.on('response', (incoming) => {
      res.writeHead(incoming.statusCode ?? 502, incoming.statusMessage, endToEndHeaders(incoming.rawHeaders));
      incoming.on('error', () => res.destroy());
      incoming.pipe(res);
    });
    outgoing.on('error', () => sendText(res, 502, 'Shots egress: the target closed the connection.'));
    res.on('close', () => outgoing.destroy());
    req.pipe(outgoing);
  }

  /** Absolute-form upgrade requests (ws:// through a plain proxy); Chromium itself uses CONNECT. */
  async function onUpgrade(req: IncomingMessage, client: Duplex, head: Buffer): Promise<void> {
    client.on('error', () => client.destroy());
    const session = registry.authenticate(req.headers['proxy-authorization']);
    if (session === null) return writeRaw(client, 407, 'Proxy authentication required.', [`Proxy-Authenticate: ${CHALLENGE}`]);
    adopt(session, client);
    const parsed = parseAbsolute(req.url, ['http:', 'ws:']);
    if (parsed === null) return writeRaw(client, 400, 'The proxy forwards absolute http:// or ws:// URLs.');
    const refuse: Refuse = (status, body) => (status === 403 ? client.destroy() : writeRaw(client, status, body));
    const target = await admit(session, parsed.url.hostname, portOf(parsed.url), refuse);
    if (target === null) return;
    const upstream = await connectFor(session, target, (message) => writeRaw(client, 502, message));
    if (upstream === null) return;
    const headers = endToEndHeaders(req.rawHeaders, true);
    const lines = [`${req.method ?? 'GET'} ${parsed.path} HTTP/1.1`];
    for (let i = 0; i + 1 < headers.length; i += 2) lines.push(`${headers[i]}: ${headers[i + 1]}`);
    upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
    if (head.length > 0) upstream.write(head);
    splice(client, upstream, limits.idleTimeoutMs);
  }

  return { onConnect, onRequest, onUpgrade };
}

function parseUpstream(upstream: string | null | undefined): URL | null {
  if (upstream === null || upstream === undefined || upstream === '') return null;
  let url: URL;
  try {
    url = new URL(upstream);
  } catch {
    throw new Error('The upstream proxy URL is not valid (expected http://user:pass@host:port)');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('The upstream proxy must be an http:// or https:// proxy');
  return url;
}

/**
 * Starts the SSRF-checking egress proxy (CONTRACT §7) on 127.0.0.1 and an ephemeral port. Every
 * request must carry the Basic credentials of a session from `openSession()`; the proxy resolves the
 * host itself, refuses it when any address is blocked, and connects to the exact address it
 * checked. Credentials are never logged.
 */
export async function createEgressProxy(options: EgressProxyOptions): Promise<EgressProxy> {
  const registry = new SessionRegistry();
  const checker =
    options.checker ??
    createHostChecker({ policy: options.policy, dnsServers: options.dnsServers ?? [], lookupTimeoutMs: options.lookupTimeoutMs });
  const limits: Limits = { connectTimeoutMs: options.connectTimeoutMs ?? 10_000, idleTimeoutMs: options.idleTimeoutMs ?? 120_000 };
  const handlers = createHandlers(registry, checker, limits);
  const sockets = new Set<Duplex>();
  const server = createServer();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('request', (req, res) => void handlers.onRequest(req, res).catch(() => req.socket.destroy()));
  server.on('connect', (req, socket, head) => void handlers.onConnect(req, socket, head).catch(() => socket.destroy()));
  server.on('upgrade', (req, socket, head) => void handlers.onUpgrade(req, socket, head).catch(() => socket.destroy()));
  server.on('clientError', (_err, socket) => socket.destroy());

  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  return {
    url,
    port,
    openSession(sessionOptions): EgressSession {
      const { state, password } = registry.open(parseUpstream(sessionOptions?.upstream));
      return {
        proxy: { server: url, username: state.username, password, bypass: PROXY_BYPASS },
        blockedRequests: () => state.blocked,
        blockReason: (target) => state.reasons.get(hostKeyOf(target)) ?? null,
        close: () => registry.close(state),
      };
    },
    async close() {
      registry.closeAll();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
