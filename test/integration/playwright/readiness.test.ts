import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaywrightCapturer } from '../../../src/adapters/playwright/playwright-capturer.js';
import { noDeadline, specOf, testCapturer } from '../../helpers/capturer.js';
import { waitForNoChromium } from '../../helpers/chromium.js';
import type { FixtureServer } from '../../helpers/fixture-server.js';
import { startFixtureServer } from '../../helpers/fixture-server.js';
import { close, decodePixels } from '../../helpers/pixels.js';

// Ready before the shot: web fonts loaded, images of the captured area decoded, lazy content
// scrolled into loading, a blank first shot of a page with content retaken — and what was waited
// for reported in metadata.readiness.

let server: FixtureServer;
let capturer: PlaywrightCapturer;

beforeAll(async () => {
  server = await startFixtureServer();
  capturer = testCapturer();
  await capturer.ready();
});

afterAll(async () => {
  await capturer?.close();
  await server?.close();
  expect(await waitForNoChromium()).toEqual([]);
});

const key = (): string => Math.random().toString(36).slice(2);

describe('readiness before the shot', () => {
  it('shows a web font that was still loading at load as it looks once loaded', async () => {
    const k = key();
    // The first capture's font request is held 800 ms; the second's is not.
    const first = await capturer.capture(
      specOf({ url: `${server.baseUrl}/readiness/late-font.html?k=${k}` }),
      noDeadline(),
    );
    const second = await capturer.capture(
      specOf({ url: `${server.baseUrl}/readiness/late-font.html?k=${k}` }),
      noDeadline(),
    );
    expect(first.bytes.equals(second.bytes)).toBe(true);
    expect(first.metadata.readiness).toMatchObject({ imagesPending: 0, retakes: 0 });
    // …and not like the fallback font: a page whose font never comes looks different.
    const fallback = await capturer.capture(
      specOf({ url: `${server.baseUrl}/readiness/late-font.html?k=never-${k}&noload=1` }),
      noDeadline(),
    );
    expect(fallback.bytes.equals(first.bytes)).toBe(false);
  });

  it('decodes a large image added at load before the shot', async () => {
    const out = await capturer.capture(
      specOf({ url: `${server.baseUrl}/readiness/late-image.html` }),
      noDeadline(),
    );
    const image = await decodePixels(out.bytes);
    expect(close(image.at(640, 360), [30, 160, 80], 8)).toBe(true);
    expect(close(image.at(20, 700), [30, 160, 80], 8)).toBe(true);
    expect(out.metadata.readiness).toMatchObject({ imagesPending: 0 });
  });

  it('counts the scroll steps that loaded lazy content on a full page', async () => {
    const out = await capturer.capture(
      specOf({ url: `${server.baseUrl}/tall.html`, fullPage: true }),
      noDeadline(),
    );
    expect(out.metadata.readiness?.lazyScrolls).toBeGreaterThan(0);
    const plain = await capturer.capture(
      specOf({ url: `${server.baseUrl}/simple.html`, fullPage: true }),
      noDeadline(),
    );
    expect(plain.metadata.readiness?.lazyScrolls).toBe(0);
  });

  it.each([
    ['an IntersectionObserver', 'scroll-observer.html', {}],
    ['a scroll handler', 'scroll-listener.html', {}],
    [
      'an IntersectionObserver, in a context made for the capture',
      'scroll-observer.html',
      { darkMode: true },
    ],
  ])('scrolls a full page through for content loaded by %s', async (_, file, extra) => {
    const out = await capturer.capture(
      specOf({ url: `${server.baseUrl}/readiness/${file}`, fullPage: true, ...extra }),
      noDeadline(),
    );
    const image = await decodePixels(out.bytes);
    expect([image.width, image.height]).toEqual([1280, 4000]);
    expect(close(image.at(200, 3700), [30, 160, 80], 8)).toBe(true);
    expect(close(image.at(600, 3700), [255, 255, 255], 8)).toBe(true);
  });

  it('does not scroll a full page that nothing on it watches, and still captures all of it', async () => {
    const k = key();
    for (const extra of [{}, { darkMode: true }]) {
      const out = await capturer.capture(
        specOf({
          url: `${server.baseUrl}/readiness/scroll-unwatched.html?key=${k}`,
          fullPage: true,
          ...extra,
        }),
        noDeadline(),
      );
      const image = await decodePixels(out.bytes);
      expect([image.width, image.height]).toEqual([1280, 4000]);
    }
    // A stealth capture leaves the page's globals alone, so it cannot tell and always scrolls.
    const stealth = await capturer.capture(
      specOf({
        url: `${server.baseUrl}/readiness/scroll-unwatched.html?key=${k}-stealth`,
        fullPage: true,
        stealth: true,
      }),
      noDeadline(),
    );
    expect((await decodePixels(stealth.bytes)).height).toBe(4000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.requests.filter((r) => r.includes(`scrolled-${k}`))).toEqual([
      `/img.svg?id=scrolled-${k}-stealth`,
    ]);
  });

  it('retakes once a shot that came out blank although the page has content', async () => {
    const out = await capturer.capture(
      specOf({ url: `${server.baseUrl}/readiness/blank-first.html` }),
      noDeadline(),
    );
    expect(out.metadata.readiness).toMatchObject({ retakes: 1 });
    const image = await decodePixels(out.bytes);
    // The red heading is in the picture.
    let red = 0;
    for (let x = 0; x < 600; x += 2)
      for (let y = 20; y < 80; y += 2) if (close(image.at(x, y), [200, 30, 30], 40)) red++;
    expect(red).toBeGreaterThan(20);
    // A page that is blank by design is not retaken.
    const empty = await capturer.capture(
      specOf({ url: `${server.baseUrl}/readiness/empty.html` }),
      noDeadline(),
    );
    expect(empty.metadata.readiness).toMatchObject({ retakes: 0 });
  });
});
