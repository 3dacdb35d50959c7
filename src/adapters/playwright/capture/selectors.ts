import type { Page } from 'playwright-core';

/**
 * The request's selectors (`element`, `waitForSelector`, `clickSelector`, `hideSelectors`) reach
 * into open shadow roots (web components) through Playwright's CSS engine: `x-card .price` finds the
 * price inside the card's shadow root. The engine reads standard CSS except pseudo-elements
 * (`::before`) and namespace prefixes (`svg|rect`), which match no element inside a shadow root
 * anyway. Where the document itself has a match, the browser's own `querySelector` finds it, and the
 * engine (whose script Playwright installs in a page on first use) is not needed.
 */
export const cssLocator = (page: Page, selector: string) => page.locator(`css=${selector}`);

/**
 * Why Playwright's CSS engine could not read a selector, when `err` says so ("Unexpected token ":"
 * while parsing css selector …"); null for any other error.
 */
export function unreadable(err: unknown): string | null {
  const message = err instanceof Error ? err.message : String(err);
  if (!/while parsing (?:css )?selector/i.test(message)) return null;
  return (message.split('\n')[0] ?? message).replace(/^\w+\.\w+: /, '');
}

/** The first of `selectors` that the browser does not read as CSS, with its reason; null when all are. */
export function invalidSelector(
  page: Page,
  selectors: readonly string[],
): Promise<{ index: number; reason: string } | null> {
  return page.evaluate((list) => {
    for (let index = 0; index < list.length; index++) {
      try {
        document.querySelector(list[index] ?? '');
      } catch (err) {
        return { index, reason: err instanceof Error ? err.message : String(err) };
      }
    }
    return null;
  }, selectors);
}

/**
 * Hides the matches of `selectors` that lie in open shadow roots (inline `visibility: hidden
 * !important`): a style sheet added to the document reaches only the document's own elements. A
 * selector the engine cannot read is left to the style sheet.
 */
export async function hideInShadowRoots(page: Page, selectors: readonly string[]): Promise<void> {
  // Most pages have none: a scan of the document costs less than installing the engine's script.
  const shadows = await page.evaluate(() =>
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
