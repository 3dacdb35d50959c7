import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAddressPolicy } from '../../../src/adapters/egress/address-policy.js';
import {
  createEgressProxy,
  PROXY_BYPASS,
  type EgressProxy,
} from '../../../src/adapters/egress/egress-proxy.js';
import type { ProxySession } from '../../../src/adapters/egress/egress-proxy.js';
import {
  basicAuth,
  getOverTunnel,
  proxyConnect,
  proxyRequest,
  rawExchange,
  sessionAuth,
} from '../../helpers/egress-client.js';
import { startTestDnsServer, type TestDnsServer } from '../../helpers/egress-dns-server.js';
import {
  startFixtureAndCanary,
  startRecordingServer,
  type RecordingServer,
} from '../../helpers/egress-fixtures.js';
import { startTestUpstreamProxy } from '../../helpers/egress-upstream-proxy.js';
import { startRawServer } from '../../helpers/raw-server.js';

let dns: TestDnsServer;
let fixture: RecordingServer;
let canary: RecordingServer;
let proxy: EgressProxy;
let session: ProxySession;

beforeAll(async () => {
  dns = await startTestDnsServer();
  ({ fixture, canary } = await startFixtureAndCanary());
  fixture.route('/', { type: 'text/plain', body: 'fixture says hi' });
  fixture.route('/echo-headers', (req, res) =>
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(req.headers)),
  );
  canary.route('/', { body: 'canary reached' });
  dns.set('fixture.test', { A: [['127.0.0.2']] });
  dns.set('canary.test', { A: [['127.0.0.1']] });
  dns.set('sneaky.test', { A: [['127.0.0.2', '127.0.0.1']] });
  const policy = createAddressPolicy({ allowedPrivateNetworks: ['127.0.0.2/32'] });
  proxy = await createEgressProxy({ policy, dnsServers: [dns.address], connectTimeoutMs: 3000 });
});

beforeEach(() => {
  session = proxy.openSession();
});

afterEach(() => {
  session.close();
  expect(canary.connections()).toBe(0);
});

afterAll(async () => {
  await proxy.close();
  await Promise.all([fixture.close(), canary.close(), dns.close()]);
});

describe('egress proxy: authentication', () => {
  it('listens on 127.0.0.1 and hands out per-session random credentials with the loopback bypass', () => {
    const other = proxy.openSession();
    expect(proxy.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(session.proxy.bypass).toBe(PROXY_BYPASS);
    expect(PROXY_BYPASS).toBe('<-loopback>');
    expect(other.credentials.username).not.toBe(session.credentials.username);
    expect(other.credentials.password).not.toBe(session.credentials.password);
    expect(session.credentials.password.length).toBeGreaterThanOrEqual(32);
    other.close();
  });

  it('gives each session a port of its own, which names the session without credentials', async () => {
    const other = proxy.openSession();
    try {
      for (const s of [session, other]) {
        expect(s.proxy.server).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
        expect(s.proxy.server).not.toBe(proxy.url);
        expect(s.proxy.username).toBeUndefined();
      }
      expect(other.proxy.server).not.toBe(session.proxy.server);
      const res = await proxyRequest(session.proxy.server, `${fixture.origin}/`, null);
      expect(res.status).toBe(200);
      expect(res.body).toBe('fixture says hi');
      // A refusal on a session's port is counted for that session alone.
      await proxyRequest(other.proxy.server, `${canary.origin}/`, null).catch(() => undefined);
      expect(other.blockedRequests()).toBe(1);
      expect(session.blockedRequests()).toBe(0);
      // Another session's credentials do not move a request to it.
      await proxyRequest(session.proxy.server, `${canary.origin}/`, sessionAuth(other)).catch(
        () => undefined,
      );
      expect(session.blockedRequests()).toBe(1);
      expect(other.blockedRequests()).toBe(1);
    } finally {
      other.close();
    }
  });

  it("closes a session's port with the session, and drops its open connections", async () => {
    const own = proxy.openSession();
    const tunnel = await proxyConnect(own.proxy.server, `127.0.0.2:${fixture.port}`, null);
    expect(tunnel.status).toBe(200);
    const ended = new Promise((resolve) => tunnel.socket.once('close', resolve));
    own.close();
    await ended;
    await expect(proxyRequest(own.proxy.server, `${fixture.origin}/`, null)).rejects.toThrow(/ECONNREFUSED/);
  });

  it('falls back to the shared port and credentials when sessions open faster than ports bind', async () => {
    const burst = Array.from({ length: 12 }, () => proxy.openSession());
    try {
      const shared = burst.filter((s) => s.proxy.server === proxy.url);
      expect(shared.length).toBeGreaterThan(0);
      for (const s of shared) {
        expect(s.proxy.username).toBe(s.credentials.username);
        expect(s.proxy.password).toBe(s.credentials.password);
        const res = await proxyRequest(proxy.url, `${fixture.origin}/`, sessionAuth(s));
        expect(res.body).toBe('fixture says hi');
      }
      for (const s of burst.filter((s) => s.proxy.server !== proxy.url))
        expect((await proxyRequest(s.proxy.server, `${fixture.origin}/`, null)).status).toBe(200);
    } finally {
      for (const s of burst) s.close();
    }
  });

  it('challenges a plain request without credentials with 407 and Proxy-Authenticate: Basic', async () => {
    const before = fixture.requests.length;
    const res = await proxyRequest(proxy.url, `${fixture.origin}/`, null);
    expect(res.status).toBe(407);
    expect(res.headers['proxy-authenticate']).toMatch(/^Basic /);
    expect(fixture.requests).toHaveLength(before);
  });

  it('challenges CONNECT without credentials, and refuses a wrong password and a closed session', async () => {
    const none = await proxyConnect(proxy.url, `127.0.0.2:${fixture.port}`, null);
    expect(none.status).toBe(407);
    expect(none.head).toMatch(/Proxy-Authenticate: Basic/i);
    none.socket.destroy();
    const wrong = await proxyRequest(
      proxy.url,
      `${fixture.origin}/`,
      basicAuth(session.credentials.username, 'guess'),
    );
    expect(wrong.status).toBe(407);
    const closed = proxy.openSession();
    closed.close();
    expect((await proxyRequest(proxy.url, `${fixture.origin}/`, sessionAuth(closed))).status).toBe(407);
  });

  it('rejects malformed Proxy-Authorization values', async () => {
    for (const value of [
      'Bearer abc',
      'Basic',
      'Basic !!!',
      `Basic ${Buffer.from('nocolon').toString('base64')}`,
    ]) {
      expect((await proxyRequest(proxy.url, `${fixture.origin}/`, value)).status).toBe(407);
    }
  });
});

describe('egress proxy: plain http', () => {
  it('forwards an allowed request and strips the proxy credentials and hop-by-hop headers', async () => {
    const res = await proxyRequest(proxy.url, `${fixture.origin}/echo-headers`, sessionAuth(session), {
      Host: 'spoofed.example',
      'Proxy-Connection': 'keep-alive',
      'X-Custom': 'kept',
    });
    expect(res.status).toBe(200);
    const seen = JSON.parse(res.body) as Record<string, string>;
    expect(seen['proxy-authorization']).toBeUndefined();
    expect(seen['proxy-connection']).toBeUndefined();
    expect(seen['x-custom']).toBe('kept');
    expect(seen.host).toBe(`127.0.0.2:${fixture.port}`); // from the request target, not the Host header
  });

  it('resolves names itself and connects to the checked address', async () => {
    const res = await proxyRequest(proxy.url, `http://fixture.test:${fixture.port}/`, sessionAuth(session));
    expect(res.body).toBe('fixture says hi');
  });

  it.each([
    (port: number) => `http://127.0.0.1:${port}/`,
    (port: number) => `http://canary.test:${port}/`,
    (port: number) => `http://sneaky.test:${port}/`,
    (port: number) => `http://localhost:${port}/`,
    (port: number) => `http://2130706433:${port}/`,
    (port: number) => `http://[::ffff:127.0.0.1]:${port}/`,
  ])('drops a blocked request without a response (%#) and records why', async (make) => {
    const target = make(canary.port);
    await expect(proxyRequest(proxy.url, target, sessionAuth(session))).rejects.toThrow();
    expect(session.blockedRequests()).toBe(1);
    expect(session.blockReason(target)).toMatch(
      /127\.0\.0\.1 \(loopback\)|blocked range \(|embedding 127\.0\.0\.1/,
    );
    expect(session.blockReason(`${fixture.origin}/`)).toBeNull();
  });

  it('answers 502 for a host that does not resolve, without counting it as blocked', async () => {
    const res = await proxyRequest(proxy.url, 'http://nowhere.test/', sessionAuth(session));
    expect(res.status).toBe(502);
    expect(res.body).toContain('could not be resolved');
    expect(session.blockedRequests()).toBe(0);
  });

  it('refuses origin-form and non-http targets with 400', async () => {
    expect((await proxyRequest(proxy.url, '/relative', sessionAuth(session))).status).toBe(400);
    expect((await proxyRequest(proxy.url, 'ftp://fixture.test/', sessionAuth(session))).status).toBe(400);
  });

  it('connects only to checked addresses when the name is rebound between requests', async () => {
    dns.rebind('rebind.test', '127.0.0.2', '127.0.0.1');
    const url = `http://rebind.test:${fixture.port}/`;
    expect((await proxyRequest(proxy.url, url, sessionAuth(session))).body).toBe('fixture says hi');
    await expect(proxyRequest(proxy.url, url, sessionAuth(session))).rejects.toThrow();
    expect(dns.queries('rebind.test')).toBe(2);
    expect(session.blockReason(url)).toContain('rebind.test resolves to 127.0.0.1');
  });
});

describe('egress proxy: CONNECT tunnels', () => {
  it('tunnels to an allowed address', async () => {
    const { status, socket } = await proxyConnect(
      proxy.url,
      `fixture.test:${fixture.port}`,
      sessionAuth(session),
    );
    expect(status).toBe(200);
    expect(await getOverTunnel(socket, 'fixture.test')).toContain('fixture says hi');
  });

  it.each([
    '127.0.0.1',
    'canary.test',
    'localhost',
    '[::1]',
    '[::ffff:7f00:1]',
    '0x7f.1',
    '2130706433',
    '169.254.169.254',
  ])('answers 403 to CONNECT %s and records it', async (host) => {
    const { status, head, socket } = await proxyConnect(
      proxy.url,
      `${host}:${canary.port}`,
      sessionAuth(session),
    );
    socket.destroy();
    expect(status).toBe(403);
    expect(head).toMatch(/Connection: close/i);
    expect(session.blockedRequests()).toBe(1);
    expect(session.blockReason(`https://${host}:${canary.port}/`)).not.toBeNull();
  });

  it('answers 400 to a CONNECT target that is not host:port', async () => {
    for (const authority of ['fixture.test', 'user@fixture.test:80', 'fixture.test:80/path']) {
      const { status, socket } = await proxyConnect(proxy.url, authority, sessionAuth(session));
      socket.destroy();
      expect(status).toBe(400);
    }
  });

  it('closing a session tears down its open tunnels', async () => {
    const { socket } = await proxyConnect(proxy.url, `127.0.0.2:${fixture.port}`, sessionAuth(session));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    session.close();
    await closed;
    expect(socket.destroyed).toBe(true);
  });
});

describe('egress proxy: absolute-form WebSocket upgrades', () => {
  const upgrade = (url: string, auth: string | null): string =>
    [
      `GET ${url} HTTP/1.1`,
      `Host: ${new URL(url).host}`,
      'Connection: Upgrade',
      'Upgrade: websocket',
      'Sec-WebSocket-Version: 13',
      'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
      ...(auth === null ? [] : [`Proxy-Authorization: ${auth}`]),
      '',
      '',
    ].join('\r\n');

  it('forwards an allowed upgrade and relays the WebSocket', async () => {
    const text = await rawExchange(
      proxy.url,
      upgrade(`ws://fixture.test:${fixture.port}/ws`, sessionAuth(session)),
      (t) => t.includes('hello from'),
    );
    expect(text).toMatch(/^HTTP\/1\.1 101 /);
    expect(text).toContain('s3pPLMBiTxaQ9kYGzzhZRbK+xOo=');
    expect(text).toContain(`hello from fixture.test:${fixture.port}`);
  });

  it('challenges an upgrade without credentials and drops a blocked one', async () => {
    const challenged = await rawExchange(
      proxy.url,
      upgrade(`ws://127.0.0.2:${fixture.port}/ws`, null),
      () => false,
    );
    expect(challenged).toMatch(/^HTTP\/1\.1 407 [^]*Proxy-Authenticate: Basic/);
    const dropped = await rawExchange(
      proxy.url,
      upgrade(`ws://127.0.0.1:${canary.port}/ws`, sessionAuth(session)),
      () => false,
    );
    expect(dropped).toBe('');
    expect(session.blockReason(`ws://127.0.0.1:${canary.port}/ws`)).toContain('loopback');
  });
});

describe('egress proxy: upstream chaining', () => {
  it('chains through the upstream with its credentials, asking it for the checked address', async () => {
    const upstream = await startTestUpstreamProxy('up user', 'p@ss:word');
    try {
      const chained = proxy.openSession({ upstream: upstream.url });
      const res = await proxyRequest(proxy.url, `http://fixture.test:${fixture.port}/`, sessionAuth(chained));
      expect(res.body).toBe('fixture says hi');
      const tunnel = await proxyConnect(proxy.url, `fixture.test:${fixture.port}`, sessionAuth(chained));
      expect(await getOverTunnel(tunnel.socket, 'fixture.test')).toContain('fixture says hi');
      expect(upstream.connects).toEqual([`127.0.0.2:${fixture.port}`, `127.0.0.2:${fixture.port}`]);
      await expect(
        proxyRequest(proxy.url, `http://canary.test:${canary.port}/`, sessionAuth(chained)),
      ).rejects.toThrow();
      expect(upstream.connects).toHaveLength(2);
      chained.close();
    } finally {
      await upstream.close();
    }
  });

  it('answers 502 when the upstream refuses its credentials', async () => {
    const upstream = await startTestUpstreamProxy('right', 'right');
    try {
      const url = new URL(upstream.url);
      url.password = 'wrong';
      const chained = proxy.openSession({ upstream: url.toString() });
      const res = await proxyRequest(proxy.url, `${fixture.origin}/`, sessionAuth(chained));
      expect(res.status).toBe(502);
      expect(res.body).toContain('upstream proxy refused');
      expect(upstream.refused()).toBe(1);
      chained.close();
    } finally {
      await upstream.close();
    }
  });

  it('rejects an upstream that is not an http(s) proxy URL', () => {
    expect(() => proxy.openSession({ upstream: 'socks5://127.0.0.1:1080' })).toThrow(/http/);
    expect(() => proxy.openSession({ upstream: 'not a url' })).toThrow(/not valid/);
  });
});

describe('egress proxy: lifecycle', () => {
  it('close() stops listening and destroys open tunnels', async () => {
    const own = await createEgressProxy({
      policy: createAddressPolicy({ allowedPrivateNetworks: ['127.0.0.2/32'] }),
    });
    const s = own.openSession();
    const { status, socket } = await proxyConnect(own.url, `127.0.0.2:${fixture.port}`, sessionAuth(s));
    expect(status).toBe(200);
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    await own.close();
    await closed;
    await expect(proxyRequest(own.url, `${fixture.origin}/`, sessionAuth(s))).rejects.toThrow(/ECONNREFUSED/);
  });

  it('answers 502 when the checked address refuses the connection', async () => {
    const closed = await startRecordingServer('127.0.0.2');
    await closed.close();
    const res = await proxyRequest(proxy.url, `http://127.0.0.2:${closed.port}/`, sessionAuth(session));
    expect(res.status).toBe(502);
    expect(res.body).toMatch(/could not connect.*ECONNREFUSED/i);
    expect(session.blockedRequests()).toBe(0);
  });
});

describe('egress proxy: bounds for third parties', () => {
  it('gives up on a third-party host whose DNS never answers sooner than on the target', async () => {
    dns.silence('dead.test');
    const policy = createAddressPolicy({ allowedPrivateNetworks: ['127.0.0.2/32'] });
    const bounded = await createEgressProxy({
      policy,
      dnsServers: [dns.address],
      lookupTimeoutMs: 3000,
      subresourceLookupMs: 300,
    });
    try {
      const thirdParty = bounded.openSession({ target: 'http://fixture.test/' });
      let started = Date.now();
      const refused = await proxyConnect(bounded.url, 'dead.test:443', sessionAuth(thirdParty));
      expect(refused.status).toBe(502);
      expect(Date.now() - started).toBeLessThan(2000);
      thirdParty.close();
      // The target itself gets the full lookup time.
      const target = bounded.openSession({ target: 'https://dead.test/' });
      started = Date.now();
      expect((await proxyConnect(bounded.url, 'dead.test:443', sessionAuth(target))).status).toBe(502);
      expect(Date.now() - started).toBeGreaterThanOrEqual(2500);
      target.close();
    } finally {
      await bounded.close();
    }
  });
});

describe('egress proxy: giving up on a dead host (limitWaits)', () => {
  it('answers a plain request its server never answers 504 once asked, and counts it; an answered one is left alone', async () => {
    fixture.route('/never', () => undefined);
    fixture.route('/slowly', (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.write('first bytes ');
      setTimeout(() => res.end('and the rest'), 600);
    });
    const never = proxyRequest(proxy.url, `http://fixture.test:${fixture.port}/never`, sessionAuth(session));
    const slowly = proxyRequest(
      proxy.url,
      `http://fixture.test:${fixture.port}/slowly`,
      sessionAuth(session),
    );
    await new Promise((r) => setTimeout(r, 300));
    const started = Date.now();
    session.limitWaits(200);
    const answer = await never;
    expect(answer.status).toBe(504);
    expect(answer.body).toContain("did not answer within the page's load budget");
    expect(Date.now() - started).toBeLessThan(1000);
    expect((await slowly).body).toBe('first bytes and the rest');
    expect(session.cutExchanges()).toBe(1);
  });

  it('keeps giving up on exchanges that stall later, and only after they waited that long', async () => {
    fixture.route('/never', () => undefined);
    session.limitWaits(400);
    const started = Date.now();
    const answer = await proxyRequest(
      proxy.url,
      `http://fixture.test:${fixture.port}/never`,
      sessionAuth(session),
    );
    expect(answer.status).toBe(504);
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('closes a tunnel whose server never answers what the browser sent, not an idle one or one that answers', async () => {
    const silent = await startRawServer(null);
    try {
      const stalled = await proxyConnect(proxy.url, `fixture.test:${silent.port}`, sessionAuth(session));
      const idle = await proxyConnect(proxy.url, `fixture.test:${silent.port}`, sessionAuth(session));
      const answered = await proxyConnect(proxy.url, `fixture.test:${fixture.port}`, sessionAuth(session));
      expect([stalled.status, idle.status, answered.status]).toEqual([200, 200, 200]);
      stalled.socket.write('a TLS hello that gets no answer');
      const closed = new Promise<void>((resolve) => stalled.socket.once('close', () => resolve()));
      const reply = getOverTunnel(answered.socket, 'fixture.test');
      await new Promise((r) => setTimeout(r, 300));
      session.limitWaits(200);
      await closed;
      expect(await reply).toContain('fixture says hi');
      expect(idle.socket.destroyed).toBe(false);
      expect(session.cutExchanges()).toBe(1);
      idle.socket.destroy();
    } finally {
      await silent.close();
    }
  });
});

describe('egress proxy: answers that are not HTTP', () => {
  it('answers 502 saying the answer is not valid HTTP, and why, for a plain request', async () => {
    const raw = await startRawServer('HTTP/1.1 200 OK\r\nContent-Length: abc\r\n\r\nhello');
    try {
      const answer = await proxyRequest(proxy.url, `http://fixture.test:${raw.port}/`, sessionAuth(session));
      expect(answer.status).toBe(502);
      expect(answer.body).toMatch(
        /^Shots egress: the target's answer is not valid HTTP \(.*Content-Length.*\)\.$/,
      );
    } finally {
      await raw.close();
    }
  });
});
