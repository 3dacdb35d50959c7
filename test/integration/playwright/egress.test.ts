import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaywrightCapturer } from '../../../src/adapters/playwright/playwright-capturer.js';
import { waitForNoChromium } from '../../helpers/chromium.js';
import type { FixtureServer } from '../../helpers/fixture-server.js';
import { startFixtureServer } from '../../helpers/fixture-server.js';
import type { FakeEgress } from '../../helpers/fake-egress.js';
import { startFakeEgress } from '../../helpers/fake-egress.js';
import { noDeadline, specOf, testCapturer, thrownBy } from '../../helpers/capturer.js';

// Captures through an egress proxy: every request goes through it, refusals are reported.

const REASON = 'blocked.invalid is on the test block list';

let server: FixtureServer;
let egress: FakeEgress;
let capturer: PlaywrightCapturer;

beforeAll(async () => {
  server = await startFixtureServer();
  egress = await startFakeEgress({ 'blocked.invalid': REASON });
  capturer = testCapturer({ egress, concurrency: 1 });
  await capturer.ready();
});

afterAll(async () => {
  await capturer?.close();
  await egress?.close();
  await server?.close();
  expect(await waitForNoChromium()).toEqual([]);
});

describe('Playwright capturer through the egress proxy', () => {
  it('sends the page’s requests through the proxy, loopback included', async () => {
    const out = await capturer.capture(specOf({ url: `${server.baseUrl}/simple.html` }), noDeadline());
    expect(egress.seen).toContain(`${server.baseUrl}/simple.html`);
    expect(out.metadata).toEqual({
      finalUrl: `${server.baseUrl}/simple.html`,
      httpStatus: 200,
      blockedRequests: 0,
      readiness: { fontsMs: expect.any(Number), imagesPending: 0, lazyScrolls: 0, retakes: 0 },
    });
  });

  it('drops a refused subresource, captures the page and counts the refusal', async () => {
    const out = await capturer.capture(specOf({ url: `${server.baseUrl}/subresources.html` }), noDeadline());
    expect(out.metadata).toMatchObject({ httpStatus: 200, blockedRequests: 1 });
    expect(egress.seen).toContain('http://blocked.invalid/blocked.png');
  });

  it('fails a refused target with TARGET_BLOCKED, not retryable, with the reason', async () => {
    const err = await thrownBy(() =>
      capturer.capture(specOf({ url: 'http://blocked.invalid/' }), noDeadline()),
    );
    expect(err).toMatchObject({ code: 'TARGET_BLOCKED', retryable: false });
    expect(err.message).toBe(`The capture was refused access to blocked.invalid: ${REASON}`);
  });

  it('fails a redirect to a refused host with TARGET_BLOCKED', async () => {
    const target = encodeURIComponent('http://blocked.invalid/admin');
    const err = await thrownBy(() =>
      capturer.capture(specOf({ url: `${server.baseUrl}/redirect?to=${target}` }), noDeadline()),
    );
    expect(err).toMatchObject({ code: 'TARGET_BLOCKED', retryable: false });
  });

  it.each([
    ['a script', 'script-redirect-blocked.html'],
    ['a meta refresh', 'refresh-to-blocked.html'],
  ])('fails a page that sends itself to a refused host by %s with TARGET_BLOCKED', async (_, page) => {
    const err = await thrownBy(() =>
      capturer.capture(specOf({ url: `${server.baseUrl}/hostile/${page}` }), noDeadline()),
    );
    expect(err).toMatchObject({ code: 'TARGET_BLOCKED', retryable: false });
    expect(err.message).toBe(`The capture was refused access to blocked.invalid: ${REASON}`);
  });

  it('fails a refused https target (CONNECT) with TARGET_BLOCKED', async () => {
    const err = await thrownBy(() =>
      capturer.capture(specOf({ url: 'https://blocked.invalid/' }), noDeadline()),
    );
    expect(err).toMatchObject({ code: 'TARGET_BLOCKED', retryable: false });
  });
});
