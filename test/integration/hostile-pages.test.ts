import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '../helpers/api.js';
import { startTestApi } from '../helpers/api.js';
import type { FixtureServer } from '../helpers/fixture-server.js';
import { startFixtureServer } from '../helpers/fixture-server.js';
import { jobClient } from '../helpers/jobs.js';
import { close, decodePixels } from '../helpers/pixels.js';
import { expectDocumentedRecord } from '../helpers/record-schema.js';
import { startRawServer } from '../helpers/raw-server.js';

// Real and hostile pages through the whole service (HTTP, real Chromium, the SSRF egress proxy):
// what loads is captured, and what cannot heal fails at once.

const LOAD_TIMEOUT_MS = 3000;
let api: TestApi;
let pages: FixtureServer;
let hang: Server;
const held = new Set<Socket>();
let hangOrigin = '';
let key: string;

beforeAll(async () => {
  pages = await startFixtureServer();
  // Accepts every connection and never answers a byte.
  hang = createServer((socket) => {
    held.add(socket);
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => hang.listen(0, '127.0.0.2', resolve));
  const address = hang.address();
  hangOrigin = `http://127.0.0.2:${typeof address === 'object' && address ? address.port : 0}`;
  api = await startTestApi(
    { JOB_RETRY_DELAYS: '0,0', NAVIGATION_TIMEOUT_MS: '10000', LOAD_TIMEOUT_MS: String(LOAD_TIMEOUT_MS) },
    { api: true, worker: true },
  );
  await api.service.start();
  key = (await api.account('STARTER')).apiKey;
});
afterAll(async () => {
  await api?.close();
  await pages?.close();
  for (const socket of held) socket.destroy();
  await new Promise((resolve) => hang.close(resolve));
});

const { auth, submit, finished } = jobClient(
  () => api.app,
  () => key,
  60_000,
);

async function record(jobId: string) {
  const body = (
    await api.app.inject({ url: `/jobs/${jobId}/result`, headers: { ...auth(), accept: 'application/json' } })
  ).json();
  expectDocumentedRecord(body);
  return body;
}

describe('hostile pages', () => {
  it('captures a page whose subresources never answer once its load budget runs out, on the first attempt', async () => {
    const jobId = await submit({
      url: `${pages.baseUrl}/hostile/hanging.html?hang=${encodeURIComponent(hangOrigin)}`,
    });
    const status = await finished(jobId);
    expect(status).toMatchObject({ status: 'completed', attempts: 1 });
    expect(Date.parse(status.completedAt) - Date.parse(status.startedAt)).toBeLessThan(
      LOAD_TIMEOUT_MS + 5000,
    );
    const result = await record(jobId);
    expect(result.metadata.readiness).toMatchObject({ loadTimedOut: true });
    expect(result.metadata.readiness.pendingRequests).toBeGreaterThan(0);
    const image = await decodePixels(
      (await api.app.inject({ url: `/jobs/${jobId}/result`, headers: auth() })).rawPayload,
    );
    expect(close(image.at(600, 100), [30, 90, 180])).toBe(true); // what arrived is there
  });

  it('captures a page whose head waits on a dead host for a script and a stylesheet, once the egress gives up on them', async () => {
    // Before, the parser waited on the script and rendering on the stylesheet until the capture's
    // deadline: every attempt failed, with nothing on screen.
    const jobId = await submit({
      url: `${pages.baseUrl}/hostile/head-blocked.html?hang=${encodeURIComponent(new URL(hangOrigin).host)}`,
    });
    const status = await finished(jobId);
    expect(status).toMatchObject({ status: 'completed', attempts: 1 });
    expect(Date.parse(status.completedAt) - Date.parse(status.startedAt)).toBeLessThan(
      LOAD_TIMEOUT_MS + 6000,
    );
    const { readiness } = (await record(jobId)).metadata;
    expect(readiness.loadTimedOut).toBe(true);
    // The script's request and the stylesheet's tunnel (which Chromium may open again once closed).
    expect(readiness.abandonedRequests).toBeGreaterThanOrEqual(2);
    const image = await decodePixels(
      (await api.app.inject({ url: `/jobs/${jobId}/result`, headers: auth() })).rawPayload,
    );
    expect(close(image.at(600, 100), [30, 90, 180])).toBe(true); // the body, parsed after the script
    expect(close(image.at(600, 400), [200, 230, 255])).toBe(true);
  });

  it('waits for a request that never ends once, not again for a description, each scroll step and the shot', async () => {
    // Before, each of those waits ran to its bound: the full page took about 15 s, the description 4.
    const url = `${pages.baseUrl}/hostile/long-poll.html?hang=${encodeURIComponent(hangOrigin)}`;
    const [full, described] = await Promise.all([
      submit({ url, fullPage: true }),
      submit({ url, description: 'the page footer' }),
    ]);
    for (const jobId of [full, described]) {
      const status = await finished(jobId);
      expect(status).toMatchObject({ status: 'completed', attempts: 1 });
      expect(Date.parse(status.completedAt) - Date.parse(status.startedAt)).toBeLessThan(8000);
      const { readiness } = (await record(jobId)).metadata;
      expect(readiness.hungRequests).toBe(1);
      expect(readiness.loadTimedOut).toBeUndefined();
    }
    const fullImage = await decodePixels(
      (await api.app.inject({ url: `/jobs/${full}/result`, headers: auth() })).rawPayload,
    );
    expect([fullImage.width, fullImage.height]).toEqual([1280, 200 + 8 * 704 + 120]);
    expect(close(fullImage.at(600, fullImage.height - 60), [180, 40, 40])).toBe(true);
    expect((await record(described)).metadata.aiSelectorUsed).toMatch(/footer/);
    const crop = await decodePixels(
      (await api.app.inject({ url: `/jobs/${described}/result`, headers: auth() })).rawPayload,
    );
    expect([crop.width, crop.height]).toEqual([1280, 120]);
    expect(close(crop.at(600, 60), [180, 40, 40])).toBe(true);
  });

  it('captures the page a meta refresh moves to, taken again from the new document', async () => {
    // Before, the refresh destroyed the page's script context under the capture's steps: most
    // attempts failed with "Execution context was destroyed".
    const url = `${pages.baseUrl}/hostile/meta-refresh.html`;
    const jobs = await Promise.all([
      submit({ url }),
      submit({ url, fullPage: true }),
      submit({ url, description: 'the main heading' }),
    ]);
    for (const jobId of jobs) {
      expect(await finished(jobId)).toMatchObject({ status: 'completed', attempts: 1 });
      const { metadata } = await record(jobId);
      expect(metadata.finalUrl).toBe(`${pages.baseUrl}/hostile/landed.html`);
      expect(metadata.readiness.selfNavigations).toBe(1);
      const image = await decodePixels(
        (await api.app.inject({ url: `/jobs/${jobId}/result`, headers: auth() })).rawPayload,
      );
      expect(close(image.at(image.width - 10, image.height - 10), [40, 150, 90])).toBe(true);
    }
    const [, full, described] = jobs;
    const fullImage = await decodePixels(
      (await api.app.inject({ url: `/jobs/${full}/result`, headers: auth() })).rawPayload,
    );
    expect(fullImage.height).toBe(1700);
    expect((await record(described)).metadata.aiSelectorUsed).toMatch(/h1/);
  });

  it('counts a move by way of a server redirect as one new document', async () => {
    // Before, each hop of the redirect counted: selfNavigations 2.
    const jobId = await submit({ url: `${pages.baseUrl}/hostile/refresh-via-redirect.html` });
    expect(await finished(jobId)).toMatchObject({ status: 'completed', attempts: 1 });
    const { metadata } = await record(jobId);
    expect(metadata.finalUrl).toBe(`${pages.baseUrl}/hostile/landed.html`);
    expect(metadata.readiness.selfNavigations).toBe(1);
  });

  it("captures the page a script redirects to as it is parsed, running the request's javascript once", async () => {
    const jobId = await submit({
      url: `${pages.baseUrl}/hostile/script-redirect.html`,
      javascript: "await fetch('/status/200?ran=script-redirect');",
    });
    expect(await finished(jobId)).toMatchObject({ status: 'completed', attempts: 1 });
    const { metadata } = await record(jobId);
    expect(metadata.finalUrl).toBe(`${pages.baseUrl}/hostile/landed.html`);
    expect(pages.requests.filter((r) => r === '/status/200?ran=script-redirect')).toHaveLength(1);
  });

  it.each([
    ['a meta refresh', 'refresh-to-missing.html'],
    // Its new document arrives before the capture's steps begin.
    ['a script run as the page is parsed', 'script-redirect-to-missing.html'],
  ])('with failOnHttpError, fails when the page %s moves to answers 404', async (_, page) => {
    const jobId = await submit({
      url: `${pages.baseUrl}/hostile/${page}`,
      failOnHttpError: true,
    });
    const status = await finished(jobId);
    expect(status).toMatchObject({ status: 'failed', attempts: 1, errorCode: 'TARGET_HTTP_ERROR' });
    expect(status.error).toBe(`${new URL(pages.baseUrl).host} answered HTTP 404`);
  });

  it('captures the page a clickSelector leads to, clicking once', async () => {
    const jobId = await submit({ url: `${pages.baseUrl}/hostile/next-1.html`, clickSelector: '#next' });
    expect(await finished(jobId)).toMatchObject({ status: 'completed', attempts: 1 });
    const { metadata } = await record(jobId);
    expect(metadata.finalUrl).toBe(`${pages.baseUrl}/hostile/next-2.html`);
    expect(metadata.readiness.selfNavigations).toBe(1);
  });

  it('captures a page that reloads itself for ever in every format at its first attempt, holding its reloads', async () => {
    // Before, it failed ("The page kept loading new documents…") or not, by how fast its format was shot.
    const url = `${pages.baseUrl}/hostile/reload-loop.html`;
    const requests = [{ url }, { url, fullPage: true }, { url, format: 'pdf' }, { url, format: 'jpeg' }];
    const jobIds = await Promise.all(requests.map((request) => submit(request)));
    for (const jobId of jobIds) {
      expect(await finished(jobId)).toMatchObject({ status: 'completed', attempts: 1 });
      const { metadata } = await record(jobId);
      expect(metadata.finalUrl).toBe(url);
      expect(metadata.readiness.selfNavigations).toBeGreaterThanOrEqual(2);
      expect(metadata.readiness.heldNavigations).toBeGreaterThanOrEqual(1);
    }
  });

  it('fails a page whose script never yields at its first attempt, within seconds of it going silent', async () => {
    // Before, every wait, evaluation and shot of the capture went unanswered until the attempt's
    // whole allowance (CAPTURE_TIMEOUT_MS, 150 s by default) ran out.
    const jobId = await submit({ url: `${pages.baseUrl}/hostile/busy.html` });
    const status = await finished(jobId);
    expect(status).toMatchObject({ status: 'failed', attempts: 1, errorCode: 'CAPTURE_FAILED' });
    expect(status.error).toMatch(
      /^The page stopped responding: its main thread was busy for 1\d s without a break \(a script that never yields/,
    );
    expect(Date.parse(status.completedAt) - Date.parse(status.startedAt)).toBeLessThan(25_000);
    // The slot is free again: the next capture runs.
    const next = await submit({ url: `${pages.baseUrl}/hostile/landed.html` });
    expect(await finished(next)).toMatchObject({ status: 'completed', attempts: 1 });
  });

  it('applies disableAnimations under a Content-Security-Policy that refuses inline styles', async () => {
    // Before, its injected style was refused and every attempt failed.
    const jobId = await submit({ url: `${pages.baseUrl}/csp/hostile/still.html`, disableAnimations: true });
    expect(await finished(jobId)).toMatchObject({ status: 'completed', attempts: 1 });
    const image = await decodePixels(
      (await api.app.inject({ url: `/jobs/${jobId}/result`, headers: auth() })).rawPayload,
    );
    expect(close(image.at(600, 150), [40, 150, 90])).toBe(true); // the endless animation stopped
  });

  it('hides an element of an SVG document', async () => {
    // Before, a document without <head> failed every attempt ("Cannot read properties of null").
    const jobId = await submit({ url: `${pages.baseUrl}/hostile/drawing.svg`, hideSelectors: ['#cover'] });
    expect(await finished(jobId)).toMatchObject({ status: 'completed', attempts: 1 });
    const image = await decodePixels(
      (await api.app.inject({ url: `/jobs/${jobId}/result`, headers: auth() })).rawPayload,
    );
    expect(close(image.at(300, 250), [40, 150, 90])).toBe(true);
  });

  it('captures a page whose web font never arrives with disableAnimations, once its load budget runs out', async () => {
    // Before, that shot waited for the font without a bound of its own, until the attempt's deadline.
    const jobId = await submit({
      url: `${pages.baseUrl}/hostile/font-hang.html?hang=${encodeURIComponent(hangOrigin)}`,
      disableAnimations: true,
    });
    const status = await finished(jobId);
    expect(status).toMatchObject({ status: 'completed', attempts: 1 });
    expect(Date.parse(status.completedAt) - Date.parse(status.startedAt)).toBeLessThan(
      LOAD_TIMEOUT_MS + 5000,
    );
    const image = await decodePixels(
      (await api.app.inject({ url: `/jobs/${jobId}/result`, headers: auth() })).rawPayload,
    );
    expect(close(image.at(600, 300), [200, 230, 255])).toBe(true);
  });

  it('captures a page whose scripts replaced built-ins, in every mode, at the first attempt', async () => {
    // Before, a page without Promise.race failed every attempt ("page.evaluate: TypeError:
    // Promise.race is not a function"); stand-ins for Map and Set lost the description, and a
    // getBoundingClientRect of the page's own the element ("has no visible size"). The request's
    // javascript runs in the page's own world, as it must, and still runs there.
    const url = `${pages.baseUrl}/hostile/legacy.html`;
    const ids = await Promise.all([
      submit({ url }),
      submit({ url, fullPage: true }),
      submit({ url, element: '#buy' }),
      submit({ url, description: 'the page footer' }),
      submit({ url, hideSelectors: ['#cover'], disableAnimations: true }),
      submit({ url, format: 'pdf' }),
      submit({ url, javascript: "document.getElementById('cover').style.background = 'rgb(0, 128, 0)';" }),
    ]);
    const images = [];
    for (const jobId of ids) {
      expect(await finished(jobId)).toMatchObject({ status: 'completed', attempts: 1 });
      const bytes = (await api.app.inject({ url: `/jobs/${jobId}/result`, headers: auth() })).rawPayload;
      images.push(jobId === ids[5] ? null : await decodePixels(bytes));
    }
    const [view, full, element, described, hidden, , scripted] = images;
    expect([view?.width, view?.height]).toEqual([1280, 720]);
    expect([full?.width, full?.height]).toEqual([1280, 3000]);
    expect(close(full?.at(600, 2950) ?? [], [51, 51, 51])).toBe(true);
    expect([element?.width, element?.height]).toEqual([200, 50]);
    expect(close(element?.at(100, 25) ?? [], [200, 50, 50])).toBe(true);
    expect([described?.width, described?.height]).toEqual([1280, 120]);
    expect((await record(ids[3] ?? '')).metadata).toMatchObject({ aiSelectorUsed: expect.any(String) });
    expect(close(hidden?.at(600, 400) ?? [], [255, 255, 255])).toBe(true);
    expect(close(scripted?.at(600, 400) ?? [], [0, 128, 0])).toBe(true); // the request's javascript ran
    const pdf = await record(ids[5] ?? '');
    expect(pdf.contentType).toBe('application/pdf');
    const pdfBytes = (await api.app.inject({ url: `/jobs/${ids[5]}/result`, headers: auth() })).rawPayload;
    expect(pdfBytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('fails a server whose answer is not HTTP at once, saying so (the egress reads it first)', async () => {
    const raw = await startRawServer('SSH-2.0-OpenSSH_9.2\r\n');
    const { host } = raw;
    try {
      const status = await finished(await submit({ url: `http://${host}/` }));
      expect(status).toMatchObject({ status: 'failed', attempts: 1, errorCode: 'TARGET_UNREACHABLE' });
      // Node's HTTP parser's own words follow (llhttp's: "Expected HTTP/, RTSP/ or ICE/").
      expect(String(status.error)).toContain(
        `${host} answered with something that is not valid HTTP (Expected HTTP/`,
      );
    } finally {
      await raw.close();
    }
  });

  it('fails a URL that answers 204 No Content at once, saying so', async () => {
    const url = `${pages.baseUrl}/status/204`;
    const status = await finished(await submit({ url }));
    expect(status).toMatchObject({ status: 'failed', attempts: 1, errorCode: 'CAPTURE_FAILED' });
    expect(status.error).toBe(`${url} answered HTTP 204 (no content): there is no page to capture`);
  });

  it('fails a URL that is a file, not a page, at once, saying what the file is', async () => {
    const pdf = `${pages.baseUrl}/file?type=application/pdf`;
    const attached = `${pages.baseUrl}/file?type=text/csv&attach=1`;
    const zip = `${pages.baseUrl}/file?type=application/zip`;
    const [a, b, c] = await Promise.all(
      [pdf, attached, zip].map(async (url) => finished(await submit({ url }))),
    );
    for (const status of [a, b, c]) {
      expect(status).toMatchObject({ status: 'failed', attempts: 1, errorCode: 'CAPTURE_FAILED' });
    }
    expect(a?.error).toBe(
      `${pdf} is a PDF document (application/pdf): headless Chromium saves PDF files instead of showing them, so there is no page to capture`,
    );
    expect(b?.error).toBe(
      `${attached} is sent as a file to save (Content-Disposition: attachment, text/csv), not a page: nothing to capture`,
    );
    expect(c?.error).toBe(
      `${zip} is a file of type application/zip, which the browser saves instead of showing: nothing to capture`,
    );
  });

  it('names the URL a redirect leads to when Chromium refuses its port', async () => {
    const target = 'http://127.0.0.2:25/';
    const url = `${pages.baseUrl}/redirect?to=${encodeURIComponent(target)}`;
    const status = await finished(await submit({ url }));
    expect(status).toMatchObject({ status: 'failed', attempts: 1, errorCode: 'TARGET_UNREACHABLE' });
    expect(status.error).toBe(
      `Chromium refuses to load ${target}, where ${url} redirects: port 25 is one browsers never connect to (ERR_UNSAFE_PORT)`,
    );
  });

  it('captures a page that opens windows in a loop, with no popup ever opened', async () => {
    const before = pages.requests.filter((r) => r.includes('popup=')).length;
    const jobId = await submit({ url: `${pages.baseUrl}/popups.html` });
    const status = await finished(jobId);
    expect(status).toMatchObject({ status: 'completed', attempts: 1 });
    expect(pages.requests.filter((r) => r.includes('popup=')).length).toBe(before);
    const image = await decodePixels(
      (await api.app.inject({ url: `/jobs/${jobId}/result`, headers: auth() })).rawPayload,
    );
    expect(close(image.at(1000, 600), [240, 230, 140])).toBe(true); // the page itself, not a popup
    expect((await record(jobId)).metadata.finalUrl).toBe(`${pages.baseUrl}/popups.html`);
  });
});
