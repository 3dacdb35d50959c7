import type { BrowserContext, Page } from 'playwright-core';
import { imageSize } from 'image-size';
import type {
  ElementLocator,
  ElementMap,
  LocateAnswer,
  PageScreenshot,
} from '../../../ports/element-locator.js';
import type { NetworkTracker } from '../capture/page-capture.js';
import { CROP_CONFIDENCE } from '../../../ports/element-locator.js';
import { buildElementMap } from './injected/element-map.js';
import { scrollThrough } from '../capture/page-capture.js';
import { cropTarget, documentMatch, measureElement } from '../capture/selectors.js';

/** Width of the screenshot sent to a model, in image px (the page is scaled down to it). */
const MODEL_IMAGE_WIDTH_PX = 1024;
/** Height of the screenshot sent to a model at most, in image px; the page below is in the element map only. */
const MODEL_IMAGE_MAX_HEIGHT_PX = 4096;
/** JPEG quality of the screenshot sent to a model. */
const MODEL_IMAGE_QUALITY = 70;

/** Options of {@link describeTarget}. */
export interface DescribeOptions {
  /** The locator; null leaves every description to the full-page fallback. */
  locator: ElementLocator | null;
  /** Height cap of full-page captures in px: the model's screenshot covers no more. */
  maxHeightPx: number;
  /** Time budget of the scroll that loads lazy content before a screenshot for the model, in ms. */
  scrollBudgetMs: number;
  /** Waits for the page's network to go quiet. */
  settle: () => Promise<void>;
  /** The page's requests: a page with nothing in flight is mapped without waiting. */
  network: Pick<NetworkTracker, 'mark' | 'settledSince'>;
}

/** Where a description led: the selector to crop to, or null for the full page, and what to report. */
export interface DescribedTarget {
  selector: string | null;
  /** `aiSelectorUsed`, `aiConfidence`, `rawAiSelector`, `aiCandidates`, `aiLocator`, and `aiModel` / `aiError` when there are. */
  metadata: Record<string, unknown>;
}

/**
 * Seed §3.1: builds the element map of the loaded page — at once when nothing is in flight, kept when
 * no request started meanwhile, else once the network is quiet — (and a downscaled full-page
 * screenshot when the locator looks at one), asks the locator, and checks its selector against the page. A
 * confidence of at least 0.6 on a selector that matches a visible element crops to it; anything
 * else — a lower confidence, a selector that matches nothing or is not CSS, an unreadable answer,
 * a gateway that is down or slow — returns the full page, with the reason in `aiError`. Only the
 * capture's own end (its page closed by the deadline) makes this throw.
 */
export async function describeTarget(
  context: BrowserContext,
  page: Page,
  description: string,
  options: DescribeOptions,
): Promise<DescribedTarget> {
  const { locator } = options;
  if (!locator) return fullPage({ aiError: 'no element locator is configured' });
  const base: Record<string, unknown> = {
    aiLocator: locator.name,
    ...(locator.model ? { aiModel: locator.model } : {}),
  };
  const stop = new AbortController();
  const onClose = (): void => stop.abort(new Error('the page was closed'));
  page.once('close', onClose);
  let answer: LocateAnswer;
  try {
    const map = (await optimisticMap(page, locator, options)) ?? (await settledMap(page, locator, options));
    const screenshot = locator.wantsScreenshot
      ? await modelScreenshot(context, page, map.documentHeight, options.maxHeightPx)
      : null;
    answer = await locator.locate({ description, map, screenshot }, stop.signal);
  } catch (err) {
    if (page.isClosed()) throw err;
    return fullPage({ ...base, aiError: err instanceof Error ? err.message : String(err) });
  } finally {
    page.off('close', onClose);
  }
  const confidence = Number.isFinite(answer.confidence) ? Math.min(1, Math.max(0, answer.confidence)) : 0;
  const reported = {
    ...base,
    aiConfidence: confidence,
    rawAiSelector: answer.raw,
    aiCandidates: (answer.candidates ?? []).slice(0, 3),
  };
  if (answer.problem) return fullPage({ ...reported, aiError: answer.problem });
  if (answer.selector === null || confidence < CROP_CONFIDENCE) return fullPage(reported);
  const unusable = await checkSelector(page, answer.selector);
  if (unusable !== null)
    return fullPage({ ...reported, aiError: `the selector "${answer.selector}" ${unusable}` });
  return { selector: answer.selector, metadata: { aiSelectorUsed: answer.selector, ...reported } };
}

/**
 * Optimistic: the map of a page with nothing in flight, built at once, and kept when no request
 * started meanwhile (null otherwise, and for a locator that looks at the page: it scrolls first).
 * Waiting for quiet first costs an animation frame even on a settled page (about 15 ms).
 */
async function optimisticMap(
  page: Page,
  locator: ElementLocator,
  options: DescribeOptions,
): Promise<ElementMap | null> {
  const { network } = options;
  const mark = network.mark();
  if (locator.wantsScreenshot || !network.settledSince(mark)) return null;
  const map = await buildElementMap(page);
  return network.settledSince(mark) ? map : null;
}

/** The map once the page's network is quiet, after a scroll through it for a locator that looks. */
async function settledMap(
  page: Page,
  locator: ElementLocator,
  options: DescribeOptions,
): Promise<ElementMap> {
  await options.settle();
  if (locator.wantsScreenshot) {
    await scrollThrough(page, options.maxHeightPx, options.scrollBudgetMs);
    await options.settle();
  }
  return buildElementMap(page);
}

function fullPage(metadata: Record<string, unknown>): DescribedTarget {
  return {
    selector: null,
    metadata: { aiSelectorUsed: null, aiConfidence: 0, rawAiSelector: null, aiCandidates: [], ...metadata },
  };
}

/**
 * Why `selector` cannot be cropped to, or null when it can: the element the crop takes (see
 * `elementClip`: the document's first match, else the first inside an open shadow root) must be there
 * and visible.
 */
async function checkSelector(page: Page, selector: string): Promise<string | null> {
  const inDocument = await documentMatch(page, selector, false);
  if (inDocument !== null && 'invalid' in inDocument) return 'is not a valid CSS selector';
  if (inDocument !== null) return inDocument.visible ? null : 'matches an element that is not visible';
  const target = await cropTarget(page, selector, 0);
  if (target === null) return 'matches no element of the page';
  if ('invalid' in target) return 'is not a valid CSS selector';
  const shown = target.element;
  const { visible } = await measureElement(shown, false).finally(
    () => void shown.dispose().catch(() => undefined),
  );
  return visible ? null : 'matches an element that is not visible';
}

/**
 * The page from its top as a JPEG at most {@link MODEL_IMAGE_WIDTH_PX} wide — scaled down by
 * Chromium itself (CDP clip scale) — and no taller than {@link MODEL_IMAGE_MAX_HEIGHT_PX}.
 */
async function modelScreenshot(
  context: BrowserContext,
  page: Page,
  documentHeight: number,
  maxHeightPx: number,
): Promise<PageScreenshot> {
  const viewport = page.viewportSize() ?? { width: 1280, height: 720 };
  const scale = Math.min(1, MODEL_IMAGE_WIDTH_PX / viewport.width);
  const heightCss = Math.max(
    1,
    Math.min(documentHeight, maxHeightPx, Math.floor(MODEL_IMAGE_MAX_HEIGHT_PX / scale)),
  );
  const cdp = await context.newCDPSession(page);
  try {
    const { data } = await cdp.send('Page.captureScreenshot', {
      format: 'jpeg',
      quality: MODEL_IMAGE_QUALITY,
      clip: { x: 0, y: 0, width: viewport.width, height: heightCss, scale },
      captureBeyondViewport: true,
    });
    const bytes = Buffer.from(data, 'base64');
    const size = imageSize(bytes);
    return { bytes, contentType: 'image/jpeg', width: size.width, height: size.height, scale };
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}
