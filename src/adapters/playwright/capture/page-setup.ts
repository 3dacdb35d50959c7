import type { Page } from 'playwright-core';
import type { CaptureSpec } from '../../../domain/capture-spec.js';
import { AppError } from '../../../domain/errors.js';
import { evaluateIsolated } from '../browser/isolated-world.js';
import { evaluateInMainWorld } from '../browser/launch-chromium.js';
import { isTargetClosed } from './capture-errors.js';
import type { CapturePhase } from './phases.js';
import { addStyle, styleInLaterFrames } from './styles.js';
import {
  childFrames,
  cssLocator,
  frameWithVisible,
  fromFrame,
  hideInShadowRoots,
  invalidSelector,
  loadLazyFrames,
  unreadable,
} from './selectors.js';

/** How long `clickSelector` may take to become clickable, ms (it is skipped past this). */
const CLICK_TIMEOUT_MS = 3000;
/** `waitForSelector` waits on the document this long at a time, ms, looking into its frames between. */
const WAIT_SLICE_MS = 250;

/**
 * `disableAnimations`: every animation and transition stopped at its end (infinite ones at their
 * start), the caret hidden, videos paused — so that two captures of one page match.
 */
const STILL_CSS = `*, *::before, *::after {
  animation-play-state: paused !important;
  transition: none !important;
  caret-color: transparent !important;
}`;

/** What setting up needs besides the page. */
export interface SetUpOptions {
  /** The wait for `waitForSelector`, ms (NAVIGATION_TIMEOUT_MS). */
  waitForSelectorMs: number;
  /** Waits for the page's network to go quiet. */
  settle: () => Promise<void>;
  onPhase: (phase: CapturePhase) => void;
}

function failed(message: string, cause?: unknown): AppError {
  return new AppError('CAPTURE_FAILED', message, {
    retryable: false,
    ...(cause === undefined ? {} : { cause }),
  });
}

/** Runs the request's script as the body of an async function; a returned promise is awaited. */
async function runScript(page: Page, source: string): Promise<void> {
  try {
    await evaluateInMainWorld(page.mainFrame(), `(async () => {\n${source}\n})()`);
  } catch (err) {
    if (isTargetClosed(err)) throw err;
    const message = err instanceof Error ? (err.message.split('\n')[0] ?? err.message) : String(err);
    throw failed(`The javascript of the request failed in the page: ${message}`, err);
  }
}

/**
 * Applies the request's page controls after load, in this order: `css`, `hideSelectors`,
 * `disableAnimations`, `javascript`, `clickSelector` (then the page settles again),
 * `waitForSelector`, `delayMs`, and last `hideSelectors` inside shadow roots and embedded frames
 * (frames whose document comes later get them as they load).
 * `clickSelector` and `waitForSelector` take the document's match (its shadow roots included), else
 * the first in an embedded frame. A selector that is not valid CSS fails the job (not retried); a
 * `waitForSelector` that never shows is `ELEMENT_NOT_FOUND` (not retried), naming the selector.
 */
export async function setUpPage(page: Page, spec: CaptureSpec, options: SetUpOptions): Promise<void> {
  if (spec.css !== null) await addStyle(page, spec.css);
  if (spec.hideSelectors.length > 0) {
    const invalid = await invalidSelector(page, spec.hideSelectors);
    if (invalid) {
      throw failed(
        `hideSelectors[${invalid.index}] "${spec.hideSelectors[invalid.index]}" is not a valid CSS selector: ${invalid.reason}`,
      );
    }
    const rules = spec.hideSelectors.map((s) => `${s} { visibility: hidden !important; }`).join('\n');
    await addStyle(page, rules);
    await hideInLaterFrames(page, rules);
  }
  if (spec.disableAnimations) {
    await addStyle(page, STILL_CSS);
    await evaluateIsolated(page, () => {
      for (const media of Array.from(document.querySelectorAll('video, audio')))
        (media as HTMLMediaElement).pause();
      for (const animation of document.getAnimations()) {
        const end = animation.effect?.getComputedTiming().endTime;
        if (typeof end === 'number' && Number.isFinite(end)) animation.finish();
        else animation.cancel();
      }
    });
  }
  if (spec.javascript !== null) {
    options.onPhase('script');
    await runScript(page, spec.javascript);
  }
  if (spec.clickSelector !== null) {
    options.onPhase('click');
    await click(page, spec.clickSelector);
    await options.settle();
  }
  if (spec.waitForSelector !== null) {
    options.onPhase('element');
    await waitForVisible(page, spec.waitForSelector, options.waitForSelectorMs);
  }
  if (spec.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, spec.delayMs));
  // Last, so that what the script, the click or the wait brought into a shadow root or a frame is
  // hidden too.
  if (spec.hideSelectors.length > 0) {
    await hideInShadowRoots(page, spec.hideSelectors);
    await hideInFrames(page, spec.hideSelectors);
  }
}

/**
 * `hideSelectors` in the page's embedded frames: the same style sheet in each frame's document (a
 * frame's own sheet applies to what it adds later too). A frame that goes away meanwhile, refuses
 * the sheet or does not answer in time ({@link fromFrame}) is left as it is.
 */
async function hideInFrames(page: Page, selectors: readonly string[]): Promise<void> {
  const frames = childFrames(page);
  if (frames.length === 0) return;
  const rules = selectors.map((s) => `${s} { visibility: hidden !important; }`).join('\n');
  await Promise.all(frames.map((frame) => fromFrame(addStyle(frame, rules), undefined)));
}

/**
 * `hideSelectors` in the embedded frames whose document comes later — a lazy frame that the
 * full-page scroll loads, a frame that navigates, one a script adds — through a script the
 * context runs in each new document: the style sheet goes in as the frame's document is parsed.
 * The page's own document is not touched (its sheet is already in).
 */
async function hideInLaterFrames(page: Page, rules: string): Promise<void> {
  await page.context().addInitScript({ content: styleInLaterFrames(rules) });
}

/** Clicks the first match of `selector` when it is there and visible; otherwise nothing happens. */
async function click(page: Page, selector: string): Promise<void> {
  const invalid = await invalidSelector(page, [selector]);
  if (invalid) throw failed(`clickSelector "${selector}" is not a valid CSS selector: ${invalid.reason}`);
  let target = cssLocator(page, selector).first();
  const visible = await target.isVisible().catch((err: unknown) => {
    const reason = unreadable(err);
    if (reason === null) throw err;
    throw failed(`clickSelector "${selector}" is not a valid CSS selector: ${reason}`);
  });
  if (!visible) {
    // Not in the document: the first visible match in an embedded frame ("Accept" in a consent frame).
    const frame = await frameWithVisible(page, selector);
    if (frame === null) return;
    target = cssLocator(frame, selector).first();
  }
  await target.click({ timeout: CLICK_TIMEOUT_MS }).catch((err: unknown) => {
    if (isTargetClosed(err)) throw err;
  });
}

/**
 * Waits until `selector` matches a visible element — in the document (Playwright's own wait, a
 * slice at a time) or, between the slices, in an embedded frame (after the first slice, the frames
 * that have not loaded are told to load: {@link loadLazyFrames}) — or fails with ELEMENT_NOT_FOUND
 * naming it.
 */
async function waitForVisible(page: Page, selector: string, timeoutMs: number): Promise<void> {
  const invalid = await invalidSelector(page, [selector]);
  if (invalid) {
    throw new AppError(
      'ELEMENT_NOT_FOUND',
      `waitForSelector "${selector}" is not a valid CSS selector: ${invalid.reason}`,
      {
        retryable: false,
      },
    );
  }
  const deadline = Date.now() + timeoutMs;
  const inDocument = cssLocator(page, selector).first();
  let lazyLoaded = false;
  try {
    for (;;) {
      const slice = Math.max(1, Math.min(WAIT_SLICE_MS, deadline - Date.now()));
      const shown = await inDocument.waitFor({ state: 'visible', timeout: slice }).then(
        () => true,
        (err: unknown) => {
          if (err instanceof Error && err.name === 'TimeoutError' && Date.now() < deadline) return false;
          throw err;
        },
      );
      if (shown || (await frameWithVisible(page, selector)) !== null) return;
      // Not there after a slice: the frames that have not loaded (lazy, below the fold) are told to
      // load now, once, so that the wait can find an element inside them too.
      if (!lazyLoaded) {
        lazyLoaded = true;
        const loaded = await loadLazyFrames(page, deadline - Date.now());
        if (loaded > 0 && (await frameWithVisible(page, selector)) !== null) return;
      }
    }
  } catch (err) {
    const reason = unreadable(err);
    if (reason !== null) {
      throw new AppError(
        'ELEMENT_NOT_FOUND',
        `waitForSelector "${selector}" is not a valid CSS selector: ${reason}`,
        {
          retryable: false,
        },
      );
    }
    if (err instanceof Error && err.name === 'TimeoutError') {
      throw new AppError(
        'ELEMENT_NOT_FOUND',
        `waitForSelector "${selector}" matched no visible element within ${timeoutMs} ms`,
        { retryable: false, cause: err },
      );
    }
    throw err;
  }
}
