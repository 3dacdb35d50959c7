import type { Page } from 'playwright-core';
import { isTargetClosed } from './capture-errors.js';

/**
 * The request's selectors (`element`, `waitForSelector`, `clickSelector`, `hideSelectors`) are
 * matched by Playwright's CSS engine, which reaches into open shadow roots (web components): `x-card
 * .price` finds the price inside the card's shadow root. It reads standard CSS except pseudo-elements
 * (`::before`) and namespace prefixes (`svg|rect`), which match no element anyway.
 */
export const cssLocator = (page: Page, selector: string) => page.locator(`css=${selector}`);

/** The first line of an error's message, without Playwright's "locator.count: " prefix. */
function reasonOf(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return (message.split('\n')[0] ?? message).replace(/^locator\.\w+: /, '');
}

/**
 * The first of `selectors` that the browser does not read as CSS, or Playwright's CSS engine cannot
 * match, with the reason; null when all can be matched.
 */
export async function invalidSelector(
  page: Page,
  selectors: readonly string[],
): Promise<{ index: number; reason: string } | null> {
  const browser = await page.evaluate((list) => {
    for (let index = 0; index < list.length; index++) {
      try {
        document.querySelector(list[index] ?? '');
      } catch (err) {
        return { index, reason: err instanceof Error ? err.message : String(err) };
      }
    }
    return null;
  }, selectors);
  if (browser) return browser;
  const engine = await Promise.all(
    selectors.map((selector) =>
      cssLocator(page, selector)
        .count()
        .then(
          () => null,
          (err: unknown) => {
            if (isTargetClosed(err)) throw err;
            return reasonOf(err);
          },
        ),
    ),
  );
  const index = engine.findIndex((reason) => reason !== null);
  return index < 0 ? null : { index, reason: engine[index] ?? '' };
}

/**
 * Hides the matches of `selectors` that lie in shadow roots (inline `visibility: hidden
 * !important`): a style sheet added to the document reaches only the document's own elements.
 */
export async function hideInShadowRoots(page: Page, selectors: readonly string[]): Promise<void> {
  await cssLocator(page, selectors.join(', ')).evaluateAll((elements) => {
    for (const el of elements) {
      if (el.getRootNode() !== document && (el instanceof HTMLElement || el instanceof SVGElement))
        el.style.setProperty('visibility', 'hidden', 'important');
    }
  });
}
