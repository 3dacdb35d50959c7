import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaywrightCapturer } from '../../../src/adapters/playwright/playwright-capturer.js';
import { noDeadline, specOf, testCapturer } from '../../helpers/capturer.js';
import { waitForNoChromium } from '../../helpers/chromium.js';
import type { FixtureServer } from '../../helpers/fixture-server.js';
import { startFixtureServer } from '../../helpers/fixture-server.js';
import type { DecodedImage } from '../../helpers/pixels.js';
import { close, decodePixels } from '../../helpers/pixels.js';

// Full pages are whole (CONTRACT §4a): past Chromium's 16,384 px texture they are captured in
// slices and joined. bands.html paints a numbered band every 1000 px (its colour encodes its
// number), a 1-px black line every 100 px, a fixed header (magenta) and a sticky note (cyan) that
// must appear once at the top, and a 100vh section (yellow, 300 px wide) starting at 1000 px.

let server: FixtureServer;
let capturer: PlaywrightCapturer;

beforeAll(async () => {
  server = await startFixtureServer();
  capturer = testCapturer({ maxFullPageHeightPx: 65_536, captureTimeoutMs: 120_000 });
  await capturer.ready();
});

afterAll(async () => {
  await capturer?.close();
  await server?.close();
  expect(await waitForNoChromium()).toEqual([]);
});

const MAGENTA = [255, 0, 255];
const CYAN = [0, 255, 255];
const YELLOW = [255, 255, 0];
const BLACK = [0, 0, 0];
const band = (n: number): number[] => [40 + 8 * (n % 25), 200 - 5 * Math.floor(n / 25), 90];

/** Checks every band, every grid line at the slice seams, the header and sticky once, 100vh. */
function expectWhole(image: DecodedImage, heightPx: number, tolerance: number): void {
  expect([image.width, image.height]).toEqual([1280, heightPx]);
  for (let n = 0; n * 1000 < heightPx; n++) {
    expect(close(image.at(640, n * 1000 + 550), band(n), tolerance), `band ${n}`).toBe(true);
  }
  // Around every multiple of 16384 (a seam), each 100-px line is where it belongs, 1 px thick.
  // (A lossy encoder smears a 1-px line into its neighbours a little.)
  const edge = tolerance === 0 ? 0 : 40;
  for (const seam of [16_384, 32_768, 49_152].filter((y) => y < heightPx - 200)) {
    for (let y = Math.ceil((seam - 150) / 100) * 100; y < seam + 150; y += 100) {
      if (y % 1000 === 0) continue; // a band edge, not a grid line
      expect(close(image.at(640, y), BLACK, edge), `line at ${y}`).toBe(true);
      const n = Math.floor(y / 1000);
      expect(close(image.at(640, y - 1), band(n), edge), `above the line at ${y}`).toBe(true);
      expect(close(image.at(640, y + 1), band(n), edge), `below the line at ${y}`).toBe(true);
    }
  }
  // The fixed header and the sticky note once, at the top; not repeated further down.
  expect(close(image.at(10, 30), MAGENTA, tolerance)).toBe(true);
  expect(close(image.at(1100, 80), CYAN, tolerance)).toBe(true);
  for (const y of [16_384 + 30, 32_768 + 30].filter((v) => v < heightPx)) {
    expect(close(image.at(10, y), MAGENTA, tolerance), `header again at ${y}`).toBe(false);
    expect(close(image.at(1100, y + 50), CYAN, tolerance), `sticky again at ${y}`).toBe(false);
  }
  // 100vh keeps the viewport's height (720 px), not the page's.
  expect(close(image.at(150, 1000 + 715), YELLOW, tolerance)).toBe(true);
  expect(close(image.at(150, 1000 + 725), YELLOW, tolerance)).toBe(false);
}

describe('whole full pages', () => {
  it.each([
    [30_000, 'png', 0],
    [30_000, 'jpeg', 12],
    [60_000, 'png', 0],
    [60_000, 'jpeg', 12],
  ] as const)('captures a %i px page whole as %s', async (heightPx, format, tolerance) => {
    const out = await capturer.capture(
      specOf({ url: `${server.baseUrl}/bands.html?h=${heightPx}`, fullPage: true, format }),
      noDeadline(),
    );
    expect([out.width, out.height]).toEqual([1280, heightPx]);
    expect(out.metadata).toMatchObject({ truncated: false });
    expect(out.metadata.fullHeightPx).toBeUndefined();
    expectWhole(await decodePixels(out.bytes), heightPx, tolerance);
  });

  it('cuts WebP at its own limit of 16,383 px and says so', async () => {
    const out = await capturer.capture(
      specOf({ url: `${server.baseUrl}/bands.html?h=30000`, fullPage: true, format: 'webp' }),
      noDeadline(),
    );
    const image = await decodePixels(out.bytes);
    expect([image.width, image.height, out.height]).toEqual([1280, 16_383, 16_383]);
    expect(out.metadata).toMatchObject({ truncated: true, fullHeightPx: 30_000 });
    expect(close(image.at(640, 16_000 + 350), band(16), 12)).toBe(true);
  });

  it('cuts JPEG at its encoder’s limit of 65,500 px and says so', async () => {
    // Before, every attempt failed: "VipsJpeg: Maximum supported image dimension is 65500 pixels".
    const out = await capturer.capture(
      specOf({ url: `${server.baseUrl}/bands.html?h=70000`, fullPage: true, format: 'jpeg' }),
      noDeadline(),
    );
    const image = await decodePixels(out.bytes);
    expect([image.width, image.height, out.height]).toEqual([1280, 65_500, 65_500]);
    expect(out.metadata).toMatchObject({ truncated: true, fullHeightPx: 70_000 });
    expect(close(image.at(640, 65_000 + 350), band(65), 12)).toBe(true);
  });

  it.each([
    [2, 640, 40_000, 32_750],
    [3, 400, 30_000, 21_833],
    [2.625, 400, 30_000, 24_952],
  ] as const)(
    'cuts JPEG at deviceScaleFactor %d where its image reaches 65,500 px',
    async (scale, width, pageHeight, cssHeight) => {
      const out = await capturer.capture(
        specOf({
          url: `${server.baseUrl}/bands.html?h=${pageHeight}`,
          fullPage: true,
          format: 'jpeg',
          deviceScaleFactor: scale,
          dimensions: { width, height: 720 },
        }),
        noDeadline(),
      );
      const image = await decodePixels(out.bytes);
      // The whole CSS pixels that fit: 65,500 image px at scale 2, 65,499 at 3 and at 2.625.
      expect([image.width, image.height]).toEqual([Math.round(width * scale), Math.round(cssHeight * scale)]);
      expect(image.height).toBeLessThanOrEqual(65_500);
      expect(out.metadata).toMatchObject({ truncated: true, fullHeightPx: pageHeight });
      const lastBand = Math.floor(cssHeight / 1000) - 1;
      expect(close(image.at(10, Math.round((lastBand * 1000 + 550) * scale)), band(lastBand), 12)).toBe(true);
    },
  );

  it('cuts a png past 268 million pixels (a 60,000 px page at scale 2) and says so', async () => {
    // Before, joining its slices failed every attempt: "Input image exceeds pixel limit".
    const out = await capturer.capture(
      specOf({ url: `${server.baseUrl}/bands.html?h=60000`, fullPage: true, deviceScaleFactor: 2 }),
      noDeadline(),
    );
    const cssHeight = Math.floor((0x3fff * 0x3fff) / (1280 * 2 * 2));
    expect([out.width, out.height]).toEqual([2560, 2 * cssHeight]);
    expect(out.metadata).toMatchObject({ truncated: true, fullHeightPx: 60_000 });
  });

  it('cuts past MAX_FULL_PAGE_HEIGHT_PX, whole up to it', async () => {
    const capped = testCapturer({ maxFullPageHeightPx: 20_000, concurrency: 1 });
    try {
      const out = await capped.capture(
        specOf({ url: `${server.baseUrl}/bands.html?h=30000`, fullPage: true }),
        noDeadline(),
      );
      expect(out.metadata).toMatchObject({ truncated: true, fullHeightPx: 30_000 });
      const image = await decodePixels(out.bytes);
      expect([image.width, image.height]).toEqual([1280, 20_000]);
      expect(close(image.at(640, 19_550), band(19), 0)).toBe(true);
    } finally {
      await capped.close();
    }
  });

  it('shows the whole list of an app shell whose document does not scroll, grown with the viewport', async () => {
    // Before, such a full page was the viewport: 720 px, 4 of its 40 rows.
    const out = await capturer.capture(
      specOf({ url: `${server.baseUrl}/app-shell.html`, fullPage: true }),
      noDeadline(),
    );
    const height = 60 + 40 * 150 + 40;
    expect([out.width, out.height]).toEqual([1280, height]);
    expect(out.metadata).toMatchObject({ truncated: false, readiness: { scrollContainerPx: height - 720 } });
    const image = await decodePixels(out.bytes);
    expect(close(image.at(640, 30), MAGENTA)).toBe(true); // the header, once, at the top
    expect(close(image.at(640, 60 + 20 * 150 + 70), [40, 150, 90])).toBe(true);
    expect(close(image.at(640, 60 + 39 * 150 + 70), [30, 90, 180])).toBe(true); // the last row
    expect(close(image.at(640, height - 20), YELLOW)).toBe(true); // the footer, at the bottom
    // A viewport capture of it is as it was.
    const view = await capturer.capture(specOf({ url: `${server.baseUrl}/app-shell.html` }), noDeadline());
    expect([view.width, view.height]).toEqual([1280, 720]);
    expect(view.metadata.readiness?.scrollContainerPx).toBeUndefined();
  });

  it('keeps fixed and sticky elements at their place at the top by default (CONTRACT §4a), and spreads fixed backgrounds', async () => {
    const out = await capturer.capture(
      specOf({ url: `${server.baseUrl}/pinned-bars.html`, fullPage: true }),
      noDeadline(),
    );
    const image = await decodePixels(out.bytes);
    expect([image.width, image.height]).toEqual([1280, 3355]);
    // The parallax section's background (no element moves); the backdrop layer stays behind the first screen.
    expect(out.metadata.readiness).toMatchObject({ fixedBackdrops: 1 });
    expect(out.metadata.readiness?.bottomBarsMoved).toBeUndefined();
    expect(close(image.at(640, 1500), [255, 128, 0], 8)).toBe(true);
    expect(close(image.at(640, 300), [240, 240, 200], 8)).toBe(true);
    expect(close(image.at(640, 900), [240, 240, 200], 8)).toBe(false);
    expect(close(image.at(200, 700), [0, 0, 200], 8)).toBe(true);
    expect(close(image.at(200, 3330), [0, 0, 200], 8)).toBe(false);
  });

  it('with FULL_PAGE_PLACE_FIXED, shows what is pinned to the viewport bottom at the bottom of the page, and fixed layers behind all of it', async () => {
    // 3 sections of 1005 px, a 40 px sticky note, a 300 px footer: 3355 px; the viewport is 720 px.
    const placing = testCapturer({ maxFullPageHeightPx: 65_536, placeFixedElements: true });
    const out = await placing
      .capture(specOf({ url: `${server.baseUrl}/pinned-bars.html`, fullPage: true }), noDeadline())
      .finally(() => placing.close());
    const image = await decodePixels(out.bytes);
    expect([image.width, image.height]).toEqual([1280, 3355]);
    // The cookie bar (its own fixed button moves with it, once), the chat button, the sticky note,
    // the bar added on scroll; the backdrop and the parallax background.
    expect(out.metadata.readiness).toMatchObject({ bottomBarsMoved: 4, fixedBackdrops: 2 });
    const BLUE = [0, 0, 200];
    const YELLOW_ = [255, 255, 0];
    const GREEN = [0, 160, 0];
    const TEAL = [0, 200, 200];
    const BROWN = [120, 60, 0];
    // Not across the first screen (before: the bar at 670–720, the chat button at 600–660, the note at 680–720) …
    expect(close(image.at(200, 700), BLUE, 8)).toBe(false);
    expect(close(image.at(1190, 630), GREEN, 8)).toBe(false);
    expect(close(image.at(200, 690), TEAL, 8)).toBe(false);
    // … but where a reader who scrolls to the end sees them; the sticky note in its own place.
    expect(close(image.at(200, 3330), BLUE, 8)).toBe(true);
    expect(close(image.at(1255, 3330), YELLOW_, 8)).toBe(true);
    expect(close(image.at(1190, 3265), GREEN, 8)).toBe(true);
    expect(close(image.at(200, 3035), TEAL, 8)).toBe(true);
    expect(close(image.at(100, 3290), BROWN, 8)).toBe(true);
    // A row stuck to the bottom of its own scroller stays there.
    expect(close(image.at(700, 585), [128, 0, 128], 8)).toBe(true);
    // The header stays at the top; the backdrop and the fixed background are behind the whole
    // page, not the first screen only (before: white below 720 px, the parallax section blank).
    expect(close(image.at(640, 30), MAGENTA, 8)).toBe(true);
    for (const y of [300, 900, 2500])
      expect(close(image.at(640, y), [240, 240, 200], 8), `at ${y}`).toBe(true);
    expect(close(image.at(640, 1500), [255, 128, 0], 8)).toBe(true);
    // A viewport shot is left as the page shows it.
    const viewport = await decodePixels(
      (await capturer.capture(specOf({ url: `${server.baseUrl}/pinned-bars.html` }), noDeadline())).bytes,
    );
    expect(close(viewport.at(200, 700), BLUE, 8)).toBe(true);
    expect(close(viewport.at(1190, 630), GREEN, 8)).toBe(true);
  });

  it('shoots a page whose script removed its root element as the blank viewport it shows', async () => {
    // Before, CAPTURE_FAILED "TypeError: Cannot read properties of null (reading 'scrollHeight')",
    // then "Cannot take screenshot with 0 height".
    for (const format of ['png', 'webp'] as const) {
      const out = await capturer.capture(
        specOf({ url: `${server.baseUrl}/hostile/rootless.html`, fullPage: true, format }),
        noDeadline(),
      );
      expect([out.width, out.height]).toEqual([1280, 720]);
      expect(close((await decodePixels(out.bytes)).at(640, 360), [255, 255, 255])).toBe(true);
    }
  });

  it('shows sections of content-visibility: auto far below the viewport, not blank; hidden ones stay hidden', async () => {
    // Before, every section past the first three came out white: Chromium paints them only near the viewport.
    const out = await capturer.capture(
      specOf({ url: `${server.baseUrl}/readiness/content-visibility.html`, fullPage: true }),
      noDeadline(),
    );
    expect([out.width, out.height]).toEqual([1280, 12 * 800 + 200]);
    const image = await decodePixels(out.bytes);
    for (let i = 0; i < 12; i++) {
      expect(close(image.at(640, i * 800 + 400), [(i * 40) % 256, (i * 90) % 256, 200]), `section ${i}`).toBe(
        true,
      );
    }
    expect(close(image.at(640, 12 * 800 + 100), [255, 255, 255])).toBe(true);
  });

  it('keeps a shown section of content-visibility: auto laid out as the page lays it out', async () => {
    // Auto contains the section's layout: its heading's margins stay inside it, on its red.
    const out = await capturer.capture(
      specOf({ url: `${server.baseUrl}/readiness/content-visibility-margins.html`, fullPage: true }),
      noDeadline(),
    );
    expect([out.width, out.height]).toEqual([1280, 120 + 2000]);
    const image = await decodePixels(out.bytes);
    expect(close(image.at(640, 20), [200, 0, 0])).toBe(true);
    expect(close(image.at(640, 60), [0, 128, 0])).toBe(true);
    expect(close(image.at(640, 100), [200, 0, 0])).toBe(true);
    expect(close(image.at(640, 200), [0, 0, 200])).toBe(true);
  });

  it('shows the whole body of a page whose body is the scroll container', async () => {
    const out = await capturer.capture(
      specOf({ url: `${server.baseUrl}/app-shell.html?body`, fullPage: true }),
      noDeadline(),
    );
    expect([out.width, out.height]).toEqual([1280, 40 * 150]);
    const image = await decodePixels(out.bytes);
    expect(close(image.at(640, 39 * 150 + 70), [30, 90, 180])).toBe(true); // the last row
  });

  it('cuts an app shell past MAX_FULL_PAGE_HEIGHT_PX and says how tall it was', async () => {
    const capped = testCapturer({ maxFullPageHeightPx: 10_000, concurrency: 1 });
    try {
      const out = await capped.capture(
        specOf({ url: `${server.baseUrl}/app-shell.html?rows=100`, fullPage: true }),
        noDeadline(),
      );
      expect([out.width, out.height]).toEqual([1280, 10_000]);
      expect(out.metadata).toMatchObject({ truncated: true, fullHeightPx: 60 + 100 * 150 + 40 });
    } finally {
      await capped.close();
    }
  });
});
