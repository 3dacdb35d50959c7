import { describe, expect, it } from 'vitest';
import { createAddressPolicy } from '../../../src/adapters/egress/address-policy.js';

const policy = createAddressPolicy();

describe('address policy without exemptions', () => {
  it.each([
    // IPv4 special ranges
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.1.1', 'link-local'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.255', 'carrier-grade NAT'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['198.18.0.1', 'reserved'],
    ['198.19.255.255', 'reserved'],
    ['192.0.2.1', 'reserved'],
    ['198.51.100.7', 'reserved'],
    ['203.0.113.9', 'reserved'],
    ['192.0.0.8', 'reserved'],
    // other IPv4 notations (as getaddrinfo / inet_aton would read them)
    ['2130706433', 'loopback'],
    ['0x7f000001', 'loopback'],
    ['0x7f.1', 'loopback'],
    ['127.1', 'loopback'],
    ['0177.0.0.1', 'loopback'],
    ['017700000001', 'loopback'],
    ['0', 'unspecified'],
    // cloud metadata
    ['169.254.169.254', 'cloud metadata'],
    ['169.254.170.2', 'cloud metadata'],
    ['100.100.100.200', 'cloud metadata'],
    ['168.63.129.16', 'cloud metadata'],
    ['192.0.0.192', 'cloud metadata'],
    ['fd00:ec2::254', 'cloud metadata'],
    // IPv6 special ranges
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456::1', 'unique-local'],
    ['fec0::1', 'site-local'],
    ['ff02::1', 'multicast'],
    ['ff05::1:3', 'multicast'],
    ['2001:db8::1', 'reserved'],
    ['100::1', 'discard'],
    ['2001:2::1', 'benchmarking'],
    ['5f00::1', 'segment-routing'],
    ['4000::1', 'outside global unicast'],
    // IPv4 wrapped in IPv6
    ['::ffff:127.0.0.1', 'embedding 127.0.0.1 (loopback)'],
    ['::ffff:7f00:1', 'embedding 127.0.0.1 (loopback)'],
    ['0:0:0:0:0:ffff:a00:1', 'embedding 10.0.0.1 (private network)'],
    ['::ffff:169.254.169.254', 'cloud metadata'],
    ['::ffff:0:7f00:1', 'IPv4-translated'],
    ['::127.0.0.1', 'IPv4-compatible'],
    ['::7f00:1', 'IPv4-compatible'],
    ['::808:808', 'IPv4-compatible'],
    ['64:ff9b::7f00:1', 'NAT64 address embedding 127.0.0.1'],
    ['64:ff9b::a9fe:a9fe', 'cloud metadata'],
    ['64:ff9b:1::808:808', 'local-use NAT64'],
    ['2002:7f00:1::1', '6to4 address embedding 127.0.0.1'],
    ['2002:c0a8:101::1', '6to4 address embedding 192.168.1.1'],
    ['2001:0:7f00:1::', 'Teredo address embedding 127.0.0.1'],
    ['2001:0:808:808:0:0:80ff:fffe', 'Teredo address embedding 127.0.0.1'],
    // not addresses at all: fail closed
    ['', 'not an IP address'],
    ['example.com', 'not an IP address'],
    ['1.2.3.4.5', 'not an IP address'],
    ['256.0.0.1', 'not an IP address'],
  ])('blocks %s (%s)', (ip, why) => {
    expect(policy.isBlocked(ip)).toBe(true);
    expect(policy.blockReason(ip)).toContain(why);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '172.32.0.1',
    '100.128.0.1',
    '169.253.255.255',
    '2606:4700:4700::1111',
    '2001:4860:4860::8888',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
    '2001:0:808:808:0:0:f7f7:f7f7',
  ])('allows public %s', (ip) => {
    expect(policy.blockReason(ip)).toBeNull();
    expect(policy.isBlocked(ip)).toBe(false);
  });
});

describe('address policy with ALLOWED_PRIVATE_NETWORKS', () => {
  it('exempts exactly the allowed network: 127.0.0.2/32 allows 127.0.0.2, not 127.0.0.1', () => {
    const p = createAddressPolicy({ allowedPrivateNetworks: ['127.0.0.2/32'] });
    expect(p.isBlocked('127.0.0.2')).toBe(false);
    expect(p.isBlocked('::ffff:127.0.0.2')).toBe(false);
    expect(p.isBlocked('127.0.0.1')).toBe(true);
    expect(p.isBlocked('127.0.0.3')).toBe(true);
    expect(p.isBlocked('::1')).toBe(true);
  });

  it('exempts a private range and an IPv6 range without opening the rest', () => {
    const p = createAddressPolicy({ allowedPrivateNetworks: ['10.20.0.0/16', 'fd00:1234::/32'] });
    expect(p.isBlocked('10.20.3.4')).toBe(false);
    expect(p.isBlocked('10.21.0.1')).toBe(true);
    expect(p.isBlocked('fd00:1234::5')).toBe(false);
    expect(p.isBlocked('fd00:1235::5')).toBe(true);
  });

  it('keeps metadata addresses blocked inside a wider allowed range unless named exactly', () => {
    const wide = createAddressPolicy({ allowedPrivateNetworks: ['169.254.0.0/16'] });
    expect(wide.isBlocked('169.254.1.1')).toBe(false);
    expect(wide.blockReason('169.254.169.254')).toContain('cloud metadata');
    const exact = createAddressPolicy({ allowedPrivateNetworks: ['169.254.169.254/32'] });
    expect(exact.isBlocked('169.254.169.254')).toBe(false);
  });

  it('rejects a malformed CIDR naming it', () => {
    expect(() => createAddressPolicy({ allowedPrivateNetworks: ['10.0.0.0/33'] })).toThrow(/10\.0\.0\.0\/33/);
    expect(() => createAddressPolicy({ allowedPrivateNetworks: ['nonsense'] })).toThrow(
      /ALLOWED_PRIVATE_NETWORKS/,
    );
  });
});
