import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaptureRequest } from '../../../src/domain/capture-request.js';
import type { BrowserView, DetectorReport, DetectorServer } from '../../helpers/detector-server.js';
import { startDetectorServer } from '../../helpers/detector-server.js';
import type { TestUpstreamProxy } from '../../helpers/egress-upstream-proxy.js';
import { startTestUpstreamProxy } from '../../helpers/egress-upstream-proxy.js';
import { countColour, decodePng } from '../../helpers/png.js';
import type { PrepService } from '../../helpers/prep-service.js';
import { startPrepService } from '../../helpers/prep-service.js';

// stealth through the whole service against two open-source bot detectors as their npm packages
// ship them — fpscanner and BotD, served on loopback — and against what the page, a dedicated worker
// and a shared worker each see of the browser. The page's verdict box turns green when neither
// detector flags it. Every region's proxy is a local upstream proxy behind the SSRF egress proxy.

let server: DetectorServer;
let upstream: TestUpstreamProxy;
let service: PrepService;
let key: string;

beforeAll(async () => {
  server = await startDetectorServer();
  upstream = await startTestUpstreamProxy('region', 'secret');
  service = await startPrepService({
    PROXY_US_EAST: upstream.url,
    PROXY_EU_WEST: upstream.url,
    PROXY_AP_SOUTHEAST: upstream.url,
  });
  key = (await service.account('BUSINESS')).apiKey;
});
afterAll(async () => {
  await service?.close();
  await upstream?.close();
  await server?.close();
});

let visits = 0;

/** Captures the detectors page with `request`; returns what the page reported and the shot. */
async function visit(
  request: Partial<CaptureRequest> = {},
): Promise<{ report: DetectorReport; png: Buffer }> {
  server.forget();
  visits += 1; // a new URL each time: never served from the cache
  const jobId = await service.submit(key, { url: `${server.url}?visit=${visits}`, ...request });
  expect(await service.finished(key, jobId)).toMatchObject({ status: 'completed' });
  return { report: server.last(), png: await service.bytes(key, jobId) };
}

const flagged = (report: DetectorReport): string[] =>
  Object.entries(report.fpscanner ?? {})
    .filter(([, on]) => on)
    .map(([name]) => name);

/** What must be the same in every context: everything but the page-only details. */
function identity(view: BrowserView): Partial<BrowserView> {
  const same: Partial<BrowserView> = { ...view };
  delete same.webdriver;
  delete same.error;
  return same;
}

const GREEN: [number, number, number] = [0x00, 0xaa, 0x00];
const RED: [number, number, number] = [0xdd, 0x00, 0x00];
/** The verdict box is 1280 × 120 px, partly covered by its text. */
const VERDICT_PX = 1280 * 120 * 0.8;

describe('stealth against fpscanner and BotD', () => {
  it('without it, both detectors catch the headless browser (the control)', async () => {
    const { report, png } = await visit();
    expect(report.fpscannerError).toBeUndefined();
    expect(flagged(report)).toEqual(
      expect.arrayContaining(['hasWebdriver', 'hasCDP', 'hasUTCTimezone', 'hasSwiftshaderRenderer']),
    );
    expect(report.botd).toMatchObject({ bot: true });
    expect(report.page.timeZone).toBe('UTC');
    expect(countColour(decodePng(png), RED)).toBeGreaterThan(VERDICT_PX);
  });

  it('with it, fpscanner flags nothing — no DevTools protocol, no worker mismatch, no UTC — and BotD sees no bot', async () => {
    const { report, png } = await visit({ stealth: true });
    expect(report.fpscannerError).toBeUndefined();
    expect(report.fpscanner).toMatchObject({
      hasCDP: false,
      hasMismatchPlatformWorker: false,
      hasMismatchWebGLInWorker: false,
      hasUTCTimezone: false,
      hasPlaywright: false,
      hasWebdriver: false,
    });
    expect(flagged(report)).toEqual([]);
    expect(report.botd).toEqual({ bot: false });
    const pixels = decodePng(png);
    expect(countColour(pixels, GREEN)).toBeGreaterThan(VERDICT_PX);
    expect(countColour(pixels, RED)).toBe(0);
  });

  it('presents one browser: the page, a dedicated worker and a shared worker see the same one', async () => {
    const { report } = await visit({ stealth: true });
    const { page, dedicatedWorker, sharedWorker } = report;
    expect(dedicatedWorker.error).toBeUndefined();
    expect(sharedWorker.error).toBeUndefined();
    expect(page).toMatchObject({ platform: 'Win32', webdriver: false });
    expect(page.userAgent).toMatch(
      /^Mozilla\/5\.0 \(Windows NT 10\.0; Win64; x64\) .* Chrome\/\d+\.0\.0\.0 /,
    );
    expect(page.uaData).toMatchObject({ platform: 'Windows', mobile: false });
    expect(page.uaData?.brands.join()).toMatch(/Google Chrome\//);
    expect(page.uaHigh).toMatchObject({ platform: 'Windows', bitness: '64', architecture: 'x86' });
    expect(JSON.stringify(page.webgl)).not.toMatch(/SwiftShader|Google Inc\. \(Google\)/);
    expect(page.timeZone).not.toBe('UTC');
    // Platform, user agent and client hints, WebGL, cores, memory, languages, time zone: identical.
    expect(identity(dedicatedWorker)).toEqual(identity(page));
    expect(identity(sharedWorker)).toEqual(identity(page));
  });

  it('keeps the generated profile per capture: another capture may be another machine, still one browser', async () => {
    const first = (await visit({ stealth: true })).report;
    const second = (await visit({ stealth: true })).report;
    for (const report of [first, second]) {
      expect(identity(report.dedicatedWorker)).toEqual(identity(report.page));
      expect(identity(report.sharedWorker)).toEqual(identity(report.page));
    }
  });

  it.each([
    ['us-east', 'America/New_York'],
    ['eu-west', 'Europe/London'],
    ['ap-southeast', 'Asia/Singapore'],
  ] as const)(
    'shows the time zone of proxyLocation %s (%s) in the page and its workers',
    async (proxyLocation, zone) => {
      const { report } = await visit({ stealth: true, proxyLocation });
      expect(flagged(report)).toEqual([]);
      for (const view of [report.page, report.dedicatedWorker, report.sharedWorker]) {
        expect(view.timeZone).toBe(zone);
      }
    },
  );

  it('without proxyLocation shows America/New_York, the zone of its en-US locale; an explicit timezone wins', async () => {
    expect((await visit({ stealth: true })).report.page.timeZone).toBe('America/New_York');
    const { report } = await visit({ stealth: true, proxyLocation: 'eu-west', timezone: 'Asia/Tokyo' });
    for (const view of [report.page, report.dedicatedWorker, report.sharedWorker]) {
      expect(view.timeZone).toBe('Asia/Tokyo');
    }
  });

  it('lets an explicit userAgent and locale win everywhere, with the platform that goes with the agent', async () => {
    const userAgent =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
    const { report } = await visit({ stealth: true, userAgent, locale: 'de-DE' });
    for (const view of [report.page, report.dedicatedWorker, report.sharedWorker]) {
      expect(view).toMatchObject({
        userAgent,
        platform: 'MacIntel',
        language: 'de-DE',
        languages: ['de-DE', 'de'],
      });
      expect(view.uaData).toMatchObject({ platform: 'macOS' });
    }
    expect(flagged(report)).toEqual([]);
  });

  it('runs the request’s javascript in the page’s own world, where its globals are', async () => {
    const javascript = `document.getElementById('verdict').style.background = window.detectorReport ? '#0000ff' : '#ff00ff';`;
    const { report, png } = await visit({ stealth: true, javascript });
    expect(flagged(report)).toEqual([]);
    const pixels = decodePng(png);
    expect(countColour(pixels, [0x00, 0x00, 0xff])).toBeGreaterThan(VERDICT_PX);
    expect(countColour(pixels, [0xff, 0x00, 0xff])).toBe(0);
  });
});
