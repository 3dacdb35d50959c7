import type { BrowserContext, Page, Request, Response } from 'playwright-core';
import type { PdfSpec } from '../../../domain/capture-spec.js';
import { AppError } from '../../../domain/errors.js';
import { evaluateIsolated } from '../browser/isolated-world.js';
import type { DocumentMatch } from './selectors.js';
import {
  childFrames,
  cropTarget,
  documentMatch,
  fromFrame,
  loadLazyFrames,
  measureElement,
} from './selectors.js';

/** A rectangle in document CSS pixels (the page's top-left corner is 0,0). */
export interface Clip {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Which requests a wait is about: `all` of them, or the `content` ones — everything but images,
 * media and fonts, whose arrival the readiness checks see directly (images of the captured area
 * decoded, `document.fonts.ready`), so that a lazy image loading below the fold does not hold a
 * viewport shot.
 */
export type RequestScope = 'all' | 'content';

/**
 * How long a request must have been in flight, when a wait for quiet runs out, to be taken to hang
 * (see {@link NetworkTracker.quiet}), ms: the bound of a whole wait after load, so that a request
 * merely slow, or started just before a short wait ran out, is still waited for.
 */
export const HANG_MS = 2000;

/** Resource types left out of the `content` scope. */
const ASSET_TYPES: ReadonlySet<string> = new Set(['image', 'media', 'font']);

/**
 * Counts the page's requests in flight; `quiet()` resolves once none (of the scope) has been in
 * flight for `quietMs`, or after `maxWaitMs` at the latest. A page that is already settled
 * (nothing in flight, and nothing started by the next animation frame) is not made to wait the
 * window at all. It never fails: a page that keeps a connection open (long polling, analytics
 * beacons, a third-party host that never answers) costs the bound once — a request still in flight
 * when a wait runs out, {@link HANG_MS} or more after it started, is taken to hang, and no later
 * wait waits for it (nor does {@link NetworkTracker.settledSince} count it), so a description, a
 * full page's scroll steps and the shot do not each pay the bound again.
 */
export interface NetworkTracker {
  quiet(quietMs: number, maxWaitMs: number, scope?: RequestScope): Promise<void>;
  /** A mark of the requests (of the scope) started so far. */
  mark(scope?: RequestScope): number;
  /** True when nothing of the scope is in flight (hanging requests aside) and nothing of it started since `mark`. */
  settledSince(mark: number, scope?: RequestScope): boolean;
  /** Requests in flight now, hanging ones included. */
  inFlight(): number;
  /** Requests taken to hang so far (see {@link NetworkTracker.quiet}), ended since or not. */
  hung(): number;
}

interface Counter {
  inFlight: number;
  started: number;
  lastChange: number;
}

export function trackNetwork(page: Page): NetworkTracker {
  const counters: Record<RequestScope, Counter> = {
    all: { inFlight: 0, started: 0, lastChange: Date.now() },
    content: { inFlight: 0, started: 0, lastChange: Date.now() },
  };
  // The requests counted in flight, with their scopes and start; and those taken to hang, no longer counted.
  const pending = new Map<Request, { scopes: readonly RequestScope[]; since: number }>();
  const hung = new Set<Request>();
  let hungCount = 0;
  const count = (scopes: readonly RequestScope[], delta: number, start: boolean): void => {
    for (const scope of scopes) {
      const c = counters[scope];
      c.inFlight = Math.max(0, c.inFlight + delta);
      if (start) c.started += 1;
      c.lastChange = Date.now();
    }
  };
  const ended = (r: Request): void => {
    hung.delete(r);
    const entry = pending.get(r);
    if (!entry) return;
    pending.delete(r);
    count(entry.scopes, -1, false);
  };
  page.on('request', (r) => {
    const scopes: RequestScope[] = ASSET_TYPES.has(r.resourceType()) ? ['all'] : ['all', 'content'];
    pending.set(r, { scopes, since: Date.now() });
    count(scopes, 1, true);
  });
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  // A stream (an EventSource, a `text/event-stream` read by fetch, an MJPEG image) never ends by
  // design: once its answer has begun it is no longer waited for. Before, a page with a live
  // EventSource (live blogs, dashboards, notifications) waited the whole HANG_MS for it.
  page.on('response', (response) => {
    if (isStream(response)) ended(response.request());
  });
  return {
    mark: (scope = 'all') => counters[scope].started,
    settledSince: (mark, scope = 'all') => counters[scope].inFlight === 0 && counters[scope].started === mark,
    inFlight: () => counters.all.inFlight + hung.size,
    hung: () => hungCount,
    async quiet(quietMs, maxWaitMs, scope = 'all') {
      const c = counters[scope];
      const until = Date.now() + maxWaitMs;
      if (c.inFlight === 0) {
        const before = c.started;
        await nextFrame(page);
        if (c.inFlight === 0 && c.started === before) return;
      }
      while (Date.now() < until && !page.isClosed()) {
        const idleMs = Date.now() - c.lastChange;
        if (c.inFlight === 0 && idleMs >= quietMs) return;
        await sleep(Math.max(1, Math.min(c.inFlight === 0 ? quietMs - idleMs : 25, until - Date.now())));
      }
      // The wait ran out: what of its scope has been in flight for HANG_MS or more hangs.
      const now = Date.now();
      for (const [r, { scopes, since }] of pending) {
        if (!scopes.includes(scope) || now - since < HANG_MS) continue;
        pending.delete(r);
        hung.add(r);
        hungCount += 1;
        for (const s of scopes) counters[s].inFlight = Math.max(0, counters[s].inFlight - 1);
      }
    },
  };
}

/** An answer that streams for as long as the page is open. */
function isStream(response: Response): boolean {
  if (response.request().resourceType() === 'eventsource') return true;
  const type = (response.headers()['content-type'] ?? '').toLowerCase();
  return type.startsWith('text/event-stream') || type.startsWith('multipart/x-mixed-replace');
}

/** Resolves after the page's next animation frame (bounded: a hidden page may not paint). */
function nextFrame(page: Page): Promise<void> {
  return paintsWithin(page, 100).then(() => undefined);
}

/**
 * True when the page paints an animation frame within `ms`; false when none comes by then (a
 * hidden page, a render-blocked one, a busy main thread). A page that went away counts as painted.
 */
export function paintsWithin(page: Page, ms: number): Promise<boolean> {
  const frame = evaluateIsolated(
    page,
    () => new Promise<boolean>((resolve) => requestAnimationFrame(() => resolve(true))),
  ).catch(() => true);
  return Promise.race([frame, sleep(ms).then(() => false)]);
}

/**
 * Height of the document in CSS pixels; at least the viewport's (a document whose script removed its
 * root element has none of its own, and is shot as the blank viewport it shows).
 */
export function documentHeight(page: Page): Promise<number> {
  return evaluateIsolated(page, () =>
    Math.ceil(
      Math.max(
        document.documentElement?.scrollHeight ?? 0,
        document.body ? document.body.scrollHeight : 0,
        window.innerHeight,
      ),
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
  await evaluateIsolated(
    page,
    async ({ maxHeightPx, budgetMs }: { maxHeightPx: number; budgetMs: number }) => {
      const start = performance.now();
      const step = Math.max(100, window.innerHeight);
      let y = 0;
      while (performance.now() - start < budgetMs) {
        const height = Math.min(document.documentElement?.scrollHeight ?? 0, maxHeightPx);
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
 * it into view. Waits up to `waitMs` for it to appear. The document's first match when it has one;
 * else the first inside an open shadow root (web components), as `waitForSelector` and
 * `clickSelector` find them (Playwright's CSS engine, see selectors.ts).
 *
 * @throws AppError `ELEMENT_NOT_FOUND` (not retryable) when the selector is not valid CSS, matches
 *   nothing within `waitMs`, or matches an element without size.
 */
export async function elementClip(page: Page, selector: string, waitMs: number): Promise<Clip> {
  const notFound = (message: string): AppError =>
    new AppError('ELEMENT_NOT_FOUND', message, { retryable: false });
  const invalid = (reason: string): AppError =>
    notFound(`The selector "${selector}" is not a valid CSS selector: ${reason}`);
  // The document's own match in one round trip; else the first inside an open shadow root, else
  // the first in an embedded frame; else the element waited for, in the document and its shadow
  // roots, then in the frames once more.
  const inDocument = await documentMatch(page, selector, true);
  if (inDocument !== null && 'invalid' in inDocument) throw invalid(inDocument.invalid);
  const box =
    inDocument?.box ??
    (await shadowBox(page, selector, 0)) ??
    (await frameBox(page, selector)) ??
    (waitMs > 0 ? ((await shadowBox(page, selector, waitMs)) ?? (await frameBox(page, selector))) : null) ??
    (await lazyFrameBox(page, selector));
  if (box === null) throw notFound(`No element matches the selector "${selector}"`);
  if ('invalid' in box) throw invalid(box.invalid);
  const x = Math.max(0, Math.floor(box.left));
  const y = Math.max(0, Math.floor(box.top));
  const clip = { x, y, width: Math.ceil(box.right) - x, height: Math.ceil(box.bottom) - y };
  if (clip.width <= 0 || clip.height <= 0) {
    throw notFound(`The element matching "${selector}" has no visible size (hidden or empty)`);
  }
  return clip;
}

/**
 * {@link elementClip}'s box of the first match inside the page's frames (an embedded chart, a
 * widget, a frameset's page), in the frames' order, found by each frame's own `querySelector`: in
 * the main document's CSS px, scrolled into view in its frame and cut to what the frame shows of
 * it. Null when no frame has a visible match (or the page has no frames).
 */
async function frameBox(page: Page, selector: string): Promise<DocumentMatch['box'] | null> {
  for (const frame of childFrames(page)) {
    // Its first match, measured as the document's own (scrolled into view in the frame), and cut to
    // what the frame's viewport shows of it.
    const match = await fromFrame(documentMatch(frame, selector, true), null);
    if (match === null || 'invalid' in match || !match.visible) continue;
    const { box, view } = match;
    const inFrame = {
      left: Math.max(0, box.left - view.x),
      top: Math.max(0, box.top - view.y),
      right: Math.min(view.width, box.right - view.x),
      bottom: Math.min(view.height, box.bottom - view.y),
    };
    if (inFrame.right - inFrame.left < 1 || inFrame.bottom - inFrame.top < 1) continue;
    // Where the frame's viewport is: its element's content box, in the main viewport (Playwright's
    // box already adds the offsets of the frames around it), plus the main document's scroll.
    const owner = await frame.frameElement().catch(() => null);
    if (owner === null) continue;
    try {
      const border = await owner.boundingBox();
      if (border === null) continue;
      const inset = await owner.evaluate((el: Element) => {
        const style = getComputedStyle(el);
        return {
          left: el.clientLeft + parseFloat(style.paddingLeft),
          top: el.clientTop + parseFloat(style.paddingTop),
        };
      });
      const scroll = await evaluateIsolated(page, () => ({ x: scrollX, y: scrollY }));
      const x = scroll.x + border.x + inset.left;
      const y = scroll.y + border.y + inset.top;
      return {
        left: x + inFrame.left,
        top: y + inFrame.top,
        right: x + inFrame.right,
        bottom: y + inFrame.bottom,
      };
    } catch {
      // The frame went away meanwhile: the next one.
    } finally {
      void owner.dispose().catch(() => undefined);
    }
  }
  return null;
}

/**
 * {@link frameBox} once the page's frames that have not loaded are told to load now
 * ({@link loadLazyFrames}). Null when the page has no such frame, or none of them has a match.
 */
async function lazyFrameBox(page: Page, selector: string): Promise<DocumentMatch['box'] | null> {
  return (await loadLazyFrames(page)) > 0 ? frameBox(page, selector) : null;
}

/** {@link elementClip}'s box of an element the document's `querySelector` did not find (yet). */
async function shadowBox(
  page: Page,
  selector: string,
  waitMs: number,
): Promise<DocumentMatch['box'] | { invalid: string } | null> {
  const target = await cropTarget(page, selector, waitMs);
  if (target === null || 'invalid' in target) return target;
  const el = target.element;
  return measureElement(el, true)
    .then((m) => m.box)
    .finally(() => void el.dispose().catch(() => undefined));
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

/**
 * `pdf` options: a paginated document as the browser prints it (paper size, orientation, margins,
 * backgrounds, scale, page ranges, print or screen styles).
 *
 * @throws AppError `CAPTURE_FAILED` (not retried) when `pageRanges` lies outside the document.
 */
export async function printPaginated(page: Page, pdf: PdfSpec): Promise<Buffer> {
  await page.emulateMedia({ media: pdf.mediaType });
  const margin = `${pdf.marginPx}px`;
  try {
    return await page.pdf({
      format: pdf.paperFormat,
      landscape: pdf.landscape,
      margin: { top: margin, right: margin, bottom: margin, left: margin },
      printBackground: pdf.printBackground,
      scale: pdf.scale,
      ...(pdf.pageRanges !== null ? { pageRanges: pdf.pageRanges } : {}),
    });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (/page range/i.test(message)) {
      throw new AppError(
        'CAPTURE_FAILED',
        `pdf.pageRanges "${pdf.pageRanges ?? ''}" does not fit the document: ${message.split('\n')[0] ?? ''}`,
        {
          retryable: false,
          cause: err,
        },
      );
    }
    throw err;
  }
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
