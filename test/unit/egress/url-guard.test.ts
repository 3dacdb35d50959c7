import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAddressPolicy } from '../../../src/adapters/egress/address-policy.js';
import { createUrlGuard, MAX_URL_LENGTH } from '../../../src/adapters/egress/url-guard.js';
import { startTestDnsServer, type TestDnsServer } from '../../helpers/egress-dns-server.js';

let dns: TestDnsServer;
let guard: ReturnType<typeof createUrlGuard>;
let allowing: ReturnType<typeof createUrlGuard>;

beforeAll(async () => {
  dns = await startTestDnsServer();
  dns.set('public.test', { A: [['93.184.216.34']], AAAA: [['2606:2800:220:1:248:1893:25c8:1946']] });
  dns.set('internal.test', { A: [['10.0.0.5']] });
  dns.set('mixed.test', { A: [['93.184.216.34', '127.0.0.1']] });
  dns.set('v6-loopback.test', { AAAA: [['::1']] });
  dns.set('v6-mapped.test', { AAAA: [['::ffff:169.254.169.254']] });
  dns.set('metadata.google.internal', { A: [['169.254.169.254']] });
  dns.set('fixture.test', { A: [['127.0.0.2']] });
  dns.set('empty.test', {});
  const dnsServers = [dns.address];
  guard = createUrlGuard({ policy: createAddressPolicy(), dnsServers, lookupTimeoutMs: 2000 });
  allowing = createUrlGuard({
    policy: createAddressPolicy({ allowedPrivateNetworks: ['127.0.0.2/32'] }),
    dnsServers,
    lookupTimeoutMs: 2000,
  });
});

afterAll(async () => {
  await dns.close();
});

describe('url guard: schemes and shape', () => {
  it.each([
    ['file:///etc/passwd', 'not file'],
    ['FILE:///etc/passwd', 'not file'],
    ['chrome://settings', 'not chrome'],
    ['chrome-extension://abc/x.html', 'not chrome-extension'],
    ['view-source:http://public.test/', 'not view-source'],
    ['data:text/html,<h1>hi</h1>', 'not data'],
    ['javascript:alert(1)', 'not javascript'],
    ['JaVaScRiPt:alert(1)', 'not javascript'],
    ['ftp://public.test/file', 'not ftp'],
    ['ws://public.test/', 'not ws'],
    ['wss://public.test/', 'not wss'],
    ['blob:http://public.test/uuid', 'not blob'],
    ['about:blank', 'not about'],
    ['gopher://public.test:70/', 'not gopher'],
    ['not a url', 'not a valid absolute URL'],
    ['//public.test/', 'not a valid absolute URL'],
    ['http://', 'not a valid absolute URL'],
    ['http://[fe80::1%25eth0]/', 'not a valid absolute URL'],
    ['http://user:pass@public.test/', 'user name or password'],
    ['http://user@public.test/', 'user name or password'],
    ['http://:secret@public.test/', 'user name or password'],
    ['http://public.test@127.0.0.1/', 'user name or password'],
    ['http://public.test%40127.0.0.1@127.0.0.1/', 'user name or password'],
  ])('rejects %s', async (url, why) => {
    expect(await guard.check(url)).toContain(why);
  });

  it('rejects URLs longer than 2048 characters and accepts one of exactly 2048', async () => {
    const base = 'http://public.test/';
    expect(await guard.check(base + 'a'.repeat(MAX_URL_LENGTH - base.length + 1))).toContain(
      'longer than 2048',
    );
    expect(await guard.check(base + 'a'.repeat(MAX_URL_LENGTH - base.length))).toBeNull();
  });

  it('requires https for webhook URLs', async () => {
    expect(await guard.check('http://public.test/hook', { httpsOnly: true })).toContain('must use https');
    expect(await guard.check('HTTPS://public.test/hook', { httpsOnly: true })).toBeNull();
  });

  it('accepts public http and https URLs, in any letter case', async () => {
    expect(await guard.check('http://public.test/')).toBeNull();
    expect(await guard.check('HTTPS://PUBLIC.TEST:8443/a?b#c')).toBeNull();
    expect(await guard.check('http://8.8.8.8/')).toBeNull();
    expect(await guard.check('http://[2606:4700:4700::1111]/')).toBeNull();
  });
});

describe('url guard: IP literals in every notation', () => {
  it.each([
    'http://127.0.0.1/',
    'http://127.0.0.1:8080/admin',
    'http://2130706433/',
    'http://0x7f000001/',
    'http://0x7f.1/',
    'http://017700000001/',
    'http://0177.0.0.1/',
    'http://127.1/',
    'http://127.0.1/',
    'http://0/',
    'http://0.0.0.0/',
    'http://%31%32%37.0.0.1/',
    'http://127%2E0%2E0%2E1/',
    'http://127。0。0。1/',
    'http://１２７.０.０.１/',
    'http://[::1]/',
    'http://[::]/',
    'http://[0:0:0:0:0:0:0:1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:7f00:1]/',
    'http://[::127.0.0.1]/',
    'http://[64:ff9b::127.0.0.1]/',
    'http://[2002:7f00:1::]/',
    'http://[fe80::1]/',
    'http://[fd00:ec2::254]/latest/meta-data/',
    'http://169.254.169.254/latest/meta-data/',
    'http://0xa9fea9fe/',
    'http://100.100.100.200/',
    'http://10.0.0.1/',
    'http://192.168.0.1/',
    'http://172.16.0.1/',
    'http://100.64.0.1/',
    'http://224.0.0.1/',
    'http://255.255.255.255/',
    'http://127.0.0.2\\@127.0.0.1/',
  ])('blocks %s', async (url) => {
    expect(await guard.check(url)).toMatch(/^The URL points to a blocked network: .+\.$/);
  });

  it('reads a backslash as a path separator, as Chromium does: the host is the part before it', async () => {
    // WHATWG parsing: host 127.0.0.2, path /@127.0.0.1/ — allowed only where 127.0.0.2 is.
    expect(await allowing.check('http://127.0.0.2\\@127.0.0.1/')).toBeNull();
    expect(await allowing.check('http://127.0.0.1\\@127.0.0.2/')).toContain('127.0.0.1');
  });

  it('honours ALLOWED_PRIVATE_NETWORKS=127.0.0.2/32 for 127.0.0.2 only', async () => {
    expect(await allowing.check('http://127.0.0.2:9000/')).toBeNull();
    expect(await allowing.check('http://0x7f.0.0.2/')).toBeNull();
    expect(await allowing.check('http://127.0.0.1:9000/')).toContain('loopback');
    expect(await allowing.check('http://fixture.test/')).toBeNull();
  });
});

describe('url guard: host names', () => {
  it.each([
    ['http://localhost/', 'localhost resolves to 127.0.0.1'],
    ['http://LOCALHOST./', 'localhost resolves to 127.0.0.1'],
    ['http://api.localhost:3000/', 'api.localhost resolves to 127.0.0.1'],
    ['http://ⓛocalhost/', 'localhost resolves to 127.0.0.1'],
    ['http://internal.test/', 'internal.test resolves to 10.0.0.5 (private network)'],
    ['http://mixed.test/', 'mixed.test resolves to 127.0.0.1 (loopback)'],
    ['http://v6-loopback.test/', 'v6-loopback.test resolves to ::1'],
    ['http://v6-mapped.test/', 'cloud metadata'],
    ['http://metadata.google.internal/computeMetadata/v1/', '169.254.169.254'],
    ['http://fixture.test/', '127.0.0.2 (loopback)'],
  ])('blocks %s', async (url, why) => {
    expect(await guard.check(url)).toContain(why);
  });

  it('says an unknown or address-less host could not be resolved', async () => {
    expect(await guard.check('http://nowhere.test/')).toBe(
      "The host nowhere.test could not be resolved; check the URL's spelling.",
    );
    expect(await guard.check('http://empty.test/')).toContain('could not be resolved');
  });

  it('allows localhost only when 127.0.0.1 is allowed, without asking DNS', async () => {
    const open = createUrlGuard({
      policy: createAddressPolicy({ allowedPrivateNetworks: ['127.0.0.0/8'] }),
      dnsServers: [dns.address],
    });
    expect(await open.check('http://localhost:8080/')).toBeNull();
    expect(await allowing.check('http://localhost:8080/')).toContain('loopback');
  });

  it('resolveAndCheck picks an IPv4 address and reports every address it checked', async () => {
    expect(await guard.resolveAndCheck('PUBLIC.test.')).toEqual({
      address: '93.184.216.34',
      family: 4,
      addresses: ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
    });
    expect(await guard.resolveAndCheck('[2606:4700:4700::1111]')).toMatchObject({
      address: '2606:4700:4700::1111',
      family: 6,
    });
  });

  it('re-resolves on every check (no cache for the rebinding window)', async () => {
    dns.rebind('rebind.test', '93.184.216.34', '127.0.0.1');
    expect(await guard.check('http://rebind.test/')).toBeNull();
    expect(await guard.check('http://rebind.test/')).toContain('rebind.test resolves to 127.0.0.1');
    expect(dns.queries('rebind.test')).toBe(2);
  });

  it('uses the system resolver when no DNS server is configured, with a deadline', async () => {
    const system = createUrlGuard({ policy: createAddressPolicy(), lookupTimeoutMs: 3000 });
    expect(await system.check('http://localhost/')).toContain('loopback');
    expect(await system.check('http://no-such-host.invalid/')).toContain('could not be resolved');
  });
});
