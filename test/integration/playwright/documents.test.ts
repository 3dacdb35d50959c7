import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../../src/adapters/playwright/browser/launch-chromium.js';
import { watchDocuments } from '../../../src/adapters/playwright/capture/documents.js';
import { testChromiumPath } from '../../helpers/chromium.js';
import type { FixtureServer } from '../../helpers/fixture-server.js';
import { startFixtureServer } from '../../helpers/fixture-server.js';

// The watch of the documents a page loads of its own accord (documents.ts), in real Chromium: begun
// before the capture's own navigation, it leaves that navigation out and sees every later one,
// however soon it comes after the page loaded.

let server: FixtureServer;
let browser: Browser;

beforeAll(async () => {
  server = await startFixtureServer();
  browser = await launchChromium(testChromiumPath());
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('watchDocuments with ownNavigation', () => {
  it("leaves out the capture's own navigation and its redirect hops, and counts the page's own", async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const watch = watchDocuments(page, { ownNavigation: true });
      await page.goto(`${server.baseUrl}/redirect?to=/hostile/landed.html`, { waitUntil: 'commit' });
      expect(watch.started()).toBe(0);
      expect(watch.arriving()).toBe(false);
      await page.waitForLoadState('load');
      await page.evaluate(() => {
        location.href = '/simple.html';
      });
      await page.waitForURL(`${server.baseUrl}/simple.html`);
      expect(watch.started()).toBe(1);
    } finally {
      await context.close();
    }
  });

  it('counts a meta refresh that starts as the page finishes loading, by way of a server redirect, once', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const watch = watchDocuments(page, { ownNavigation: true });
      await page.goto(`${server.baseUrl}/hostile/refresh-via-redirect.html`, { waitUntil: 'load' });
      await page.waitForURL(`${server.baseUrl}/hostile/landed.html`);
      await watch.arrived(5000);
      expect(watch.started()).toBe(1);
      expect(await watch.lastStatus()).toBe(200);
    } finally {
      await context.close();
    }
  });
});
