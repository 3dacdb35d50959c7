import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { evaluateIsolated } from '../browser/isolated-world.js';
import { PINNED_CANDIDATES } from './pinned-layers.js';
import type { Clip, NetworkTracker } from './page-capture.js';

/** Quiet window after each scroll step (the requests it started), in ms. */
const STEP_QUIET_MS = 50;

/** What was waited for before the shot (`metadata.readiness`). */
export interface Readiness {
  /** Time until `document.fonts.ready`, ms (bounded). */
  fontsMs: number;
  /** Images in the captured area still not decoded when the wait ended. */
  imagesPending: number;
  /** Scroll steps (of a full page's scroll-through) after which the page started requests. */
  lazyScrolls: number;
  /** Shots retaken because the first came out blank although the page has content. */
  retakes: number;
  /** A full page of an app shell: CSS px the viewport grew by to show its scroll container whole. */
  scrollContainerPx?: number;
  /** A full page: elements pinned to the viewport's bottom moved to the shot's (see pinned-layers.ts). */
  bottomBarsMoved?: number;
  /** A full page: backgrounds fixed to the viewport spread over the shot (see pinned-layers.ts). */
  fixedBackdrops?: number;
}

/**
 * Counts, in a page's main frame, what can react to the page being scrolled: IntersectionObservers
 * made and `scroll` listeners added (on any target), as `window.__shotsScrollWatchers` (with the
 * `onscroll` handlers of window and document, read when asked). Added to every context but stealth
 * ones before navigation (WarmPages, openContext); where it is absent the scroll-through always runs.
 */
export const SCROLL_WATCH_SCRIPT = `(() => {
  if (window.top !== window) return;
  let watchers = 0;
  const IO = window.IntersectionObserver;
  if (typeof IO === 'function') {
    window.IntersectionObserver = new Proxy(IO, {
      construct(target, args, newTarget) { watchers++; return Reflect.construct(target, args, newTarget); },
    });
  }
  const proto = EventTarget.prototype;
  proto.addEventListener = new Proxy(proto.addEventListener, {
    apply(target, self, args) { if (args[0] === 'scroll') watchers++; return Reflect.apply(target, self, args); },
  });
  Object.defineProperty(window, '__shotsScrollWatchers', {
    get: () => watchers + (window.onscroll ? 1 : 0) + (document.onscroll ? 1 : 0),
  });
})();`;

/**
 * Loads a full page's lazy content: native lazy images (`loading="lazy"`) within `maxHeightPx` are
 * made eager, so they load together, and sections of `content-visibility: auto` within it are
 * shown (Chromium paints them only near the viewport); then the document is scrolled a viewport at a time, for
 * content that scripts load as it scrolls into view (IntersectionObserver, scroll handlers), no
 * further than `maxHeightPx` and within `budgetMs`. After each step, two animation frames; a step
 * that started requests (or left some in flight) then waits for them to finish (a quiet window, at
 * most `stepMaxWaitMs`) instead of a fixed sleep; one that started none goes on at once. Then back to
 * the top. Returns the steps that started requests.
 *
 * The scroll-through is skipped on a page where nothing can see it: {@link SCROLL_WATCH_SCRIPT}
 * counted no IntersectionObserver and no scroll handler, and it has no frames (whose scripts are
 * not counted). Scrolling such a page only paints it once per step (on a 400-row table, half a
 * second) and loads nothing.
 */
export async function loadLazyContent(
  page: Page,
  network: NetworkTracker,
  maxHeightPx: number,
  budgetMs: number,
  stepMaxWaitMs: number,
): Promise<number> {
  const until = Date.now() + budgetMs;
  let lazyScrolls = 0;
  // Native lazy images within the height load all at once, not one scroll step after another.
  const mark = network.mark();
  // The page's scroll-listener count lives in its own (main) world, where the scroll watch counts
  // them; a page whose built-ins break that read is scrolled through, as if it had listeners.
  const [watchers, { promoted, frames }] = await Promise.all([
    page
      .evaluate(() => (window as unknown as { __shotsScrollWatchers?: unknown }).__shotsScrollWatchers)
      .catch(() => undefined),
    evaluateIsolated(
      page,
      ({ maxHeightPx, pinnedKey }: { maxHeightPx: number; pinnedKey: string }) => {
        let count = 0;
        for (const img of Array.from(document.querySelectorAll('img[loading="lazy"]'))) {
          if ((img as HTMLImageElement).getBoundingClientRect().top + scrollY >= maxHeightPx) continue;
          (img as HTMLImageElement).loading = 'eager';
          count++;
        }
        // Sections of `content-visibility: auto` are not painted while far from the viewport: a
        // full page would show them blank. Within the height, they are shown as when scrolled to.
        // The same read notes what is fixed to the viewport, for placePinnedLayers (one pass, not two).
        const pinned: Element[] = [];
        const sections: { el: HTMLElement; contain: string }[] = [];
        for (const el of Array.from(document.body?.querySelectorAll('*') ?? [])) {
          const style = getComputedStyle(el);
          if (
            style.position === 'fixed' ||
            style.position === 'sticky' ||
            style.backgroundAttachment.includes('fixed')
          )
            pinned.push(el);
          if (style.contentVisibility !== 'auto' || !(el instanceof HTMLElement)) continue;
          if (el.getBoundingClientRect().top + scrollY >= maxHeightPx) continue;
          sections.push({ el, contain: style.contain });
        }
        // Read first, written after: a write between two reads would lay the page out again.
        for (const { el, contain } of sections) {
          // What `auto` implied, layout, style and paint containment, kept once it is `visible` (the
          // same in describe/injected/element-map.ts: code run in the page cannot share a helper):
          // without it the section's margins would collapse out of it and its fixed parts escape.
          const kept = new Set(
            contain
              .replace('strict', 'size layout paint style')
              .replace('content', 'layout paint style')
              .split(/\s+/)
              .filter((k) => k !== '' && k !== 'none'),
          );
          for (const k of ['layout', 'style', 'paint']) kept.add(k);
          el.style.setProperty('contain', [...kept].join(' '), 'important');
          el.style.setProperty('content-visibility', 'visible', 'important');
        }
        // With the page's element count: elements that come later (a consent script's banner, a chat
        // widget loaded on scroll) make placePinnedLayers read them all again.
        const noted = { elements: pinned, count: document.getElementsByTagName('*').length };
        Object.defineProperty(globalThis, pinnedKey, { value: noted, configurable: true });
        return { promoted: count, frames: document.querySelector('iframe, frame, object, embed') !== null };
      },
      { maxHeightPx, pinnedKey: PINNED_CANDIDATES },
    ),
  ]);
  const watched = typeof watchers !== 'number' || watchers > 0 || frames;
  if (promoted > 0) {
    await network.quiet(STEP_QUIET_MS, Math.min(stepMaxWaitMs, Math.max(0, until - Date.now())));
    if (network.mark() !== mark) lazyScrolls += 1;
  }
  for (let step = 1; watched && Date.now() < until; step++) {
    const mark = network.mark();
    // Scrolls, then lets two frames pass: lazy-load observers (native lazy images, IntersectionObserver
    // loaders) run on the frame after a scroll, so what the step loads has started by then.
    const moved = await evaluateIsolated(
      page,
      async ({ step, maxHeightPx }: { step: number; maxHeightPx: number }) => {
        const height = Math.min(document.documentElement?.scrollHeight ?? 0, maxHeightPx);
        const y = step * window.innerHeight;
        if (y >= height) return false;
        window.scrollTo(0, y);
        for (let i = 0; i < 2; i++) {
          await new Promise((resolve) => {
            requestAnimationFrame(resolve);
            setTimeout(resolve, 100);
          });
        }
        return true;
      },
      { step, maxHeightPx },
    );
    if (!moved) break;
    // A step that started nothing and has nothing in flight goes on at once.
    if (network.settledSince(mark)) continue;
    await network.quiet(STEP_QUIET_MS, Math.min(stepMaxWaitMs, Math.max(0, until - Date.now())));
    if (network.mark() !== mark) lazyScrolls += 1;
  }
  await evaluateIsolated(page, () => window.scrollTo(0, 0));
  return lazyScrolls;
}

/**
 * Waits (at most `budgetMs`) for the page's web fonts (`document.fonts.ready`) and decodes the images that
 * intersect `region` (document CSS px; null: the viewport), so that neither shows half-done. Hides
 * the text caret, as Playwright's screenshots do: a focused field blinks, a shot must not.
 */
export async function awaitAssets(
  page: Page,
  region: Clip | null,
  budgetMs: number,
): Promise<Pick<Readiness, 'fontsMs' | 'imagesPending'>> {
  // No named functions inside: transpilers that keep names (tsx, esbuild) wrap them in a helper
  // that does not exist in the page.
  return evaluateIsolated(
    page,
    async ({ region, budgetMs }: { region: Clip | null; budgetMs: number }) => {
      const start = performance.now();
      if (!document.getElementById('__shots-caret')) {
        const style = document.createElement('style');
        style.id = '__shots-caret';
        style.textContent = '*, *::before, *::after { caret-color: transparent !important; }';
        (document.head ?? document.documentElement)?.append(style);
      }
      await Promise.race([document.fonts.ready, new Promise((resolve) => setTimeout(resolve, budgetMs))]);
      const fontsMs = Math.round(performance.now() - start);
      const area = region ?? { x: scrollX, y: scrollY, width: innerWidth, height: innerHeight };
      const images = Array.from(document.images).filter((img) => {
        const box = img.getBoundingClientRect();
        const top = box.top + scrollY;
        const left = box.left + scrollX;
        return (
          box.width > 0 &&
          box.height > 0 &&
          img.currentSrc !== '' &&
          top < area.y + area.height &&
          top + box.height > area.y &&
          left < area.x + area.width &&
          left + box.width > area.x
        );
      });
      // A loaded image that decodes synchronously is decoded by the shot's own paint; only images
      // still loading, or decoded asynchronously, are waited for.
      const waiting = images.filter((img) => !img.complete || img.decoding === 'async');
      const left = Math.max(0, budgetMs - (performance.now() - start));
      await Promise.race([
        Promise.allSettled(waiting.map((img) => img.decode())),
        new Promise((resolve) => setTimeout(resolve, left)),
      ]);
      return { fontsMs, imagesPending: images.filter((img) => !img.complete).length };
    },
    { region, budgetMs },
  );
}

/**
 * True when `bytes` (png, jpeg or webp) is one flat colour. Cheap for real screenshots: an image
 * holding anything compresses worse than this threshold, so only small files are decoded. (A flat
 * PNG encoded for speed, as shots are, takes about a byte per 56 pixels.)
 */
export async function isBlankImage(bytes: Buffer, width: number, height: number): Promise<boolean> {
  if (bytes.length > (width * height) / 40) return false;
  const { channels } = await sharp(bytes).stats();
  return channels.every((c) => c.min === c.max);
}

/** True when the page shows something: visible text, an image, a canvas, a video or an SVG. */
export function pageHasContent(page: Page): Promise<boolean> {
  return evaluateIsolated(page, () => {
    const body = document.body;
    if (!body) return false;
    if (body.innerText.trim().length > 0) return true;
    return document.querySelector('img, canvas, video, svg, iframe, embed, object') !== null;
  });
}
