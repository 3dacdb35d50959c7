/**
 * SSRF policy at submit time (CONTRACT §7). `check` resolves the host and rejects a URL whose scheme
 * is not http(s) or whose addresses fall in a blocked range outside ALLOWED_PRIVATE_NETWORKS.
 */
export interface UrlGuard {
  /** Resolves to null when the URL may be fetched, otherwise to a sentence saying why not. */
  check(url: string, options?: { httpsOnly?: boolean }): Promise<string | null>;
}
