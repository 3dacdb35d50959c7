/** The outcome of resolving a host and checking every address it resolves to (CONTRACT §7). */
export type HostCheck =
  | { address: string; family: 4 | 6; addresses: string[] }
  | {
      /** A clause such as `db.internal resolves to 10.0.0.5 (private network)`. */
      blocked: string;
      /** Set when the host has no address (or the lookup failed or timed out). */
      unresolvable?: true;
    };

/**
 * Resolves a host and checks every address against the SSRF policy, for whatever connects on the
 * service's behalf (the egress proxy, the webhook sender, uploads to a customer's bucket): each
 * connects to exactly the address returned, so that DNS rebinding opens no window.
 */
export interface HostChecker {
  /**
   * Resolves `host` (a name, or an IP literal with or without brackets) and checks every address.
   * Returns the address to connect to (the first IPv4 one, else the first IPv6 one), or why not.
   */
  resolveAndCheck(host: string): Promise<HostCheck>;
}
