import type { ElementHandle, Frame, Page } from 'playwright-core';
import { evaluateIsolated } from '../browser/isolated-world.js';

/**
 * The request's selectors (`element`, `waitForSelector`, `clickSelector`, `hideSelectors`) reach
 * into open shadow roots (web components) through Playwright's CSS engine: `x-card .price` finds the
 * price inside the card's shadow root. The engine reads standard CSS except pseudo-elements
 * (`::before`) and namespace prefixes (`svg|rect`), which match no element inside a shadow root
 * anyway. Where the document itself has a match, the browser's own `querySelector` finds it, and the
 * engine (whose script Playwright installs in a page on first use) is not needed.
 */
export const cssLocator = (page: Page | Frame, selector: string) => page.locator(`css=${selector}`);

/**
 * The page's embedded frames (not the main one) that still hold a document, in the page's order:
 * where `element`, `waitForSelector`, `clickSelector` and `hideSelectors` look when the document
 * itself has no match. A frame that never loaded a document — an `<iframe loading="lazy">` far
 * below the fold, its URL still empty — is left out: anything asked of it would wait until it loads,
 * which may be never.
 */
export function childFrames(page: Page): Frame[] {
  return embeddedFrames(page).filter((frame) => frame.url() !== '');
}

/** The page's embedded frames (not the main one) that are still attached, loaded or not. */
function embeddedFrames(page: Page): Frame[] {
  return page.frames().filter((frame) => frame !== page.mainFrame() && !frame.isDetached());
}

/**
 * How long one embedded frame may take to answer a question about its document, ms: a frame whose
 * document is on its way (a navigation that hangs on a third-party host) is passed over after it.
 */
export const FRAME_ANSWER_MS = 2000;

/**
 * `answer`, or `fallback` when the frame has not given it within {@link FRAME_ANSWER_MS} or failed:
 * what is asked of an embedded frame must not hold up the capture.
 */
export async function fromFrame<T>(answer: Promise<T>, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), FRAME_ANSWER_MS);
  });
  try {
    return await Promise.race([answer.catch(() => fallback), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Tells the page's frames that have not loaded — an `<iframe loading="lazy">` far below the fold,
 * which loads only as the page is scrolled near it — to load now (their `loading` set to `eager`),
 * and waits for them up to {@link FRAME_ANSWER_MS} in all, or `withinMs` when that is shorter.
 * Returns how many there were.
 */
export async function loadLazyFrames(page: Page, withinMs = FRAME_ANSWER_MS): Promise<number> {
  const unloaded = embeddedFrames(page).filter((frame) => frame.url() === '');
  if (unloaded.length === 0) return 0;
  const until = Date.now() + Math.max(0, Math.min(FRAME_ANSWER_MS, withinMs));
  await Promise.all(
    unloaded.map(async (frame) => {
      const owner = await fromFrame(frame.frameElement(), null);
      if (owner === null) return;
      try {
        await fromFrame(
          owner.evaluate((el: Element) => {
            if (el instanceof HTMLIFrameElement) el.loading = 'eager';
          }),
          undefined,
        );
        while (frame.url() === '' && !frame.isDetached() && Date.now() < until) {
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        if (frame.url() === '') return;
        await frame
          .waitForLoadState('load', { timeout: Math.max(1, until - Date.now()) })
          .catch(() => undefined);
      } finally {
        void owner.dispose().catch(() => undefined);
      }
    }),
  );
  return unloaded.length;
}

/** The first of the page's embedded frames where `selector` matches a visible element; null when none. */
export async function frameWithVisible(page: Page, selector: string): Promise<Frame | null> {
  for (const frame of childFrames(page)) {
    const visible = await fromFrame(cssLocator(frame, selector).first().isVisible(), false);
    if (visible) return frame;
  }
  return null;
}

/**
 * Why Playwright's CSS engine could not read a selector, when `err` says so ("Unexpected token ":"
 * while parsing css selector …"); null for any other error.
 */
export function unreadable(err: unknown): string | null {
  const message = err instanceof Error ? err.message : String(err);
  if (!/while parsing (?:css )?selector/i.test(message)) return null;
  return (message.split('\n')[0] ?? message).replace(/^\w+\.\w+: /, '');
}

/**
 * The element a selector names, as the crop takes it: the document's first match (the browser's own
 * `querySelector`, one round trip), else the first inside an open shadow root, waited for up to
 * `waitMs` (0: not waited for). `invalid` with the reason when the browser, or the engine where it
 * has to look, cannot read the selector; null when nothing matches. The caller disposes the handle.
 */
export async function cropTarget(
  page: Page,
  selector: string,
  waitMs: number,
): Promise<{ element: ElementHandle<Element> } | { invalid: string } | null> {
  const first = await page.evaluateHandle((sel) => {
    try {
      return document.querySelector(sel);
    } catch (err) {
      return err instanceof Error ? err.message : String(err);
    }
  }, selector);
  const inDocument = first.asElement();
  if (inDocument) return { element: inDocument };
  const problem = await first.jsonValue();
  if (typeof problem === 'string') return { invalid: problem };
  const matches = cssLocator(page, selector);
  try {
    if (waitMs <= 0 && (await matches.count()) === 0) return null;
    // Not waited for: counted just now, so only a moment for it to be handed over (or gone).
    return { element: await matches.first().elementHandle({ timeout: waitMs > 0 ? waitMs : 1000 }) };
  } catch (err) {
    const reason = unreadable(err);
    if (reason !== null) return { invalid: reason };
    if (err instanceof Error && err.name === 'TimeoutError') return null;
    throw err;
  }
}

/** Where the document's own first match of a selector is (see {@link documentMatch}). */
export interface DocumentMatch {
  /** Its border box in document CSS px, after the scroll asked for. */
  box: { left: number; top: number; right: number; bottom: number };
  /** It has a size of at least 1×1 px and is rendered, not `visibility: hidden`, not transparent. */
  visible: boolean;
  /** The document's viewport when it was measured: its scroll offset and size, CSS px. */
  view: { x: number; y: number; width: number; height: number };
}

/**
 * Runs in the page: where `target` is, scrolled into view first (`block: nearest`) when `scroll` is
 * set, and whether it is visible. No named functions inside: transpilers that keep names (tsx,
 * esbuild) wrap them in a helper that does not exist in the page.
 */
const measureInPage = (target: Element, scroll: boolean): DocumentMatch => {
  // An element of `display: contents` has no box of its own: its children's, together, stand for
  // it (a range over its contents measures their union; its first child is scrolled to).
  const contents = getComputedStyle(target).display === 'contents';
  const range = contents ? document.createRange() : null;
  range?.selectNodeContents(target);
  const scrolled = contents ? target.firstElementChild : target;
  if (scroll) scrolled?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  const r = range ? range.getBoundingClientRect() : target.getBoundingClientRect();
  const visibility = { opacityProperty: true, visibilityProperty: true };
  return {
    box: {
      left: r.left + window.scrollX,
      top: r.top + window.scrollY,
      right: r.right + window.scrollX,
      bottom: r.bottom + window.scrollY,
    },
    visible:
      r.width >= 1 &&
      r.height >= 1 &&
      (contents
        ? Array.prototype.some.call(target.children, (child: Element) => child.checkVisibility(visibility))
        : target.checkVisibility(visibility)),
    view: { x: window.scrollX, y: window.scrollY, width: window.innerWidth, height: window.innerHeight },
  };
};

/**
 * The document's first match of `selector` (the browser's own `querySelector`), in one round trip
 * and with no handle: its {@link DocumentMatch} (see {@link measureInPage}). `invalid` with the
 * reason when the browser cannot read the selector; null when the document has no match — the
 * element may still lie in an open shadow root ({@link cropTarget} looks there, then
 * {@link measureElement}). A handle's own `evaluate` took about 11 ms more here (median,
 * bench/describe pages) than this one `page.evaluate`, the first time in a page.
 */
export function documentMatch(
  page: Page | Frame,
  selector: string,
  scroll: boolean,
): Promise<DocumentMatch | { invalid: string } | null> {
  return evaluateIsolated(
    page,
    `(() => {
    const __name = (fn) => fn;
    const measure = ${measureInPage.toString()};
    let target;
    try {
      target = document.querySelector(${JSON.stringify(selector)});
    } catch (err) {
      return { invalid: err instanceof Error ? err.message : String(err) };
    }
    return target ? measure(target, ${String(scroll)}) : null;
  })()`,
  );
}

/** The {@link DocumentMatch} of an element found by its handle (one inside a shadow root). */
export function measureElement(element: ElementHandle<Element>, scroll: boolean): Promise<DocumentMatch> {
  return element.evaluate(measureInPage, scroll);
}

/** The first of `selectors` that the browser does not read as CSS, with its reason; null when all are. */
export function invalidSelector(
  page: Page,
  selectors: readonly string[],
): Promise<{ index: number; reason: string } | null> {
  return evaluateIsolated(
    page,
    (list: readonly string[]) => {
      for (let index = 0; index < list.length; index++) {
        try {
          document.querySelector(list[index] ?? '');
        } catch (err) {
          return { index, reason: err instanceof Error ? err.message : String(err) };
        }
      }
      return null;
    },
    selectors,
  );
}

/**
 * Hides the matches of `selectors` that lie in open shadow roots (inline `visibility: hidden
 * !important`): a style sheet added to the document reaches only the document's own elements. A
 * selector the engine cannot read is left to the style sheet.
 */
export async function hideInShadowRoots(page: Page, selectors: readonly string[]): Promise<void> {
  // Most pages have none: a scan of the document costs less than installing the engine's script.
  const shadows = await evaluateIsolated(page, () =>
    Array.from(document.querySelectorAll('*')).some((el) => el.shadowRoot !== null),
  );
  if (!shadows) return;
  const hide = (list: readonly string[]) =>
    cssLocator(page, list.join(', ')).evaluateAll((elements) => {
      for (const el of elements) {
        if (el.getRootNode() !== document && (el instanceof HTMLElement || el instanceof SVGElement))
          el.style.setProperty('visibility', 'hidden', 'important');
      }
    });
  try {
    await hide(selectors);
  } catch (err) {
    if (unreadable(err) === null) throw err;
    for (const selector of selectors) {
      await hide([selector]).catch((e: unknown) => {
        if (unreadable(e) === null) throw e;
      });
    }
  }
}
