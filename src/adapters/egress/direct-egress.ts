import type { Egress, EgressSession } from '../../ports/egress.js';

/**
 * An egress without SSRF checks: the browser connects directly, or through the `proxyLocation`
 * upstream when one is given. Only for trusted set-ups and tests — the service always composes the
 * checking proxy — so that leaving protection out is a visible choice, never an omission.
 */
export function createDirectEgress(): Egress {
  return {
    openSession(options): EgressSession {
      const upstream = options?.upstream ?? null;
      let proxy: EgressSession['proxy'] = null;
      if (upstream !== null) {
        const url = new URL(upstream);
        proxy = {
          server: `${url.protocol}//${url.host}`,
          username: decodeURIComponent(url.username),
          password: decodeURIComponent(url.password),
        };
      }
      return {
        proxy,
        blockedRequests: () => null,
        blockReason: () => null,
        setTarget: () => undefined,
        limitWaits: () => undefined,
        cutExchanges: () => null,
        close: () => undefined,
      };
    },
    close: async () => undefined,
  };
}
