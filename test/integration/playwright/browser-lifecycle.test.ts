import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PlaywrightCapturer } from '../../../src/adapters/playwright/playwright-capturer.js';
import {
  chromiumProcessesOf,
  stillRunning,
  testChromiumPath,
  waitForNoChromium,
} from '../../helpers/chromium.js';
import type { FixtureServer } from '../../helpers/fixture-server.js';
import { startFixtureServer } from '../../helpers/fixture-server.js';
import { noDeadline, specOf, testCapturer, thrownBy } from '../../helpers/capturer.js';

// Browsers come and go under the capturer: retirement, crashes, shutdown.

let server: FixtureServer;
const capturers: PlaywrightCapturer[] = [];

beforeAll(async () => {
  server = await startFixtureServer();
});

afterEach(async () => {
  await Promise.all(capturers.splice(0).map((c) => c.close()));
});

afterAll(async () => {
  await server?.close();
  expect(await waitForNoChromium()).toEqual([]);
});

function capturerFor(overrides: Parameters<typeof testCapturer>[0]): PlaywrightCapturer {
  const capturer = testCapturer(overrides);
  capturers.push(capturer);
  return capturer;
}

function slowRequests(): number {
  return server.requests.filter((r) => r === '/slow').length;
}

/** Crashes a browser for real: Chromium's own `Browser.crash` over CDP. */
async function crash(browser: Browser): Promise<void> {
  const disconnected = new Promise<void>((resolve) => browser.once('disconnected', () => resolve()));
  const cdp = await browser.newBrowserCDPSession();
  void cdp.send('Browser.crash').catch(() => undefined);
  await disconnected;
}

describe('browser lifecycle', () => {
  it('starts when Chromium crashes as it launches, once: the launch is tried again', async () => {
    // A wrapper that dies by SIGSEGV on its first run, then runs the real browser.
    const dir = mkdtempSync(join(tmpdir(), 'shots-crashy-'));
    const marker = join(dir, 'crashed-once');
    const wrapper = join(dir, 'chromium');
    writeFileSync(
      wrapper,
      `#!/bin/sh\nif [ ! -e ${marker} ]; then touch ${marker}; kill -SEGV $$; fi\nexec ${testChromiumPath()} "$@"\n`,
      { mode: 0o755 },
    );
    try {
      const capturer = capturerFor({ chromiumPath: wrapper, browsers: 1 });
      await capturer.ready();
      expect(existsSync(marker)).toBe(true);
      const out = await capturer.capture(specOf({ url: `${server.baseUrl}/simple.html` }), noDeadline());
      expect(out.contentType).toBe('image/png');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('retires a browser after browserMaxCaptures and keeps capturing on fresh ones', async () => {
    const capturer = capturerFor({ concurrency: 1, browserMaxCaptures: 2 });
    await capturer.ready();
    const used = new Set<Browser>();
    for (let i = 0; i < 5; i++) {
      for (const browser of capturer.pool.liveBrowsers()) used.add(browser);
      const out = await capturer.capture(specOf({ url: `${server.baseUrl}/simple.html` }), noDeadline());
      expect(out.width).toBe(1280);
    }
    await expect
      .poll(() => capturer.pool.stats())
      .toMatchObject({ launched: 3, live: 1, retiring: 0, active: 0 });
    const [current] = capturer.pool.liveBrowsers();
    for (const browser of used) expect(browser.isConnected()).toBe(browser === current);
  });

  it('lets a retiring browser finish the captures it holds', async () => {
    const capturer = capturerFor({ concurrency: 2, browsers: 1, browserMaxCaptures: 3 });
    await capturer.ready();
    const pages = [
      'simple.html',
      'tall.html',
      'element.html',
      'status/404',
      'simple.html',
      'tall.html',
      'simple.html',
    ];
    const results = await Promise.all(
      pages.map((path) =>
        capturer.capture(specOf({ url: `${server.baseUrl}/${path}`, fullPage: true }), noDeadline()),
      ),
    );
    expect(results.map((r) => r.metadata.httpStatus)).toEqual([200, 200, 200, 404, 200, 200, 200]);
    await expect
      .poll(() => capturer.pool.stats(), { timeout: 10_000 })
      .toMatchObject({ launched: 3, retiring: 0, active: 0 });
  });

  it('replaces a crashed browser; the next capture succeeds', async () => {
    const capturer = capturerFor({ concurrency: 1 });
    await capturer.ready();
    const [first] = capturer.pool.liveBrowsers();
    if (!first) throw new Error('no browser after ready()');
    const pids = chromiumProcessesOf();
    await crash(first);
    const out = await capturer.capture(specOf({ url: `${server.baseUrl}/simple.html` }), noDeadline());
    expect(out.width).toBe(1280);
    expect(capturer.pool.stats()).toMatchObject({ launched: 2, live: 1 });
    expect(capturer.pool.liveBrowsers()).not.toContain(first);
    await expect.poll(() => stillRunning(pids), { timeout: 5000 }).toEqual([]); // the crashed one's processes
  });

  it('fails a capture whose browser crashes under it as retryable, then recovers', async () => {
    const capturer = capturerFor({ concurrency: 1, navigationTimeoutMs: 30_000 });
    await capturer.ready();
    const [browser] = capturer.pool.liveBrowsers();
    if (!browser) throw new Error('no browser after ready()');
    const slowSeen = slowRequests();
    const pending = thrownBy(() => capturer.capture(specOf({ url: `${server.baseUrl}/slow` }), noDeadline()));
    await expect.poll(() => slowRequests(), { timeout: 10_000 }).toBe(slowSeen + 1);
    const started = Date.now();
    await crash(browser);
    const err = await pending;
    expect(err).toMatchObject({ code: 'CAPTURE_FAILED', retryable: true });
    expect(Date.now() - started).toBeLessThan(3000);
    const out = await capturer.capture(specOf({ url: `${server.baseUrl}/simple.html` }), noDeadline());
    expect(out.metadata.httpStatus).toBe(200);
  });

  it('close() ends every Chromium process, busy ones included, and refuses new captures', async () => {
    const capturer = capturerFor({ concurrency: 2, browsers: 2, navigationTimeoutMs: 30_000 });
    await capturer.ready();
    const pids = chromiumProcessesOf();
    expect(pids.length).toBeGreaterThanOrEqual(2);
    const slowSeen = slowRequests();
    const busy = thrownBy(() => capturer.capture(specOf({ url: `${server.baseUrl}/slow` }), noDeadline()));
    await expect.poll(() => slowRequests(), { timeout: 10_000 }).toBe(slowSeen + 1);
    await capturer.close();
    expect(await busy).toMatchObject({ code: 'CAPTURE_FAILED' });
    expect(await waitForNoChromium(3000, pids)).toEqual([]);
    const err = await thrownBy(() =>
      capturer.capture(specOf({ url: `${server.baseUrl}/simple.html` }), noDeadline()),
    );
    expect(err).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });
});
