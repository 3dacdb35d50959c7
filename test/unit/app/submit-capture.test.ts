import { describe, expect, it } from 'vitest';
import { createPlaywrightDevices } from '../../../src/adapters/playwright/devices.js';
import type { SubmitDeps } from '../../../src/app/submit-capture.js';
import { submitCapture } from '../../../src/app/submit-capture.js';
import type { Account } from '../../../src/domain/account.js';
import type { CaptureRequest, ProxyLocation } from '../../../src/domain/capture-request.js';
import type { Job, JobResult } from '../../../src/domain/job.js';
import type { JobStore } from '../../../src/ports/job-store.js';

// submitCapture's cache and proxyLocation rules, with fakes of our own ports and a fake clock.

const ACCOUNT: Account = {
  id: 'acct_1',
  name: 'test',
  plan: 'BUSINESS',
  billing: 'active',
  monthlyQuotaOverride: null,
  rateLimitOverride: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

/** The job records submitCapture reads and writes, in memory. */
function fakeJobs(): JobStore & { all: Job[]; completeNow(jobId: string, at: Date): void } {
  const all: Job[] = [];
  const store = {
    all,
    createWithinQuota: async (job: Job) => {
      all.push(structuredClone(job));
      return 'created' as const;
    },
    findCached: async (accountId: string, cacheKey: string, notBefore: string) =>
      all
        .filter(
          (j) =>
            j.accountId === accountId &&
            j.cacheKey === cacheKey &&
            j.status === 'completed' &&
            (j.completedAt ?? '') >= notBefore,
        )
        .sort((a, b) => (b.completedAt ?? '').localeCompare(a.completedAt ?? ''))[0] ?? null,
    completeNow(jobId: string, at: Date) {
      const job = all.find((j) => j.id === jobId)!;
      const result: JobResult = {
        format: 'png',
        contentType: 'image/png',
        bytes: 10,
        artifactKey: `${jobId}.png`,
        cached: false,
        metadata: { finalUrl: 'x', httpStatus: 200 },
      };
      Object.assign(job, { status: 'completed', completedAt: at.toISOString(), result });
    },
  };
  return store as unknown as JobStore & typeof store;
}

function harness(options: { ttlSeconds?: number; proxyLocations?: ProxyLocation[] } = {}) {
  let now = new Date('2026-03-10T12:00:00.000Z');
  const jobs = fakeJobs();
  const enqueued: string[] = [];
  const deps: SubmitDeps = {
    jobs,
    queue: { enqueue: async (id: string) => void enqueued.push(id) } as unknown as SubmitDeps['queue'],
    urlGuard: { check: async () => null },
    clock: { now: () => now, setTimer: () => () => undefined },
    estimate: async () => 1,
    cacheTtlSeconds: options.ttlSeconds ?? 3600,
    secrets: {
      seal: (plain: string) => `sealed:${plain}`,
      open: (sealed: string) => sealed.slice(7),
      digest: (plain: string) => `digest:${plain.length}`,
    },
    devices: createPlaywrightDevices(),
    ...(options.proxyLocations ? { proxyLocations: new Set(options.proxyLocations) } : {}),
  };
  return {
    jobs,
    enqueued,
    submit: (request: CaptureRequest) => submitCapture(deps, ACCOUNT, request),
    advance: (seconds: number) => {
      now = new Date(now.getTime() + seconds * 1000);
      return now;
    },
    job: (id: string) => jobs.all.find((j) => j.id === id)!,
  };
}

const REQUEST: CaptureRequest = { url: 'https://example.com/', format: 'jpeg' };

describe('the result cache', () => {
  it('serves an identical request from the cache at once, saying when the artifact was captured', async () => {
    const h = harness();
    const first = await h.submit(REQUEST);
    const capturedAt = h.advance(5);
    h.jobs.completeNow(first.jobId, capturedAt);
    h.advance(60);
    const second = await h.submit({ ...REQUEST, webhookUrl: 'https://hooks.example.com/' });
    expect(second.estimatedSeconds).toBe(0);
    expect(h.enqueued).toEqual([first.jobId]);
    const cached = h.job(second.jobId);
    expect(cached).toMatchObject({
      status: 'completed',
      cacheKey: h.job(first.jobId).cacheKey,
      webhookUrl: 'https://hooks.example.com/',
    });
    expect(cached.result).toMatchObject({
      cached: true,
      artifactKey: `${first.jobId}.png`,
      capturedAt: capturedAt.toISOString(),
    });
  });

  it('lets the TTL run from the capture, not from a cached copy of it', async () => {
    const h = harness({ ttlSeconds: 100 });
    const first = await h.submit(REQUEST);
    h.jobs.completeNow(first.jobId, h.advance(1));
    h.advance(80);
    const copy = await h.submit(REQUEST); // within the TTL: a cached copy, completed now
    expect(h.job(copy.jobId).result?.cached).toBe(true);
    h.advance(40); // 120 s after the capture, 40 s after the copy
    const third = await h.submit(REQUEST);
    expect(h.job(third.jobId).status).toBe('queued');
    expect(h.enqueued).toEqual([first.jobId, third.jobId]);
  });

  it('misses for a different option, and with bypassCache', async () => {
    const h = harness();
    const first = await h.submit(REQUEST);
    h.jobs.completeNow(first.jobId, h.advance(1));
    for (const request of [
      { ...REQUEST, blockAds: true },
      { ...REQUEST, acceptCookies: true },
      { ...REQUEST, stealth: true },
      { ...REQUEST, format: 'png' as const },
      { ...REQUEST, bypassCache: true },
    ]) {
      const accepted = await h.submit(request);
      expect(h.job(accepted.jobId).status, JSON.stringify(request)).toBe('queued');
    }
  });

  it('is off with a TTL of 0', async () => {
    const h = harness({ ttlSeconds: 0 });
    const first = await h.submit(REQUEST);
    h.jobs.completeNow(first.jobId, h.advance(1));
    const second = await h.submit(REQUEST);
    expect(h.job(second.jobId).status).toBe('queued');
  });
});

describe('proxyLocation at submit time', () => {
  it('accepts a region with a configured proxy', async () => {
    const h = harness({ proxyLocations: ['eu-west'] });
    const accepted = await h.submit({ ...REQUEST, proxyLocation: 'eu-west' });
    expect(h.job(accepted.jobId).spec.proxyLocation).toBe('eu-west');
  });

  it('refuses a region without one, naming the field and the regions there are', async () => {
    const h = harness({ proxyLocations: ['eu-west', 'us-east'] });
    await expect(h.submit({ ...REQUEST, proxyLocation: 'ap-southeast' })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      errors: [{ field: 'proxyLocation', message: expect.stringContaining('configured: eu-west, us-east') }],
    });
  });

  it('refuses every region when no proxy is configured', async () => {
    const h = harness();
    await expect(h.submit({ ...REQUEST, proxyLocation: 'us-east' })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      errors: [{ field: 'proxyLocation', message: expect.stringContaining('configured: none') }],
    });
  });
});
