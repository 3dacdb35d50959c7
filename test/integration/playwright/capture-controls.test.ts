import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlaywrightDevices } from '../../../src/adapters/playwright/devices.js';
import type { PlaywrightCapturer } from '../../../src/adapters/playwright/playwright-capturer.js';
import type { CaptureRequest } from '../../../src/domain/capture-request.js';
import type { CaptureSecrets } from '../../../src/domain/capture-spec.js';
import { toCaptureSpec } from '../../../src/domain/capture-spec.js';
import { noDeadline, testCapturer, thrownBy } from '../../helpers/capturer.js';
import { waitForNoChromium } from '../../helpers/chromium.js';
import type { FixtureServer } from '../../helpers/fixture-server.js';
import { startFixtureServer } from '../../helpers/fixture-server.js';
import { decodeFrames, near, pixel, probe } from '../../helpers/media.js';
import { close, decodePixels } from '../../helpers/pixels.js';

// Every capture control of CONTRACT §4a applied for real, as a user sees it: decoded pixel sizes
// and colours, what the fixture server received, PDF pages.

let server: FixtureServer;
let other: FixtureServer;
let capturer: PlaywrightCapturer;
const devices = createPlaywrightDevices();

beforeAll(async () => {
  server = await startFixtureServer();
  other = await startFixtureServer(); // another port: another origin
  capturer = testCapturer({ navigationTimeoutMs: 5000 });
  await capturer.ready();
});

afterAll(async () => {
  await capturer?.close();
  await server?.close();
  await other?.close();
  expect(await waitForNoChromium()).toEqual([]);
});

const capture = (request: CaptureRequest, secrets?: CaptureSecrets) =>
  capturer.capture(
    toCaptureSpec(request, request.device ? devices.get(request.device) : null),
    noDeadline(),
    secrets,
  );
const url = (path: string): string => `${server.baseUrl}${path}`;
const GREEN = [0, 200, 0];

describe('capture controls: output', () => {
  it('captures at deviceScaleFactor 2: twice the pixels for the viewport, an element and a full page', async () => {
    const viewport = await capture({ url: url('/controls/parts.html'), deviceScaleFactor: 2 });
    expect([viewport.width, viewport.height]).toEqual([2560, 1440]);
    const element = await capture({
      url: url('/controls/parts.html'),
      element: '.box',
      deviceScaleFactor: 2,
    });
    expect([element.width, element.height]).toEqual([600, 300]);
    expect(close((await decodePixels(element.bytes)).at(300, 150), [40, 160, 60])).toBe(true);
    const full = await capture({ url: url('/tall.html'), fullPage: true, deviceScaleFactor: 2 });
    expect([full.width, full.height]).toEqual([2560, 10_000]);
  });

  it('applies a device preset: its viewport, scale, user agent; explicit dimensions win', async () => {
    const iphone = devices.get('iPhone 13')!;
    const out = await capture({ url: url('/simple.html?d=1'), device: 'iPhone 13' });
    expect([out.width, out.height]).toEqual([
      iphone.viewport.width * iphone.deviceScaleFactor,
      iphone.viewport.height * iphone.deviceScaleFactor,
    ]);
    expect(out.metadata.device).toBe('iPhone 13');
    const seen = server.log.find((r) => r.url === '/simple.html?d=1');
    expect(seen?.headers['user-agent']).toBe(iphone.userAgent);
    const sized = await capture({
      url: url('/simple.html'),
      device: 'iPhone 13',
      dimensions: { width: 500, height: 400 },
    });
    expect([sized.width, sized.height]).toEqual([
      500 * iphone.deviceScaleFactor,
      400 * iphone.deviceScaleFactor,
    ]);
  });

  it.each([
    ['iPhone 13', false],
    ['iPhone 13 landscape', false],
    ['Pixel 7', false],
    ['iPad Mini', false],
    ['iPhone 13', true],
    ['Pixel 7', true],
  ] as const)(
    'gives the %s preset exactly viewport × factor pixels, as explicit dimensions do (disableAnimations: %s)',
    async (name, disableAnimations) => {
      // simple.html has no viewport meta tag: a phone lays it out 980 px wide and zooms out. Before,
      // iPhone 13 (390×664 at 3) came out 1170×1991, its landscape 2250×1024, a Pixel 7 (412×839 at
      // 2.625) 1081×2202, an iPad Mini (768×1024 at 2) 1536×2047.
      const preset = devices.get(name)!;
      const expected = [
        Math.round(preset.viewport.width * preset.deviceScaleFactor),
        Math.round(preset.viewport.height * preset.deviceScaleFactor),
      ];
      const out = await capture({ url: url('/simple.html'), device: name, disableAnimations });
      expect([out.width, out.height]).toEqual(expected);
      const image = await decodePixels(out.bytes);
      expect([image.width, image.height]).toEqual(expected);
      // The page's background to the last row: the zoomed-out page, not a blank strip.
      expect(close(image.at(expected[0]! - 1, expected[1]! - 1), [232, 240, 255])).toBe(true);
      const explicit = await capture({
        url: url('/simple.html'),
        dimensions: preset.viewport,
        deviceScaleFactor: preset.deviceScaleFactor,
        disableAnimations,
      });
      expect([explicit.width, explicit.height]).toEqual(expected);
    },
  );

  it('encodes jpeg at the quality asked for', async () => {
    const low = await capture({ url: url('/heavy/big-dom.html'), format: 'jpeg', quality: 5 });
    const high = await capture({ url: url('/heavy/big-dom.html'), format: 'jpeg', quality: 100 });
    expect(low.bytes.length * 3).toBeLessThan(high.bytes.length);
  });

  it.each(['png', 'webp'] as const)(
    'leaves the background transparent with omitBackground (%s)',
    async (format) => {
      const out = await capture({ url: url('/controls/transparent.html'), format, omitBackground: true });
      const image = await decodePixels(out.bytes);
      expect(image.channels).toBe(4);
      expect(image.at(10, 10)[3]).toBe(0);
      expect(image.at(150, 150)).toEqual([200, 0, 0, 255]);
      const opaque = await decodePixels(
        (await capture({ url: url('/controls/transparent.html'), format })).bytes,
      );
      expect(opaque.at(10, 10)).toEqual(opaque.channels === 4 ? [255, 255, 255, 255] : [255, 255, 255]);
    },
  );

  it('captures a clip of the document', async () => {
    const out = await capture({
      url: url('/controls/parts.html'),
      clip: { x: 450, y: 50, width: 400, height: 250 },
    });
    expect([out.width, out.height]).toEqual([400, 250]);
    const image = await decodePixels(out.bytes);
    expect(close(image.at(200, 125), [40, 160, 60])).toBe(true); // the box
    expect(close(image.at(10, 10), [255, 255, 255])).toBe(true);
  });
});

describe('capture controls: page preparation', () => {
  it('renders in dark mode', async () => {
    const light = await decodePixels((await capture({ url: url('/controls/dark.html') })).bytes);
    const dark = await decodePixels(
      (await capture({ url: url('/controls/dark.html'), darkMode: true })).bytes,
    );
    expect(close(light.at(600, 600), [250, 250, 250])).toBe(true);
    expect(close(dark.at(600, 600), [20, 20, 30])).toBe(true);
  });

  it('hides elements, injects CSS, runs JavaScript (awaited) and clicks', async () => {
    const out = await capture({
      url: url('/controls/parts.html'),
      hideSelectors: ['.banner'],
      css: '.box { background: rgb(250, 120, 0) !important; }',
      javascript:
        "await new Promise((r) => setTimeout(r, 300)); document.body.insertAdjacentHTML('beforeend', '<div style=\"position:absolute;left:0;top:600px;width:100px;height:100px;background:rgb(0,200,200)\"></div>');",
      clickSelector: 'button',
    });
    const image = await decodePixels(out.bytes);
    expect(close(image.at(100, 100), [255, 255, 255])).toBe(true); // banner hidden
    expect(close(image.at(650, 170), [250, 120, 0])).toBe(true); // injected style
    expect(close(image.at(50, 650), [0, 200, 200])).toBe(true); // the script's element, after its await
    expect(close(image.at(1000, 200), [40, 60, 200])).toBe(true); // revealed by the click
  });

  it('fails, not retried, when the javascript throws', async () => {
    const err = await thrownBy(() =>
      capture({ url: url('/simple.html'), javascript: 'throw new Error("boom")' }),
    );
    expect(err).toMatchObject({ code: 'CAPTURE_FAILED', retryable: false });
    expect(String(err.message)).toContain('boom');
  });

  it('stops animations so that two captures match', async () => {
    const a = await capture({ url: url('/controls/parts.html'), disableAnimations: true });
    await new Promise((r) => setTimeout(r, 230));
    const b = await capture({ url: url('/controls/parts.html'), disableAnimations: true });
    expect(a.bytes.equals(b.bytes)).toBe(true);
  });

  it('stops animations on a phone preset too (its viewport is stilled and shot directly)', async () => {
    const a = await capture({ url: url('/controls/parts.html'), device: 'Pixel 7', disableAnimations: true });
    await new Promise((r) => setTimeout(r, 230));
    const b = await capture({ url: url('/controls/parts.html'), device: 'Pixel 7', disableAnimations: true });
    expect([a.width, a.height]).toEqual([1082, 2202]);
    expect(a.bytes.equals(b.bytes)).toBe(true);
  });

  it('aborts the resource types asked for', async () => {
    const before = server.requests.filter((r) => r.includes('id=own')).length;
    const out = await capture({ url: url('/controls/third-party.html?b=1'), blockResources: ['image'] });
    expect(server.requests.filter((r) => r.includes('id=own')).length).toBe(before);
    expect(close((await decodePixels(out.bytes)).at(100, 50), [255, 255, 255])).toBe(true);
  });
});

describe('capture controls: waiting', () => {
  it('waits for a selector that appears after 1.5 s and captures it', async () => {
    const out = await capture({ url: url('/phases/late-element.html'), waitForSelector: '#late' });
    expect(close((await decodePixels(out.bytes)).at(150, 150), [40, 120, 220])).toBe(true);
  });

  it('fails with ELEMENT_NOT_FOUND, not retried, naming a selector that never shows', async () => {
    const err = await thrownBy(() => capture({ url: url('/simple.html'), waitForSelector: '#never' }));
    expect(err).toMatchObject({ code: 'ELEMENT_NOT_FOUND', retryable: false });
    expect(String(err.message)).toContain('#never');
  });

  it('waits delayMs after the page is ready', async () => {
    const started = Date.now();
    const out = await capture({ url: url('/readiness/blank-first.html?delay=1'), delayMs: 1200 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1200);
    expect(out.metadata.readiness?.retakes).toBe(0); // the cover was gone by then
  });

  it('fails on an HTTP error status with failOnHttpError: 4xx not retried, 5xx retried', async () => {
    const notFound = await thrownBy(() => capture({ url: url('/status/404'), failOnHttpError: true }));
    expect(notFound).toMatchObject({ code: 'TARGET_HTTP_ERROR', retryable: false });
    expect(String(notFound.message)).toContain('404');
    const unavailable = await thrownBy(() => capture({ url: url('/status/503'), failOnHttpError: true }));
    expect(unavailable).toMatchObject({ code: 'TARGET_HTTP_ERROR', retryable: true });
    const captured = await capture({ url: url('/status/404') });
    expect(captured.metadata.httpStatus).toBe(404);
  });
});

describe('capture controls: selectors reach into web components (open shadow roots)', () => {
  const RED = [200, 30, 30];
  const BLUE = [0, 0, 220];

  it('crops to an element inside a shadow root, by a selector across the host or within the root', async () => {
    for (const element of ['shop-item .badge', '.badge']) {
      const out = await capture({ url: url('/controls/shadow.html'), element });
      expect([out.width, out.height]).toEqual([240, 90]);
      expect(close((await decodePixels(out.bytes)).at(120, 45), RED)).toBe(true);
    }
  });

  it('prefers the document’s own match to one inside a shadow root, as before', async () => {
    const out = await capture({ url: url('/controls/shadow.html'), element: '.note' });
    expect([out.width, out.height]).toEqual([100, 50]);
    expect(close((await decodePixels(out.bytes)).at(50, 25), GREEN)).toBe(true);
  });

  it('hides matches inside shadow roots, and waits for and clicks them', async () => {
    const shown = await decodePixels((await capture({ url: url('/controls/shadow.html') })).bytes);
    expect(close(shown.at(150, 120), BLUE)).toBe(true);
    const hidden = await capture({
      url: url('/controls/shadow.html'),
      hideSelectors: ['shop-item .promo', '.light'],
      waitForSelector: 'shop-item .badge',
      clickSelector: '.badge',
    });
    const image = await decodePixels(hidden.bytes);
    expect(close(image.at(150, 120), [255, 255, 255])).toBe(true); // the promotion, hidden
    expect(close(image.at(50, 215), [255, 255, 255])).toBe(true); // the document's note, hidden
    expect(close(image.at(120, 45), RED)).toBe(true); // the badge, untouched
  });

  it('hides what the script brought into a shadow root after the page loaded', async () => {
    const out = await capture({
      url: url('/controls/shadow.html'),
      hideSelectors: ['shop-item .late'],
      javascript:
        "document.querySelector('shop-item').shadowRoot.querySelector('.badge').insertAdjacentHTML('beforebegin', '<div class=\"late\" style=\"width:240px;height:90px;background:rgb(0,0,220)\"></div>');",
    });
    const image = await decodePixels(out.bytes);
    // The late box took the badge's place and is hidden; the badge moved below it.
    expect(close(image.at(120, 45), [255, 255, 255])).toBe(true);
    expect(close(image.at(120, 135), RED)).toBe(true);
  });

  it('crops to an element inside an embedded frame, of the same origin or another, cut to what the frame shows', async () => {
    // Before, an element inside an iframe was "No element matches". The frame lies below the fold,
    // its element below what the frame shows until the frame is scrolled.
    for (const inner of ['', `?inner=${encodeURIComponent(`${other.baseUrl}/controls/framed-inner.html`)}`]) {
      const out = await capture({ url: url(`/controls/framed.html${inner}`), element: '#inside' });
      expect([out.width, out.height]).toEqual([200, 80]);
      const image = await decodePixels(out.bytes);
      for (const [x, y] of [
        [1, 1],
        [100, 40],
        [198, 78],
      ] as const) {
        expect(close(image.at(x, y), [0, 200, 0])).toBe(true);
      }
    }
    const edge = await capture({ url: url('/controls/framed.html'), element: '#edge' });
    expect([edge.width, edge.height]).toEqual([600, 50]);
    expect(close((await decodePixels(edge.bytes)).at(590, 25), [200, 0, 0])).toBe(true);
    const missing = await thrownBy(() => capture({ url: url('/controls/framed.html'), element: '#nowhere' }));
    expect(missing).toMatchObject({ code: 'ELEMENT_NOT_FOUND', retryable: false });
  });

  it('waits for, clicks and hides elements inside an embedded frame of another origin', async () => {
    // Before, waitForSelector failed after its whole wait, clickSelector clicked nothing and
    // hideSelectors hid nothing: they looked at the document and its shadow roots only.
    const framed = url(
      `/controls/framed.html?inner=${encodeURIComponent(`${other.baseUrl}/controls/framed-inner.html`)}`,
    );
    const late = await capture({ url: framed, waitForSelector: '#late', element: '#late' });
    expect([late.width, late.height]).toEqual([100, 40]);
    expect(close((await decodePixels(late.bytes)).at(50, 20), [0, 0, 200])).toBe(true);
    const clicked = await capture({ url: framed, clickSelector: '#press', element: '#inside' });
    expect(close((await decodePixels(clicked.bytes)).at(100, 40), [0, 0, 200])).toBe(true);
    // The frame's element in the page, its 5 px border included: #cover at 40,300 in the frame.
    const shown = await capture({ url: framed, element: '#widget' });
    const hidden = await capture({ url: framed, hideSelectors: ['#cover'], element: '#widget' });
    expect([hidden.width, hidden.height]).toEqual([610, 410]);
    expect(close((await decodePixels(shown.bytes)).at(145, 335), [200, 0, 0])).toBe(true);
    expect(close((await decodePixels(hidden.bytes)).at(145, 335), [255, 255, 255])).toBe(true);
    const missing = await thrownBy(() => capture({ url: framed, waitForSelector: '#nowhere' }));
    expect(missing).toMatchObject({ code: 'ELEMENT_NOT_FOUND', retryable: false });
  });

  it('hides elements inside a frame that loads later, as the full page is scrolled through', async () => {
    // Before, a lazy frame far below the fold loaded during the full-page scroll, after the controls
    // were applied, and its #cover (red, 200x60 at 40,300 in the frame) showed.
    const at = [100 + 5 + 40 + 100, 10_000 + 5 + 300 + 30] as const;
    const shown = await capture({ url: url('/controls/lazy-framed.html'), fullPage: true });
    const hidden = await capture({
      url: url('/controls/lazy-framed.html'),
      fullPage: true,
      hideSelectors: ['#cover'],
    });
    expect([hidden.width, hidden.height]).toEqual([1280, 11_000]);
    expect(close((await decodePixels(shown.bytes)).at(...at), [200, 0, 0])).toBe(true);
    expect(close((await decodePixels(hidden.bytes)).at(...at), [255, 255, 255])).toBe(true);
  });

  it('crops to and waits for an element inside a lazy frame that has not loaded: the frame is told to load now', async () => {
    // Before, ELEMENT_NOT_FOUND (and before that, no answer at all): the frame, 10,000 px down,
    // had no document.
    const lazy = url('/controls/lazy-framed.html');
    for (const request of [
      { url: lazy, element: '#cover' },
      { url: lazy, waitForSelector: '#cover', element: '#cover' },
    ]) {
      const out = await capture(request);
      expect([out.width, out.height]).toEqual([200, 60]);
      expect(close((await decodePixels(out.bytes)).at(100, 30), [200, 0, 0])).toBe(true);
    }
  });

  it('passes over a frame that has not loaded yet: hideSelectors, clickSelector, waitForSelector and element end as they would without it', async () => {
    // Before, anything asked of a lazy frame that had not loaded (its URL still empty) waited for
    // it to load: hideSelectors, clickSelector, a waitForSelector or element the document did not
    // have hung the capture until its deadline. (An element the frames do not have either is
    // looked for once more after the lazy frames are told to load.)
    const lazy = url('/controls/lazy-framed.html');
    const started = Date.now();
    const hidden = await capture({ url: lazy, hideSelectors: ['#cover'], clickSelector: '#press' });
    expect([hidden.width, hidden.height]).toEqual([1280, 720]);
    const missing = await thrownBy(() => capture({ url: lazy, element: '#nowhere' }));
    expect(missing).toMatchObject({ code: 'ELEMENT_NOT_FOUND', retryable: false });
    const never = await thrownBy(() => capture({ url: lazy, waitForSelector: '#nowhere' }));
    expect(never).toMatchObject({ code: 'ELEMENT_NOT_FOUND', retryable: false });
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('crops to an element of display: contents as the union of its children, below the fold', async () => {
    // Before, such a wrapper (it has no box of its own) was "has no visible size".
    const out = await capture({ url: url('/controls/contents.html'), element: '#group' });
    expect([out.width, out.height]).toEqual([300, 100]);
    const image = await decodePixels(out.bytes);
    expect(close(image.at(150, 30), [200, 0, 0])).toBe(true);
    expect(close(image.at(100, 80), [0, 0, 200])).toBe(true);
    expect(close(image.at(250, 80), [255, 255, 255])).toBe(true); // beside the narrow child: the page
    const empty = await thrownBy(() => capture({ url: url('/controls/contents.html'), element: '#empty' }));
    expect(empty).toMatchObject({ code: 'ELEMENT_NOT_FOUND', retryable: false });
  });

  it('refuses, not retried, a selector that matches no element by its nature, naming the reason', async () => {
    const element = await thrownBy(() =>
      capture({ url: url('/controls/shadow.html'), element: '.badge::before' }),
    );
    expect(element).toMatchObject({ code: 'ELEMENT_NOT_FOUND', retryable: false });
    expect(element.message).toMatch(
      /^The selector "\.badge::before" is not a valid CSS selector: Unexpected token/,
    );
    const wait = await thrownBy(() =>
      capture({ url: url('/controls/shadow.html'), waitForSelector: '.badge::after' }),
    );
    expect(wait).toMatchObject({ code: 'ELEMENT_NOT_FOUND', retryable: false });
    expect(wait.message).toMatch(
      /^waitForSelector "\.badge::after" is not a valid CSS selector: Unexpected token/,
    );
    // hideSelectors leaves such a selector to its style sheet, and hides the others' matches still.
    const hidden = await capture({
      url: url('/controls/shadow.html'),
      hideSelectors: ['.promo::before', 'shop-item .promo'],
    });
    expect(close((await decodePixels(hidden.bytes)).at(150, 120), [255, 255, 255])).toBe(true);
  });
});

describe('capture controls: who the page sees', () => {
  it('shows the time zone, locale, position and user agent asked for', async () => {
    const out = await capture({
      url: url('/controls/environment.html?tz=Asia/Tokyo&lang=de-DE&lat=48.8584&ua=ShotsTest/1.0'),
      timezone: 'Asia/Tokyo',
      locale: 'de-DE',
      geolocation: { latitude: 48.8584, longitude: 2.2945 },
      userAgent: 'Mozilla/5.0 ShotsTest/1.0',
    });
    const image = await decodePixels(out.bytes);
    for (const y of [50, 150, 250, 350]) expect(close(image.at(100, y), GREEN), `bar at ${y}`).toBe(true);
    const seen = server.log.find((r) => r.url.startsWith('/controls/environment.html'));
    expect(seen?.headers['user-agent']).toBe('Mozilla/5.0 ShotsTest/1.0');
    expect(String(seen?.headers['accept-language'])).toMatch(/^de-DE/);
  });

  it("sends headers to the target's origin only, and sets cookies", async () => {
    const out = await capture(
      {
        url: url(`/controls/third-party.html?other=${encodeURIComponent(other.baseUrl)}`),
        headers: { 'X-Shots-Test': 'h-secret-1' },
        cookies: [{ name: 'session', value: 'c-secret-2' }],
      },
      { headers: { 'X-Shots-Test': 'h-secret-1' }, cookies: [{ name: 'session', value: 'c-secret-2' }] },
    );
    expect(out.metadata).toMatchObject({ headersSent: ['X-Shots-Test'], cookiesSet: ['session'] });
    const page = server.log.find((r) => r.url.startsWith('/controls/third-party.html?other='));
    expect(page?.headers['x-shots-test']).toBe('h-secret-1');
    expect(page?.headers.cookie).toBe('session=c-secret-2');
    const own = server.log.filter((r) => r.url.includes('id=own')).at(-1);
    expect(own?.headers['x-shots-test']).toBe('h-secret-1');
    const third = other.log.find((r) => r.url.includes('id=third'));
    expect(third).toBeDefined();
    expect(third?.headers['x-shots-test']).toBeUndefined();
    // (Cookies follow the browser's rules: the same host on another port is sent them.)
  });
});

describe('capture controls: video', () => {
  it('records a video at the scale, in the colours and with the styles asked for', async () => {
    const out = await capture({
      url: url('/controls/dark.html'),
      dimensions: { width: 320, height: 240 },
      deviceScaleFactor: 2,
      darkMode: true,
      css: 'h1 { display: none }',
      video: { duration: 1, fps: 5 },
    });
    expect([out.width, out.height]).toEqual([640, 480]);
    const probed = await probe(out.bytes);
    expect([probed.width, probed.height]).toEqual([640, 480]);
    const [first] = await decodeFrames(out.bytes, 640, 480);
    expect(near(pixel(first!, 640, 320, 40), [20, 20, 30])).toBe(true);
  });
});

describe('capture controls: paginated PDF', () => {
  it('prints A4 pages, in landscape too, and only the pages asked for', async () => {
    const a4 = await PDFDocument.load(
      (await capture({ url: url('/phases/long-text.html'), format: 'pdf', pdf: {} })).bytes,
    );
    expect(a4.getPageCount()).toBeGreaterThan(10);
    for (const page of a4.getPages()) {
      expect(page.getWidth()).toBeCloseTo(595.92, 0);
      expect(page.getHeight()).toBeCloseTo(842.88, 0);
    }
    const landscape = await PDFDocument.load(
      (
        await capture({
          url: url('/phases/long-text.html'),
          format: 'pdf',
          pdf: { landscape: true, pageRanges: '1-2', paperFormat: 'Letter' },
        })
      ).bytes,
    );
    expect(landscape.getPageCount()).toBe(2);
    expect(landscape.getPages()[0]!.getWidth()).toBeCloseTo(792, 0);
    expect(landscape.getPages()[0]!.getHeight()).toBeCloseTo(612, 0);
  });

  it('fails, not retried, on page ranges the document does not have', async () => {
    const err = await thrownBy(() =>
      capture({ url: url('/simple.html'), format: 'pdf', pdf: { pageRanges: '40-50' } }),
    );
    expect(err).toMatchObject({ code: 'CAPTURE_FAILED', retryable: false });
  });
});
