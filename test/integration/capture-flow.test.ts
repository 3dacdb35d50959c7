import { imageSize } from 'image-size';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '../helpers/api.js';
import { startTestApi } from '../helpers/api.js';
import type { FixtureServer } from '../helpers/fixture-server.js';
import { startFixtureServer } from '../helpers/fixture-server.js';
import { jobClient } from '../helpers/jobs.js';

let api: TestApi;
let pages: FixtureServer;
let key: string;

beforeAll(async () => {
  pages = await startFixtureServer();
  api = await startTestApi(
    { JOB_RETRY_DELAYS: '0,0', NAVIGATION_TIMEOUT_MS: '2000', CACHE_TTL_SECONDS: '3600' },
    { api: true, worker: true },
  );
  await api.service.start();
  key = (await api.account('BUSINESS')).apiKey;
});
afterAll(async () => {
  await api?.close();
  await pages?.close();
});

const { auth, submit, finished } = jobClient(
  () => api.app,
  () => key,
  60_000,
);

async function result(jobId: string) {
  const res = await api.app.inject({ url: `/jobs/${jobId}/result`, headers: auth() });
  return { res, bytes: res.rawPayload };
}

describe('capture flow on the embedded default', () => {
  it('captures a page at 1280x720 png by default and serves bytes and record', async () => {
    const jobId = await submit({ url: `${pages.baseUrl}/simple.html` });
    const status = await finished(jobId);
    expect(status).toMatchObject({ status: 'completed', attempts: 1, resultUrl: `/jobs/${jobId}/result` });
    const { res, bytes } = await result(jobId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(Number(res.headers['content-length'])).toBe(bytes.length);
    expect(imageSize(bytes)).toMatchObject({ width: 1280, height: 720, type: 'png' });
    const record = (
      await api.app.inject({
        url: `/jobs/${jobId}/result`,
        headers: { ...auth(), accept: 'application/json' },
      })
    ).json();
    expect(record).toMatchObject({
      jobId,
      type: 'WEB',
      status: 'completed',
      format: 'png',
      contentType: 'image/png',
      bytes: bytes.length,
      width: 1280,
      height: 720,
      cached: false,
    });
    expect(record.metadata).toMatchObject({ finalUrl: `${pages.baseUrl}/simple.html`, httpStatus: 200 });
  });

  it.each([
    ['jpeg', 'image/jpeg'],
    ['webp', 'image/webp'],
  ])('captures %s at the asked dimensions', async (format, contentType) => {
    const jobId = await submit({
      url: `${pages.baseUrl}/simple.html`,
      format,
      dimensions: { width: 800, height: 600 },
    });
    expect((await finished(jobId)).status).toBe('completed');
    const { res, bytes } = await result(jobId);
    expect(res.headers['content-type']).toBe(contentType);
    expect(imageSize(bytes)).toMatchObject({ width: 800, height: 600 });
  });

  it('captures a pdf', async () => {
    const jobId = await submit({ url: `${pages.baseUrl}/simple.html`, format: 'pdf' });
    expect((await finished(jobId)).status).toBe('completed');
    const { res, bytes } = await result(jobId);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('crops to an element and captures a full page', async () => {
    const element = await submit({ url: `${pages.baseUrl}/element.html`, element: '#target' });
    const full = await submit({ url: `${pages.baseUrl}/tall.html`, fullPage: true });
    expect((await finished(element)).status).toBe('completed');
    expect(imageSize((await result(element)).bytes)).toMatchObject({ width: 300, height: 200 });
    expect((await finished(full)).status).toBe('completed');
    expect(imageSize((await result(full)).bytes).height).toBeGreaterThanOrEqual(5000);
  });

  it('serves an identical request from the cache, and captures afresh with bypassCache', async () => {
    const body = { url: `${pages.baseUrl}/simple.html?cache=1`, format: 'jpeg' };
    const first = await submit(body);
    await finished(first);
    const second = await submit(body);
    const status = await finished(second);
    expect(status.status).toBe('completed');
    const record = (
      await api.app.inject({
        url: `/jobs/${second}/result`,
        headers: { ...auth(), accept: 'application/json' },
      })
    ).json();
    expect(record.cached).toBe(true);
    expect(imageSize((await result(second)).bytes).type).toBe('jpg');
    const third = await submit({ ...body, bypassCache: true });
    await finished(third);
    const fresh = (
      await api.app.inject({
        url: `/jobs/${third}/result`,
        headers: { ...auth(), accept: 'application/json' },
      })
    ).json();
    expect(fresh.cached).toBe(false);
  });

  it('fails after three attempts when the target does not answer, with the timeout in the error', async () => {
    const jobId = await submit({ url: `${pages.baseUrl}/slow` });
    const status = await finished(jobId);
    expect(status).toMatchObject({
      status: 'failed',
      attempts: 3,
      error: 'Navigation timeout of 2000 ms exceeded',
    });
    const res = await api.app.inject({ url: `/jobs/${jobId}/result`, headers: auth() });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'JOB_FAILED' });
  });

  it('fails at once, without retrying, when the element is not on the page', async () => {
    const jobId = await submit({ url: `${pages.baseUrl}/simple.html`, element: '#does-not-exist' });
    const status = await finished(jobId);
    expect(status.status).toBe('failed');
    expect(status.attempts).toBe(1);
    expect(status.error).toContain('#does-not-exist');
  });
});
