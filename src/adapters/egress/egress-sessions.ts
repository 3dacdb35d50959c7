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
  closed: boolean;
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
