import { readFileSync } from 'node:fs';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaywrightCapturer } from '../../../src/adapters/playwright/playwright-capturer.js';
import { waitForNoChromium } from '../../helpers/chromium.js';
import { FIXTURE_PAGES_DIR } from '../../helpers/fixture-server.js';
import { noDeadline, specOf, testCapturer } from '../../helpers/capturer.js';
import { countColour, decodePng } from '../../helpers/png.js';

// stealth against a bot-detection page that runs the usual headless checks (the page's verdict box
// turns green when all pass, red otherwise) and against what the server sees in the headers.

interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

/** Serves the bot-check page; holds its `load` until the page reported its checks; keeps the headers. */
interface BotCheckServer {
  url: string;
  /** Request headers of the page itself, and the checks the page reported, of the last visit. */
  last(): { headers: IncomingHttpHeaders; checks: Check[] };
  close(): Promise<void>;
}

async function startBotCheckServer(): Promise<BotCheckServer> {
  const page = readFileSync(join(FIXTURE_PAGES_DIR, 'prep/bot-check.html'));
  let headers: IncomingHttpHeaders = {};
  let checks: Check[] = [];
  const held = new Set<ServerResponse>();
  const answer = (res: ServerResponse): void => {
    if (!held.delete(res)) return;
    res
      .writeHead(200, { 'content-type': 'image/svg+xml' })
      .end('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>');
  };
  const release = (): void => held.forEach(answer);
  const server: Server = createServer((req, res) => {
    if (req.url === '/') {
      headers = req.headers;
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
    } else if (req.url === '/hold.svg') {
      held.add(res);
      setTimeout(() => answer(res), 20_000).unref(); // a page that never reports still loads, and fails
    } else if (req.url === '/report' && req.method === 'POST') {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        checks = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Check[];
        res.writeHead(204).end();
        release();
      });
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', () => resolve()));
  return {
    url: `http://127.0.0.2:${(server.address() as AddressInfo).port}/`,
    last: () => ({ headers, checks }),
    close: () =>
      new Promise<void>((resolve) => {
        release();
        server.close(() => resolve());
      }),
  };
}

const GREEN: [number, number, number] = [0x00, 0xaa, 0x00];
const RED: [number, number, number] = [0xdd, 0x00, 0x00];
/** The verdict box is 1280 × 120 px, partly covered by its text. */
const VERDICT_PX = 1280 * 120 * 0.8;

let server: BotCheckServer;
let capturer: PlaywrightCapturer;

beforeAll(async () => {
  server = await startBotCheckServer();
  capturer = testCapturer({ concurrency: 1 });
  await capturer.ready();
});
afterAll(async () => {
  await capturer?.close();
  await server?.close();
  expect(await waitForNoChromium()).toEqual([]);
});

const failed = (checks: Check[]): string[] =>
  checks.filter((c) => !c.ok).map((c) => `${c.name}: ${c.detail}`);

describe('stealth', () => {
  it('without it, the headless browser is caught (the control)', async () => {
    const out = await capturer.capture(specOf({ url: server.url }), noDeadline());
    const { headers, checks } = server.last();
    expect(checks.length).toBeGreaterThan(10);
    expect(failed(checks).join('\n')).toMatch(
      /user agent is not HeadlessChrome[\s\S]*navigator.webdriver is false/,
    );
    expect(headers['user-agent']).toMatch(/HeadlessChrome/);
    expect(countColour(decodePng(out.bytes), RED)).toBeGreaterThan(VERDICT_PX);
    expect(out.metadata).not.toHaveProperty('stealth');
  });

  it('passes every check of the page, and the page says so', async () => {
    const out = await capturer.capture(specOf({ url: server.url, stealth: true }), noDeadline());
    const { checks } = server.last();
    expect(checks.length).toBeGreaterThan(10);
    expect(failed(checks)).toEqual([]);
    const pixels = decodePng(out.bytes);
    expect(countColour(pixels, GREEN)).toBeGreaterThan(VERDICT_PX);
    expect(countColour(pixels, RED)).toBe(0);
  });

  it('sends a desktop Chrome user agent and client hints of the running version, named in the metadata', async () => {
    const out = await capturer.capture(
      specOf({ url: server.url, stealth: true, dimensions: { width: 1024, height: 600 } }),
      noDeadline(),
    );
    const { headers, checks } = server.last();
    const userAgent = headers['user-agent'] ?? '';
    expect(userAgent).not.toMatch(/headless/i);
    expect(out.metadata.stealth).toEqual({ userAgent });
    const major = /Chrome\/(\d+)\./.exec(userAgent)?.[1];
    expect(major).toBeDefined();
    expect(headers['sec-ch-ua']).not.toMatch(/headless/i);
    expect(headers['sec-ch-ua']).toContain(`"Google Chrome";v="${major}"`);
    expect(headers['accept-language']).toMatch(/^en-US/);
    // The page keeps the viewport it was given; the window around it looks like a real one.
    expect(out).toMatchObject({ width: 1024, height: 600 });
    expect(checks.find((c) => c.name.startsWith('the window has browser chrome'))?.detail).toMatch(
      /around 1024x600$/,
    );
  });
});
