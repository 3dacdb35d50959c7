import type { Page } from 'playwright-core';
import { evaluateIsolated } from '../browser/isolated-world.js';

/** Content a scroll container must hide, CSS px, for a full page to unroll it. */
const MIN_HIDDEN_PX = 100;
/** Times the viewport is grown: a layout that changes with the height is measured again once. */
const MAX_ROUNDS = 2;

/**
 * In the page: an app shell's scroll container — the largest element (the body included) that
 * scrolls vertically, hides at least `minHiddenPx` and covers at least a quarter of the viewport,
 * when the document itself scrolls much less (less than half a screen, and a quarter of what the
 * container hides) — as the element (`want: 'element'`) or what it hides in CSS px; null or 0 on a
 * page whose document scrolls, as nearly all do (read first: one measure).
 */
function findScrollContainer({ minHiddenPx, want }: { minHiddenPx: number; want: string }) {
  // No named functions inside: some transpilers wrap them in helpers that do not exist in the page.
  const none = want === 'element' ? null : 0;
  const root = document.scrollingElement ?? document.documentElement;
  // A document without a root element (a script removed it) has nothing to scroll.
  if (!root) return none;
  const vw = window.innerWidth;
  const vh = window.innerHeight;
  const documentHidden = Math.max(0, root.scrollHeight - vh);
  if (documentHidden * 2 >= vh) return none;
  let best: Element | null = null;
  let bestHidden = 0;
  let bestArea = 0;
  for (const el of Array.from(document.querySelectorAll('body, body *'))) {
    const hidden = el.scrollHeight - el.clientHeight;
    if (hidden < minHiddenPx) continue;
    const overflow = getComputedStyle(el).overflowY;
    if (overflow !== 'auto' && overflow !== 'scroll' && overflow !== 'overlay') continue;
    const r = el.getBoundingClientRect();
    const area =
      Math.max(0, Math.min(r.right, vw) - Math.max(r.left, 0)) *
      Math.max(0, Math.min(r.bottom, vh) - Math.max(r.top, 0));
    if (area > bestArea) {
      bestArea = area;
      bestHidden = hidden;
      best = el;
    }
  }
  if (bestArea < (vw * vh) / 4 || documentHidden * 4 > bestHidden) return none;
  return want === 'element' ? best : bestHidden;
}

/** What the page's app-shell scroll container hides, CSS px; 0 when it is no app shell. */
function hiddenInContainer(page: Page): Promise<number> {
  return evaluateIsolated(page, findScrollContainer, {
    minHiddenPx: MIN_HIDDEN_PX,
    want: 'hidden',
  }) as Promise<number>;
}

/** An app shell's scroll container, as a scrolling video scrolls it. */
export interface ScrollContainer {
  /** What it hides, CSS px. */
  hiddenPx: number;
  /** Scrolls it to `top` CSS px (at once, not smoothly). */
  scrollTo(top: number): Promise<void>;
}

/**
 * The page's app-shell scroll container (see {@link unrollScrollContainer}), or null: what a
 * scrolling video scrolls when the document itself does not. It is kept in the isolated world
 * (see evaluateIsolated), where the page cannot see it, and found again should that world have
 * lost it.
 */
export async function scrollContainerOf(page: Page): Promise<ScrollContainer | null> {
  const find = `(${findScrollContainer.toString()})(${JSON.stringify({ minHiddenPx: MIN_HIDDEN_PX, want: 'element' })})`;
  const hiddenPx = await evaluateIsolated<number>(
    page,
    `(() => { const el = ${find}; globalThis.__shotsScroller = el; return el ? el.scrollHeight - el.clientHeight : 0; })()`,
  );
  if (hiddenPx <= 0) return null;
  return {
    hiddenPx,
    scrollTo: (top: number) =>
      evaluateIsolated<void>(
        page,
        `(() => { const el = globalThis.__shotsScroller ?? ${find}; el?.scrollTo({ top: ${Number(top)}, left: 0, behavior: 'instant' }); })()`,
      ),
  };
}

/** How a full page unrolled an app shell's scroll container. */
export interface Unrolled {
  /** CSS px the viewport grew by; 0 when the page is not such a shell. */
  grownPx: number;
  /** What the container still hides once the viewport reached `maxHeightPx` (it was cut). */
  cutPx: number;
}

/**
 * Shows the whole content of an app shell's scroll container in a full page: a page laid out to
 * the viewport's height (`height: 100vh`, `inset: 0`, a flex column) whose document does not
 * scroll, while a container inside it does (the feed, the message list, the docs pane). The
 * viewport is made taller by what the container hides — the shell grows with it, and the
 * container then holds all of its content at once — and measured again after the new layout, up
 * to `maxHeightPx` in all.
 */
export async function unrollScrollContainer(page: Page, maxHeightPx: number): Promise<Unrolled> {
  const viewport = page.viewportSize();
  if (!viewport) return { grownPx: 0, cutPx: 0 };
  let height = viewport.height;
  let hidden = 0;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    hidden = await hiddenInContainer(page);
    if (hidden === 0 || height >= maxHeightPx) break;
    height = Math.min(maxHeightPx, height + hidden);
    await page.setViewportSize({ width: viewport.width, height });
  }
  const grownPx = height - viewport.height;
  return { grownPx, cutPx: grownPx > 0 && height >= maxHeightPx ? hidden : 0 };
}
