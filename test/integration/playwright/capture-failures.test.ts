import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { AppError } from '../../../src/domain/errors.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaywrightCapturer } from '../../../src/adapters/playwright/playwright-capturer.js';
import { waitForNoChromium } from '../../helpers/chromium.js';
import type { FixtureServer } from '../../helpers/fixture-server.js';
import { startFixtureServer } from '../../helpers/fixture-server.js';
import { noDeadline, specOf, testCapturer, thrownBy, leftoverContexts } from '../../helpers/capturer.js';
import { withRawServer } from '../../helpers/raw-server.js';

// How captures fail: the contract's codes, their retry decision, and how fast.

const NAVIGATION_TIMEOUT_MS = 1500;

let server: FixtureServer;
let capturer: PlaywrightCapturer;

beforeAll(async () => {
  server = await startFixtureServer();
  capturer = testCapturer({ navigationTimeoutMs: NAVIGATION_TIMEOUT_MS, elementWaitMs: 1000 });
  await capturer.ready();
});

afterAll(async () => {
  await capturer?.close();
  await server?.close();
  expect(await waitForNoChromium()).toEqual([]);
});

/** The error of capturing a server that answers `answer` (raw bytes), its host, and how long it took. */
function failureAgainst(answer: string): Promise<{ err: Record<string, unknown>; host: string; ms: number }> {
  return withRawServer(answer, async (raw) => {
    const started = Date.now();
    const err = await thrownBy(() => capturer.capture(specOf({ url: raw.url }), noDeadline()));
    return { err, host: raw.host, ms: Date.now() - started };
  });
}

/** A port on 127.0.0.2 that nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.2', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('Playwright capturer failures', () => {
  it('gives up on a page that never answers with the contract’s timeout message', async () => {
    const started = Date.now();
    const err = await thrownBy(() =>
      capturer.capture(specOf({ url: `${server.baseUrl}/slow` }), noDeadline()),
    );
    expect(err).toMatchObject({
      code: 'NAVIGATION_TIMEOUT',
      retryable: true,
      message: `Navigation timeout of ${NAVIGATION_TIMEOUT_MS} ms exceeded`,
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(NAVIGATION_TIMEOUT_MS - 50);
    expect(Date.now() - started).toBeLessThan(NAVIGATION_TIMEOUT_MS + 3000);
  });

  it('reports a refused connection as TARGET_UNREACHABLE', async () => {
    const port = await closedPort();
    const err = await thrownBy(() =>
      capturer.capture(specOf({ url: `http://127.0.0.2:${port}/` }), noDeadline()),
    );
    expect(err).toMatchObject({ code: 'TARGET_UNREACHABLE', retryable: true });
    expect(err.message).toBe(`127.0.0.2:${port} refused the connection: is the site up?`);
  });

  it('reports a host that does not resolve as TARGET_UNREACHABLE', async () => {
    const err = await thrownBy(() =>
      capturer.capture(specOf({ url: 'http://no-such-host.invalid/' }), noDeadline()),
    );
    expect(err).toMatchObject({ code: 'TARGET_UNREACHABLE' });
    expect(err.message).toContain('no-such-host.invalid could not be resolved');
  });

  it('fails a page that sends itself to a host that does not resolve, saying where it went', async () => {
    const err = await thrownBy(() =>
      capturer.capture(
        specOf({ url: `${server.baseUrl}/hostile/script-redirect-to-dead-host.html` }),
        noDeadline(),
      ),
    );
    expect(err).toMatchObject({ code: 'TARGET_UNREACHABLE' });
    expect(err.message).toBe(
      'The page sent itself on to http://no-such-host.invalid/ (a script or a refresh), which failed: The host no-such-host.invalid could not be resolved (DNS): check the URL',
    );
  });

  it.each([
    ['bytes that are not HTTP', 'this is not http\r\n\r\n', 'ERR_INVALID_HTTP_RESPONSE'],
    [
      'a header block too big to read',
      `HTTP/1.1 200 OK\r\nX-Big: ${'a'.repeat(300_000)}\r\n\r\n<h1>x</h1>`,
      'ERR_RESPONSE_HEADERS_TOO_BIG',
    ],
  ])(
    'says a server that answers %s answered something that is not valid HTTP, not retried',
    async (_, answer, code) => {
      const { err, host } = await failureAgainst(answer);
      expect(err).toMatchObject({ code: 'TARGET_UNREACHABLE', retryable: false });
      expect(err.message).toBe(`${host} answered with something that is not valid HTTP (${code})`);
    },
  );

  it('says a redirect leads to an address that is not a URL, not retried', async () => {
    const { err } = await failureAgainst(
      'HTTP/1.1 302 Found\r\nLocation: http://[::1\r\nContent-Length: 0\r\n\r\n',
    );
    expect(err).toMatchObject({ code: 'TARGET_UNREACHABLE', retryable: false });
    expect(err.message).toMatch(/redirects to an address that is not a valid URL \(its Location header/);
  });

  it('fails a document whose body cannot be decoded as soon as it fails, saying so, not retried', async () => {
    // Content-Encoding: gzip on a body that is not: the document commits, fails, and never renders.
    // Before, the shot waited for a frame until the capture's deadline.
    const { err, ms } = await failureAgainst(
      'HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Encoding: gzip\r\nContent-Length: 10\r\n\r\n<h1>x</h1>',
    );
    expect(ms).toBeLessThan(5000);
    expect(err).toMatchObject({ code: 'CAPTURE_FAILED', retryable: false });
    expect(err.message).toBe(
      'The page never rendered: its document failed as it arrived (net::ERR_CONTENT_DECODING_FAILED: its Content-Encoding does not match its body)',
    );
  });

  it('says a page too long to print kept Chromium busy printing, not that its scripts did', async () => {
    const own = testCapturer({ unresponsiveMs: 1500 });
    try {
      const url = `${server.baseUrl}/heavy/print-heavy.html`;
      // On screen it is a short page …
      const shown = await own.capture(specOf({ url }), noDeadline());
      expect(shown.contentType).toBe('image/png');
      // … whose print layout holds the main thread for seconds.
      const err = await thrownBy(() =>
        own.capture(specOf({ url, format: 'pdf', pdf: { mediaType: 'print' } }), noDeadline()),
      );
      expect(err).toMatchObject({ code: 'CAPTURE_FAILED', retryable: false });
      expect(String(err.message)).toMatch(
        /^The page stopped responding: laying it out for print kept its main thread busy for \d+ s without a break \(a document too large to print\)/,
      );
    } finally {
      await own.close();
    }
  });

  it('fails with ELEMENT_NOT_FOUND, not retryable, when nothing matches', async () => {
    const err = await thrownBy(() =>
      capturer.capture(specOf({ url: `${server.baseUrl}/element.html`, element: '#missing' }), noDeadline()),
    );
    expect(err).toMatchObject({
      code: 'ELEMENT_NOT_FOUND',
      retryable: false,
      message: 'No element matches the selector "#missing"',
    });
  });

  it('fails with ELEMENT_NOT_FOUND and says why when the selector is not CSS', async () => {
    const err = await thrownBy(() =>
      capturer.capture(specOf({ url: `${server.baseUrl}/element.html`, element: 'div[' }), noDeadline()),
    );
    expect(err).toMatchObject({ code: 'ELEMENT_NOT_FOUND', retryable: false });
    expect(err.message).toMatch(/^The selector "div\[" is not a valid CSS selector/);
  });

  it('stops promptly with CAPTURE_TIMEOUT when the caller’s signal aborts, and frees the browser', async () => {
    const slowCapturer = testCapturer({ navigationTimeoutMs: 30_000, concurrency: 1 });
    try {
      await slowCapturer.ready();
      const controller = new AbortController();
      const started = Date.now();
      setTimeout(() => controller.abort(), 300);
      const err = await thrownBy(() =>
        slowCapturer.capture(specOf({ url: `${server.baseUrl}/slow` }), controller.signal),
      );
      expect(err).toMatchObject({ code: 'CAPTURE_TIMEOUT', retryable: true });
      expect(Date.now() - started).toBeLessThan(1500);
      // The single slot is free again at once, and the browser's context is gone.
      const next = Date.now();
      const out = await slowCapturer.capture(specOf({ url: `${server.baseUrl}/simple.html` }), noDeadline());
      expect(out.width).toBe(1280);
      expect(Date.now() - next).toBeLessThan(3000);
      expect(slowCapturer.pool.stats()).toMatchObject({ active: 0, launched: 1 });
      expect(await leftoverContexts(slowCapturer)).toEqual([]);
    } finally {
      await slowCapturer.close();
    }
  });

  it('says how long a spec may take, and fails with the reason its caller stopped it for', async () => {
    const bounded = testCapturer({ navigationTimeoutMs: 30_000, captureTimeoutMs: 800, concurrency: 1 });
    try {
      expect(bounded.deadlineMs(specOf({ url: `${server.baseUrl}/slow` }))).toBe(800);
      // A video gets the time of its frames and encoding on top: well over a minute for 30 s at 30 fps.
      const video = specOf({ url: `${server.baseUrl}/slow`, video: { duration: 30, fps: 30 } });
      expect(bounded.deadlineMs(video)).toBeGreaterThan(800 + 60_000);
      const reason = new AppError('CAPTURE_TIMEOUT', 'over its allowance', { retryable: false });
      const started = Date.now();
      const err = await thrownBy(() =>
        bounded.capture(specOf({ url: `${server.baseUrl}/slow` }), AbortSignal.timeout(800)),
      );
      expect(err).toMatchObject({ code: 'CAPTURE_TIMEOUT', retryable: true });
      expect(Date.now() - started).toBeLessThan(800 + 1200);
      const controller = new AbortController();
      setTimeout(() => controller.abort(reason), 300);
      const stopped = await thrownBy(() =>
        bounded.capture(specOf({ url: `${server.baseUrl}/slow` }), controller.signal),
      );
      expect(stopped).toBe(reason);
    } finally {
      await bounded.close();
    }
  });

  it('does not retry a redirect loop', async () => {
    const err = await thrownBy(() =>
      capturer.capture(specOf({ url: `${server.baseUrl}/loop` }), noDeadline()),
    );
    expect(err).toMatchObject({ code: 'TARGET_UNREACHABLE', retryable: false });
    expect(String(err.message)).toMatch(/redirects in a loop/);
  });

  it('refuses at once a capture whose signal has already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const err = await thrownBy(() =>
      capturer.capture(specOf({ url: `${server.baseUrl}/simple.html` }), controller.signal),
    );
    expect(err).toMatchObject({ code: 'CAPTURE_TIMEOUT' });
  });

  it('still captures after all these failures, with no context left behind', async () => {
    const out = await capturer.capture(specOf({ url: `${server.baseUrl}/simple.html` }), noDeadline());
    expect(out.metadata.httpStatus).toBe(200);
    expect(capturer.pool.stats()).toMatchObject({ active: 0, launched: 1 });
    expect(await leftoverContexts(capturer)).toEqual([]);
  });
});

describe('Playwright capturer without Chromium', () => {
  it('says where it looked and what to install', async () => {
    const missing = testCapturer({ chromiumPath: '/nonexistent/chromium' });
    try {
      const err = await thrownBy(() => missing.ready());
      expect(err).toMatchObject({
        code: 'CAPTURE_FAILED',
        retryable: false,
        message:
          'Chromium not found at /nonexistent/chromium: run npm start once as root, or apt-get install chromium-headless-shell chromium',
      });
      const captureErr = await thrownBy(() =>
        missing.capture(specOf({ url: 'http://127.0.0.2/' }), noDeadline()),
      );
      expect(captureErr).toMatchObject({ code: 'CAPTURE_FAILED', retryable: false });
    } finally {
      await missing.close();
    }
  });
});
