import type { Page } from 'playwright-core';

/** Content a scroll container must hide, CSS px, for a full page to unroll it. */
const MIN_HIDDEN_PX = 100;
/** Times the viewport is grown: a layout that changes with the height is measured again once. */
const MAX_ROUNDS = 2;

/**
 * What an app-shell page hides in its scroll container: the content of the largest element that
 * scrolls vertically and covers at least a quarter of the viewport, past what it shows, in CSS
 * px — when the document itself scrolls much less (less than half a screen, and a quarter of
 * that). 0 on a page whose document scrolls, as nearly all do (read first: one measure).
 */
function hiddenInContainer(page: Page): Promise<number> {
  // No named functions inside: some transpilers wrap them in helpers that do not exist in the page.
  return page.evaluate((minHiddenPx) => {
    const root = document.scrollingElement ?? document.documentElement;
    const vw = window.innerWidth;
    const vh = window.innerHeight;
    const documentHidden = Math.max(0, root.scrollHeight - vh);
    // A document that scrolls half a screen or more is no app shell (nearly every page): done.
    if (documentHidden * 2 >= vh) return 0;
    let best = 0;
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
        best = hidden;
      }
    }
    if (bestArea < (vw * vh) / 4 || documentHidden * 4 > best) return 0;
    return best;
  }, MIN_HIDDEN_PX);
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
