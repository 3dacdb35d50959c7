import type { BrowserContext, Page } from 'playwright-core';
import type { ImageFormat } from '../../domain/capture-request.js';
import { AppError } from '../../domain/errors.js';

/** A rectangle in document CSS pixels (the page's top-left corner is 0,0). */
export interface Clip {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** JPEG and WebP quality (0–100). */
export const LOSSY_QUALITY = 90;

/**
 * Counts the page's requests in flight; `quiet()` resolves once none has been in flight for
 * `quietMs`, or after `maxWaitMs` at the latest. A page that is already settled (nothing in flight,
 * and nothing started by the next animation frame) is not made to wait the window at all. It never
 * fails: a page that keeps a connection open (long polling, analytics beacons) only costs the bound.
 */
export interface NetworkTracker {
  quiet(quietMs: number, maxWaitMs: number): Promise<void>;
  /** A mark of the requests started so far. */
  mark(): number;
  /** True when nothing is in flight and no request started since `mark`. */
  settledSince(mark: number): boolean;
}

export function trackNetwork(page: Page): NetworkTracker {
  let inFlight = 0;
  let started = 0;
  let lastChange = Date.now();
  const change = (delta: number): void => {
    inFlight = Math.max(0, inFlight + delta);
    lastChange = Date.now();
  };
  page.on('request', () => {
    started += 1;
    change(1);
  });
  page.on('requestfinished', () => change(-1));
  page.on('requestfailed', () => change(-1));
  return {
    mark: () => started,
    settledSince: (mark) => inFlight === 0 && started === mark,
    async quiet(quietMs, maxWaitMs) {
      const until = Date.now() + maxWaitMs;
      if (inFlight === 0) {
        const before = started;
        await nextFrame(page);
        if (inFlight === 0 && started === before) return;
      }
      while (Date.now() < until && !page.isClosed()) {
        const idleMs = Date.now() - lastChange;
        if (inFlight === 0 && idleMs >= quietMs) return;
        await sleep(Math.max(1, Math.min(inFlight === 0 ? quietMs - idleMs : 25, until - Date.now())));
      }
    },
  };
}

/** Resolves after the page's next animation frame (bounded: a hidden page may not paint). */
function nextFrame(page: Page): Promise<void> {
  const frame = page
    .evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())))
    .catch(() => undefined);
  return Promise.race([frame, sleep(100)]);
}

/** Height of the document in CSS pixels. */
export function documentHeight(page: Page): Promise<number> {
  return page.evaluate(() =>
    Math.ceil(
      Math.max(document.documentElement.scrollHeight, document.body ? document.body.scrollHeight : 0),
    ),
  );
}

/**
 * Scrolls down the page a viewport at a time (lazy images and scroll-triggered content load),
 * within `budgetMs` and no further than `maxHeightPx`, then back to the top.
 */
export async function scrollThrough(page: Page, maxHeightPx: number, budgetMs: number): Promise<void> {
  // No named functions inside: some transpilers (tsx, esbuild keepNames) wrap them in helpers
  // that do not exist in the page.
  await page.evaluate(
    async ({ maxHeightPx, budgetMs }) => {
      const start = performance.now();
      const step = Math.max(100, window.innerHeight);
      let y = 0;
      while (performance.now() - start < budgetMs) {
        const height = Math.min(document.documentElement.scrollHeight, maxHeightPx);
        if (y + window.innerHeight >= height) break;
        y += step;
        window.scrollTo(0, y);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      window.scrollTo(0, 0);
      await new Promise((resolve) => setTimeout(resolve, 50));
    },
    { maxHeightPx, budgetMs },
  );
}

/**
 * The box of the first element matching the CSS `selector`, in document pixels, after scrolling
 * it into view. Waits up to `waitMs` for it to appear.
 *
 * @throws AppError `ELEMENT_NOT_FOUND` (not retryable) when the selector is not valid CSS, matches
 *   nothing within `waitMs`, or matches an element without size.
 */
export async function elementClip(page: Page, selector: string, waitMs: number): Promise<Clip> {
  const notFound = (message: string): AppError =>
    new AppError('ELEMENT_NOT_FOUND', message, { retryable: false });
  const invalid = await page.evaluate((sel) => {
    try {
      document.querySelector(sel);
      return null;
    } catch (err) {
      return err instanceof Error ? err.message : String(err);
    }
  }, selector);
  if (invalid !== null) throw notFound(`The selector "${selector}" is not a valid CSS selector: ${invalid}`);
  try {
    await page.waitForFunction((sel) => document.querySelector(sel) !== null, selector, {
      timeout: waitMs,
      polling: 100,
    });
  } catch (err) {
    if (err instanceof Error && err.name === 'TimeoutError')
      throw notFound(`No element matches the selector "${selector}"`);
    throw err;
  }
  const box = await page.evaluate((sel) => {
    const el = document.querySelector(sel);
    if (!el) return null;
    el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    const r = el.getBoundingClientRect();
    return {
      left: r.left + window.scrollX,
      top: r.top + window.scrollY,
      right: r.right + window.scrollX,
      bottom: r.bottom + window.scrollY,
    };
  }, selector);
  if (box === null) throw notFound(`No element matches the selector "${selector}"`);
  const x = Math.max(0, Math.floor(box.left));
  const y = Math.max(0, Math.floor(box.top));
  const clip = { x, y, width: Math.ceil(box.right) - x, height: Math.ceil(box.bottom) - y };
  if (clip.width <= 0 || clip.height <= 0) {
    throw notFound(`The element matching "${selector}" has no visible size (hidden or empty)`);
  }
  return clip;
}

/**
 * An image of the viewport (`clip` null) or of a document region. PNG and JPEG through Playwright;
 * WebP, which Playwright does not offer, through CDP `Page.captureScreenshot` (Chromium's own
 * encoder), with `captureBeyondViewport` for regions outside the viewport.
 */
export async function screenshot(
  context: BrowserContext,
  page: Page,
  format: Exclude<ImageFormat, 'pdf'>,
  clip: Clip | null,
  timeoutMs: number,
): Promise<Buffer> {
  if (format === 'webp') {
    const cdp = await context.newCDPSession(page);
    try {
      const { data } = await cdp.send('Page.captureScreenshot', {
        format: 'webp',
        quality: LOSSY_QUALITY,
        ...(clip ? { clip: { ...clip, scale: 1 }, captureBeyondViewport: true } : {}),
      });
      return Buffer.from(data, 'base64');
    } finally {
      await cdp.detach().catch(() => undefined);
    }
  }
  return page.screenshot({
    type: format,
    ...(format === 'jpeg' ? { quality: LOSSY_QUALITY } : {}),
    ...(clip ? { clip, fullPage: true } : {}),
    timeout: timeoutMs,
  });
}

/**
 * A one-page PDF of `width`×`height` CSS pixels from the top of the page, with screen styles
 * and backgrounds, so that it looks like the screenshot would.
 */
export async function printPdf(page: Page, width: number, height: number): Promise<Buffer> {
  await page.emulateMedia({ media: 'screen' });
  return page.pdf({
    printBackground: true,
    width: `${width}px`,
    height: `${height}px`,
    margin: { top: '0', right: '0', bottom: '0', left: '0' },
    pageRanges: '1',
  });
}

/** A one-page PDF holding `png` at its size (a PDF of a cropped element). */
export async function pdfOfImage(
  context: BrowserContext,
  png: Buffer,
  width: number,
  height: number,
): Promise<Buffer> {
  const page = await context.newPage();
  try {
    await page.setContent(
      `<!doctype html><style>html,body{margin:0}img{display:block}</style><img src="data:image/png;base64,${png.toString('base64')}" width="${width}" height="${height}">`,
    );
    return await printPdf(page, width, height);
  } finally {
    await page.close().catch(() => undefined);
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
