import { imageSize } from 'image-size';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '../../helpers/api.js';
import { startTestApi } from '../../helpers/api.js';
import type { FixtureServer } from '../../helpers/fixture-server.js';
import { startFixtureServer } from '../../helpers/fixture-server.js';
import { until } from '../../helpers/poll.js';
import { expectDocumentedRecord } from '../../helpers/record-schema.js';
import type { FakeGateway } from '../../helpers/fake-gateway.js';
import { promptImage, promptText, selectorFromPrompt, startFakeGateway } from '../../helpers/fake-gateway.js';

// `description` through the whole service: submit, let the worker capture with real Chromium,
// download the result and read its record. crop.html's subscribe button is 240x60; the page 1280x2400.

let pages: FixtureServer;

beforeAll(async () => {
  pages = await startFixtureServer();
});
afterAll(async () => {
  await pages?.close();
});

/** Submits as a FREE account (description is on every plan), waits for the end, returns the result bytes and record. */
async function captureThrough(api: TestApi, key: string, body: Record<string, unknown>) {
  const auth = { authorization: `Bearer ${key}` };
  const submitted = await api.app.inject({
    method: 'POST',
    url: '/screenshots/web',
    headers: auth,
    payload: body,
  });
  expect(submitted.statusCode, submitted.body).toBe(202);
  const { jobId } = submitted.json<{ jobId: string }>();
  const status = await until(async () => {
    const s = (await api.app.inject({ url: `/jobs/${jobId}/status`, headers: auth })).json<{
      status: string;
    }>();
    return s.status === 'completed' || s.status === 'failed' ? s : undefined;
  }, 90_000);
  expect(status).toMatchObject({ status: 'completed', attempts: 1 });
  const bytes = (await api.app.inject({ url: `/jobs/${jobId}/result`, headers: auth })).rawPayload;
  const record = (
    await api.app.inject({ url: `/jobs/${jobId}/result`, headers: { ...auth, accept: 'application/json' } })
  ).json<{
    width: number;
    height: number;
    metadata: Record<string, unknown>;
  }>();
  expectDocumentedRecord(record);
  return { bytes, record };
}

describe('description on the default service (offline locator)', () => {
  let api: TestApi;
  let key: string;
  beforeAll(async () => {
    api = await startTestApi({ JOB_RETRY_DELAYS: '0,0', CONCURRENCY: '1' }, { api: true, worker: true });
    await api.service.start();
    key = (await api.account('FREE')).apiKey;
  });
  afterAll(async () => {
    await api?.close();
  });

  it('crops the result to the described element and reports how it was found', async () => {
    const { bytes, record } = await captureThrough(api, key, {
      url: `${pages.baseUrl}/locator/crop.html`,
      description: 'the subscribe button',
    });
    expect(imageSize(bytes)).toMatchObject({ type: 'png', width: 240, height: 60 });
    expect([record.width, record.height]).toEqual([240, 60]);
    expect(record.metadata).toMatchObject({
      aiSelectorUsed: '#subscribe',
      rawAiSelector: '#subscribe',
      aiLocator: 'offline',
    });
    expect(record.metadata.aiConfidence).toBeGreaterThanOrEqual(0.6);
    expect(record.metadata.aiConfidence).toBeLessThanOrEqual(1);
  });

  it('returns the full page when the description fits nothing on it', async () => {
    const { bytes, record } = await captureThrough(api, key, {
      url: `${pages.baseUrl}/locator/crop.html`,
      description: 'the quarterly revenue chart',
    });
    expect(imageSize(bytes)).toMatchObject({ width: 1280, height: 2400 });
    expect(record.metadata).toMatchObject({ aiSelectorUsed: null, rawAiSelector: null });
    expect(typeof record.metadata.aiConfidence).toBe('number');
    expect(record.metadata.aiConfidence).toBeLessThan(0.6);
  });
});

describe('description through a model gateway (AI_GATEWAY_URL)', () => {
  let api: TestApi;
  let key: string;
  let gateway: FakeGateway;
  beforeAll(async () => {
    gateway = await startFakeGateway((request) => ({
      content: JSON.stringify({ selector: selectorFromPrompt(request, 'Subscribe now'), confidence: 0.88 }),
    }));
    api = await startTestApi(
      {
        JOB_RETRY_DELAYS: '0,0',
        CONCURRENCY: '1',
        AI_GATEWAY_URL: gateway.baseUrl,
        AI_GATEWAY_API_KEY: 'sk-e2e-secret',
        AI_MODEL: 'vision-e2e',
        AI_TIMEOUT_MS: '5000',
      },
      { api: true, worker: true },
    );
    await api.service.start();
    key = (await api.account('FREE')).apiKey;
  });
  afterAll(async () => {
    await api?.close();
    await gateway?.close();
  });

  it('asks the configured model with the screenshot and crops to its answer', async () => {
    const { bytes, record } = await captureThrough(api, key, {
      url: `${pages.baseUrl}/locator/crop.html`,
      description: 'the red call to action',
      format: 'webp',
    });
    expect(imageSize(bytes)).toMatchObject({ type: 'webp', width: 240, height: 60 });
    expect(record.metadata).toMatchObject({
      aiSelectorUsed: '#subscribe',
      aiConfidence: 0.88,
      rawAiSelector: '#subscribe',
      aiLocator: 'gateway',
      aiModel: 'vision-e2e',
    });
    expect(JSON.stringify(record)).not.toContain('sk-e2e-secret');
    expect(gateway.requests).toHaveLength(1);
    expect(gateway.requests[0]!.headers.authorization).toBe('Bearer sk-e2e-secret');
    expect(gateway.requests[0]!.body.model).toBe('vision-e2e');
    expect(promptImage(gateway.requests[0]!)).toMatch(/^data:image\/jpeg;base64,/);
    // The model chooses among the offline matcher's shortlist, not the whole map.
    expect(promptText(gateway.requests[0]!)).toMatch(/Elements \(the \d+ likeliest of \d+ visible/);
  });

  it('completes with the full page when the gateway is down', async () => {
    gateway.reply = () => ({ status: 502, json: { error: { message: 'upstream down' } } });
    const { bytes, record } = await captureThrough(api, key, {
      url: `${pages.baseUrl}/locator/crop.html`,
      description: 'the subscribe button',
    });
    expect(imageSize(bytes)).toMatchObject({ width: 1280, height: 2400 });
    expect(record.metadata).toMatchObject({ aiSelectorUsed: null, aiConfidence: 0, rawAiSelector: null });
    expect(String(record.metadata.aiError)).toContain('answered HTTP 502');
  });
});
