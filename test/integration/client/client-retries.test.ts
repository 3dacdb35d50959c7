import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RetryNotice } from '../../../src/client/index.js';
import { Shots, ShotsError } from '../../../src/client/index.js';
import type { FixtureServer } from '../../helpers/fixture-server.js';
import { startFixtureServer } from '../../helpers/fixture-server.js';
import type { FlakyGateway, GatewayMove } from '../../helpers/flaky-gateway.js';
import { startFlakyGateway } from '../../helpers/flaky-gateway.js';
import type { LiveService } from '../../helpers/live-service.js';
import { startLiveService } from '../../helpers/live-service.js';

let pages: FixtureServer;
let live: LiveService;
let gateway: FlakyGateway;
let apiKey = '';
let jobId = '';

beforeAll(async () => {
  pages = await startFixtureServer();
  live = await startLiveService();
  gateway = await startFlakyGateway(live.baseUrl);
  apiKey = (await live.account('STARTER')).apiKey;
  const direct = new Shots({ baseUrl: live.baseUrl, apiKey });
  jobId = (await direct.capture({ url: `${pages.baseUrl}/simple.html` })).jobId;
});
beforeEach(() => {
  gateway.requests.length = 0;
  gateway.plan(() => 'forward');
});
afterAll(async () => {
  await gateway?.close();
  await live?.close();
  await pages?.close();
});

const unavailable = (retryAfter?: string): GatewayMove => ({
  answer: { status: 503, headers: retryAfter ? { 'retry-after': retryAfter } : {}, body: 'deploying' },
});

describe('retries through a gateway that fails on purpose', () => {
  it('waits the Retry-After of a 503, then reads', async () => {
    const notices: RetryNotice[] = [];
    gateway.plan((_r, i) => (i === 0 ? unavailable('1') : 'forward'));
    const shots = new Shots({ baseUrl: gateway.baseUrl, apiKey, onRetry: (n) => notices.push(n) });
    expect(await shots.status(jobId)).toMatchObject({ jobId, status: 'completed' });
    expect(gateway.requests).toHaveLength(2);
    expect(gateway.requests[1]!.at - gateway.requests[0]!.at).toBeGreaterThanOrEqual(990);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      attempt: 1,
      delayMs: 1000,
      error: { status: 503, retryAfterSeconds: 1 },
    });
  });

  it('retries a 429 RATE_LIMITED after its Retry-After', async () => {
    const problem = JSON.stringify({
      type: 'urn:shots:problem:rate-limited',
      title: 'Too Many Requests',
      status: 429,
      detail: 'More than 40 capture requests in a minute; retry in 1 s.',
      code: 'RATE_LIMITED',
    });
    gateway.plan((_r, i) =>
      i === 0
        ? {
            answer: {
              status: 429,
              headers: { 'retry-after': '1', 'content-type': 'application/problem+json' },
              body: problem,
            },
          }
        : 'forward',
    );
    const shots = new Shots({ baseUrl: gateway.baseUrl, apiKey });
    const accepted = await shots.submit({ url: `${pages.baseUrl}/simple.html` });
    expect(accepted.status).toBe('queued');
    expect(gateway.requests).toHaveLength(2);
    expect(gateway.requests[1]!.at - gateway.requests[0]!.at).toBeGreaterThanOrEqual(990);
  });

  it('sends a submission again with the same Idempotency-Key when its answer was lost', async () => {
    gateway.plan((_r, i) =>
      i === 0 ? { forwardThenAnswer: { status: 502, body: 'bad gateway' } } : 'forward',
    );
    const shots = new Shots({ baseUrl: gateway.baseUrl, apiKey, retry: { minDelayMs: 10 } });
    const accepted = await shots.submit({ url: `${pages.baseUrl}/simple.html`, bypassCache: true });
    expect(accepted.jobId).toMatch(/^job_web_/);
    const keys = gateway.requests.map((r) => r.headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    // A key given by the caller is the one sent.
    gateway.requests.length = 0;
    await shots.submit({ url: `${pages.baseUrl}/simple.html` }, { idempotencyKey: 'order-1234' });
    expect(gateway.requests[0]!.headers['idempotency-key']).toBe('order-1234');
  });

  it('gives up after `retries` with the last error, backing off in between', async () => {
    gateway.plan(() => unavailable());
    const shots = new Shots({ baseUrl: gateway.baseUrl, apiKey, retry: { retries: 2, minDelayMs: 20 } });
    const err = await shots.status(jobId).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ShotsError);
    expect(err).toMatchObject({ status: 503, code: 'INTERNAL_ERROR' });
    expect(gateway.requests).toHaveLength(3);
  });

  it('does not retry what is not safe to repeat, nor anything with retry: false', async () => {
    gateway.plan(() => unavailable('1'));
    const shots = new Shots({ baseUrl: gateway.baseUrl, apiKey });
    await expect(shots.redeliver(jobId)).rejects.toMatchObject({ status: 503 });
    expect(gateway.requests).toHaveLength(1);
    const once = new Shots({ baseUrl: gateway.baseUrl, apiKey, retry: false });
    gateway.requests.length = 0;
    await expect(once.status(jobId)).rejects.toMatchObject({ status: 503, retryAfterSeconds: 1 });
    await expect(once.submit({ url: `${pages.baseUrl}/simple.html` })).rejects.toMatchObject({ status: 503 });
    expect(gateway.requests).toHaveLength(2);
    expect(gateway.requests[1]!.headers['idempotency-key']).toBeUndefined();
  });
});
