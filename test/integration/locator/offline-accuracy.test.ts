import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOfflineLocator } from '../../../src/adapters/offline-locator/offline-locator.js';
import { buildElementMap } from '../../../src/adapters/playwright/describe/injected/element-map.js';
import { launchChromium } from '../../../src/adapters/playwright/browser/launch-chromium.js';
import type { ElementMap } from '../../../src/ports/element-locator.js';
import { CROP_CONFIDENCE } from '../../../src/ports/element-locator.js';
import { testChromiumPath, waitForNoChromium } from '../../helpers/chromium.js';
import type { FixtureServer } from '../../helpers/fixture-server.js';
import { startFixtureServer } from '../../helpers/fixture-server.js';
import { LOCATOR_CASES } from '../../helpers/locator-cases.js';

// The offline locator against real pages in real Chromium: each description of cases.ts is located
// on the element map of its page, and the answer counts as right when it is confident (>= 0.6) and
// its selector picks one of the expected elements, or, for things the page does not have, when it
// is not confident (the full page is returned).

let server: FixtureServer;
let browser: Browser;
const pages = new Map<string, { page: Page; map: ElementMap }>();

beforeAll(async () => {
  server = await startFixtureServer();
  browser = await launchChromium(testChromiumPath());
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  for (const name of new Set(LOCATOR_CASES.map((c) => c.page))) {
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/locator/${name}`, { waitUntil: 'load' });
    pages.set(name, { page, map: await buildElementMap(page) });
  }
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  expect(await waitForNoChromium()).toEqual([]);
});

/** True when `selector` picks (with querySelector, as the crop does) one of the `expected` elements. */
async function picksExpected(page: Page, selector: string, expected: string[]): Promise<boolean> {
  return page.evaluate(
    ({ selector, expected }) => {
      const chosen = document.querySelector(selector);
      return chosen !== null && expected.some((e) => document.querySelector(e) === chosen);
    },
    { selector, expected },
  );
}

describe('offline locator accuracy on the fixture pages', () => {
  it('finds at least 80% of the described elements (or rightly gives up)', async () => {
    const locator = createOfflineLocator();
    const rows: string[] = [];
    let right = 0;
    const calibration = new Map<string, { n: number; right: number }>();
    for (const c of LOCATOR_CASES) {
      const { page, map } = pages.get(c.page)!;
      const answer = await locator.locate(
        { description: c.description, map, screenshot: null },
        new AbortController().signal,
      );
      const confident = answer.confidence >= CROP_CONFIDENCE && answer.selector !== null;
      const hit =
        answer.selector !== null &&
        c.expected !== null &&
        (await picksExpected(page, answer.selector, c.expected));
      const ok = c.expected === null ? !confident : confident && hit;
      if (ok) right += 1;
      const bin = `${Math.min(9, Math.floor(answer.confidence * 10)) / 10}`;
      const entry = calibration.get(bin) ?? { n: 0, right: 0 };
      calibration.set(bin, { n: entry.n + 1, right: entry.right + (hit ? 1 : 0) });
      rows.push(
        `${ok ? 'ok  ' : 'MISS'} ${answer.confidence.toFixed(2)} ${c.page.padEnd(15)} ${c.description.padEnd(48)} → ${answer.selector ?? '(none)'}`,
      );
    }
    const accuracy = right / LOCATOR_CASES.length;
    const bins = [...calibration.entries()]
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([bin, { n, right: r }]) => `  confidence ${bin}–: ${r}/${n} pointed at the expected element`);
    console.log(
      [
        `Offline locator: ${right}/${LOCATOR_CASES.length} right (${(accuracy * 100).toFixed(1)}%)`,
        ...rows,
        ...bins,
      ].join('\n'),
    );
    expect(LOCATOR_CASES.length).toBeGreaterThanOrEqual(30);
    expect(accuracy).toBeGreaterThanOrEqual(0.8);
  });
});
