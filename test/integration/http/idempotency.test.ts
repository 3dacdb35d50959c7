import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '../../helpers/api.js';
import { startTestApi } from '../../helpers/api.js';
import type { ModeEnv } from '../../helpers/modes.js';
import { MODES } from '../../helpers/modes.js';
import { awayFromMinuteEdge } from '../../helpers/poll.js';

// Idempotency-Key on POST /screenshots/web (CONTRACT §4b), in both modes. In scale-out two API
// processes (in-process here) share PostgreSQL and Redis: a retry may land on either.
describe.each(MODES)('Idempotency-Key ($name)', (mode) => {
  let modeEnv: ModeEnv;
  let apis: TestApi[];
  beforeAll(async () => {
    modeEnv = await mode.open();
    apis = await Promise.all(
      (mode.shared ? [1, 2] : [1]).map(() => startTestApi({ ...modeEnv.env, CACHE_TTL_SECONDS: '0' })),
    );
  });
  afterAll(async () => {
    for (const api of apis ?? []) await api.close();
    await modeEnv?.close();
  });

  const api = (i = 0): TestApi => apis[i % apis.length]!;

  function submit(key: string, apiKey: string, payload: unknown, i = 0) {
    return api(i).app.inject({
      method: 'POST',
      url: '/screenshots/web',
      headers: {
        authorization: `Bearer ${apiKey}`,
        'content-type': 'application/json',
        ...(key === '' || key ? { 'idempotency-key': key } : {}),
      },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  }

  async function usage(apiKey: string) {
    const res = await api().app.inject({ url: '/usage', headers: { authorization: `Bearer ${apiKey}` } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ quota: { used: number }; rateLimit: { remaining: number } }>();
  }

  it('answers a retry with the first job: same 202, no second quota or rate-limit unit', async () => {
    await awayFromMinuteEdge();
    const { apiKey } = await api().account('STARTER', { rateLimit: 3 });
    const body = { url: 'http://127.0.0.2:9/order', fullPage: true, dimensions: { width: 800, height: 600 } };
    const first = await submit('order-1001', apiKey, body);
    expect(first.statusCode, first.body).toBe(202);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const accepted = first.json<{ jobId: string; statusUrl: string }>();
    // The same value in another key order and spacing is the same body.
    const reordered =
      '{ "dimensions": {"height": 600, "width": 800}, "fullPage": true, "url": "http://127.0.0.2:9/order" }';
    for (let i = 0; i < 5; i++) {
      const again = await submit('order-1001', apiKey, i % 2 ? body : reordered, i);
      expect(again.statusCode, again.body).toBe(202);
      expect(again.json()).toMatchObject({
        jobId: accepted.jobId,
        status: 'queued',
        statusUrl: accepted.statusUrl,
      });
      expect(again.headers.location).toBe(accepted.statusUrl);
      expect(again.headers['idempotent-replayed']).toBe('true');
    }
    expect(await usage(apiKey)).toMatchObject({ quota: { used: 1 }, rateLimit: { remaining: 2 } });
  });

  it('answers 409 IDEMPOTENCY_KEY_REUSED to the same key with another body, and keeps keys per account', async () => {
    const a = await api().account('FREE');
    const b = await api().account('FREE');
    const first = await submit('shared-key', a.apiKey, { url: 'http://127.0.0.2:9/a' });
    expect(first.statusCode).toBe(202);
    const reused = await submit('shared-key', a.apiKey, { url: 'http://127.0.0.2:9/b' }, 1);
    expect(reused.statusCode).toBe(409);
    expect(reused.headers['content-type']).toContain('application/problem+json');
    expect(reused.json()).toMatchObject({ status: 409, code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(reused.json().detail).toContain('different request body');
    const other = await submit('shared-key', b.apiKey, { url: 'http://127.0.0.2:9/a' });
    expect(other.statusCode).toBe(202);
    expect(other.json().jobId).not.toBe(first.json().jobId);
    expect((await usage(a.apiKey)).quota.used).toBe(1);
  });

  it('remembers only accepted requests: after a 400 or a 403 the key is still free', async () => {
    const { apiKey } = await api().account('FREE');
    const invalid = await submit('fix-and-retry', apiKey, { url: 'ftp://127.0.0.2/' });
    expect(invalid.statusCode).toBe(400);
    const abovePlan = await submit('fix-and-retry', apiKey, { url: 'http://127.0.0.2:9/x', fullPage: true });
    expect(abovePlan.statusCode).toBe(403);
    const fixed = await submit('fix-and-retry', apiKey, { url: 'http://127.0.0.2:9/x' });
    expect(fixed.statusCode, fixed.body).toBe(202);
    expect(fixed.headers['idempotent-replayed']).toBeUndefined();
  });

  it('refuses an empty or over-long key with 400 naming Idempotency-Key', async () => {
    const { apiKey } = await api().account('FREE');
    const body = { url: 'http://127.0.0.2:9/k' };
    for (const key of ['', 'k'.repeat(256)]) {
      const res = await submit(key, apiKey, body);
      expect(res.statusCode, key).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        errors: [{ field: 'Idempotency-Key', message: expect.stringMatching(/empty|at most 255/) }],
      });
    }
    expect((await submit('k'.repeat(255), apiKey, body)).statusCode).toBe(202);
  });

  it('creates exactly one job for concurrent requests with one key', async () => {
    const { apiKey } = await api().account('STARTER', { rateLimit: 100 });
    const body = { url: 'http://127.0.0.2:9/concurrent' };
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => submit('burst', apiKey, body, i)));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(20).fill(202));
    expect(new Set(answers.map((res) => res.json().jobId)).size).toBe(1);
    expect(answers.filter((res) => res.headers['idempotent-replayed'] === undefined)).toHaveLength(1);
    expect((await usage(apiKey)).quota.used).toBe(1);
  });

  it('documents the header and the 409 in the OpenAPI document', async () => {
    const post = (await api().app.inject({ url: '/openapi.json' })).json().paths['/screenshots/web'].post;
    expect(post.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ in: 'header', name: 'idempotency-key', required: false }),
      ]),
    );
    expect(Object.keys(post.responses)).toContain('409');
  });
});
