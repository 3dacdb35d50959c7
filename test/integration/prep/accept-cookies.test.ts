import type { CaptureMetadata } from '../../../src/domain/capture-metadata.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaywrightCapturer } from '../../../src/adapters/playwright/playwright-capturer.js';
import { waitForNoChromium } from '../../helpers/chromium.js';
import type { FixtureServer } from '../../helpers/fixture-server.js';
import { startFixtureServer } from '../../helpers/fixture-server.js';
import { noDeadline, specOf, testCapturer } from '../../helpers/capturer.js';
import type { Pixels } from '../../helpers/png.js';
import { countColour, decodePng } from '../../helpers/png.js';

// acceptCookies on fixture pages that replicate the banners of widespread consent platforms: the
// banner is gone from the shot, and the page shows that consent was given (its state box is green).

const PURPLE: [number, number, number] = [0x7b, 0x2c, 0xbf]; // every banner
const GREEN: [number, number, number] = [0x00, 0xaa, 0x00]; // state box: accepted
const GREY: [number, number, number] = [0x88, 0x88, 0x88]; // state box: no decision
/** The state box is 200 × 100 px; its text covers a little of it. */
const STATE_BOX_PX = 15_000;

let pages: FixtureServer;
let capturer: PlaywrightCapturer;

beforeAll(async () => {
  pages = await startFixtureServer();
  capturer = testCapturer({ concurrency: 1 });
  await capturer.ready();
});
afterAll(async () => {
  await capturer?.close();
  await pages?.close();
  expect(await waitForNoChromium()).toEqual([]);
});

async function capture(
  page: string,
  acceptCookies: boolean,
): Promise<{ pixels: Pixels; metadata: CaptureMetadata }> {
  const out = await capturer.capture(
    specOf({ url: `${pages.baseUrl}/prep/${page}`, acceptCookies }),
    noDeadline(),
  );
  return { pixels: decodePng(out.bytes), metadata: out.metadata };
}

describe('acceptCookies', () => {
  it.each([
    ['OneTrust', 'consent-onetrust.html', 'Onetrust'],
    ['Cookiebot', 'consent-cookiebot.html', 'Cybotcookiebot'],
    ['Didomi', 'consent-didomi.html', 'didomi'],
    ['Quantcast Choice', 'consent-quantcast.html', 'quantcast'],
  ])(
    'accepts the %s banner: the banner is gone and the page shows consent given',
    async (_name, page, cmp) => {
      const plain = await capture(page, false);
      expect(countColour(plain.pixels, PURPLE)).toBeGreaterThan(50_000);
      expect(countColour(plain.pixels, GREEN)).toBe(0); // nobody accepted
      expect(plain.metadata).not.toHaveProperty('consent');

      const accepted = await capture(page, true);
      expect(accepted.metadata.consent).toEqual({ cmp, action: 'optIn' });
      expect(countColour(accepted.pixels, PURPLE)).toBe(0);
      expect(countColour(accepted.pixels, GREEN)).toBeGreaterThan(STATE_BOX_PX);
    },
  );

  it('hides a home-made banner no platform rule knows, with its backdrop, and nothing else', async () => {
    const plain = await capture('consent-homemade.html', false);
    expect(countColour(plain.pixels, PURPLE)).toBeGreaterThan(50_000);

    const { pixels, metadata } = await capture('consent-homemade.html', true);
    expect(metadata.consent).toEqual({ cmp: null, action: 'hidden' });
    expect(countColour(pixels, PURPLE)).toBe(0);
    // Not accepted (nobody clicked), only hidden: the state box stays grey, and undimmed.
    expect(countColour(pixels, GREY)).toBeGreaterThan(STATE_BOX_PX);
    // The sticky header that links to the cookie policy, and the fixed help button, stay.
    expect(countColour(pixels, [0x1a, 0x4f, 0xd6])).toBeGreaterThan(1280 * 60 * 0.8);
    expect(countColour(pixels, [0x00, 0x89, 0x7b])).toBeGreaterThan(160 * 60 * 0.5);
    // The backdrop is gone too: most of the page is white again.
    expect(countColour(pixels, [255, 255, 255], 4)).toBeGreaterThan(1280 * 720 * 0.5);
  });

  it('reports none on a page without a banner, and leaves it as it is', async () => {
    const plain = await capture('../simple.html', false);
    const { pixels, metadata } = await capture('../simple.html', true);
    expect(metadata.consent).toEqual({ cmp: null, action: 'none' });
    expect(Buffer.from(pixels.rgba).equals(Buffer.from(plain.pixels.rgba))).toBe(true);
  });
});
