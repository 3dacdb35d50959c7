import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Agent } from 'node:http';
import type { Duplex } from 'node:stream';
import { normalizeHost } from './url-guard.js';

/** The proxy's record of one capture's session: its credentials, its refusals and its sockets. */
export interface SessionState {
  readonly username: string;
  readonly passwordDigest: Buffer;
  /** Proxy to chain behind the checks, or null to connect directly. */
  readonly upstream: URL | null;
  /** Normalised host of the capture's target (the navigation's waits); null: every host alike. */
  primaryHost: string | null;
  blocked: number;
  /** Normalised host → why a request to it was refused (the latest reason wins). */
  readonly reasons: Map<string, string>;
  readonly sockets: Set<Duplex>;
  /** Kept-alive connections for plain-HTTP forwarding (direct sessions), made on first use. */
  agent?: Agent;
  /** Exchanges waiting for their server: a request sent and not yet answered, a tunnel whose last bytes went out unanswered. */
  readonly waiting: Set<Waiting>;
  /** Exchanges ended by {@link cutStalled} so far. */
  cut: number;
  /** The check that keeps cutting stalled exchanges once asked to ({@link limitWaits}). */
  limiter?: NodeJS.Timeout;
  closed: boolean;
}

/** One exchange of a session that may be waiting for its server (see {@link cutStalled}). */
export interface Waiting {
  /** Since when it has waited for the server's first byte (ms epoch); null when it is not waiting. */
  since(): number | null;
  /** Ends it as the server's failure: a request gets the proxy's 504, a tunnel is closed. */
  cut(): void;
}

/**
 * Ends every exchange of the session that has waited `minAgeMs` or more for its server without a
 * byte back — a host that accepted the connection and never answers — so that the browser sees it
 * fail, as it would when its own connection timed out minutes later: a parser-blocking script or a
 * render-blocking stylesheet on such a host lets the page go on. Returns how many were ended.
 */
export function cutStalled(state: SessionState, minAgeMs: number, now = Date.now()): number {
  let cut = 0;
  for (const exchange of [...state.waiting]) {
    const since = exchange.since();
    if (since === null || now - since < minAgeMs) continue;
    state.waiting.delete(exchange);
    exchange.cut();
    cut += 1;
  }
  state.cut += cut;
  return cut;
}

/** How often {@link limitWaits} looks for stalled exchanges, ms. */
const LIMIT_CHECK_MS = 250;

/**
 * From now until the session closes, ends every exchange that has waited `maxWaitMs` for its
 * server ({@link cutStalled}), now and as later ones stall: a request the browser sends again on a
 * new connection, or one a script starts, is not waited for longer than the first.
 */
export function limitWaits(state: SessionState, maxWaitMs: number): void {
  if (state.closed || state.limiter !== undefined) return;
  cutStalled(state, maxWaitMs);
  state.limiter = setInterval(() => cutStalled(state, maxWaitMs), LIMIT_CHECK_MS);
  state.limiter.unref();
}

/** Tracks `exchange` in the session until the function it returns is called. */
export function track(state: SessionState, exchange: Waiting): () => void {
  if (state.closed) return () => undefined;
  state.waiting.add(exchange);
  return () => state.waiting.delete(exchange);
}

function digest(secret: string): Buffer {
  return createHash('sha256').update(secret).digest();
}

/** Reads `Proxy-Authorization: Basic base64(user:pass)`; null when absent or malformed. */
export function parseBasicCredentials(
  header: string | undefined,
): { username: string; password: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header ?? '');
  if (match?.[1] === undefined) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** Host part of a URL (or of a bare `host[:port]`) as the sessions key it. */
export function hostKeyOf(urlOrHost: string): string {
  try {
    return normalizeHost(new URL(urlOrHost).hostname);
  } catch {
    try {
      return normalizeHost(new URL(`http://${urlOrHost}`).hostname);
    } catch {
      return normalizeHost(urlOrHost);
    }
  }
}

/** The live sessions of one proxy, keyed by their random user names. */
export class SessionRegistry {
  private readonly byUsername = new Map<string, SessionState>();

  /** Creates a session with fresh random credentials; returns the state and the clear password. */
  open(upstream: URL | null, primaryHost: string | null = null): { state: SessionState; password: string } {
    const username = `shots-${randomBytes(9).toString('base64url')}`;
    const password = randomBytes(24).toString('base64url');
    const state: SessionState = {
      username,
      passwordDigest: digest(password),
      upstream,
      primaryHost,
      blocked: 0,
      reasons: new Map(),
      sockets: new Set(),
      waiting: new Set(),
      cut: 0,
      closed: false,
    };
    this.byUsername.set(username, state);
    return { state, password };
  }

  /** Sessions of the connections accepted on a session's own port (see {@link bindSocket}). */
  private readonly bySocket = new WeakMap<object, SessionState>();

  /**
   * Names `socket`'s session: a connection accepted on the session's own port needs no
   * credentials. The socket is adopted (destroyed when the session closes).
   */
  bindSocket(socket: Duplex, state: SessionState): void {
    this.bySocket.set(socket, state);
    adopt(state, socket);
  }

  /**
   * The session of a request: the one whose own port accepted `socket`, else the one its
   * Proxy-Authorization credentials identify; null when neither (→ 407) or when it has closed.
   */
  sessionOf(socket: object, header: string | undefined): SessionState | null {
    const bound = this.bySocket.get(socket);
    if (bound !== undefined) return bound.closed ? null : bound;
    return this.authenticate(header);
  }

  /** The session these Proxy-Authorization credentials identify, or null (→ 407). */
  authenticate(header: string | undefined): SessionState | null {
    const credentials = parseBasicCredentials(header);
    if (credentials === null) return null;
    const state = this.byUsername.get(credentials.username);
    if (state === undefined || state.closed) return null;
    return timingSafeEqual(digest(credentials.password), state.passwordDigest) ? state : null;
  }

  /** Forgets the session and destroys every socket it still has open. */
  close(state: SessionState): void {
    state.closed = true;
    this.byUsername.delete(state.username);
    for (const socket of state.sockets) socket.destroy();
    state.sockets.clear();
    state.waiting.clear();
    clearInterval(state.limiter);
    state.agent?.destroy();
  }

  closeAll(): void {
    for (const state of [...this.byUsername.values()]) this.close(state);
  }
}

/** Counts a refusal and remembers its reason under the request's host. */
export function recordBlock(state: SessionState, host: string, reason: string): void {
  state.blocked += 1;
  state.reasons.set(normalizeHost(host), reason);
}

/** Ties a socket's lifetime to the session: it is destroyed when the session closes. */
export function adopt(state: SessionState, socket: Duplex): void {
  if (state.closed) {
    socket.destroy();
    return;
  }
  if (state.sockets.has(socket)) return;
  state.sockets.add(socket);
  socket.once('close', () => state.sockets.delete(socket));
}
