import ipaddr from 'ipaddr.js';

type IPv4 = ipaddr.IPv4;
type IPv6 = ipaddr.IPv6;
type Address = IPv4 | IPv6;

/**
 * Decides which IP addresses a capture may connect to (CONTRACT §7). Everything that is not public
 * unicast is blocked unless it lies inside one of the operator's ALLOWED_PRIVATE_NETWORKS.
 */
export interface AddressPolicy {
  /** True when a connection to this address must be refused. Unparseable input is blocked. */
  isBlocked(ip: string): boolean;
  /** Why the address is blocked (a short phrase such as `loopback`), or null when it is allowed. */
  blockReason(ip: string): string | null;
}

export interface AddressPolicyOptions {
  /** CIDRs (`10.1.0.0/16`, `fd12::/64`) exempt from the block. Default: none. */
  allowedPrivateNetworks?: readonly string[];
}

/**
 * Cloud metadata endpoints. Most already fall in a blocked range; the ones that are public unicast
 * (Azure's wireserver) are listed so that they are blocked too. An allowed CIDR exempts one of
 * these only when it names exactly that address (/32 or /128), never as part of a wider network.
 */
const METADATA_ADDRESSES: readonly string[] = [
  '169.254.169.254', // AWS, GCP, Azure IMDS, DigitalOcean, OpenStack
  '169.254.170.2', // AWS ECS task metadata
  '169.254.169.253', // AWS DNS
  '168.63.129.16', // Azure wireserver (public unicast)
  '100.100.100.200', // Alibaba Cloud
  '192.0.0.192', // Oracle Cloud
  'fd00:ec2::254', // AWS IMDS over IPv6
  'fd00:ec2::253', // AWS DNS over IPv6
];

/** 2000::/3, the only IPv6 block allocated for global unicast. */
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');
/** RFC 8215 local-use NAT64 prefix: its translation is network-specific, so it is never allowed. */
const LOCAL_NAT64_V6 = ipaddr.IPv6.parseCIDR('64:ff9b:1::/48');
/** ::/96, the deprecated IPv4-compatible block (`::a.b.c.d`). */
const IPV4_COMPATIBLE_V6 = ipaddr.IPv6.parseCIDR('::/96');

/** Parses any textual address ipaddr.js understands (incl. octal/hex IPv4 and zone ids), or null. */
function parseAddress(ip: string): Address | null {
  const text = ip.trim().replace(/^\[(.*)\]$/, '$1');
  try {
    // ipaddr.js reads `::a.b.c.d` as IPv4-mapped; it is the IPv4-compatible form `::xxxx:xxxx`.
    const compatible = /^::(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})$/.exec(text);
    if (compatible?.[1] !== undefined) {
      const [a = 0, b = 0, c = 0, d = 0] = ipaddr.IPv4.parse(compatible[1]).octets;
      return new ipaddr.IPv6([0, 0, 0, 0, 0, 0, (a << 8) | b, (c << 8) | d]);
    }
    return ipaddr.parse(text);
  } catch {
    return null;
  }
}

function ipv4FromParts(high: number, low: number): IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

/**
 * The IPv4 addresses an IPv6 address stands for: mapped and NAT64 (64:ff9b::/96) addresses reach
 * the embedded one; 6to4 addresses route via it; Teredo via its server and (obfuscated) client.
 */
function embeddedIPv4(addr: IPv6): IPv4[] {
  const p = addr.parts;
  const low = ipv4FromParts(p[6] ?? 0, p[7] ?? 0);
  switch (addr.range()) {
    case 'ipv4Mapped':
    case 'rfc6052':
      return [low];
    case '6to4':
      return [ipv4FromParts(p[1] ?? 0, p[2] ?? 0)];
    case 'teredo':
      return [
        ipv4FromParts(p[2] ?? 0, p[3] ?? 0),
        ipv4FromParts(~(p[6] ?? 0) & 0xffff, ~(p[7] ?? 0) & 0xffff),
      ];
    default:
      return [];
  }
}

/** Builds the policy. Throws on a CIDR that does not parse, naming it. */
export function createAddressPolicy(options: AddressPolicyOptions = {}): AddressPolicy {
  const allowed = (options.allowedPrivateNetworks ?? []).map(parseCidr);
  const metadata = METADATA_ADDRESSES.map((a) => ipaddr.parse(a));

  const isAllowedExplicitly = (addr: Address): boolean =>
    allowed.some(([net, bits]) => net.kind() === addr.kind() && addr.match(net, bits));

  const isMetadata = (addr: Address): boolean =>
    metadata.some((m) => m.kind() === addr.kind() && m.toNormalizedString() === addr.toNormalizedString());

  const metadataExempt = (addr: Address): boolean =>
    allowed.some(
      ([net, bits]) =>
        net.kind() === addr.kind() && bits === (addr.kind() === 'ipv4' ? 32 : 128) && addr.match(net, bits),
    );

  function reasonV4(addr: IPv4): string | null {
    if (isMetadata(addr)) return metadataExempt(addr) ? null : 'cloud metadata address';
    if (isAllowedExplicitly(addr)) return null;
    const range = addr.range();
    return range === 'unicast' ? null : describeRange(range);
  }

  function reasonV6(addr: IPv6): string | null {
    if (isMetadata(addr)) return metadataExempt(addr) ? null : 'cloud metadata address';
    if (isAllowedExplicitly(addr)) return null;
    const range = addr.range();
    if (range === 'loopback' || range === 'unspecified') return describeRange(range);
    if (addr.match(LOCAL_NAT64_V6)) return 'local-use NAT64 prefix (64:ff9b:1::/48)';
    if (range === 'rfc6145' || addr.match(IPV4_COMPATIBLE_V6)) return `${describeRange(range)} (deprecated)`;
    const embedded = embeddedIPv4(addr);
    for (const v4 of embedded) {
      const why = reasonV4(v4);
      if (why !== null) return `${describeRange(range)} address embedding ${v4.toString()} (${why})`;
    }
    // Mapped and NAT64 addresses reach the embedded public address; 6to4 and Teredo route through it.
    if (embedded.length > 0) return null;
    if (range !== 'unicast') return describeRange(range);
    return addr.match(GLOBAL_UNICAST_V6) ? null : 'IPv6 address outside global unicast 2000::/3';
  }

  function blockReason(ip: string): string | null {
    const addr = parseAddress(ip);
    if (addr === null) return 'not an IP address';
    return addr.kind() === 'ipv4' ? reasonV4(addr as IPv4) : reasonV6(addr as IPv6);
  }

  return { blockReason, isBlocked: (ip) => blockReason(ip) !== null };
}

function parseCidr(cidr: string): [Address, number] {
  try {
    return ipaddr.parseCIDR(cidr.trim());
  } catch {
    throw new Error(`ALLOWED_PRIVATE_NETWORKS: "${cidr}" is not a CIDR such as 10.0.0.0/8 or fd00::/8`);
  }
}

const RANGE_NAMES: Record<string, string> = {
  unspecified: 'unspecified address',
  broadcast: 'broadcast address',
  multicast: 'multicast',
  linkLocal: 'link-local',
  loopback: 'loopback',
  carrierGradeNat: 'carrier-grade NAT (100.64.0.0/10)',
  private: 'private network',
  reserved: 'reserved or documentation range',
  benchmarking: 'benchmarking range',
  as112: 'AS112 range',
  amt: 'AMT range',
  uniqueLocal: 'unique-local IPv6 (fc00::/7)',
  ipv4Mapped: 'IPv4-mapped IPv6',
  rfc6145: 'IPv4-translated IPv6',
  rfc6052: 'NAT64',
  '6to4': '6to4',
  teredo: 'Teredo',
  deprecatedSiteLocal: 'site-local IPv6 (fec0::/10)',
  discard: 'discard-only prefix',
  as112v6: 'AS112 range',
  deprecatedOrchid: 'ORCHID range',
  orchid2: 'ORCHIDv2 range',
  droneRemoteIdProtocolEntityTags: 'DRIP range',
  segmentRouting: 'segment-routing SIDs',
};

function describeRange(range: string): string {
  return RANGE_NAMES[range] ?? (range === 'unicast' ? 'IPv4-compatible IPv6 (::/96)' : range);
}
