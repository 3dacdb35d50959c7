import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchChromium,
  launchStealthChromium,
} from '../../../src/adapters/playwright/browser/launch-chromium.js';
import { canShootDirectly, directScreenshot } from '../../../src/adapters/playwright/capture/cdp-shot.js';
import { testChromiumPath } from '../../helpers/chromium.js';
import type { FixtureServer } from '../../helpers/fixture-server.js';
import { startFixtureServer } from '../../helpers/fixture-server.js';
import sharp from 'sharp';

// Shots are sent on Playwright's own DevTools session of the page (the one place Shots reaches into
// Playwright's internals). If an update of playwright-core or patchright-core moved that session,
// shots would silently fall back to page.screenshot: this test says so first. And what the direct
// shot shows must be what Playwright's page.screenshot shows, pixel for pixel, under emulation.

let server: FixtureServer;
const browsers: Browser[] = [];

beforeAll(async () => {
  server = await startFixtureServer();
  browsers.push(await launchChromium(testChromiumPath()), await launchStealthChromium(testChromiumPath()));
});

afterAll(async () => {
  await Promise.all(browsers.map((b) => b.close()));
  await server?.close();
});

async function samePixels(a: Buffer, b: Buffer): Promise<void> {
  const raw = (bytes: Buffer) => sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  const [x, y] = await Promise.all([raw(a), raw(b)]);
  expect([x.info.width, x.info.height]).toEqual([y.info.width, y.info.height]);
  expect(x.data.equals(y.data)).toBe(true);
}

describe.each([
  ['playwright-core', 0],
  ['patchright-core', 1],
])('direct shots with %s', (_driver, index) => {
  it.each([
    [
      '1280x720 at scale 1',
      { viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
    ],
    [
      '800x600 at scale 2',
      { viewport: { width: 800, height: 600 }, deviceScaleFactor: 2, isMobile: false, hasTouch: false },
    ],
    [
      'a phone (scale 3, mobile, touch)',
      { viewport: { width: 390, height: 664 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true },
    ],
  ])('reach the page session and match page.screenshot: %s', async (_name, options) => {
    const context = await browsers[index]!.newContext(options);
    try {
      const page = await context.newPage();
      await page.goto(`${server.baseUrl}/simple.html`);
      expect(canShootDirectly(page)).toBe(true);
      const emulation = () =>
        page.evaluate(() => [innerWidth, innerHeight, devicePixelRatio, 'ontouchstart' in window]);
      const before = await emulation();
      expect(before[2]).toBe(options.deviceScaleFactor);
      const shot = {
        quality: 80,
        omitBackground: false,
        hasTouch: options.hasTouch,
        mobile: options.isMobile,
      };
      const viewport = await directScreenshot(page, { ...shot, type: 'png', clip: null });
      const expected = [options.viewport.width, options.viewport.height].map(
        (px) => px * options.deviceScaleFactor,
      );
      const playwrights = await page.screenshot({ type: 'png' });
      if (options.isMobile) {
        // simple.html has no viewport meta tag: the phone zooms the page out, its visual viewport
        // 1,668.51 CSS px tall. Playwright cuts that to whole CSS px, an image a row short
        // (1170×1991); the direct shot is the whole viewport × scale, the rows they share alike.
        const { width, height } = await sharp(viewport!).metadata();
        expect([width, height]).toEqual(expected);
        expect((await sharp(playwrights).metadata()).height).toBe(height - 1);
        const shared = await sharp(viewport!)
          .extract({ left: 0, top: 0, width, height: height - 1 })
          .png()
          .toBuffer();
        await samePixels(shared, playwrights);
      } else {
        await samePixels(viewport!, playwrights);
      }
      const clip = { x: 10, y: 20, width: 300, height: 400 };
      const region = await directScreenshot(page, { ...shot, type: 'png', clip });
      await samePixels(region!, await page.screenshot({ type: 'png', clip, fullPage: true }));
      // The page's emulation is left as it was.
      expect(await emulation()).toEqual(before);
    } finally {
      await context.close();
    }
  });
});

describe('direct shots of a region', () => {
  it('shoot a region in view as shown, one across or below the fold beyond the viewport', async () => {
    const context = await browsers[0]!.newContext({ viewport: { width: 800, height: 600 } });
    try {
      const page = await context.newPage();
      // A gradient as tall as the viewport over a page 20,000 px tall, and a box far below it.
      await page.setContent(`<!doctype html><style>body { margin: 0 }
        #hero { height: 100vh; background: linear-gradient(#c00, #00c) }
        #low { position: absolute; top: 12000px; left: 40px; width: 200px; height: 100px; background: #0a0 }
        #tall { height: 20000px }</style><div id="hero"></div><div id="low"></div><div id="tall"></div>`);
      const shot = {
        type: 'png' as const,
        quality: 80,
        omitBackground: false,
        hasTouch: false,
        mobile: false,
      };
      const hero = { x: 0, y: 0, width: 800, height: 600 };
      const inView = await directScreenshot(page, { ...shot, clip: hero });
      await samePixels(inView!, await page.screenshot({ type: 'png' }));
      await samePixels(inView!, await page.locator('#hero').screenshot({ type: 'png' }));
      // Across the fold: beyond the viewport, the same pixels as Playwright's full-page clip.
      const across = { x: 0, y: 450, width: 800, height: 300 };
      await samePixels(
        (await directScreenshot(page, { ...shot, clip: across }))!,
        await page.screenshot({ type: 'png', clip: across, fullPage: true }),
      );
      const low = { x: 40, y: 12000, width: 200, height: 100 };
      const below = await directScreenshot(page, { ...shot, clip: low });
      const { data, info } = await sharp(below!).raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).toEqual([200, 100]);
      expect([...data.subarray(0, 3)]).toEqual([0, 170, 0]);
      // Neither shot moved the page.
      expect(await page.evaluate(() => [scrollX, scrollY, innerHeight])).toEqual([0, 0, 600]);
    } finally {
      await context.close();
    }
  });
});
