import type { Frame, Page } from 'playwright-core';
import { evaluateIsolated } from '../browser/isolated-world.js';

/**
 * Adds a style sheet to the document of `target`: in `<head>`, or under the root element of a
 * document without one (an SVG or XML document, where Playwright's `addStyleTag` throws). It does
 * not wait for the sheet's `load` event, as `addStyleTag` does: the style applies at once, and what
 * it imports is awaited with the page's network like any other request before the shot. A page's
 * Content-Security-Policy can refuse it: contexts that add styles bypass CSP (see contextOptionsOf).
 */
export async function addStyle(target: Page | Frame, css: string): Promise<void> {
  await evaluateIsolated(target, insertStyle, css);
}

/**
 * In the page: appends a `<style>` holding `content` to `<head>`, or under the root element of a
 * document without one; nothing on a document without a root element. Shared by {@link addStyle}
 * and {@link styleInLaterFrames} (no named functions inside: it runs in the page as its source).
 */
const insertStyle = (content: string): void => {
  const root = document.documentElement;
  if (!root) return;
  const ns =
    root.namespaceURI === 'http://www.w3.org/2000/svg' ? root.namespaceURI : 'http://www.w3.org/1999/xhtml';
  const style = document.createElementNS(ns, 'style');
  style.textContent = content;
  (document.head ?? root).appendChild(style);
};

/**
 * The source of a script for every new document of a context that adds `css` to each embedded
 * frame's document as it is parsed (its `DOMContentLoaded`), leaving the page's own document alone.
 */
export function styleInLaterFrames(css: string): string {
  const insert = `(${insertStyle.toString()})(${JSON.stringify(css)})`;
  return `(() => {
  if (window.top === window) return;
  const add = () => ${insert};
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', add, { once: true });
  else add();
})();`;
}
