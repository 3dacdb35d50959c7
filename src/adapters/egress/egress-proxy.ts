import { createServer } from 'node:http';
import type { AddressInfo, Server as NetServer, Socket } from 'node:net';
import { createServer as createNetServer } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Egress, EgressSession, EgressSessionOptions } from '../../ports/egress.js';
import type { AddressPolicy } from './address-policy.js';
import { ProxyHandlers, type Limits } from './egress-handlers.js';
import { hostKeyOf, limitWaits, SessionRegistry, type SessionState } from './egress-sessions.js';
import type { HostChecker } from '../../ports/host-checker.js';
import { createHostChecker } from './url-guard.js';

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
  /** Deadline for resolving a host other than the session's target (a third party), ms. Default 3000. */
  subresourceLookupMs?: number;
  /** Deadline for connecting to a host other than the session's target (a third party), ms. Default 5000. */
  subresourceConnectMs?: number;
}

/**
 * Listening ports kept bound ahead, one for each session to come: binding is asynchronous and
 * opening a session is not. Taken by `openSession`, made again at once.
 */
const SPARE_PORTS = 4;

/** A session of the checking proxy: the browser always goes through it, and refusals are counted. */
export interface ProxySession extends EgressSession {
  /**
   * What the browser is given: the session's own port, which names the session without
   * credentials — or, when no spare port was bound (a burst of sessions), the shared port and the
   * session's credentials.
   */
  readonly proxy: { server: string; username?: string; password?: string; bypass: string };
  /** The session's credentials, good on the shared port ({@link EgressProxy.url}) whatever `proxy` says. */
  readonly credentials: { username: string; password: string };
  blockedRequests(): number;
}

/** The running proxy: the Egress port plus where it listens. */
export interface EgressProxy extends Egress {
  /** `http://127.0.0.1:<port>`: the shared port, where sessions are named by their credentials. */
  readonly url: string;
  readonly port: number;
  openSession(options?: EgressSessionOptions): ProxySession;
}

function parseUpstream(upstream: string | null | undefined): URL | null {
  if (upstream === null || upstream === undefined || upstream === '') return null;
  let url: URL;
  try {
    url = new URL(upstream);
  } catch {
    throw new Error('The upstream proxy URL is not valid (expected http://user:pass@host:port)');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error('The upstream proxy must be an http:// or https:// proxy');
  return url;
}

/**
 * Starts the SSRF-checking egress proxy (CONTRACT §7) on 127.0.0.1 and an ephemeral port. Every
 * request must come from a session of `openSession()`: on the session's own port, or with the
 * session's Basic credentials on the shared port. The proxy resolves the host itself, refuses it
 * when any address is blocked, and connects to the exact address it checked. Credentials are never
 * logged.
 *
 * Each session gets a port of its own because a browser context given proxy credentials makes
 * Playwright pause every request of the page in Node (`Fetch.enable`, to answer the proxy's
 * challenge) and turn the browser's cache off: a round trip through Node per request. Measured
 * over 60 bench captures at `CONCURRENCY` 2, three interleaved runs each: 958–996 ms of CPU per
 * capture (Node and Chromium) against 1023–1036 ms with credentials, 1.80–1.90 captures/s against
 * 1.70–1.73.
 */
export async function createEgressProxy(options: EgressProxyOptions): Promise<EgressProxy> {
  const registry = new SessionRegistry();
  const checker =
    options.checker ??
    createHostChecker({
      policy: options.policy,
      dnsServers: options.dnsServers ?? [],
      lookupTimeoutMs: options.lookupTimeoutMs,
    });
  const limits: Limits = {
    connectTimeoutMs: options.connectTimeoutMs ?? 10_000,
    idleTimeoutMs: options.idleTimeoutMs ?? 120_000,
    subresourceLookupMs: options.subresourceLookupMs ?? 3000,
    subresourceConnectMs: options.subresourceConnectMs ?? 5000,
  };
  const handlers = new ProxyHandlers(registry, checker, limits);
  const sockets = new Set<Duplex>();
  const server = createServer();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('request', (req, res) => void handlers.onRequest(req, res).catch(() => req.socket.destroy()));
  server.on(
    'connect',
    (req, socket, head) => void handlers.onConnect(req, socket, head).catch(() => socket.destroy()),
  );
  server.on(
    'upgrade',
    (req, socket, head) => void handlers.onUpgrade(req, socket, head).catch(() => socket.destroy()),
  );
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
  const urlOf = (p: number): string => `http://${host.includes(':') ? `[${host}]` : host}:${p}`;
  const url = urlOf(port);

  // Session ports: each hands its connections to the shared HTTP server, its session named.
  interface SessionPort {
    listener: NetServer;
    port: number;
    state: SessionState | null;
  }
  const spare: SessionPort[] = [];
  const listeners = new Set<NetServer>();
  let closed = false;
  /** Binds one more spare port; resolves once it is bound (or could not be: it is then left out). */
  const bindSpare = (): Promise<void> =>
    new Promise((resolve) => {
      if (closed) return resolve();
      const listener = createNetServer({ noDelay: true });
      const bound: SessionPort = { listener, port: 0, state: null };
      listener.on('connection', (socket: Socket) => {
        if (bound.state === null || bound.state.closed) return void socket.destroy();
        registry.bindSocket(socket, bound.state);
        server.emit('connection', socket);
      });
      listeners.add(listener);
      listener.once('close', () => listeners.delete(listener));
      listener.once('error', () => {
        listener.close();
        resolve();
      });
      listener.listen(0, host, () => {
        if (closed) listener.close();
        else {
          bound.port = (listener.address() as AddressInfo).port;
          spare.push(bound);
        }
        resolve();
      });
    });
  await Promise.all(Array.from({ length: SPARE_PORTS }, bindSpare));

  return {
    url,
    port,
    openSession(sessionOptions): ProxySession {
      const target = sessionOptions?.target;
      const { state, password } = registry.open(
        parseUpstream(sessionOptions?.upstream),
        target === undefined ? null : hostKeyOf(target),
      );
      const own = spare.shift();
      void bindSpare();
      if (own) own.state = state;
      return {
        proxy: own
          ? { server: urlOf(own.port), bypass: PROXY_BYPASS }
          : { server: url, username: state.username, password, bypass: PROXY_BYPASS },
        credentials: { username: state.username, password },
        blockedRequests: () => state.blocked,
        blockReason: (target) => state.reasons.get(hostKeyOf(target)) ?? null,
        setTarget: (url) => {
          state.primaryHost = hostKeyOf(url);
        },
        limitWaits: (maxWaitMs) => limitWaits(state, maxWaitMs),
        cutExchanges: () => state.cut,
        close: () => {
          own?.listener.close();
          registry.close(state);
        },
      };
    },
    async close() {
      closed = true;
      for (const listener of listeners) listener.close();
      registry.closeAll();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
