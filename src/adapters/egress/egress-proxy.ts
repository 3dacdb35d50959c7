import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Egress, EgressSession, EgressSessionOptions } from '../../ports/egress.js';
import type { AddressPolicy } from './address-policy.js';
import { ProxyHandlers, type Limits } from './egress-handlers.js';
import { hostKeyOf, SessionRegistry } from './egress-sessions.js';
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

/** The running proxy: the Egress port plus where it listens. */
/** A session of the checking proxy: the browser always goes through it, and refusals are counted. */
export interface ProxySession extends EgressSession {
  readonly proxy: { server: string; username: string; password: string; bypass: string };
  blockedRequests(): number;
}

export interface EgressProxy extends Egress {
  /** `http://127.0.0.1:<port>`. */
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
 * request must carry the Basic credentials of a session from `openSession()`; the proxy resolves the
 * host itself, refuses it when any address is blocked, and connects to the exact address it
 * checked. Credentials are never logged.
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
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  return {
    url,
    port,
    openSession(sessionOptions): ProxySession {
      const target = sessionOptions?.target;
      const { state, password } = registry.open(
        parseUpstream(sessionOptions?.upstream),
        target === undefined ? null : hostKeyOf(target),
      );
      return {
        proxy: { server: url, username: state.username, password, bypass: PROXY_BYPASS },
        blockedRequests: () => state.blocked,
        blockReason: (target) => state.reasons.get(hostKeyOf(target)) ?? null,
        setTarget: (url) => {
          state.primaryHost = hostKeyOf(url);
        },
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
