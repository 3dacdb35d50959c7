import type { Page } from 'playwright-core';
import { evaluateIsolated } from '../browser/isolated-world.js';

/**
 * In the page: moves what is pinned to the bottom of the viewport — a `position: fixed` bar or
 * button in the lower half of the viewport, no taller than half of it (a cookie bar, an "add to
 * basket" bar, a chat button), or a `position: sticky` element held there — to the bottom of the
 * document, where a reader who scrolls down sees it. A full page is shot with the layout viewport
 * unchanged (`captureBeyondViewport`), so such an element was painted across the first screen's
 * content, 720 px down a 30,000 px image. A fixed one is translated (its layout untouched); a
 * sticky one is put back in its place in the flow (`position: relative`). Found with
 * `elementsFromPoint` at ten points near the viewport's bottom edge, whatever the page's size.
 * Returns how many were moved.
 */
function moveBottomBarsInPage(): number {
  // No named functions inside: some transpilers wrap them in helpers that do not exist in the page.
  const root = document.scrollingElement ?? document.documentElement;
  if (!root || !document.body) return 0;
  const vw = window.innerWidth;
  const vh = window.innerHeight;
  const documentHeight = Math.max(root.scrollHeight, document.body.scrollHeight);
  if (documentHeight <= vh + 1) return 0;
  // Where such things sit: across the bottom edge (bars), and 50 px in from both bottom corners
  // (round chat buttons, 56–64 px wide with a 16–24 px margin: hit testing follows their border
  // radius). Ten points: on a heavy page (a shop's product page) each costs about half a millisecond.
  const points: [number, number][] = [];
  for (const y of [vh - 8, vh - 50])
    for (const x of [50, vw / 4, vw / 2, (3 * vw) / 4, vw - 50])
      if (x >= 0 && x < vw && y >= 0) points.push([Math.round(x), y]);
  // The outermost fixed or sticky element at or above each element looked at (null: none), so
  // that each element's style is read once however many points hit it.
  const outermost = new Map<Element, HTMLElement | null>();
  const pinned = new Set<HTMLElement>();
  for (const [x, y] of points) {
    for (const hit of document.elementsFromPoint(x, y).slice(0, 4)) {
      const chain: Element[] = [];
      let above: HTMLElement | null = null;
      for (let el: Element | null = hit; el && el !== document.body; el = el.parentElement) {
        const known = outermost.get(el);
        if (known !== undefined) {
          above = known;
          break;
        }
        chain.push(el);
      }
      // From the top of the chain down: the outermost one found so far wins.
      for (let i = chain.length - 1; i >= 0; i--) {
        const el = chain[i] as Element;
        if (above === null && el instanceof HTMLElement) {
          const position = getComputedStyle(el).position;
          if (position === 'fixed' || position === 'sticky') above = el;
        }
        outermost.set(el, above);
      }
      if (above) pinned.add(above);
    }
  }
  let moved = 0;
  for (const el of pinned) {
    const box = el.getBoundingClientRect();
    if (box.width < 1 || box.height > vh / 2 || box.top < vh / 2) continue;
    const style = getComputedStyle(el);
    if (style.position === 'sticky') {
      el.style.setProperty('position', 'relative', 'important');
      el.style.setProperty('top', 'auto', 'important');
      el.style.setProperty('bottom', 'auto', 'important');
      moved += 1;
      continue;
    }
    // Fixed to the viewport only: inside a transformed ancestor it moves with that ancestor.
    let contained = false;
    for (let up = el.parentElement; up && !contained; up = up.parentElement) {
      const s = getComputedStyle(up);
      contained = s.transform !== 'none' || s.filter !== 'none' || s.perspective !== 'none';
    }
    if (contained || style.translate !== 'none') continue;
    el.style.setProperty('translate', `0 ${documentHeight - vh - window.scrollY}px`, 'important');
    moved += 1;
  }
  return moved;
}

/** Moves what is pinned to the viewport's bottom to the document's bottom, for a full page; how many moved. */
export function moveBottomBars(page: Page): Promise<number> {
  return evaluateIsolated(page, moveBottomBarsInPage);
}
