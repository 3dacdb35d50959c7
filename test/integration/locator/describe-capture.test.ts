import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatewayLocator } from '../../../src/adapters/ai-gateway/gateway-locator.js';
import { createOfflineLocator } from '../../../src/adapters/offline-locator/offline-locator.js';
import { evaluateIsolated } from '../../../src/adapters/playwright/browser/isolated-world.js';
import type { PlaywrightCapturer } from '../../../src/adapters/playwright/playwright-capturer.js';
import { waitForNoChromium } from '../../helpers/chromium.js';
import type { FixtureServer } from '../../helpers/fixture-server.js';
import { startFixtureServer } from '../../helpers/fixture-server.js';
import {
  decodeImage,
  launchDecoder,
  near,
  noDeadline,
  specOf,
  testCapturer,
} from '../../helpers/capturer.js';
import type { FakeGateway } from '../../helpers/fake-gateway.js';
import { promptImage, promptText, selectorFromPrompt, startFakeGateway } from '../../helpers/fake-gateway.js';

// The capturer with `description`: crops to the located element (240x60 subscribe button of
// crop.html) or returns the full page (1280x2400), and says what happened in the metadata.

const RED: [number, number, number] = [0xcc, 0x33, 0x33];

let server: FixtureServer;
let gateway: FakeGateway;
let offline: PlaywrightCapturer;
let viaGateway: PlaywrightCapturer;
let noLocator: PlaywrightCapturer;
let decoder: Browser;
let url: string;

beforeAll(async () => {
  server = await startFixtureServer();
  gateway = await startFakeGateway();
  offline = testCapturer({ concurrency: 1, locator: createOfflineLocator() });
  viaGateway = testCapturer({
    concurrency: 1,
    locator: createGatewayLocator({
      baseUrl: gateway.baseUrl,
      apiKey: 'sk-test',
      model: 'vision-test',
      timeoutMs: 1500,
    }),
  });
  noLocator = testCapturer({ concurrency: 1 });
  decoder = await launchDecoder();
  url = `${server.baseUrl}/locator/crop.html`;
});

afterAll(async () => {
  await offline?.close();
  await viaGateway?.close();
  await noLocator?.close();
  await decoder?.close();
  await gateway?.close();
  await server?.close();
  expect(await waitForNoChromium()).toEqual([]);
});

describe('capture by description, offline locator', () => {
  it('crops to the described element', async () => {
    const out = await offline.capture(specOf({ url, description: 'the subscribe button' }), noDeadline());
    const decoded = await decodeImage(decoder, out.bytes, out.contentType, [[8, 8]]);
    expect([decoded.width, decoded.height, out.width, out.height]).toEqual([240, 60, 240, 60]);
    expect(near(decoded.pixels[0], RED)).toBe(true);
    expect(out.metadata).toMatchObject({
      aiSelectorUsed: '#subscribe',
      rawAiSelector: '#subscribe',
      aiLocator: 'offline',
    });
    expect(out.metadata.aiConfidence).toBeGreaterThanOrEqual(0.6);
    expect(out.metadata).not.toHaveProperty('aiError');
  });

  it('reports up to three candidates, best first: its best guess, then others apart from it', async () => {
    // Two links fit alike: no crop, and both are among the candidates.
    const out = await offline.capture(specOf({ url, description: 'the link' }), noDeadline());
    const candidates = out.metadata.aiCandidates ?? [];
    expect(candidates.length).toBeGreaterThanOrEqual(2);
    expect(candidates.length).toBeLessThanOrEqual(3);
    expect(candidates[0]?.selector).toBe(out.metadata.rawAiSelector);
    expect(out.metadata.aiSelectorUsed).toBeNull();
    // Which of the two comes first is the ranker's call; both must be there.
    expect(
      candidates
        .slice(0, 2)
        .map((c) => c.selector)
        .sort(),
    ).toEqual([
      'body > header:nth-of-type(1) > nav:nth-of-type(1) > a:nth-of-type(1)',
      'body > header:nth-of-type(1) > nav:nth-of-type(1) > a:nth-of-type(2)',
    ]);
    const scores = candidates.map((c) => c.score);
    for (const score of scores) expect(score).toBeGreaterThanOrEqual(0);
    for (const score of scores) expect(score).toBeLessThanOrEqual(1);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    // Each names one element of the page, and none is one a user would take for another: an
    // element holding another is more than twice its area.
    const page = await decoder.newPage();
    try {
      await page.goto(url);
      const relations = await page.evaluate(
        (selectors) => {
          const els = selectors.map((sel) => document.querySelectorAll(sel));
          const counts = els.map((list) => list.length);
          const area = (e: Element): number =>
            e.getBoundingClientRect().width * e.getBoundingClientRect().height;
          const nested = els.some((a, i) =>
            els.some((b, j) => i !== j && a[0]!.contains(b[0]!) && area(a[0]!) <= 2 * area(b[0]!)),
          );
          return { counts, nested };
        },
        candidates.map((c) => c.selector),
      );
      expect(relations).toEqual({ counts: candidates.map(() => 1), nested: false });
    } finally {
      await page.close();
    }
  });

  it('crops in the requested format, and to a PDF page of the element’s size', async () => {
    const jpeg = await offline.capture(
      specOf({ url, description: 'Northwind logo', format: 'jpeg' }),
      noDeadline(),
    );
    expect(jpeg.contentType).toBe('image/jpeg');
    expect([jpeg.width, jpeg.height]).toEqual([160, 48]);
    const pdf = await offline.capture(
      specOf({ url, description: 'the subscribe button', format: 'pdf' }),
      noDeadline(),
    );
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.metadata.aiSelectorUsed).toBe('#subscribe');
    const boxes = pdf.bytes.toString('latin1').match(/\/MediaBox\s*\[([^\]]*)\]/g) ?? [];
    expect(boxes).toHaveLength(1);
    const [, , widthPt, heightPt] = boxes[0]!
      .replace(/[^\d. ]/g, '')
      .trim()
      .split(/\s+/)
      .map(Number);
    // 240x60 px at 0.75 pt/px; Chromium rounds the page size to its own units
    expect(Math.abs(widthPt! - 180)).toBeLessThan(0.5);
    expect(Math.abs(heightPt! - 45)).toBeLessThan(0.5);
  });

  it('returns the full page when no element fits the description', async () => {
    const out = await offline.capture(
      specOf({ url, description: 'the quarterly revenue chart' }),
      noDeadline(),
    );
    expect([out.width, out.height]).toEqual([1280, 2400]);
    expect(out.metadata).toMatchObject({
      aiSelectorUsed: null,
      rawAiSelector: null,
      aiCandidates: [],
      aiLocator: 'offline',
    });
    expect(out.metadata.aiConfidence).toBeLessThan(0.6);
  });

  it('returns the full page, saying why, when the element it found leaves the page before the shot', async () => {
    // A script re-rendering the page between locating and shooting. Before, the job failed for good
    // (ELEMENT_NOT_FOUND, not retried) although only a description was asked for.
    const vanishing: PlaywrightCapturer = testCapturer({
      concurrency: 1,
      locator: createOfflineLocator(),
      elementWaitMs: 500,
      // As the crop starts, the page loses the button: sent the way the crop's own commands go (to
      // the isolated world) before any of them, so the page has run it when the crop looks.
      onPhase: (phase) => {
        if (phase !== 'element') return;
        const page = vanishing.pool
          .liveBrowsers()
          .flatMap((b) => b.contexts())
          .flatMap((c) => c.pages())
          .find((p) => p.url() === url);
        if (page)
          void evaluateIsolated(page, "document.getElementById('subscribe').remove()").catch(() => undefined);
      },
    });
    try {
      const out = await vanishing.capture(specOf({ url, description: 'the subscribe button' }), noDeadline());
      expect([out.width, out.height]).toEqual([1280, 2400]);
      expect(out.metadata).toMatchObject({ aiSelectorUsed: null, rawAiSelector: '#subscribe' });
      expect(out.metadata.aiError).toBe(
        'the element "#subscribe" left the page before it was shot (the page changed it)',
      );
    } finally {
      await vanishing.close();
    }
  });

  it('ignores the description when an element is given too', async () => {
    const out = await offline.capture(
      specOf({ url, element: '.logo', description: 'the subscribe button' }),
      noDeadline(),
    );
    expect([out.width, out.height]).toEqual([160, 48]);
    expect(out.metadata).not.toHaveProperty('aiSelectorUsed');
  });
});

describe('capture by description, model gateway', () => {
  it('sends a downscaled full-page JPEG and the element map, and crops to the confident answer', async () => {
    gateway.requests.length = 0;
    gateway.reply = (request) => ({
      content: JSON.stringify({ selector: selectorFromPrompt(request, 'Subscribe now'), confidence: 0.91 }),
    });
    const out = await viaGateway.capture(specOf({ url, description: 'the big red button' }), noDeadline());
    expect([out.width, out.height]).toEqual([240, 60]);
    expect(out.metadata).toMatchObject({
      aiSelectorUsed: '#subscribe',
      aiConfidence: 0.91,
      rawAiSelector: '#subscribe',
      aiCandidates: [{ selector: '#subscribe', score: 0.91 }],
      aiLocator: 'gateway',
      aiModel: 'vision-test',
    });

    expect(gateway.requests).toHaveLength(1);
    const request = gateway.requests[0]!;
    expect(promptText(request)).toContain('Description: "the big red button"');
    expect(promptText(request)).toContain('"s":"#subscribe"');
    const image = promptImage(request);
    expect(image).toMatch(/^data:image\/jpeg;base64,/);
    const jpeg = Buffer.from(image!.slice('data:image/jpeg;base64,'.length), 'base64');
    // 1280 px wide scaled to 1024: the whole 2400 px page at 0.8, i.e. 1920 px tall; the button (240..480, 1700..1760) is there at 0.8.
    const decoded = await decodeImage(decoder, jpeg, 'image/jpeg', [
      [Math.round(250 * 0.8), Math.round(1710 * 0.8)],
    ]);
    expect([decoded.width, decoded.height]).toEqual([1024, 1920]);
    expect(near(decoded.pixels[0], RED, 24)).toBe(true);
  });

  it('crops to an element inside a web component (an open shadow root) that the model picks', async () => {
    gateway.requests.length = 0;
    gateway.reply = (request) => {
      // The map's line for Bellmouth Quay's "Full forecast" button, which lives in the card's shadow root.
      const line = promptText(request)
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as { s: string; name?: string })
        .find((e) => e.name === 'Full forecast' && e.s.startsWith('#bellmouth'));
      return { content: JSON.stringify({ selector: line?.s ?? 'none', confidence: 0.9 }) };
    };
    const out = await viaGateway.capture(
      specOf({
        url: `${server.baseUrl}/locator/shadow.html`,
        description: 'the Full forecast button of Bellmouth Quay',
      }),
      noDeadline(),
    );
    expect(out.metadata.aiSelectorUsed).toBe('#bellmouth > article:nth-of-type(1) > button:nth-of-type(1)');
    expect(out.metadata).not.toHaveProperty('aiError');
    // The button's own size, not the page's.
    expect(out.width).toBeLessThan(120);
    expect(out.height).toBeLessThan(40);
  });

  it('returns the full page for an unsure answer, with what the model said', async () => {
    gateway.reply = () => ({ content: '{"selector": "header nav", "confidence": 0.4}' });
    const out = await viaGateway.capture(specOf({ url, description: 'the menu' }), noDeadline());
    expect([out.width, out.height]).toEqual([1280, 2400]);
    expect(out.metadata).toMatchObject({
      aiSelectorUsed: null,
      aiConfidence: 0.4,
      rawAiSelector: 'header nav',
    });
    expect(out.metadata).not.toHaveProperty('aiError');
  });

  it.each([
    [
      'a selector that matches nothing',
      '{"selector": "#add-to-basket", "confidence": 0.95}',
      '#add-to-basket',
      'matches no element of the page',
    ],
    [
      'a selector that is not CSS',
      '{"selector": "button:contains(Subscribe)", "confidence": 0.9}',
      'button:contains(Subscribe)',
      'is not a valid CSS selector',
    ],
    [
      'a reply that is not JSON',
      'The subscribe button, I am fairly sure.',
      'The subscribe button, I am fairly sure.',
      'did not answer with JSON',
    ],
  ])('returns the full page for %s', async (_name, content, raw, why) => {
    gateway.reply = () => ({ content });
    const out = await viaGateway.capture(specOf({ url, description: 'the subscribe button' }), noDeadline());
    expect([out.width, out.height]).toEqual([1280, 2400]);
    expect(out.metadata).toMatchObject({ aiSelectorUsed: null, rawAiSelector: raw });
    expect(String(out.metadata.aiError)).toContain(why);
  });

  it('returns the full page when the gateway fails, saying why, and the job does not fail', async () => {
    gateway.requests.length = 0;
    gateway.reply = () => ({ status: 500, json: { error: { message: 'model crashed' } } });
    const out = await viaGateway.capture(
      specOf({ url, description: 'the subscribe button', format: 'webp' }),
      noDeadline(),
    );
    expect(out.contentType).toBe('image/webp');
    expect([out.width, out.height]).toEqual([1280, 2400]);
    expect(out.metadata).toMatchObject({
      aiSelectorUsed: null,
      aiConfidence: 0,
      rawAiSelector: null,
      aiLocator: 'gateway',
    });
    expect(String(out.metadata.aiError)).toMatch(/answered HTTP 500: .*model crashed/);
    expect(gateway.requests).toHaveLength(2); // one retry

    gateway.reply = () => ({ content: '{}', delayMs: 30_000 });
    const slow = await viaGateway.capture(specOf({ url, description: 'the subscribe button' }), noDeadline());
    expect([slow.width, slow.height]).toEqual([1280, 2400]);
    expect(String(slow.metadata.aiError)).toContain('did not answer within 1500 ms (2 attempts)');
  });
});

describe('capture by description without a locator', () => {
  it('returns the full page and says no locator is configured', async () => {
    const out = await noLocator.capture(specOf({ url, description: 'the subscribe button' }), noDeadline());
    expect([out.width, out.height]).toEqual([1280, 2400]);
    expect(out.metadata).toMatchObject({
      aiSelectorUsed: null,
      aiConfidence: 0,
      rawAiSelector: null,
      aiError: 'no element locator is configured',
    });
  });
});
