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
 * screen. That is right for a header at the top, and wrong for two kinds of things, put right here
 * (the first kind, and fixed backdrop layers, only with `placeElements` — FULL_PAGE_PLACE_FIXED —
 * since CONTRACT §4a has fixed and sticky elements appear at their place at the top):
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
function placePinnedLayersInPage({
  pinnedKey,
  bottomPx,
  placeElements,
}: {
  pinnedKey: string;
  bottomPx: number;
  placeElements: boolean;
}): PinnedLayers {
  // No named functions inside: some transpilers wrap them in helpers that do not exist in the page.
  const done = { bottomBarsMoved: 0, fixedBackdrops: 0 };
  const root = document.scrollingElement ?? document.documentElement;
  if (!root || !document.body) return done;
  const vw = window.innerWidth;
  const vh = window.innerHeight;
  const documentHeight = Math.max(root.scrollHeight, document.body.scrollHeight);
  if (documentHeight <= vh + 1) return done;
  // Where the shot ends: the document's bottom, or the cut of a page too tall for the format.
  const bottom = Math.min(documentHeight, bottomPx);
  // The elements the lazy-content pass noted (it read every element's style before the scroll),
  // while the page has the same elements; else (elements came or went since) all of them.
  const noted = (globalThis as Record<string, unknown>)[pinnedKey] as
    { elements: Element[]; count: number } | undefined;
  const same =
    noted !== undefined &&
    noted.count === document.getElementsByTagName('*').length &&
    noted.elements.every((el) => el.isConnected);
  const candidates = same ? noted.elements : Array.from(document.body.querySelectorAll('*'));
  // Read everything first, change after: a moved element would change what is measured next.
  const fixedBackgrounds: HTMLElement[] = [];
  const fixed: { el: HTMLElement; box: DOMRect; style: CSSStyleDeclaration }[] = [];
  const sticky: { el: HTMLElement; box: DOMRect; style: CSSStyleDeclaration }[] = [];
  for (const el of [document.documentElement, document.body, ...candidates]) {
    if (!(el instanceof HTMLElement)) continue;
    const style = getComputedStyle(el);
    // Only where scrolling keeps its look: gradients, and images tiled down the page at their own
    // size. A picture sized to the viewport (`cover`, a percentage) would be scaled to the whole
    // document, and a single one would move to the middle of it.
    if (style.backgroundAttachment.includes('fixed')) {
      const ownSize = style.backgroundSize.split(',').every((size) => /^\s*auto(\s+auto)?\s*$/.test(size));
      const tiled = style.backgroundRepeat
        .split(',')
        .every(
          (repeat) =>
            /^\s*(repeat|round|space|repeat-y)\b/.test(repeat) ||
            /^\s*\S+\s+(repeat|round|space)\s*$/.test(repeat),
        );
      if (!style.backgroundImage.includes('url(') || (ownSize && tiled)) fixedBackgrounds.push(el);
    }
    if (!placeElements || (style.position !== 'fixed' && style.position !== 'sticky')) continue;
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    const entry = { el, box: el.getBoundingClientRect(), style };
    if (entry.box.width < 1 || entry.box.height < 1) continue;
    (style.position === 'fixed' ? fixed : sticky).push(entry);
  }
  const changes: (() => void)[] = [];
  const changed: HTMLElement[] = [];
  for (const { el, box, style } of fixed) {
    if (changed.some((c) => c.contains(el))) continue;
    // Fixed to the viewport only when no ancestor holds it (a transform, a filter, containment…):
    // inside one it moves with that ancestor, as in the flow.
    let held = false;
    for (let up = el.parentElement; up && !held; up = up.parentElement) {
      const s = getComputedStyle(up);
      held =
        s.transform !== 'none' ||
        s.translate !== 'none' ||
        s.rotate !== 'none' ||
        s.scale !== 'none' ||
        s.filter !== 'none' ||
        s.backdropFilter !== 'none' ||
        s.perspective !== 'none' ||
        /transform|filter|perspective/.test(s.willChange) ||
        /paint|layout|strict|content/.test(s.contain) ||
        (s.containerType !== '' && s.containerType !== 'normal');
    }
    if (held) continue;
    const covers = box.top <= 1 && box.left <= 1 && box.bottom >= vh - 1 && box.right >= vw - 1;
    // A layer behind the page: under it (negative z-index), or an empty one that takes no pointer
    // events; and a plain one — a colour or a gradient, nothing a stretch would scale up.
    const behind =
      (parseInt(style.zIndex, 10) || 0) < 0 || (style.pointerEvents === 'none' && el.childElementCount === 0);
    const plain =
      el.childElementCount === 0 &&
      !style.backgroundImage.includes('url(') &&
      !['img', 'picture', 'video', 'canvas', 'iframe', 'object', 'embed'].includes(el.localName);
    if (covers && behind && plain) {
      changed.push(el);
      changes.push(() => {
        el.style.setProperty('bottom', 'auto', 'important');
        el.style.setProperty('height', `${bottom}px`, 'important');
        el.style.setProperty('max-height', 'none', 'important');
        done.fixedBackdrops += 1;
      });
      continue;
    }
    if (box.height > vh / 2 || box.top < vh / 2 || style.translate !== 'none') continue;
    changed.push(el);
    // From where it is painted now to the same distance from the shot's bottom.
    const by = bottom - vh - window.scrollY;
    changes.push(() => {
      el.style.setProperty('translate', `0 ${by}px`, 'important');
      done.bottomBarsMoved += 1;
    });
  }
  for (const { el, box, style } of sticky) {
    // Stuck to the viewport's bottom edge: sticky by its bottom, and not inside a scroller of its
    // own (there it is stuck to that scroller, and belongs there).
    if (style.bottom === 'auto' || box.height > vh / 2 || box.top < vh / 2 || box.bottom > vh + 1) continue;
    if (changed.some((c) => c.contains(el))) continue;
    let scroller = false;
    for (let up = el.parentElement; up && up !== document.body && !scroller; up = up.parentElement) {
      const s = getComputedStyle(up);
      scroller = !/^(visible|clip)$/.test(s.overflowY) || !/^(visible|clip)$/.test(s.overflowX);
    }
    if (scroller) continue;
    changed.push(el);
    // Put back in its place in the flow, further down.
    changes.push(() => {
      el.style.setProperty('position', 'relative', 'important');
      el.style.setProperty('top', 'auto', 'important');
      el.style.setProperty('bottom', 'auto', 'important');
      done.bottomBarsMoved += 1;
    });
  }
  for (const el of fixedBackgrounds) {
    el.style.setProperty('background-attachment', 'scroll', 'important');
    done.fixedBackdrops += 1;
  }
  for (const change of changes) change();
  return done;
}

/**
 * For a full page shot down to `bottomPx` (the document's bottom, or the format's cut): bars
 * pinned to the viewport's bottom moved to the shot's, fixed backgrounds spread over it.
 */
export function placePinnedLayers(
  page: Page,
  bottomPx: number,
  placeElements: boolean,
): Promise<PinnedLayers> {
  return evaluateIsolated(page, placePinnedLayersInPage, {
    pinnedKey: PINNED_CANDIDATES,
    bottomPx,
    placeElements,
  });
}
