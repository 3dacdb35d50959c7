/**
 * The SSRF-checking egress proxy (CONTRACT §7). Every browser connection of a capture goes through
 * a session of it: the proxy resolves the host itself, checks every address, and connects to the
 * address it checked, so redirects, subresources and DNS rebinding cannot reach a blocked network.
 */
export interface EgressSession {
  /** Proxy settings for `browser.newContext({ proxy })`. Credentials identify the session. */
  readonly proxy: { server: string; username: string; password: string; bypass: string };
  /** Requests the proxy refused for this session so far. */
  blockedRequests(): number;
  /** Why a request to this URL's host was refused in this session, or null when it was not. */
  blockReason(url: string): string | null;
  close(): void;
}

export interface Egress {
  /** `upstream`: an optional proxy URL to chain behind the checks (proxyLocation). */
  openSession(options?: { upstream?: string | null }): EgressSession;
  close(): Promise<void>;
}
