import { promises as dns } from 'node:dns';
import { isIP } from 'node:net';
import type { HostCheck, HostChecker } from '../../ports/host-checker.js';
import type { UrlGuard } from '../../ports/url-guard.js';
import type { AddressPolicy } from './address-policy.js';
import { urlShapeProblem } from '../../domain/capture-request.js';

/** Longest URL accepted, in characters. */
export const MAX_URL_LENGTH = 2048;

const DEFAULT_LOOKUP_TIMEOUT_MS = 5000;

export interface HostCheckOptions {
  policy: AddressPolicy;
  /** `ip[:port]` DNS servers (DNS_SERVERS). Empty or absent: the system resolver (getaddrinfo). */
  dnsServers?: readonly string[];
  /** Deadline for resolving one host, in milliseconds. Default 5000. */
  lookupTimeoutMs?: number;
}

interface Resolved {
  address: string;
  family: 4 | 6;
}

type Lookup = (host: string) => Promise<Resolved[]>;

/** Lower-cases and strips IPv6 brackets and a trailing dot, so that names compare equal. */
export function normalizeHost(host: string): string {
  return host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');
}

function withTimeout<T>(promise: Promise<T>, ms: number, host: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`DNS lookup of ${host} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

function serverLookup(servers: readonly string[], timeoutMs: number): Lookup {
  const resolver = new dns.Resolver({ timeout: Math.max(100, Math.floor(timeoutMs / 2)), tries: 2 });
  resolver.setServers([...servers]);
  const none = (): string[] => [];
  return async (host) => {
    const [v4, v6] = await Promise.all([
      resolver.resolve4(host).catch(none),
      resolver.resolve6(host).catch(none),
    ]);
    return [
      ...v4.map((address) => ({ address, family: 4 as const })),
      ...v6.map((address) => ({ address, family: 6 as const })),
    ];
  };
}

const systemLookup: Lookup = async (host) => {
  const found = await dns.lookup(host, { all: true, verbatim: true });
  return found
    .filter((a) => a.family === 4 || a.family === 6)
    .map((a) => ({ address: a.address, family: a.family as 4 | 6 }));
};

function pick(addresses: Resolved[]): Resolved | undefined {
  return addresses.find((a) => a.family === 4) ?? addresses[0];
}

/** A clause naming the first blocked address: `db.example resolves to 10.0.0.5 (private network)`. */
function firstBlocked(policy: AddressPolicy, host: string, addresses: Resolved[]): string | null {
  for (const { address } of addresses) {
    const reason = policy.blockReason(address);
    if (reason === null) continue;
    return address === host
      ? `${host} is in a blocked range (${reason})`
      : `${host} resolves to ${address} (${reason})`;
  }
  return null;
}

/**
 * Creates the resolver-and-checker shared by the URL guard and the egress proxy. A host is refused
 * when ANY of its addresses is blocked; `localhost` and `*.localhost` are treated as 127.0.0.1 and
 * ::1 without asking DNS.
 */
export function createHostChecker(options: HostCheckOptions): HostChecker {
  const { policy } = options;
  const timeoutMs = options.lookupTimeoutMs ?? DEFAULT_LOOKUP_TIMEOUT_MS;
  const servers = options.dnsServers ?? [];
  const lookup = servers.length > 0 ? serverLookup(servers, timeoutMs) : systemLookup;

  async function resolve(host: string): Promise<Resolved[]> {
    const family = isIP(host);
    if (family === 4 || family === 6) return [{ address: host, family }];
    if (host === 'localhost' || host.endsWith('.localhost')) {
      return [{ address: '127.0.0.1', family: 4 }];
    }
    return withTimeout(lookup(host), timeoutMs, host).catch(() => []);
  }

  async function resolveAndCheck(rawHost: string): Promise<HostCheck> {
    const host = normalizeHost(rawHost);
    if (host === '') return { blocked: 'the URL has no host' };
    const addresses = await resolve(host);
    const chosen = pick(addresses);
    if (chosen === undefined)
      return { blocked: `the host ${host} could not be resolved`, unresolvable: true };
    const reason = firstBlocked(policy, host, addresses);
    if (reason !== null) return { blocked: reason };
    return { address: chosen.address, family: chosen.family, addresses: addresses.map((a) => a.address) };
  }

  return { resolveAndCheck };
}

export type UrlGuardOptions = HostCheckOptions;

/**
 * Checks a URL's length, then its shape (the domain's `urlShapeProblem`: scheme, userinfo, host)
 * before any lookup: the refusal sentence or the host.
 */
export function checkUrlShape(url: string, httpsOnly: boolean): { reason: string } | { host: string } {
  if (url.length > MAX_URL_LENGTH) return { reason: `The URL is longer than ${MAX_URL_LENGTH} characters.` };
  const problem = urlShapeProblem(url, httpsOnly);
  return problem !== null ? { reason: problem } : { host: new URL(url).hostname };
}

/**
 * The UrlGuard adapter (CONTRACT §7): scheme, userinfo and length checks, then every address the
 * host resolves to must pass the address policy. Also exposes `resolveAndCheck` for the proxy.
 */
export function createUrlGuard(options: UrlGuardOptions): UrlGuard & HostChecker {
  const checker = createHostChecker(options);
  return {
    resolveAndCheck: (host) => checker.resolveAndCheck(host),
    async check(url, checkOptions) {
      const shape = checkUrlShape(url, checkOptions?.httpsOnly ?? false);
      if ('reason' in shape) return shape.reason;
      const result = await checker.resolveAndCheck(shape.host);
      if (!('blocked' in result)) return null;
      const host = normalizeHost(shape.host);
      if (result.unresolvable) return `The host ${host} could not be resolved; check the URL's spelling.`;
      return `The URL points to a blocked network: ${result.blocked}. Private addresses can be allowed with ALLOWED_PRIVATE_NETWORKS.`;
    },
  };
}
