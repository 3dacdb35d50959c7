/**
 * Where a capture's browser connections go out (CONTRACT §7). The service's egress is the
 * SSRF-checking proxy: the proxy resolves each host itself, checks every address, and connects to
 * the address it checked, so redirects, subresources and DNS rebinding cannot reach a blocked
 * network. A direct egress (no checks) exists for trusted set-ups and tests, and says so.
 */
export interface EgressSession {
  /**
   * Proxy settings for `browser.newContext({ proxy })` (the server's port, or credentials, identify
   * the session), or null when the browser connects directly.
   */
  readonly proxy: { server: string; username?: string; password?: string; bypass?: string } | null;
  /** Requests refused for this session so far; null when the session checks nothing (direct egress). */
  blockedRequests(): number | null;
  /** Why a request to this URL's host was refused in this session, or null when it was not. */
  blockReason(url: string): string | null;
  /**
   * Names the capture's target once it is known (a session opened ahead of its capture): its host
   * gets the navigation's waits, every other host the shorter third-party bounds.
   */
  setTarget(url: string): void;
  /**
   * From now on, ends every exchange that has waited `maxWaitMs` for its server without a byte back
   * (a host that accepted the connection and never answers), as a failure the browser sees: a
   * request gets a 504, a tunnel is closed. Asked for once the page's load budget has run out, so
   * that a parser-blocking script or render-blocking stylesheet on a dead host lets the page go on.
   * A direct egress cannot: it does nothing.
   */
  limitWaits(maxWaitMs: number): void;
  /** Exchanges ended by {@link limitWaits} so far; null when the session sees none (direct egress). */
  cutExchanges(): number | null;
  close(): void;
}

/** Options of {@link Egress.openSession}. */
export interface EgressSessionOptions {
  /** A proxy URL to chain behind the checks (proxyLocation). */
  upstream?: string | null;
  /**
   * The capture's target URL. Its host gets the navigation's waits; every other host (third-party
   * subresources) gets shorter DNS and connect bounds of its own, so that one dead third-party host
   * cannot hold a page.
   */
  target?: string;
}

export interface Egress {
  openSession(options?: EgressSessionOptions): EgressSession;
  close(): Promise<void>;
}
