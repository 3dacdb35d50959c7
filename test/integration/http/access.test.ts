import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '../../helpers/api.js';
import { startTestApi } from '../../helpers/api.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api.close();
});

const body = JSON.stringify({ url: 'http://127.0.0.2/' });
function submit(authorization?: string, payload = body) {
  return api.app.inject({
    method: 'POST',
    url: '/screenshots/web',
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
    payload,
  });
}

describe('keys, billing, limits and quota', () => {
  it.each([
    ['no header', undefined],
    ['not bearer', 'Basic abc'],
    ['garbage', 'Bearer x'],
    ['very long garbage', `Bearer ${'A'.repeat(5000)}`],
    ['right shape, unknown', `Bearer shots_sk_${'A'.repeat(43)}`],
    ['non-ascii', 'Bearer shots_sk_ééééé'],
  ])('answers 401 INVALID_API_KEY to %s', async (_name, header) => {
    const res = await submit(header);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'INVALID_API_KEY', status: 401 });
  });

  it('refuses a revoked key, and accepts another key of the same account', async () => {
    const { accountId, apiKey } = await api.account('FREE');
    const { createKey, revokeKey } = await import('../../../src/app/accounts.js');
    const { accountDeps, openStores } = await import('../../../src/main/compose.js');
    const stores = openStores(api.config);
    const second = await createKey(accountDeps(stores), accountId);
    const firstId = (await stores.accounts.findKeyByHash(
      (await import('../../../src/app/api-keys.js')).hashApiKey(apiKey),
    ))!.keyId;
    await revokeKey(accountDeps(stores), firstId);
    stores.close();
    expect((await submit(`Bearer ${apiKey}`)).statusCode).toBe(401);
    expect((await submit(`Bearer ${second.apiKey}`)).statusCode).toBe(202);
  });

  it('answers 402 to a lapsed account before looking at the body', async () => {
    const { accountId, apiKey } = await api.account('STARTER');
    await api.setBilling(accountId, 'lapsed');
    const res = await submit(`Bearer ${apiKey}`, '{"nonsense": true}');
    expect(res.statusCode).toBe(402);
    expect(res.json().code).toBe('PAYMENT_REQUIRED');
    await api.setBilling(accountId, 'active');
    expect((await submit(`Bearer ${apiKey}`)).statusCode).toBe(202);
  });

  it('answers 429 RATE_LIMITED past the per-minute limit, with Retry-After and RateLimit headers', async () => {
    const { apiKey } = await api.account('FREE', { rateLimit: 2 });
    expect((await submit(`Bearer ${apiKey}`)).statusCode).toBe(202);
    const second = await submit(`Bearer ${apiKey}`);
    expect(second.statusCode).toBe(202);
    expect(second.headers['ratelimit-remaining']).toBe('0');
    const third = await submit(`Bearer ${apiKey}`, '{"bad": 1}');
    expect(third.statusCode).toBe(429);
    expect(third.json().code).toBe('RATE_LIMITED');
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect(third.headers['ratelimit-limit']).toBe('2');
    expect(third.headers['ratelimit-reset']).toBeDefined();
  });

  it('answers 429 QUOTA_EXCEEDED once the monthly quota is used', async () => {
    const { apiKey } = await api.account('FREE', { monthlyQuota: 2 });
    expect((await submit(`Bearer ${apiKey}`)).statusCode).toBe(202);
    expect((await submit(`Bearer ${apiKey}`, JSON.stringify({ url: 'http://127.0.0.2/2' }))).statusCode).toBe(
      202,
    );
    const res = await submit(`Bearer ${apiKey}`, JSON.stringify({ url: 'http://127.0.0.2/3' }));
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('QUOTA_EXCEEDED');
  });
});

describe('job links', () => {
  it('reports status, hides jobs of other accounts, and answers 409 before completion', async () => {
    const a = await api.account('FREE');
    const b = await api.account('FREE');
    const accepted = (await submit(`Bearer ${a.apiKey}`)).json();
    const status = await api.app.inject({
      url: accepted.statusUrl,
      headers: { authorization: `Bearer ${a.apiKey}` },
    });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({
      jobId: accepted.jobId,
      type: 'WEB',
      status: 'queued',
      attempts: 0,
      maxAttempts: 3,
    });
    expect(Date.parse(status.json().createdAt)).not.toBeNaN();
    const other = await api.app.inject({
      url: accepted.statusUrl,
      headers: { authorization: `Bearer ${b.apiKey}` },
    });
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('JOB_NOT_FOUND');
    const none = await api.app.inject({
      url: '/jobs/job_web_nope/status',
      headers: { authorization: `Bearer ${a.apiKey}` },
    });
    expect(none.json().code).toBe('JOB_NOT_FOUND');
    const result = await api.app.inject({
      url: `/jobs/${accepted.jobId}/result`,
      headers: { authorization: `Bearer ${a.apiKey}` },
    });
    expect(result.statusCode).toBe(409);
    expect(result.json().code).toBe('JOB_NOT_READY');
    const anonymous = await api.app.inject({ url: accepted.statusUrl });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('every error is a problem', () => {
  it('answers problem+json for what the router refuses before any route runs', async () => {
    const key = (await api.account('FREE')).apiKey;
    const auth = { authorization: `Bearer ${key}` };
    const cases: [string, number, string][] = [
      ['/%', 400, 'VALIDATION_ERROR'],
      ['/jobs/%zz/status', 400, 'VALIDATION_ERROR'],
      [`/jobs/${'x'.repeat(600)}/status`, 404, 'JOB_NOT_FOUND'],
      [`/jobs/job_web_${'a'.repeat(200)}/result`, 404, 'JOB_NOT_FOUND'],
      ['/jobs/job_web_!!!!!!!!!!!!!!!!!!!!!!!!/status', 404, 'JOB_NOT_FOUND'],
      ['/jobs/job_web_abcdefghijklmnopqrstuvwx/webhooks', 404, 'JOB_NOT_FOUND'],
      ['/no/such/route', 404, 'NOT_FOUND'],
    ];
    for (const [url, status, code] of cases) {
      const res = await api.app.inject({ url, headers: auth });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['content-type'], url).toMatch(/^application\/problem\+json/);
      expect(res.json(), url).toMatchObject({
        status,
        code,
        type: expect.any(String),
        title: expect.any(String),
      });
    }
    const method = await api.app.inject({ method: 'DELETE', url: '/screenshots/web', headers: auth });
    expect(method.headers['content-type']).toMatch(/^application\/problem\+json/);
  });
});

describe('operations', () => {
  it('serves health, readiness, metrics, OpenAPI and docs', async () => {
    expect((await api.app.inject({ url: '/healthz' })).json().status).toBe('ok');
    expect((await api.app.inject({ url: '/readyz' })).json().status).toBe('ready');
    const metrics = await api.app.inject({ url: '/metrics' });
    expect(metrics.body).toContain('shots_http_request_duration_seconds');
    const openapi = (await api.app.inject({ url: '/openapi.json' })).json();
    expect(openapi.openapi).toBe('3.1.0');
    const post = openapi.paths['/screenshots/web'].post;
    expect(Object.keys(post.requestBody.content['application/json'].schema.properties)).toContain(
      'webhookUrl',
    );
    expect(Object.keys(post.responses)).toEqual(
      expect.arrayContaining(['202', '400', '401', '402', '403', '415', '429']),
    );
    expect(openapi.paths['/jobs/{jobId}/status']).toBeDefined();
    const docs = await api.app.inject({ url: '/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toContain('text/html');
    const missing = await api.app.inject({ url: '/nope' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('application/problem+json');
    // Without PUBLIC_BASE_URL the document names no server: clients resolve paths against it.
    expect(openapi.servers).toBeUndefined();
  });

  it('declares every error status of POST /screenshots/web as problem+json, 413 included', async () => {
    const openapi = (await api.app.inject({ url: '/openapi.json' })).json();
    const responses = openapi.paths['/screenshots/web'].post.responses;
    for (const status of ['400', '401', '402', '403', '409', '413', '415', '429', '500']) {
      expect(Object.keys(responses[status]?.content ?? {}), status).toEqual(['application/problem+json']);
    }
  });

  it('names PUBLIC_BASE_URL as the server of the OpenAPI document', async () => {
    const publicApi = await startTestApi({ PUBLIC_BASE_URL: 'https://shots.example.com/' });
    try {
      const openapi = (await publicApi.app.inject({ url: '/openapi.json' })).json();
      expect(openapi.servers).toEqual([{ url: 'https://shots.example.com' }]);
    } finally {
      await publicApi.close();
    }
  });
});
