import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAddressPolicy } from '../../../src/adapters/egress/address-policy.js';
import { createEgressProxy, type EgressProxy } from '../../../src/adapters/egress/egress-proxy.js';
import type { ProxySession } from '../../../src/adapters/egress/egress-proxy.js';
import { startTestDnsServer, type TestDnsServer } from '../../helpers/egress-dns-server.js';
import {
  launchChromium,
  startFixtureAndCanary,
  type RecordingServer,
} from '../../helpers/egress-fixtures.js';

/** A 1×1 transparent PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

let browser: Browser;
let dns: TestDnsServer;
let fixture: RecordingServer;
let canary: RecordingServer;
let proxy: EgressProxy;
let session: ProxySession;
let context: BrowserContext;

beforeAll(async () => {
  dns = await startTestDnsServer();
  ({ fixture, canary } = await startFixtureAndCanary());
  dns.set('canary.test', { A: [['127.0.0.1']] });
  fixture.route('/pixel.png', (_req, res) => res.writeHead(200, { 'Content-Type': 'image/png' }).end(PNG));
  const policy = createAddressPolicy({ allowedPrivateNetworks: ['127.0.0.2/32'] });
  proxy = await createEgressProxy({ policy, dnsServers: [dns.address] });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await proxy?.close();
  await Promise.all([fixture?.close(), canary?.close(), dns?.close()]);
});

afterEach(async () => {
  await context?.close();
  session?.close();
  // The canary on 127.0.0.1 must never see a single TCP connection, whatever the test did.
  expect(canary.connections()).toBe(0);
  expect(canary.requests).toEqual([]);
});

/** A fresh session and context, as the capturer makes them, and a page on it. */
async function openPage(): Promise<Page> {
  session = proxy.openSession();
  context = await browser.newContext({ proxy: session.proxy, serviceWorkers: 'block' });
  return context.newPage();
}

/** Serves `body` at a fresh fixture path and returns its URL. */
function page(name: string, body: string): string {
  fixture.route(`/${name}`, {
    body: `<!doctype html><html><head><title>fixture</title></head><body>${body}</body></html>`,
  });
  return `${fixture.origin}/${name}`;
}

async function expectBlocked(): Promise<void> {
  await expect.poll(() => session.blockedRequests(), { timeout: 10_000 }).toBeGreaterThan(0);
}

describe('egress proxy with real Chromium: allowed traffic flows', () => {
  it('loads images, styles, scripts, fetch, XHR, WebSocket and EventSource from an allowed address', async () => {
    fixture.route('/style.css', { type: 'text/css', body: 'body { background: rgb(1, 2, 3); }' });
    fixture.route('/script.js', { type: 'text/javascript', body: 'window.scriptRan = true;' });
    fixture.route('/data', { type: 'text/plain', body: 'data!' });
    fixture.route('/events', { type: 'text/event-stream', body: 'data: event!\n\n' });
    const p = await openPage();
    await p.goto(
      page(
        'allowed',
        '<link rel="stylesheet" href="/style.css"><script src="/script.js"></script><img id="i" src="/pixel.png">',
      ),
    );
    const result = await p.evaluate(async (wsUrl) => {
      const ws = await new Promise<string>((resolve) => {
        const socket = new WebSocket(wsUrl);
        socket.onmessage = (e) => resolve(String(e.data));
        socket.onerror = () => resolve('ws error');
      });
      const sse = await new Promise<string>((resolve) => {
        const source = new EventSource('/events');
        source.onmessage = (e) => (source.close(), resolve(String(e.data)));
        source.onerror = () => (source.close(), resolve('sse error'));
      });
      const xhr = await new Promise<string>((resolve) => {
        const x = new XMLHttpRequest();
        x.onload = () => resolve(x.responseText);
        x.onerror = () => resolve('xhr error');
        x.open('GET', '/data');
        x.send();
      });
      return {
        img: (document.getElementById('i') as HTMLImageElement).naturalWidth,
        css: getComputedStyle(document.body).backgroundColor,
        script: (window as unknown as { scriptRan?: boolean }).scriptRan === true,
        fetched: await (await fetch('/data')).text(),
        xhr,
        ws,
        sse,
      };
    }, `ws://127.0.0.2:${fixture.port}/ws`);
    expect(result).toEqual({
      img: 1,
      css: 'rgb(1, 2, 3)',
      script: true,
      fetched: 'data!',
      xhr: 'data!',
      ws: `hello from 127.0.0.2:${fixture.port}`,
      sse: 'event!',
    });
    expect(session.blockedRequests()).toBe(0);
  });

  it('takes a screenshot of a page reached by name through the proxy', async () => {
    dns.set('fixture.test', { A: [['127.0.0.2']] });
    page('named', '<h1>named</h1>');
    const p = await openPage();
    const response = await p.goto(`http://fixture.test:${fixture.port}/named`);
    expect(response?.status()).toBe(200);
    const png = await p.screenshot();
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  it('reaches nothing through a closed session: its port is closed, its credentials refused', async () => {
    const stale = proxy.openSession();
    stale.close();
    session = proxy.openSession();
    expect(stale.proxy.server).not.toBe(proxy.url);
    const before = fixture.requests.length;
    context = await browser.newContext({ proxy: stale.proxy });
    const throughPort = await context.newPage();
    await expect(throughPort.goto(page('stale', 'hi'))).rejects.toThrow(/ERR_PROXY_CONNECTION_FAILED/);
    await context.close();
    context = await browser.newContext({
      proxy: { server: proxy.url, ...stale.credentials, bypass: stale.proxy.bypass },
    });
    const withCredentials = await context.newPage();
    // Chromium gives up after the challenge is answered with refused credentials and shows the 407.
    const response = await withCredentials.goto(page('stale', 'hi'));
    expect(response?.status()).toBe(407);
    expect(fixture.requests).toHaveLength(before);
  });

  it('works with the credentials of a session on the shared port too', async () => {
    session = proxy.openSession();
    context = await browser.newContext({
      proxy: { server: proxy.url, ...session.credentials, bypass: session.proxy.bypass },
    });
    const p = await context.newPage();
    const response = await p.goto(page('shared', '<p>through the shared port</p>'));
    expect(response?.status()).toBe(200);
    expect(await p.textContent('p')).toBe('through the shared port');
  });
});

describe('egress proxy with real Chromium: blocked subrequests are dropped, the capture goes on', () => {
  const cases: [string, (c: string, port: number) => string][] = [
    ['img', (c) => `<img src="${c}/img.png">`],
    ['CSS background image', (c) => `<div style="width:9px;height:9px;background:url(${c}/bg.png)"></div>`],
    ['iframe', (c) => `<iframe src="${c}/frame"></iframe>`],
    ['srcdoc iframe with an image', (c) => `<iframe srcdoc="<img src='${c}/inner.png'>"></iframe>`],
    ['stylesheet', (c) => `<link rel="stylesheet" href="${c}/style.css">`],
    [
      '@font-face',
      (c) =>
        `<style>@font-face{font-family:Canary;src:url(${c}/font.woff2)}p{font-family:Canary}</style><p>text</p>`,
    ],
    ['script', (c) => `<script src="${c}/script.js"></script>`],
    ['fetch', (c) => `<script>fetch('${c}/fetch').catch(() => {})</script>`],
    ['XHR', (c) => `<script>const x = new XMLHttpRequest(); x.open('GET', '${c}/xhr'); x.send();</script>`],
    ['sendBeacon', (c) => `<script>navigator.sendBeacon('${c}/beacon', 'x')</script>`],
    ['WebSocket', (_c, port) => `<script>new WebSocket('ws://127.0.0.1:${port}/ws')</script>`],
    ['WebSocket to localhost', (_c, port) => `<script>new WebSocket('ws://localhost:${port}/ws')</script>`],
    ['EventSource', (c) => `<script>new EventSource('${c}/events')</script>`],
    ['https image (CONNECT)', (_c, port) => `<img src="https://127.0.0.1:${port}/img.png">`],
    ['decimal IPv4 host', (_c, port) => `<img src="http://2130706433:${port}/img.png">`],
    ['hex IPv4 host', (_c, port) => `<img src="http://0x7f.1:${port}/img.png">`],
    ['IPv4-mapped IPv6 host', (_c, port) => `<img src="http://[::ffff:127.0.0.1]:${port}/img.png">`],
    ['host name resolving to loopback', (_c, port) => `<img src="http://canary.test:${port}/img.png">`],
    ['localhost', (_c, port) => `<img src="http://localhost:${port}/img.png">`],
    ['the proxy itself', () => `<script>fetch('http://127.0.0.1:${proxy.port}/').catch(() => {})</script>`],
    [
      "the session's own proxy port",
      () => `<script>fetch('${session.proxy.server}/').catch(() => {})</script>`,
    ],
  ];

  it.each(cases)('%s', async (_name, html) => {
    const p = await openPage();
    await p.goto(page(`sub-${session.credentials.username}`, html(canary.origin, canary.port)));
    await expectBlocked();
    expect(await p.title()).toBe('fixture');
  });

  it('never opens a popup (window.open returns null), so a popup reaches nothing', async () => {
    const p = await openPage();
    await p.goto(page('popup', `<script>window.opened = window.open('${canary.origin}/popup')</script>`));
    expect(await p.evaluate(() => (window as unknown as { opened: unknown }).opened)).toBeNull();
    expect(context.pages()).toHaveLength(1);
  });

  it('records why, by host, for the capturer', async () => {
    const p = await openPage();
    await p.goto(page('why', `<img src="${canary.origin}/img.png">`));
    await expectBlocked();
    expect(session.blockReason(`${canary.origin}/anything`)).toBe(
      '127.0.0.1 is in a blocked range (loopback)',
    );
    expect(session.blockReason(fixture.origin)).toBeNull();
  });
});

describe('egress proxy with real Chromium: blocked navigations fail', () => {
  it.each([
    ['plain http to 127.0.0.1', (port: number) => `http://127.0.0.1:${port}/`, /ERR_EMPTY_RESPONSE/],
    [
      'https to 127.0.0.1 (CONNECT)',
      (port: number) => `https://127.0.0.1:${port}/`,
      /ERR_TUNNEL_CONNECTION_FAILED/,
    ],
    ['localhost', (port: number) => `http://localhost:${port}/`, /ERR_EMPTY_RESPONSE/],
    ['a name resolving to loopback', (port: number) => `http://canary.test:${port}/`, /ERR_EMPTY_RESPONSE/],
  ])('%s', async (_name, make, error) => {
    const p = await openPage();
    const url = make(canary.port);
    await expect(p.goto(url)).rejects.toThrow(error);
    expect(session.blockReason(url)).not.toBeNull();
  });

  it('a 302 redirect to 127.0.0.1 fails the navigation; the failed request names the blocked URL', async () => {
    fixture.route('/redirect', { status: 302, headers: { Location: `${canary.origin}/after-redirect` } });
    const p = await openPage();
    const failed: string[] = [];
    p.on('requestfailed', (r) => {
      if (r.isNavigationRequest() && r.frame() === p.mainFrame()) failed.push(r.url());
    });
    await expect(p.goto(`${fixture.origin}/redirect`)).rejects.toThrow(/net::ERR_/);
    expect(failed).toEqual([`${canary.origin}/after-redirect`]);
    expect(session.blockReason(`${canary.origin}/after-redirect`)).toContain('loopback');
    expect(session.blockReason(`${fixture.origin}/redirect`)).toBeNull();
  });

  it('a meta refresh to 127.0.0.1 is blocked', async () => {
    const p = await openPage();
    await p.goto(page('meta', `<meta http-equiv="refresh" content="0;url=${canary.origin}/meta">`));
    await expectBlocked();
  });

  it('a late script navigation to 127.0.0.1 is blocked', async () => {
    const p = await openPage();
    await p.goto(
      page('late', `<script>setTimeout(() => { location.href = '${canary.origin}/late'; }, 300)</script>`),
    );
    expect(session.blockedRequests()).toBe(0);
    await expectBlocked();
    expect(session.blockReason(`${canary.origin}/late`)).not.toBeNull();
  });
});

describe('egress proxy with real Chromium: service workers and DNS rebinding', () => {
  it('service worker registration is blocked and its script never fetched', async () => {
    fixture.route('/sw.js', {
      type: 'text/javascript',
      body: `fetch('${canary.origin}/from-sw'); importScripts('${canary.origin}/import.js');`,
    });
    const p = await openPage();
    await p.goto(
      page(
        'sw',
        `<script>navigator.serviceWorker.register('/sw.js').then((r) => { document.title = r ? 'registered' : 'refused'; }, () => { document.title = 'refused'; });</script>`,
      ),
    );
    await expect.poll(() => p.title()).toBe('refused');
    await p.waitForTimeout(300);
    expect(fixture.requests).not.toContain('GET /sw.js');
  });

  it('a name that rebinds from 127.0.0.2 to 127.0.0.1 never reaches 127.0.0.1', async () => {
    dns.rebind('rebind.test', '127.0.0.2', '127.0.0.1');
    fixture.route('/secret', { type: 'text/plain', body: 'fixture secret' });
    const origin = `http://rebind.test:${fixture.port}`;
    page(
      'rebind',
      `<img src="/pixel.png?late"><script>fetch('/secret').then((r) => r.text(), () => 'failed').then((t) => { document.title = t; });</script>`,
    );
    const p = await openPage();
    const response = await p.goto(`${origin}/rebind`);
    expect(response?.status()).toBe(200);
    await expect.poll(() => p.title()).toBe('failed');
    expect(dns.queries('rebind.test')).toBeGreaterThanOrEqual(2);
    expect(session.blockReason(`${origin}/secret`)).toBe('rebind.test resolves to 127.0.0.1 (loopback)');
    expect(fixture.requests).toContain('GET /rebind');
    expect(fixture.requests).not.toContain('GET /secret');
  });
});
