import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAddressPolicy } from '../../../src/adapters/egress/address-policy.js';
import { createEgressProxy, type EgressProxy } from '../../../src/adapters/egress/egress-proxy.js';
import type { PlaywrightCapturer } from '../../../src/adapters/playwright/playwright-capturer.js';
import { noDeadline, specOf, testCapturer, thrownBy } from '../../helpers/capturer.js';
import { waitForNoChromium } from '../../helpers/chromium.js';
import { startFixtureAndCanary, type RecordingServer } from '../../helpers/egress-fixtures.js';

// The capturer behind the real egress proxy: a page on an allowed address that sends itself on to
// a private one fails the capture as TARGET_BLOCKED (not a picture of Chromium's error page), and
// the private address never sees a connection.

let fixture: RecordingServer;
let canary: RecordingServer;
let proxy: EgressProxy;
let capturer: PlaywrightCapturer;

beforeAll(async () => {
  ({ fixture, canary } = await startFixtureAndCanary());
  const policy = createAddressPolicy({ allowedPrivateNetworks: ['127.0.0.2/32'] });
  proxy = await createEgressProxy({ policy, dnsServers: [] });
  capturer = testCapturer({ egress: proxy, concurrency: 1 });
  await capturer.ready();
});

afterAll(async () => {
  await capturer?.close();
  await proxy?.close();
  await Promise.all([fixture?.close(), canary?.close()]);
  expect(await waitForNoChromium()).toEqual([]);
});

describe('capturer behind the egress proxy', () => {
  it.each([
    ['a script', (to: string) => `<script>location.href = ${JSON.stringify(to)};</script>`],
    ['a meta refresh', (to: string) => `<meta http-equiv="refresh" content="0;url=${to}">`],
    [
      'a script after load, during the capture',
      (to: string) =>
        `<script>addEventListener('load', () => setTimeout(() => { location.href = ${JSON.stringify(to)}; }, 50));</script>`,
    ],
  ])('fails a page that sends itself to 127.0.0.1 by %s with TARGET_BLOCKED', async (name, redirect) => {
    const path = `/to-private-${name.replace(/\W+/g, '-')}`;
    fixture.route(path, {
      body: `<!doctype html><html><head><title>moved</title>${redirect(`${canary.origin}/inside`)}</head><body><p>moved</p></body></html>`,
    });
    // A wait after load (delayMs) puts the late redirect inside the capture, not after it.
    const err = await thrownBy(() =>
      capturer.capture(specOf({ url: `${fixture.origin}${path}`, delayMs: 500 }), noDeadline()),
    );
    expect(err).toMatchObject({ code: 'TARGET_BLOCKED', retryable: false });
    expect(err.message).toContain(`The capture was refused access to 127.0.0.1:${canary.port}`);
    expect(canary.connections()).toBe(0);
    expect(canary.requests).toEqual([]);
  });

  it('captures a page whose picture and prefetch point at 127.0.0.1: the page itself never left', async () => {
    fixture.route('/refused-parts', {
      body: `<!doctype html><html><head><title>parts</title><link rel="prefetch" href="${canary.origin}/next"></head><body><h1>Parts</h1><img src="${canary.origin}/pixel.png" alt=""></body></html>`,
    });
    const out = await capturer.capture(specOf({ url: `${fixture.origin}/refused-parts` }), noDeadline());
    expect(out.metadata.finalUrl).toBe(`${fixture.origin}/refused-parts`);
    expect(out.metadata.blockedRequests).toBeGreaterThan(0);
    expect(canary.connections()).toBe(0);
  });

  it('fails a page that sends itself to a host that does not resolve, not a picture of the egress page', async () => {
    fixture.route('/to-dead-host', {
      body: `<!doctype html><html><head><title>moved</title><script>location.href = 'http://no-such-host.invalid/';</script></head><body><p>moved</p></body></html>`,
    });
    const err = await thrownBy(() =>
      capturer.capture(specOf({ url: `${fixture.origin}/to-dead-host` }), noDeadline()),
    );
    expect(err).toMatchObject({ code: 'TARGET_UNREACHABLE' });
    expect(err.message).toMatch(
      /^The page sent itself on to http:\/\/no-such-host\.invalid\/ \(a script or a refresh\), which failed: no-such-host\.invalid could not be reached/,
    );
  });
});
