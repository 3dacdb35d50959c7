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
  await evaluateIsolated(
    target,
    (content: string) => {
      const root = document.documentElement;
      if (!root) return;
      const ns =
        root.namespaceURI === 'http://www.w3.org/2000/svg'
          ? root.namespaceURI
          : 'http://www.w3.org/1999/xhtml';
      const style = document.createElementNS(ns, 'style');
      style.textContent = content;
      (document.head ?? root).appendChild(style);
    },
    css,
  );
}
