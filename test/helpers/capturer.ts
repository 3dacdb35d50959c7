import type { Browser, BrowserContext } from 'playwright-core';
import { createDirectEgress } from '../../src/adapters/egress/direct-egress.js';
import { launchChromium } from '../../src/adapters/playwright/browser/launch-chromium.js';
import { createPlaywrightCapturer } from '../../src/adapters/playwright/playwright-capturer.js';
import type {
  PlaywrightCapturer,
  PlaywrightCapturerOptions,
} from '../../src/adapters/playwright/playwright-capturer.js';
import type { CaptureRequest } from '../../src/domain/capture-request.js';
import type { CaptureSpec } from '../../src/domain/capture-spec.js';
import { toCaptureSpec } from '../../src/domain/capture-spec.js';
import { testChromiumPath } from './chromium.js';

/**
 * A capturer on the test Chromium with small, test-friendly defaults. Its egress is direct (no SSRF
 * checks) unless the test passes one: the SSRF behaviour is tested through the real proxy elsewhere.
 */
export function testCapturer(overrides: Partial<PlaywrightCapturerOptions> = {}): PlaywrightCapturer {
  return createPlaywrightCapturer({
    chromiumPath: testChromiumPath(),
    egress: createDirectEgress(),
    concurrency: 2,
    browserMaxCaptures: 100,
    navigationTimeoutMs: 10_000,
    maxFullPageHeightPx: 16_384,
    ...overrides,
  });
}

/**
 * Contexts of the capturer's browsers that a capture has used and left open: any but the pages
 * made ahead for the next captures (a context of one blank page). A capture must leave none. Read
 * until there are none or `withinMs` has passed: a page being made ahead (a context whose blank
 * page is still opening) is not a leftover, and a used context may close just after its capture.
 */
export async function leftoverContexts(
  capturer: PlaywrightCapturer,
  withinMs = 3000,
): Promise<BrowserContext[]> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const left = capturer.pool
      .liveBrowsers()
      .flatMap((b) => b.contexts())
      .filter((c) => c.pages().length !== 1 || c.pages()[0]?.url() !== 'about:blank');
    if (left.length === 0 || Date.now() > deadline) return left;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The spec a validated request turns into. */
export function specOf(request: CaptureRequest): CaptureSpec {
  return toCaptureSpec(request);
}

/** A signal that never aborts. */
export function noDeadline(): AbortSignal {
  return new AbortController().signal;
}

/** What a browser's own image decoder makes of some bytes: size and RGBA of chosen pixels. */
export interface Decoded {
  width: number;
  height: number;
  /** RGBA of each point asked for, in order. */
  pixels: number[][];
}

/**
 * Decodes image bytes with Chromium's decoders (PNG, JPEG, WebP) in a page of `browser` — a real
 * decode, not a header read — and samples pixels at `points` ([x, y]).
 */
export async function decodeImage(
  browser: Browser,
  bytes: Buffer,
  contentType: string,
  points: [number, number][] = [],
): Promise<Decoded> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    return await page.evaluate(
      async ({ base64, type, points }) => {
        const raw = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
        const bitmap = await createImageBitmap(new Blob([raw], { type }));
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const ctx = canvas.getContext('2d');
        if (!ctx) throw new Error('no 2d context');
        ctx.drawImage(bitmap, 0, 0);
        const pixels = points.map(([x, y]) => Array.from(ctx.getImageData(x, y, 1, 1).data));
        return { width: bitmap.width, height: bitmap.height, pixels };
      },
      { base64: bytes.toString('base64'), type: contentType, points },
    );
  } finally {
    await context.close();
  }
}

/** A plain browser for decoding. */
export function launchDecoder(): Promise<Browser> {
  return launchChromium(testChromiumPath());
}

/** True when every channel of `actual` is within `tolerance` of `expected` (RGB; alpha ignored). */
export function near(
  actual: number[] | undefined,
  expected: [number, number, number],
  tolerance = 12,
): boolean {
  return actual !== undefined && expected.every((v, i) => Math.abs((actual[i] ?? -999) - v) <= tolerance);
}

/** Runs `fn`; returns what it threw (fails the test when it does not throw). */
export async function thrownBy(fn: () => Promise<unknown>): Promise<Record<string, unknown>> {
  try {
    await fn();
  } catch (err) {
    return err as Record<string, unknown>;
  }
  throw new Error('expected the capture to fail, but it succeeded');
}
