import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../../src/adapters/playwright/browser/launch-chromium.js';
import { testChromiumPath } from '../../helpers/chromium.js';
import type { FixtureServer } from '../../helpers/fixture-server.js';
import { startFixtureServer } from '../../helpers/fixture-server.js';
import type { LiveService } from '../../helpers/live-service.js';
import { startLiveService } from '../../helpers/live-service.js';
import { decodePng } from '../../helpers/png.js';
import type { WebhookReceiver } from '../../helpers/webhook-receiver.js';
import { makeTestTls, startWebhookReceiver } from '../../helpers/webhook-receiver.js';

/** Set to refresh the README's screenshot (docs/playground.png) from this run. */
const README_SCREENSHOT = process.env.SHOTS_README_SCREENSHOT === '1';
const README_IMAGE = new URL('../../../docs/playground.png', import.meta.url);

let pages: FixtureServer;
let receiver: WebhookReceiver;
let live: LiveService;
let browser: Browser;
let apiKey = '';
let shotsDir = '';
/** Every URL any page of the run requested. */
const requested: string[] = [];

beforeAll(async () => {
  const tls = makeTestTls();
  pages = await startFixtureServer();
  receiver = await startWebhookReceiver(tls);
  live = await startLiveService({}, { webhookCa: tls.caPem });
  apiKey = (await live.account('GROWTH')).apiKey;
  browser = await launchChromium(testChromiumPath());
  shotsDir = mkdtempSync(join(tmpdir(), 'shots-playground-'));
});
afterAll(async () => {
  await browser?.close();
  await live?.close();
  await receiver?.close();
  await pages?.close();
  rmSync(shotsDir, { recursive: true, force: true });
});

interface Opened {
  page: Page;
  /** Console errors and uncaught exceptions of the page. */
  errors: string[];
}

async function open(width: number): Promise<Opened> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  const errors: string[] = [];
  page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('request', (r) => {
    requested.push(r.url());
    if (new URL(r.url()).pathname.startsWith('/jobs/') || r.url().endsWith('/screenshots/web'))
      expect(r.headers().authorization).toBe(`Bearer ${apiKey}`);
  });
  await page.goto(`${live.baseUrl}/`);
  await page.waitForSelector('#opt-url');
  await page.waitForSelector('#submit:not([disabled])');
  return { page, errors };
}

async function fillBasics(page: Page, url: string): Promise<void> {
  await page.fill('#api-key', apiKey);
  await page.fill('#opt-url', url);
}

/** The page at its whole height, decoded, with sanity checks a broken layout would fail. */
async function screenshotOf(page: Page, width: number, name: string) {
  const png = await page.screenshot({ fullPage: true });
  writeFileSync(join(shotsDir, name), png);
  const pixels = decodePng(png);
  expect(pixels.width).toBe(width);
  expect(pixels.height).toBeGreaterThanOrEqual(900);
  const colours = new Set<number>();
  for (let i = 0; i < pixels.rgba.length; i += 4 * 97) {
    colours.add((pixels.rgba[i]! << 16) | (pixels.rgba[i + 1]! << 8) | pixels.rgba[i + 2]!);
  }
  expect(colours.size).toBeGreaterThan(20);
  return { png, pixels };
}

describe('the playground at /', () => {
  it('captures from the form at 1440 px: the image at its pixel size, the record, the webhook', async () => {
    const { page, errors } = await open(1440);
    await fillBasics(page, `${pages.baseUrl}/playground/demo.html`);
    await page.fill('#opt-dimensions-width', '1200');
    await page.fill('#opt-dimensions-height', '640');
    await page.click('summary:has-text("Delivery")');
    await page.fill('#opt-webhookUrl', receiver.url('/playground'));
    // The request and its curl line follow the form as it changes.
    const json = JSON.parse((await page.textContent('#request-json'))!);
    expect(json).toEqual({
      url: `${pages.baseUrl}/playground/demo.html`,
      dimensions: { width: 1200, height: 640 },
      webhookUrl: receiver.url('/playground'),
    });
    const curl = (await page.textContent('#request-curl'))!;
    expect(curl).toContain(`curl -X POST '${live.baseUrl}/screenshots/web'`);
    expect(curl).toContain('Bearer $SHOTS_API_KEY');
    expect(curl).not.toContain(apiKey);

    await page.click('#submit');
    const image = page.locator('#result-image');
    await image.waitFor({ timeout: 60_000 });
    await page.waitForFunction(
      () => (document.querySelector('#result-image') as HTMLImageElement).naturalWidth > 0,
    );
    expect(await image.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([
      1200, 640,
    ]);
    const record = JSON.parse((await page.textContent('#result-record'))!) as { bytes: number };
    expect(record).toMatchObject({ status: 'completed', width: 1200, height: 640, contentType: 'image/png' });
    const caption = (await page.textContent('#result-caption'))!;
    expect(caption).toContain('1200 × 640 px');
    expect(caption).toContain(`${record.bytes.toLocaleString('en-US')} bytes`);
    expect(await page.textContent('#job-state')).toMatch(/^Completed in/);
    await page.waitForSelector('#webhooks li[data-state="delivered"]', { timeout: 30_000 });
    expect(receiver.at('/playground')).toHaveLength(1);

    const { png, pixels } = await screenshotOf(page, 1440, 'playground-1440.png');
    // The capture is painted where the page shows it: the demo page's blue header at its top left.
    const [x, y] = await image.evaluate((img) => {
      const rect = img.getBoundingClientRect();
      return [rect.left + window.scrollX + 8, rect.top + window.scrollY + 8];
    });
    const i = (Math.round(y) * pixels.width + Math.round(x)) * 4;
    const [r, g, b] = [pixels.rgba[i]!, pixels.rgba[i + 1]!, pixels.rgba[i + 2]!];
    expect(b).toBeGreaterThan(150);
    expect(b).toBeGreaterThan(r + 60);
    expect(b).toBeGreaterThan(g + 60);
    if (README_SCREENSHOT) {
      mkdirSync(new URL('.', README_IMAGE), { recursive: true });
      writeFileSync(README_IMAGE, png);
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows what the locator made of a description, and captures one of its candidates in a click', async () => {
    const { page, errors } = await open(1440);
    await fillBasics(page, `${pages.baseUrl}/playground/demo.html`);
    await page.click('summary:has-text("Targeting")');
    await page.fill('#opt-description', 'the rain figure');
    await page.click('#submit');
    // Unsure, the offline locator returns the full page and lists its likeliest elements.
    const locator = page.locator('#locator');
    await locator.waitFor({ state: 'visible', timeout: 60_000 });
    expect(await locator.textContent()).toMatch(
      /Not sure enough to crop \(confidence 0\.\d\d; 0\.60 crops\)/,
    );
    const candidates = page.locator('#locator li');
    expect(await candidates.count()).toBeGreaterThanOrEqual(2);
    expect(await candidates.first().locator('code').textContent()).toBe('span.rain');
    const full = JSON.parse((await page.textContent('#result-record'))!) as { height: number };
    expect(full.height).toBeGreaterThan(300);

    await candidates.first().locator('button').click();
    // The form now asks for that element by its selector, without the description.
    await page.waitForFunction(
      () => JSON.parse(document.querySelector('#request-json')!.textContent).element,
    );
    expect(JSON.parse((await page.textContent('#request-json'))!)).toEqual({
      url: `${pages.baseUrl}/playground/demo.html`,
      element: 'span.rain',
    });
    expect(await page.inputValue('#opt-element')).toBe('span.rain');
    expect(await page.inputValue('#opt-description')).toBe('');
    await page.waitForFunction(
      () => (document.querySelector<HTMLImageElement>('#result-image')?.naturalWidth ?? 0) > 0,
      undefined,
      { timeout: 60_000 },
    );
    // The element as the service's default 1280 × 720 viewport lays it out.
    const probe = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    await probe.goto(`${pages.baseUrl}/playground/demo.html`);
    const box = (await probe.locator('span.rain').boundingBox())!;
    await probe.close();
    const record = JSON.parse((await page.textContent('#result-record'))!) as {
      width: number;
      height: number;
      metadata: Record<string, unknown>;
    };
    expect(Math.abs(record.width - box.width)).toBeLessThanOrEqual(2);
    expect(Math.abs(record.height - box.height)).toBeLessThanOrEqual(2);
    expect(record.metadata).not.toHaveProperty('aiSelectorUsed');
    expect(await locator.isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('at 390 px: fits the width, and a bad URL shows the field error next to the field', async () => {
    const { page, errors } = await open(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await fillBasics(page, 'http://127.0.0.1:1/admin');
    await page.click('#submit');
    const fieldError = page.locator('#opt-url-error');
    await fieldError.waitFor({ state: 'visible' });
    expect(await fieldError.textContent()).toMatch(/blocked/i);
    expect(await page.getAttribute('#opt-url', 'aria-invalid')).toBe('true');
    expect(await page.getAttribute('#opt-url', 'aria-describedby')).toContain('opt-url-error');
    expect(await page.textContent('#problem h3')).toBe('400 VALIDATION_ERROR');
    // The problem summary takes the focus, and its link leads to the field.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('problem');
    await page.click('#problem button[data-field="url"]');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('opt-url');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshotOf(page, 390, 'playground-390.png');
    // The browser reports the API's 400 answer itself; nothing else may reach the console.
    expect(errors.filter((e) => !/status of 400 \(Bad Request\)/.test(e))).toEqual([]);
    await page.close();
  });

  it('is usable from the keyboard alone', async () => {
    const { page, errors } = await open(1440);
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('Tab');
      if ((await page.evaluate(() => document.activeElement?.id)) === 'api-key') break;
    }
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('api-key');
    await page.keyboard.type(apiKey);
    await page.keyboard.press('Tab'); // Forget
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('opt-url');
    await page.keyboard.type(`${pages.baseUrl}/simple.html`);
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      () => (document.querySelector<HTMLImageElement>('#result-image')?.naturalWidth ?? 0) > 0,
      undefined,
      { timeout: 60_000 },
    );
    expect(errors).toEqual([]);
    await page.close();
  });

  it('embeds a PDF and plays a video', async () => {
    const { page, errors } = await open(1440);
    await fillBasics(page, `${pages.baseUrl}/simple.html`);
    await page.selectOption('#opt-format', { label: 'pdf' });
    await page.click('#submit');
    const pdf = page.locator('#result-pdf');
    await pdf.waitFor({ state: 'attached', timeout: 60_000 });
    expect(await pdf.getAttribute('type')).toBe('application/pdf');
    expect(await pdf.getAttribute('data')).toMatch(/^blob:/);
    // Its bytes are a PDF: as the download link saves them.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.click('#result-caption a[download]'),
    ]);
    const saved = join(shotsDir, 'result.pdf');
    await download.saveAs(saved);
    expect(readFileSync(saved).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(download.suggestedFilename()).toMatch(/^job_web_.+\.pdf$/);

    await page.selectOption('#opt-format', { label: '(default)' });
    await page.fill('#opt-dimensions-width', '640');
    await page.fill('#opt-dimensions-height', '360');
    await page.click('summary:has-text("Video")');
    await page.fill('#opt-video-duration', '1');
    await page.fill('#opt-video-fps', '5');
    await page.click('#submit');
    await page.waitForFunction(
      () => (document.querySelector<HTMLVideoElement>('#result-video')?.videoWidth ?? 0) > 0,
      undefined,
      { timeout: 90_000 },
    );
    const video = await page.$eval('#result-video', (v: HTMLVideoElement) => [
      v.videoWidth,
      v.videoHeight,
      v.duration,
    ]);
    expect(video.slice(0, 2)).toEqual([640, 360]);
    expect(video[2]).toBeGreaterThan(0.5);
    expect(await page.textContent('#result-caption')).toContain('video/mp4');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps the API key in session storage only, and never in a URL', async () => {
    const { page } = await open(1440);
    await page.fill('#api-key', apiKey);
    expect(await page.evaluate(() => sessionStorage.getItem('shots.apiKey'))).toBe(apiKey);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    await page.reload();
    await page.waitForSelector('#opt-url');
    expect(await page.inputValue('#api-key')).toBe(apiKey);
    await page.click('#forget-key');
    expect(await page.evaluate(() => sessionStorage.getItem('shots.apiKey'))).toBeNull();
    await page.close();
    expect(requested.length).toBeGreaterThan(30);
    for (const url of requested) expect(url).not.toContain(apiKey);
  });
});
