import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluateIsolated } from '../../../src/adapters/playwright/browser/isolated-world.js';
import { launchChromium } from '../../../src/adapters/playwright/browser/launch-chromium.js';
import { protocolSessionOf } from '../../../src/adapters/playwright/capture/cdp-shot.js';
import { captureError } from '../../../src/adapters/playwright/capture/capture-errors.js';
import { testChromiumPath } from '../../helpers/chromium.js';

// Shots' own code in a page runs on Playwright's server side (isolated-world.ts), whose errors for a
// page that went away say nothing of it: an empty message, or "Internal server error, session
// closed". A capture whose page closed must say so, like Playwright's client does.

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium(testChromiumPath());
});
afterAll(async () => {
  await browser?.close();
});

describe('evaluateIsolated', () => {
  it('runs in a world of its own: the page’s globals are out of its sight', async () => {
    const page = await browser.newPage();
    try {
      await page.setContent('<script>window.pageOwn = 1;</script><p>x</p>');
      expect(await page.evaluate(() => typeof (window as unknown as { pageOwn?: number }).pageOwn)).toBe(
        'number',
      );
      expect(
        await evaluateIsolated(page, () => [
          typeof (window as unknown as { pageOwn?: number }).pageOwn,
          document.querySelector('p')?.textContent,
        ]),
      ).toEqual(['undefined', 'x']);
    } finally {
      await page.close();
    }
  });

  it('names a page that closed while it ran, and one closed before', async () => {
    const page = await browser.newPage();
    await page.setContent('<p>x</p>');
    const during = evaluateIsolated(page, () => new Promise((resolve) => setTimeout(resolve, 5000)));
    const errorDuring = during.then(
      () => null,
      (err: unknown) => err,
    );
    await page.close();
    const errorAfter = await evaluateIsolated(page, () => 1).then(
      () => null,
      (err: unknown) => err,
    );
    for (const err of [await errorDuring, errorAfter]) {
      expect(err).toBeInstanceOf(Error);
      expect((err as Error).message).toBe('Target page, context or browser has been closed');
      expect(captureError(err)).toMatchObject({
        code: 'CAPTURE_FAILED',
        retryable: true,
        message: 'The browser closed during the capture (crash or restart); the capture can be retried',
      });
    }
  });

  it("names it too for a shot on Playwright's own session of the page (cdp-shot.ts)", async () => {
    const page = await browser.newPage();
    const session = protocolSessionOf(page);
    expect(session).not.toBeNull();
    await page.close();
    const err = await session!.send('Page.getLayoutMetrics').then(
      () => null,
      (e: unknown) => e,
    );
    expect((err as Error).message).toBe('Target page, context or browser has been closed');
  });
});
