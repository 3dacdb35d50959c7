import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaywrightCapturer } from '../../../src/adapters/playwright/playwright-capturer.js';
import { waitForNoChromium } from '../../helpers/chromium.js';
import type { FixtureServer } from '../../helpers/fixture-server.js';
import { startFixtureServer } from '../../helpers/fixture-server.js';
import {
  decodeImage,
  launchDecoder,
  near,
  noDeadline,
  specOf,
  testCapturer,
  leftoverContexts,
} from '../../helpers/capturer.js';

// What a user gets back: sizes, formats and metadata, decoded from the bytes by a real decoder.

let server: FixtureServer;
let capturer: PlaywrightCapturer;
let decoder: Browser;

beforeAll(async () => {
  server = await startFixtureServer();
  capturer = testCapturer();
  decoder = await launchDecoder();
  await capturer.ready();
});

afterAll(async () => {
  await capturer?.close();
  await decoder?.close();
  await server?.close();
  expect(await waitForNoChromium()).toEqual([]);
});

/** What a simple page's viewport capture waited for: its fonts at once, nothing else. */
const VIEWPORT_READY = { fontsMs: expect.any(Number), imagesPending: 0, lazyScrolls: 0, retakes: 0 };

const RED: [number, number, number] = [0xcc, 0x33, 0x33];
const GREEN: [number, number, number] = [0x22, 0xaa, 0x22];

describe('Playwright capturer output', () => {
  it('captures the default 1280x720 viewport as PNG, with the final URL and HTTP status', async () => {
    const out = await capturer.capture(specOf({ url: `${server.baseUrl}/simple.html` }), noDeadline());
    expect(out.format).toBe('png');
    expect(out.contentType).toBe('image/png');
    expect(out.bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const decoded = await decodeImage(decoder, out.bytes, out.contentType, [[1270, 700]]);
    expect([decoded.width, decoded.height]).toEqual([1280, 720]);
    expect([out.width, out.height]).toEqual([1280, 720]);
    expect(near(decoded.pixels[0], [0xe8, 0xf0, 0xff], 2)).toBe(true); // the page's background
    expect(out.metadata).toEqual({
      finalUrl: `${server.baseUrl}/simple.html`,
      httpStatus: 200,
      readiness: VIEWPORT_READY,
    });
  });

  it('captures custom dimensions as JPEG', async () => {
    const out = await capturer.capture(
      specOf({
        url: `${server.baseUrl}/simple.html`,
        dimensions: { width: 800, height: 600 },
        format: 'jpeg',
      }),
      noDeadline(),
    );
    expect(out.contentType).toBe('image/jpeg');
    expect(out.bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const decoded = await decodeImage(decoder, out.bytes, out.contentType);
    expect([decoded.width, decoded.height, out.width, out.height]).toEqual([800, 600, 800, 600]);
  });

  it('captures WebP with Chromium’s own encoder', async () => {
    const out = await capturer.capture(
      specOf({
        url: `${server.baseUrl}/simple.html`,
        dimensions: { width: 640, height: 480 },
        format: 'webp',
      }),
      noDeadline(),
    );
    expect(out.contentType).toBe('image/webp');
    expect(out.bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(out.bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
    const decoded = await decodeImage(decoder, out.bytes, out.contentType);
    expect([decoded.width, decoded.height, out.width, out.height]).toEqual([640, 480, 640, 480]);
  });

  it('prints a PDF one page of the viewport’s size, without pixel size', async () => {
    const out = await capturer.capture(
      specOf({ url: `${server.baseUrl}/tall.html`, format: 'pdf' }),
      noDeadline(),
    );
    expect(out.contentType).toBe('application/pdf');
    expect(out.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(out.width).toBeUndefined();
    expect(out.height).toBeUndefined();
    const text = out.bytes.toString('latin1');
    expect(text.match(/\/MediaBox\s*\[[^\]]*\]/g)).toEqual(['/MediaBox [0 0 960 540]']); // 1280x720 px at 0.75 pt/px
  });

  it('prints a full-page PDF as one page of the page’s height', async () => {
    const out = await capturer.capture(
      specOf({ url: `${server.baseUrl}/tall.html`, format: 'pdf', fullPage: true }),
      noDeadline(),
    );
    expect(out.bytes.toString('latin1').match(/\/MediaBox\s*\[[^\]]*\]/g)).toEqual([
      '/MediaBox [0 0 960 3750]',
    ]);
    expect(out.metadata.truncated).toBe(false);
  });

  it('captures the full height of a tall page, with lazy images scrolled into loading', async () => {
    const before = server.requests.filter((r) => r.includes('lazy-4850')).length;
    const out = await capturer.capture(
      specOf({ url: `${server.baseUrl}/tall.html`, fullPage: true }),
      noDeadline(),
    );
    const decoded = await decodeImage(decoder, out.bytes, out.contentType, [
      [140, 4900],
      [140, 2650],
      [600, 4900],
    ]);
    expect([decoded.width, decoded.height, out.width, out.height]).toEqual([1280, 5000, 1280, 5000]);
    expect(server.requests.filter((r) => r.includes('lazy-4850')).length).toBe(before + 1);
    expect(near(decoded.pixels[0], GREEN)).toBe(true); // the lazy image near the bottom is in the picture
    expect(near(decoded.pixels[1], GREEN)).toBe(true);
    expect(near(decoded.pixels[2], GREEN)).toBe(false); // beside it: the page's background
    expect(out.metadata).toMatchObject({ truncated: false });
    expect(out.metadata.fullHeightPx).toBeUndefined();
  });

  it('does not load far lazy images for a viewport capture (the scroll is what loads them)', async () => {
    // Counted by referrer: a late request of another test's full-page capture of tall.html is not ours.
    const page = `${server.baseUrl}/tall.html?viewport-only=${Date.now()}`;
    await capturer.capture(specOf({ url: page }), noDeadline());
    const fromPage = server.log.filter((r) => r.headers.referer === page);
    expect(fromPage.length).toBeGreaterThan(0);
    expect(fromPage.filter((r) => r.url.includes('lazy-4850'))).toEqual([]);
  });

  it('caps a 40000 px page at maxFullPageHeightPx and says so', async () => {
    const out = await capturer.capture(
      specOf({ url: `${server.baseUrl}/huge.html`, fullPage: true }),
      noDeadline(),
    );
    const decoded = await decodeImage(decoder, out.bytes, out.contentType, [
      [10, 15_700],
      [10, 16_383],
    ]);
    expect([decoded.width, decoded.height, out.height]).toEqual([1280, 16_384, 16_384]);
    expect(decoded.pixels).toEqual([
      [0xff, 0xcc, 0x99, 0xff], // 15500–16000: an orange stripe
      [0xff, 0xff, 0xff, 0xff], // 16000–16500: a white one, cut at 16384
    ]);
    expect(out.metadata).toMatchObject({ truncated: true, fullHeightPx: 40_000 });
  });

  it('caps WebP at its format limit of 16383 px', async () => {
    const out = await capturer.capture(
      specOf({ url: `${server.baseUrl}/huge.html`, fullPage: true, format: 'webp' }),
      noDeadline(),
    );
    const decoded = await decodeImage(decoder, out.bytes, out.contentType);
    expect([decoded.width, decoded.height, out.height]).toEqual([1280, 16_383, 16_383]);
    expect(out.metadata).toMatchObject({ truncated: true, fullHeightPx: 40_000 });
  });

  it.each(['png', 'webp', 'jpeg'] as const)(
    'crops to the first element matching a selector (%s)',
    async (format) => {
      const out = await capturer.capture(
        specOf({ url: `${server.baseUrl}/element.html`, element: '.box', format }),
        noDeadline(),
      );
      const decoded = await decodeImage(decoder, out.bytes, out.contentType, [
        [1, 1],
        [150, 100],
        [298, 198],
      ]);
      expect([decoded.width, decoded.height, out.width, out.height]).toEqual([300, 200, 300, 200]);
      for (const pixel of decoded.pixels) expect(near(pixel, RED, format === 'png' ? 0 : 16)).toBe(true);
    },
  );

  it('prints an element as a PDF page of its size', async () => {
    const out = await capturer.capture(
      specOf({ url: `${server.baseUrl}/element.html`, element: '#second', format: 'pdf' }),
      noDeadline(),
    );
    expect(out.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(out.bytes.toString('latin1').match(/\/MediaBox\s*\[[^\]]*\]/g)).toEqual(['/MediaBox [0 0 90 60]']); // 120x80 px
  });

  it('follows redirects and records where it ended', async () => {
    const out = await capturer.capture(
      specOf({ url: `${server.baseUrl}/redirect?to=/simple.html` }),
      noDeadline(),
    );
    expect(out.metadata).toEqual({
      finalUrl: `${server.baseUrl}/simple.html`,
      httpStatus: 200,
      readiness: VIEWPORT_READY,
    });
  });

  it('does not report a timed-out load for a page a script replaces as it is parsed', async () => {
    // The replaced document's request ends aborted (net::ERR_ABORTED): it was taken for a failed
    // document, and about one capture in three said `loadTimedOut` with a request pending.
    const url = `${server.baseUrl}/hostile/script-redirect.html`;
    const outs = [];
    for (const request of [
      { url },
      { url },
      { url, format: 'pdf' as const },
      { url, format: 'pdf' as const },
    ])
      for (let i = 0; i < 3; i++) outs.push(await capturer.capture(specOf(request), noDeadline()));
    for (const out of outs) {
      expect(out.metadata.finalUrl).toBe(`${server.baseUrl}/hostile/landed.html`);
      expect(out.metadata.readiness).toMatchObject({ selfNavigations: 1 });
      expect(out.metadata.readiness?.loadTimedOut).toBeUndefined();
      expect(out.metadata.readiness?.pendingRequests).toBeUndefined();
    }
  });

  it('does not wait for a stream that never ends (an EventSource, an event stream read by fetch)', async () => {
    // Before, each was taken for a request that hangs: every capture waited HANG_MS for them.
    const url = `${server.baseUrl}/hostile/live.html`;
    const before = server.requests.length;
    for (const request of [{ url }, { url, fullPage: true }]) {
      const out = await capturer.capture(specOf(request), noDeadline());
      expect(out.contentType).toBe('image/png');
      expect(out.metadata.readiness?.hungRequests).toBeUndefined();
    }
    // Both streams were opened (not merely absent), by each capture.
    const asked = server.requests.slice(before);
    expect(asked.filter((r) => r === '/events')).toHaveLength(2);
    expect(asked.filter((r) => r.startsWith('/events?type='))).toHaveLength(2);
  });

  it('captures an error page and records its status', async () => {
    const out = await capturer.capture(specOf({ url: `${server.baseUrl}/status/404` }), noDeadline());
    expect(out.metadata.httpStatus).toBe(404);
    expect([out.width, out.height]).toEqual([1280, 720]);
  });

  it('shows a page whose head stylesheet never arrives once its load budget runs out, with no egress to give up on it', async () => {
    // A direct egress cannot fail the stalled request: the page, still painting nothing, has its
    // loading stopped. Before, the shot waited for a frame until the capture's deadline.
    const own = testCapturer({ loadTimeoutMs: 1500 });
    try {
      const started = Date.now();
      const out = await own.capture(
        specOf({ url: `${server.baseUrl}/hostile/head-style-hangs.html` }),
        noDeadline(),
      );
      expect(Date.now() - started).toBeLessThan(6000);
      expect(out.metadata.readiness?.loadTimedOut).toBe(true);
      const image = await decodeImage(decoder, out.bytes, 'image/png', [
        [600, 100],
        [600, 400],
      ]);
      expect(near(image.pixels[0], [30, 90, 180])).toBe(true);
      expect(near(image.pixels[1], [200, 230, 255])).toBe(true);
    } finally {
      await own.close();
    }
  });

  it('shows a page that hides itself until an A/B-testing script comes, when it does not come', async () => {
    // Before, the shot was blank (opacity 0 on <html> for the snippet's 10 s) and a description found no element.
    const started = Date.now();
    const url = `${server.baseUrl}/hostile/anti-flicker.html`;
    const out = await capturer.capture(specOf({ url }), noDeadline());
    expect(Date.now() - started).toBeLessThan(5000);
    expect(out.metadata.readiness?.pageUnhidden).toBe(true);
    const image = await decodeImage(decoder, out.bytes, 'image/png', [[600, 100]]);
    expect(near(image.pixels[0], [30, 90, 180])).toBe(true);
    // An ordinary page is not touched.
    const plain = await capturer.capture(specOf({ url: `${server.baseUrl}/simple.html` }), noDeadline());
    expect(plain.metadata.readiness?.pageUnhidden).toBeUndefined();
  });

  it('dismisses dialogs and closes popups instead of hanging on them', async () => {
    const started = Date.now();
    const out = await capturer.capture(specOf({ url: `${server.baseUrl}/dialogs.html` }), noDeadline());
    expect(out.metadata.httpStatus).toBe(200);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await leftoverContexts(capturer)).toEqual([]); // popup and context gone
  });

  it('isolates captures: nothing of one capture survives into the next', async () => {
    const url = `${server.baseUrl}/simple.html`;
    await capturer.capture(specOf({ url }), noDeadline());
    expect(await leftoverContexts(capturer)).toEqual([]);
    expect(capturer.pool.stats()).toMatchObject({ active: 0, waiting: 0 });
  });
});
