import type { Page } from 'playwright-core';
import { evaluateIsolated } from '../browser/isolated-world.js';

/**
 * Name of the isolated world's global where the lazy-content pass (`loadLazyContent`), which reads
 * every element's computed style anyway, lists the elements fixed or sticky or with a fixed
 * background: {@link placePinnedLayers} then looks at those alone.
 */
export const PINNED_CANDIDATES = '__shotsPinnedCandidates';

/** What {@link placePinnedLayers} changed: counts of elements. */
export interface PinnedLayers {
  /** Fixed or sticky elements pinned to the viewport's bottom, moved to the document's bottom. */
  bottomBarsMoved: number;
  /** Fixed backgrounds (`background-attachment: fixed`) and fixed backdrop layers spread over the whole document. */
  fixedBackdrops: number;
}

/**
 * In the page, for a full page: a full page is shot with the layout viewport unchanged
 * (`captureBeyondViewport`), so what is fixed to the viewport is painted once, over the first
 * screen. That is right for a header at the top, and wrong for two kinds of things, put right here:
 * - what is pinned to the viewport's bottom — a fixed bar or button in its lower half and no taller
 *   than half of it (a cookie bar, an "add to basket" bar, a chat button), or a sticky element held
 *   there — was painted across the first screen's content, 720 px down a long image. It is moved
 *   to the bottom of the document, where a reader who scrolls down sees it: a fixed one translated
 *   (its layout untouched; not one inside a transformed ancestor, which moves with it), a sticky
 *   one put back in its place in the flow;
 * - a background fixed to the viewport — `background-attachment: fixed` (on the body: whole
 *   themes), or a fixed layer covering the viewport behind the page (negative `z-index`, or one
 *   that takes no pointer events: a decorative backdrop) — covered the first screen only, the rest
 *   of the page white, and white text on it invisible. Such backgrounds scroll with the document,
 *   and such layers are made as tall as it — when that keeps their look: colours, gradients, tiled
 *   images; not a picture sized to the viewport (`cover`), a video or a canvas, which would be
 *   scaled up to the whole document.
 * Looks at the elements the lazy-content pass noted ({@link PINNED_CANDIDATES}), or, without
 * them, reads every element's computed style (10–30 ms on the evaluation set's pages).
 */
function placePinnedLayersInPage(pinnedKey: string): PinnedLayers {
  // No named functions inside: some transpilers wrap them in helpers that do not exist in the page.
  const done = { bottomBarsMoved: 0, fixedBackdrops: 0 };
  const root = document.scrollingElement ?? document.documentElement;
  if (!root || !document.body) return done;
  const vw = window.innerWidth;
  const vh = window.innerHeight;
  const documentHeight = Math.max(root.scrollHeight, document.body.scrollHeight);
  if (documentHeight <= vh + 1) return done;
  const fixed: HTMLElement[] = [];
  const sticky: HTMLElement[] = [];
  // The elements the lazy-content pass noted (it reads every element's style just before), else all.
  const noted = (globalThis as Record<string, unknown>)[pinnedKey];
  const candidates = Array.isArray(noted)
    ? (noted as Element[])
    : Array.from(document.body.querySelectorAll('*'));
  for (const el of [document.documentElement, document.body, ...candidates]) {
    if (!(el instanceof HTMLElement)) continue;
    const style = getComputedStyle(el);
    // Only where scrolling keeps its look: gradients, and images at their own size (tiles). An
    // image sized to the viewport (`cover`, a percentage) would be scaled to the whole document.
    const images = style.backgroundImage;
    const ownSize = style.backgroundSize.split(',').every((size) => /^\s*auto(\s+auto)?\s*$/.test(size));
    if (style.backgroundAttachment.includes('fixed') && (!images.includes('url(') || ownSize)) {
      el.style.setProperty('background-attachment', 'scroll', 'important');
      done.fixedBackdrops += 1;
    }
    if (style.position === 'fixed') fixed.push(el);
    else if (style.position === 'sticky') sticky.push(el);
  }
  for (const el of sticky) {
    const box = el.getBoundingClientRect();
    if (box.width < 1 || box.height > vh / 2 || box.top < vh / 2 || box.bottom > vh + 1) continue;
    // Held at the bottom edge (its place in the flow is further down): put back in that place.
    el.style.setProperty('position', 'relative', 'important');
    el.style.setProperty('top', 'auto', 'important');
    el.style.setProperty('bottom', 'auto', 'important');
    done.bottomBarsMoved += 1;
  }
  for (const el of fixed) {
    // Fixed to the viewport only: inside a transformed ancestor it moves with that ancestor.
    let contained = false;
    for (let up = el.parentElement; up && !contained; up = up.parentElement) {
      const s = getComputedStyle(up);
      contained = s.transform !== 'none' || s.filter !== 'none' || s.perspective !== 'none';
    }
    if (contained) continue;
    const box = el.getBoundingClientRect();
    if (box.width < 1 || box.height < 1) continue;
    const style = getComputedStyle(el);
    const covers = box.top <= 1 && box.left <= 1 && box.bottom >= vh - 1 && box.right >= vw - 1;
    const behind = (parseInt(style.zIndex, 10) || 0) < 0 || style.pointerEvents === 'none';
    // Stretched, a picture (an image, a video, a canvas) would be scaled to the whole document:
    // only colours and gradients are.
    const plain =
      !style.backgroundImage.includes('url(') &&
      el.querySelector('img, picture, video, canvas, svg, iframe, object, embed') === null &&
      !['img', 'picture', 'video', 'canvas', 'svg', 'iframe', 'object', 'embed'].includes(el.localName);
    if (covers && behind && plain) {
      el.style.setProperty('bottom', 'auto', 'important');
      el.style.setProperty('height', `${documentHeight}px`, 'important');
      el.style.setProperty('max-height', 'none', 'important');
      done.fixedBackdrops += 1;
      continue;
    }
    if (box.height > vh / 2 || box.top < vh / 2 || style.translate !== 'none') continue;
    // From where it is painted now to the same distance from the document's bottom.
    el.style.setProperty('translate', `0 ${documentHeight - vh - window.scrollY}px`, 'important');
    done.bottomBarsMoved += 1;
  }
  return done;
}

/** For a full page: bars pinned to the viewport's bottom moved to the document's, fixed backgrounds spread over it. */
export function placePinnedLayers(page: Page): Promise<PinnedLayers> {
  return evaluateIsolated(page, placePinnedLayersInPage, PINNED_CANDIDATES);
}
