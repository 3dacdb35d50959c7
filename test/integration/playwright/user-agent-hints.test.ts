import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlaywrightDevices } from '../../../src/adapters/playwright/devices.js';
import type { PlaywrightCapturer } from '../../../src/adapters/playwright/playwright-capturer.js';
import type { CaptureRequest } from '../../../src/domain/capture-request.js';
import { toCaptureSpec } from '../../../src/domain/capture-spec.js';
import { noDeadline, testCapturer } from '../../helpers/capturer.js';
import { waitForNoChromium } from '../../helpers/chromium.js';
import type { FixtureServer } from '../../helpers/fixture-server.js';
import { startFixtureServer } from '../../helpers/fixture-server.js';

// `userAgent` sets the User-Agent "and matching client hints where Chromium sends them" (CONTRACT
// §4a): what the target receives (the page's request and its subresources') and what the page's
// script sees (navigator.userAgentData), from controls/client-hints.html on the fixture server.
// Before, any user agent went out with the running Chromium's brands:
// `sec-ch-ua: "Not:A-Brand";v="8", "Chromium";v="156", "HeadlessChrome";v="156"`.

let server: FixtureServer;
let capturer: PlaywrightCapturer;
const devices = createPlaywrightDevices();

beforeAll(async () => {
  server = await startFixtureServer();
  capturer = testCapturer({ navigationTimeoutMs: 5000 });
  await capturer.ready();
});

afterAll(async () => {
  await capturer?.close();
  await server?.close();
  expect(await waitForNoChromium()).toEqual([]);
});

type Headers = Record<string, string | string[] | undefined>;
interface Seen {
  /** Headers of the page's own request, and of its report image. */
  page: Headers;
  report: Headers;
  userAgentData: { brands: { brand: string; version: string }[]; mobile: boolean; platform: string } | null;
  platform: string;
  userAgent: string;
  high: Record<string, unknown> | null;
}

/** Captures the page with `request`, as a capture of a device preset when it names one. */
async function seenWith(request: Omit<CaptureRequest, 'url'>, key: string): Promise<Seen> {
  const url = `${server.baseUrl}/controls/client-hints.html?k=${key}`;
  await capturer.capture(
    toCaptureSpec({ ...request, url }, request.device ? devices.get(request.device) : null),
    noDeadline(),
  );
  const after = () =>
    server.log.slice(server.log.findIndex((r) => r.url === `/controls/client-hints.html?k=${key}`));
  const find = (prefix: string) => after().find((r) => r.url.startsWith(prefix));
  const page = after()[0];
  const report = find('/img.svg?id=seen&');
  if (!page || !report) throw new Error(`the page did not report what it saw (${key})`);
  const json = (entry: { url: string }): unknown =>
    JSON.parse(new URL(entry.url, server.baseUrl).searchParams.get('json') ?? 'null');
  const seen = json(report) as Pick<Seen, 'userAgentData' | 'platform' | 'userAgent'>;
  // The high-entropy values come a moment later (a promise), when the page has client hints at all.
  for (let i = 0; seen.userAgentData !== null && !find('/img.svg?id=high&') && i < 40; i++) {
    await new Promise((r) => setTimeout(r, 50));
  }
  const high = find('/img.svg?id=high&');
  return {
    page: page.headers,
    report: report.headers,
    ...seen,
    high: high ? (json(high) as Record<string, unknown>) : null,
  };
}

const CLIENT_HINTS = ['sec-ch-ua', 'sec-ch-ua-mobile', 'sec-ch-ua-platform'] as const;
const hintsOf = (headers: Headers): Record<string, unknown> =>
  Object.fromEntries(CLIENT_HINTS.map((h) => [h, headers[h]]));

describe('userAgent: client hints that agree with it', () => {
  it('sends a Chrome user agent’s own brands and platform, never HeadlessChrome, and the page sees the same', async () => {
    const userAgent =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
    const seen = await seenWith({ userAgent }, 'chrome-mac');
    const expected = {
      'sec-ch-ua': '"Not_A Brand";v="8", "Chromium";v="120", "Google Chrome";v="120"',
      'sec-ch-ua-mobile': '?0',
      'sec-ch-ua-platform': '"macOS"',
    };
    expect(seen.page['user-agent']).toBe(userAgent);
    expect(hintsOf(seen.page)).toEqual(expected);
    expect(hintsOf(seen.report)).toEqual(expected);
    expect(JSON.stringify([seen.page, seen.report, seen.userAgentData, seen.high])).not.toMatch(
      /HeadlessChrome/,
    );
    expect(seen.userAgentData).toEqual({
      brands: [
        { brand: 'Not_A Brand', version: '8' },
        { brand: 'Chromium', version: '120' },
        { brand: 'Google Chrome', version: '120' },
      ],
      mobile: false,
      platform: 'macOS',
    });
    expect(seen.platform).toBe('MacIntel');
    expect(seen.userAgent).toBe(userAgent);
    expect(seen.high?.['fullVersionList']).toContainEqual({ brand: 'Google Chrome', version: '120.0.0.0' });
  });

  it('sends a phone preset’s Android Chrome hints: mobile, Android', async () => {
    const pixel = devices.get('Pixel 7')!;
    const major = /Chrome\/(\d+)/.exec(pixel.userAgent)?.[1];
    const seen = await seenWith({ device: 'Pixel 7' }, 'pixel');
    expect(seen.page['user-agent']).toBe(pixel.userAgent);
    expect(seen.page['sec-ch-ua']).toContain(`"Google Chrome";v="${major}"`);
    expect(seen.page['sec-ch-ua']).not.toMatch(/Headless/);
    expect(seen.page['sec-ch-ua-mobile']).toBe('?1');
    expect(seen.page['sec-ch-ua-platform']).toBe('"Android"');
    expect(seen.userAgentData).toMatchObject({ mobile: true, platform: 'Android' });
    expect(seen.high).toMatchObject({ model: 'Pixel 7', platformVersion: '14.0.0' });
  });

  it('sends Edge’s own brand for an Edge user agent', async () => {
    const userAgent =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91';
    const seen = await seenWith({ userAgent }, 'edge');
    expect(hintsOf(seen.page)).toEqual({
      'sec-ch-ua': '"Not_A Brand";v="8", "Chromium";v="120", "Microsoft Edge";v="120"',
      'sec-ch-ua-mobile': '?0',
      'sec-ch-ua-platform': '"Windows"',
    });
    expect(seen.platform).toBe('Win32');
  });

  it.each([
    [
      'Firefox',
      { userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0' },
    ],
    ['a bot', { userAgent: 'Mozilla/5.0 ShotsTest/1.0' }],
    ['the iPhone 13 preset (Safari)', { device: 'iPhone 13' }],
  ] as const)(
    'sends no client hints for %s, which sends none; the page sees no brands',
    async (_, request) => {
      const seen = await seenWith(request, `none-${_.replace(/\W/g, '')}`);
      for (const headers of [seen.page, seen.report]) {
        expect(hintsOf(headers)).toEqual({
          'sec-ch-ua': undefined,
          'sec-ch-ua-mobile': undefined,
          'sec-ch-ua-platform': undefined,
        });
      }
      expect(seen.userAgentData?.brands ?? []).toEqual([]);
      expect(seen.userAgentData?.platform ?? '').toBe('');
      expect(JSON.stringify(seen)).not.toMatch(/HeadlessChrome|"Chromium"/);
    },
  );

  it('leaves a capture without userAgent as it was: the running Chromium’s own hints', async () => {
    const seen = await seenWith({}, 'plain');
    expect(seen.page['sec-ch-ua']).toMatch(/"Chromium";v="\d+"/);
    expect(seen.page['user-agent']).toMatch(/HeadlessChrome/);
  });
});
