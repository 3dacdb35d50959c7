/** Client tests of CONTRACT §4b (long-poll, `GET /usage`, `Idempotency-Key`) against `shots serve` in-process. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Shots, ShotsError } from '../../../src/client/index.js';
import type { FixtureServer } from '../../helpers/fixture-server.js';
import { startFixtureServer } from '../../helpers/fixture-server.js';
import type { LiveService } from '../../helpers/live-service.js';
import { startLiveService } from '../../helpers/live-service.js';
import { urlOf } from '../../helpers/recording-fetch.js';

let pages: FixtureServer;
let live: LiveService;

beforeAll(async () => {
  pages = await startFixtureServer();
  live = await startLiveService();
});
afterAll(async () => {
  await live?.close();
  await pages?.close();
});

/** A client whose requests are counted by path. */
async function countedClient(plan: 'STARTER' | 'FREE' = 'STARTER', limits = {}) {
  const paths: string[] = [];
  const account = await live.account(plan, limits);
  const shots = new Shots({
    baseUrl: live.baseUrl,
    apiKey: account.apiKey,
    fetch: (input, init) => {
      const url = new URL(urlOf(input));
      paths.push(url.pathname + url.search);
      return fetch(input, init);
    },
  });
  return { shots, paths, account };
}

describe('CONTRACT §4b through the client', () => {
  it('status(jobId, { waitSeconds }) holds the answer until the job ends: one request', async () => {
    const { shots, paths } = await countedClient();
    const { jobId } = await shots.submit({ url: `${pages.baseUrl}/simple.html`, bypassCache: true });
    paths.length = 0;
    const done = await shots.status(jobId, { waitSeconds: 30 });
    expect(done.status).toBe('completed');
    expect(paths).toEqual([`/jobs/${jobId}/status?waitSeconds=30`]);
  });

  it('waitFor() follows a job with long-polls, not a stream of polls', async () => {
    const { shots, paths } = await countedClient();
    const { jobId } = await shots.submit({ url: `${pages.baseUrl}/simple.html`, bypassCache: true });
    paths.length = 0;
    await shots.waitFor(jobId, { waitSeconds: 20 });
    expect(paths.length).toBeLessThanOrEqual(2);
  });

  it('usage() reports the plan, the month and what is left', async () => {
    const { shots } = await countedClient('STARTER', { monthlyQuota: 5, rateLimit: 7 });
    const before = await shots.usage();
    expect(before).toMatchObject({
      plan: 'STARTER',
      billing: 'active',
      quota: { limit: 5, used: 0, remaining: 5 },
      rateLimit: { limit: 7 },
    });
    expect(Date.parse(before.period.start)).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(before.period.end)).toBeGreaterThan(Date.now());
    await shots.submit({ url: `${pages.baseUrl}/simple.html` });
    expect((await shots.usage()).quota).toEqual({ limit: 5, used: 1, remaining: 4 });
  });

  it('the same Idempotency-Key and body answer with the first job; another body is 409', async () => {
    const { shots } = await countedClient();
    const body = { url: `${pages.baseUrl}/simple.html`, bypassCache: true };
    const first = await shots.submit(body, { idempotencyKey: 'order-42' });
    const again = await shots.submit(body, { idempotencyKey: 'order-42' });
    expect(again.jobId).toBe(first.jobId);
    expect((await shots.usage()).quota.used).toBe(1);
    const err = await shots
      .submit({ ...body, format: 'jpeg' }, { idempotencyKey: 'order-42' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ShotsError);
    expect(err).toMatchObject({ status: 409, code: 'IDEMPOTENCY_KEY_REUSED' });
  });
});
