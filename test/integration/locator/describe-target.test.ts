import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOfflineLocator } from '../../../src/adapters/offline-locator/offline-locator.js';
import { launchChromium } from '../../../src/adapters/playwright/browser/launch-chromium.js';
import { describeTarget } from '../../../src/adapters/playwright/describe/describe-capture.js';
import { testChromiumPath, waitForNoChromium } from '../../helpers/chromium.js';

// describeTarget's map of a page whose network is quiet is built at once, and kept only when no
// request started while it was built: a page still loading is mapped once it has settled.

const PAGE = `<!doctype html><html><head><title>Plans</title></head><body>
  <header><a class="logo" href="/">Acme</a></header>
  <main><h1>Plans</h1><p>Choose a plan that fits your team and your budget for the year.</p></main>
  <footer>© Acme</footer></body></html>`;

/** What arrives late: the pricing table, as a response the page was waiting for would add it. */
const addPricing = (page: Page): Promise<void> =>
  page.evaluate(() => {
    const section = document.createElement('section');
    section.id = 'pricing';
    section.innerHTML =
      '<h2>Pricing</h2><table><tr><th>Plan</th><th>Price</th></tr><tr><td>Team</td><td>$20</td></tr><tr><td>Business</td><td>$45</td></tr></table>';
    document.querySelector('main')?.append(section);
  });

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium(testChromiumPath());
});

beforeEach(async () => {
  await context?.close();
  context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  page = await context.newPage();
  await page.setContent(PAGE);
});

afterAll(async () => {
  await browser?.close();
  expect(await waitForNoChromium()).toEqual([]);
});

/**
 * A network with nothing in flight whose requests started so far are `started`; with `startsDuringMap`,
 * one starts right after the first check that the page is settled (while a map is built).
 */
function network(startsDuringMap: boolean) {
  let started = 0;
  let checks = 0;
  return {
    mark: () => started,
    settledSince: (mark: number) => {
      const settled = started === mark;
      checks += 1;
      if (startsDuringMap && checks === 1) started += 1;
      return settled;
    },
  };
}

describe('the element map of a described capture', () => {
  it('is built again once the page settles when a request started while it was built', async () => {
    let settles = 0;
    const found = await describeTarget(context, page, 'the pricing table', {
      locator: createOfflineLocator(),
      maxHeightPx: 16_384,
      scrollBudgetMs: 1000,
      // A request starts while the map is built, and its response adds the table.
      network: network(true),
      settle: async () => {
        settles += 1;
        await addPricing(page);
      },
    });
    expect(settles).toBe(1);
    expect(found.selector).not.toBeNull();
    expect(await page.$eval(found.selector ?? 'none', (el) => el.closest('#pricing') !== null)).toBe(true);
  });

  it('is built at once, without waiting for quiet, when nothing is in flight', async () => {
    let settles = 0;
    await addPricing(page);
    const found = await describeTarget(context, page, 'the pricing table', {
      locator: createOfflineLocator(),
      maxHeightPx: 16_384,
      scrollBudgetMs: 1000,
      network: network(false),
      settle: async () => {
        settles += 1;
      },
    });
    expect(settles).toBe(0);
    expect(await page.$eval(found.selector ?? 'none', (el) => el.closest('#pricing') !== null)).toBe(true);
  });
});
