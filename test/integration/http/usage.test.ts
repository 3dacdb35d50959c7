import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '../../helpers/api.js';
import { startTestApi } from '../../helpers/api.js';
import type { ModeEnv } from '../../helpers/modes.js';
import { MODES } from '../../helpers/modes.js';
import { awayFromMinuteEdge } from '../../helpers/poll.js';
import { openStores } from '../../../src/main/compose.js';

// GET /usage (CONTRACT §4b): the numbers the quota and the per-minute limit enforce, in both modes.
describe.each(MODES)('GET /usage ($name)', (mode) => {
  let modeEnv: ModeEnv;
  let api: TestApi;
  beforeAll(async () => {
    modeEnv = await mode.open();
    api = await startTestApi({ ...modeEnv.env, CACHE_TTL_SECONDS: '0' });
  });
  afterAll(async () => {
    await api?.close();
    await modeEnv?.close();
  });

  const auth = (apiKey: string) => ({ authorization: `Bearer ${apiKey}` });
  const usage = async (apiKey: string) => {
    const res = await api.app.inject({ url: '/usage', headers: auth(apiKey) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const submit = (apiKey: string, n: number) =>
    api.app.inject({
      method: 'POST',
      url: '/screenshots/web',
      headers: auth(apiKey),
      payload: { url: `http://127.0.0.2:9/usage/${n}` },
    });

  it('reports the plan, the calendar month, the quota and the minute window of a new account', async () => {
    const { apiKey } = await api.account('FREE');
    const body = await usage(apiKey);
    const now = new Date();
    expect(body).toEqual({
      plan: 'FREE',
      billing: 'active',
      period: {
        start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString(),
        end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString(),
      },
      quota: { limit: 100, used: 0, remaining: 100 },
      rateLimit: { limit: 10, remaining: 10, resetSeconds: expect.any(Number) },
    });
    expect(body.rateLimit.resetSeconds).toBeGreaterThanOrEqual(1);
    expect(body.rateLimit.resetSeconds).toBeLessThanOrEqual(60);
  });

  it('counts what the limits count, is not counted itself, and agrees with the 429s', async () => {
    await awayFromMinuteEdge();
    const { accountId, apiKey } = await api.account('STARTER', { monthlyQuota: 3, rateLimit: 4 });
    const first = await submit(apiKey, 1);
    expect(first.statusCode).toBe(202);
    expect((await submit(apiKey, 2)).statusCode).toBe(202);
    for (let i = 0; i < 3; i++) {
      expect(await usage(apiKey)).toMatchObject({
        plan: 'STARTER',
        quota: { limit: 3, used: 2, remaining: 1 },
        rateLimit: { limit: 4, remaining: 2 },
      });
    }
    // Its rate-limit numbers are the ones the submit's RateLimit headers give.
    const third = await submit(apiKey, 3);
    expect(third.headers['ratelimit-remaining']).toBe('1');
    expect(await usage(apiKey)).toMatchObject({
      quota: { used: 3, remaining: 0 },
      rateLimit: { remaining: 1 },
    });
    expect((await submit(apiKey, 4)).json().code).toBe('QUOTA_EXCEEDED');
    expect(await usage(apiKey)).toMatchObject({ rateLimit: { remaining: 0 } });
    expect((await submit(apiKey, 5)).json().code).toBe('RATE_LIMITED');

    // A job that ends failed gives its unit back.
    const stores = openStores(api.config);
    try {
      const jobId = first.json().jobId as string;
      await stores.jobs.startAttempt(jobId, 't', new Date().toISOString());
      await stores.jobs.fail(jobId, 't', { code: 'X', message: 'gave up' }, new Date().toISOString());
    } finally {
      await stores.closeAndWait();
    }
    expect(await usage(apiKey)).toMatchObject({ quota: { used: 2, remaining: 1 } });
    expect(accountId).toMatch(/^acc_/);
  });

  it('answers a lapsed account, and 401 without a valid key', async () => {
    const { accountId, apiKey } = await api.account('GROWTH');
    await api.setBilling(accountId, 'lapsed');
    expect(await usage(apiKey)).toMatchObject({ plan: 'GROWTH', billing: 'lapsed' });
    const anonymous = await api.app.inject({ url: '/usage' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('INVALID_API_KEY');
  });

  it('is described in the OpenAPI document', async () => {
    const openapi = (await api.app.inject({ url: '/openapi.json' })).json();
    const schema = openapi.paths['/usage'].get.responses['200'].content['application/json'].schema;
    expect(Object.keys(schema.properties).sort()).toEqual([
      'billing',
      'period',
      'plan',
      'quota',
      'rateLimit',
    ]);
    expect(Object.keys(schema.properties.rateLimit.properties)).toEqual([
      'limit',
      'remaining',
      'resetSeconds',
    ]);
  });
});
