import {
  Agent,
  request as httpRequest,
  STATUS_CODES,
  type ClientRequest,
  type IncomingMessage,
  type RequestOptions,
  type ServerResponse,
} from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { openConnection, type CheckedTarget } from './egress-connect.js';
import { adopt, recordBlock, track, type SessionRegistry, type SessionState } from './egress-sessions.js';
import type { HostChecker } from '../../ports/host-checker.js';
import { normalizeHost } from './url-guard.js';

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

/** Deadlines of the proxy, in milliseconds. */
export interface Limits {
  connectTimeoutMs: number;
  idleTimeoutMs: number;
  /** DNS and connect bounds for hosts other than the session's target (third-party subresources). */
  subresourceLookupMs: number;
  subresourceConnectMs: number;
}

/**
 * The kept-alive connections of one session for plain-HTTP forwarding: each connects to exactly
 * the address in the request's options (the one just checked), never a name, within the
 * request's connect bound, and belongs to the session (closed with it).
 */
class CheckedAgent extends Agent {
  constructor(
    private readonly session: SessionState,
    idleTimeoutMs: number,
  ) {
    super({ keepAlive: true, maxSockets: 6, maxFreeSockets: 6, timeout: idleTimeoutMs, scheduling: 'lifo' });
  }

  override createConnection(
    options: RequestOptions & { connectTimeoutMs?: number },
    callback: (err: Error | null, socket?: Duplex) => void,
  ): undefined {
    const target: CheckedTarget = {
      address: String(options.host),
      family: options.family === 6 ? 6 : 4,
      port: Number(options.port),
    };
    openConnection(null, target, options.connectTimeoutMs ?? 10_000).then(
      (socket) => {
        adopt(this.session, socket);
        callback(null, socket);
      },
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
    );
    return undefined;
  }
}

/** True when `host` is not the session's target (a third party: the shorter bounds apply). */
function isThirdParty(session: SessionState, host: string): boolean {
  return session.primaryHost !== null && normalizeHost(host) !== session.primaryHost;
}

/** `promise`, or `fallback` once `ms` have passed. */
function within<T>(promise: Promise<T>, ms: number, fallback: () => T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback()), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
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
  socket.end(Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'latin1'), payload]), () =>
    socket.destroy(),
  );
}

function sendText(
  res: ServerResponse,
  status: number,
  body: string,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
  });
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

/** Replaces any `Host` header with the authority of the request target (RFC 9112 §3.2.2). */
function withHost(raw: string[], host: string): string[] {
  const out = ['Host', host];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    if (raw[i]?.toLowerCase() !== 'host') out.push(raw[i] ?? '', raw[i + 1] ?? '');
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

/** An absolute-form request target (`http://host/path`), parsed as Chromium canonicalises it. */
function parseAbsolute(target: string | undefined, schemes: string[]): { url: URL; path: string } | null {
  if (target === undefined) return null;
  try {
    const url = new URL(target);
    if (!schemes.includes(url.protocol) || url.hostname === '') return null;
    return { url, path: `${url.pathname}${url.search}` };
  } catch {
    return null;
  }
}

function portOf(url: URL): number {
  return Number(url.port || (url.protocol === 'https:' || url.protocol === 'wss:' ? 443 : 80));
}

/**
 * Pipes the browser's socket and the server's into each other; either closing, failing or idling
 * closes both. The tunnel is tracked in the session as waiting from the first bytes the browser
 * sends after the server's last (a request, a TLS hello) until the server sends some.
 */
function splice(
  client: Duplex,
  server: Duplex,
  idleTimeoutMs: number,
  session: SessionState,
  waitingSince: number | null,
): void {
  let since = waitingSince;
  const destroyBoth = (): void => {
    untrack();
    client.destroy();
    server.destroy();
  };
  const untrack = track(session, { since: () => since, cut: destroyBoth });
  client.on('data', () => (since ??= Date.now()));
  server.on('data', () => (since = null));
  for (const s of [client, server]) {
    s.on('error', destroyBoth).on('close', destroyBoth);
    (s as Socket).setTimeout?.(idleTimeoutMs, destroyBoth);
  }
  client.pipe(server);
  server.pipe(client);
}

/** The request handlers of one proxy server: authenticate, check, connect to the checked address. */
export class ProxyHandlers {
  constructor(
    private readonly registry: SessionRegistry,
    private readonly checker: HostChecker,
    private readonly limits: Limits,
  ) {}

  private async admit(
    session: SessionState,
    host: string,
    port: number,
    refuse: Refuse,
  ): Promise<CheckedTarget | null> {
    const lookup = this.checker.resolveAndCheck(host);
    const result = isThirdParty(session, host)
      ? await within(lookup, this.limits.subresourceLookupMs, () => ({
          blocked: `the host ${host} did not resolve within ${this.limits.subresourceLookupMs} ms`,
          unresolvable: true as const,
        }))
      : await lookup;
    if (!('blocked' in result)) return { address: result.address, family: result.family, port };
    if (result.unresolvable) {
      refuse(502, `Shots egress: ${result.blocked}.`);
    } else {
      recordBlock(session, host, result.blocked);
      refuse(403, `Shots egress refused the connection: ${result.blocked}.`);
    }
    return null;
  }

  private async connectFor(
    session: SessionState,
    target: CheckedTarget,
    host: string,
    onError: (message: string) => void,
  ): Promise<Socket | null> {
    const timeoutMs = isThirdParty(session, host)
      ? this.limits.subresourceConnectMs
      : this.limits.connectTimeoutMs;
    try {
      const socket = await openConnection(session.upstream, target, timeoutMs);
      adopt(session, socket);
      return session.closed ? null : socket;
    } catch (err) {
      onError(`Shots egress could not connect: ${err instanceof Error ? err.message : String(err)}.`);
      return null;
    }
  }

  /** CONNECT host:port — tunnels for https and ws/wss. */
  async onConnect(req: IncomingMessage, client: Duplex, head: Buffer): Promise<void> {
    client.on('error', () => client.destroy());
    const session = this.registry.sessionOf(req.socket, req.headers['proxy-authorization']);
    if (session === null)
      return writeRaw(client, 407, 'Proxy authentication required.', [`Proxy-Authenticate: ${CHALLENGE}`]);
    adopt(session, client);
    const authority = parseAuthority(req.url);
    if (authority === null) return writeRaw(client, 400, 'CONNECT needs a host:port target.');
    const target = await this.admit(session, authority.host, authority.port, (status, body) =>
      writeRaw(client, status, body),
    );
    if (target === null) return;
    const upstream = await this.connectFor(session, target, authority.host, (message) =>
      writeRaw(client, 502, message),
    );
    if (upstream === null) return;
    if (client.destroyed) return void upstream.destroy();
    client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    if (head.length > 0) upstream.write(head);
    splice(client, upstream, this.limits.idleTimeoutMs, session, head.length > 0 ? Date.now() : null);
  }

  /** Absolute-form plain HTTP. A blocked request gets its connection dropped, so it fails as a network error. */
  async onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const session = this.registry.sessionOf(req.socket, req.headers['proxy-authorization']);
    if (session === null)
      return sendText(res, 407, 'Proxy authentication required.', { 'Proxy-Authenticate': CHALLENGE });
    adopt(session, req.socket);
    const parsed = parseAbsolute(req.url, ['http:']);
    if (parsed === null)
      return sendText(res, 400, 'The proxy forwards absolute http:// URLs; use CONNECT for https.');
    const refuse: Refuse = (status, body) =>
      status === 403 ? req.socket.destroy() : sendText(res, status, body);
    const target = await this.admit(session, parsed.url.hostname, portOf(parsed.url), refuse);
    if (target === null) return;
    if (session.upstream === null) {
      this.forwardPooled(req, res, parsed, target, session);
      return;
    }
    const socket = await this.connectFor(session, target, parsed.url.hostname, (message) =>
      sendText(res, 502, message),
    );
    if (socket !== null) this.forward(req, res, parsed, socket, session);
  }

  /**
   * Sends the request over a kept-alive connection of the session to exactly the checked address
   * (a page's subresources on one host reuse a few connections instead of one each). Every request
   * is still checked first: a host that now resolves elsewhere gets a connection of its own.
   */
  private forwardPooled(
    req: IncomingMessage,
    res: ServerResponse,
    target: { url: URL; path: string },
    checked: CheckedTarget,
    session: SessionState,
  ): void {
    session.agent ??= new CheckedAgent(session, this.limits.idleTimeoutMs);
    const connectTimeoutMs = isThirdParty(session, target.url.hostname)
      ? this.limits.subresourceConnectMs
      : this.limits.connectTimeoutMs;
    const outgoing = httpRequest({
      method: req.method ?? 'GET',
      path: target.path,
      headers: withHost(endToEndHeaders(req.rawHeaders), target.url.host),
      setHost: false,
      host: checked.address,
      family: checked.family,
      port: checked.port,
      agent: session.agent,
      connectTimeoutMs,
    } as RequestOptions);
    this.relay(req, res, outgoing, session);
  }

  /** Sends the request over `socket` in origin form and streams the answer back. */
  private forward(
    req: IncomingMessage,
    res: ServerResponse,
    target: { url: URL; path: string },
    socket: Socket,
    session: SessionState,
  ): void {
    const outgoing = httpRequest({
      method: req.method ?? 'GET',
      path: target.path,
      headers: withHost(endToEndHeaders(req.rawHeaders), target.url.host),
      setHost: false,
      createConnection: () => socket,
    });
    // A socket tunnelled through an upstream proxy arrives paused; the HTTP client does not resume it.
    outgoing.once('socket', (s) => s.resume());
    this.relay(req, res, outgoing, session);
  }

  /**
   * Streams `req` to `outgoing` and its answer back to `res`; waiting, in the session, until the
   * answer's head arrives (a stalled one is answered 504, see cutStalled).
   */
  private relay(
    req: IncomingMessage,
    res: ServerResponse,
    outgoing: ClientRequest,
    session: SessionState,
  ): void {
    const sent = Date.now();
    const untrack = track(session, {
      since: () => sent,
      cut: () => {
        sendText(res, 504, "Shots egress: the server did not answer within the page's load budget.");
        outgoing.destroy();
      },
    });
    outgoing.setTimeout(this.limits.idleTimeoutMs, () => outgoing.destroy(new Error('idle')));
    outgoing.on('close', untrack);
    outgoing.on('response', (incoming) => {
      untrack();
      incoming.on('error', () => res.destroy());
      try {
        res.writeHead(
          incoming.statusCode ?? 502,
          incoming.statusMessage,
          endToEndHeaders(incoming.rawHeaders),
        );
      } catch {
        // A status line or header Node will not write again: drop the response, not the process.
        outgoing.destroy();
        res.destroy();
        return;
      }
      incoming.pipe(res);
    });
    outgoing.on('error', (err) =>
      res.writableEnded
        ? undefined
        : sendText(
            res,
            502,
            /connect|resolve/i.test(err.message)
              ? `Shots egress could not connect: ${err.message}.`
              : String((err as NodeJS.ErrnoException).code).startsWith('HPE_')
                ? `Shots egress: the target's answer is not valid HTTP (${err.message.replace(/^Parse Error:\s*/, '')}).`
                : 'Shots egress: the target closed the connection.',
          ),
    );
    res.on('close', () => outgoing.destroy());
    req.pipe(outgoing);
  }

  /** Absolute-form upgrade requests (ws:// through a plain proxy); Chromium itself uses CONNECT. */
  async onUpgrade(req: IncomingMessage, client: Duplex, head: Buffer): Promise<void> {
    client.on('error', () => client.destroy());
    const session = this.registry.sessionOf(req.socket, req.headers['proxy-authorization']);
    if (session === null)
      return writeRaw(client, 407, 'Proxy authentication required.', [`Proxy-Authenticate: ${CHALLENGE}`]);
    adopt(session, client);
    const parsed = parseAbsolute(req.url, ['http:', 'ws:']);
    if (parsed === null) return writeRaw(client, 400, 'The proxy forwards absolute http:// or ws:// URLs.');
    const refuse: Refuse = (status, body) =>
      status === 403 ? client.destroy() : writeRaw(client, status, body);
    const target = await this.admit(session, parsed.url.hostname, portOf(parsed.url), refuse);
    if (target === null) return;
    const upstream = await this.connectFor(session, target, parsed.url.hostname, (message) =>
      writeRaw(client, 502, message),
    );
    if (upstream === null) return;
    const headers = withHost(endToEndHeaders(req.rawHeaders, true), parsed.url.host);
    const lines = [`${req.method ?? 'GET'} ${parsed.path} HTTP/1.1`];
    for (let i = 0; i + 1 < headers.length; i += 2) lines.push(`${headers[i]}: ${headers[i + 1]}`);
    upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
    if (head.length > 0) upstream.write(head);
    splice(client, upstream, this.limits.idleTimeoutMs, session, Date.now());
  }
}
