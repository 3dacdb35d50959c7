import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newJob, OPEN_QUOTA, PNG_RESULT } from '../helpers/job-fixture.js';
import type { StoreFixture } from '../helpers/contract-adapters.js';
import { STORE_ADAPTERS } from '../helpers/contract-adapters.js';

const quota = OPEN_QUOTA;
const result = PNG_RESULT;

describe.each(STORE_ADAPTERS)('JobStore contract: $name', (adapter) => {
  let s: StoreFixture;
  beforeEach(async () => {
    s = await adapter.open();
  });
  afterEach(async () => {
    await s.close();
  });

  it('creates within quota and refuses past it; failed jobs give their unit back', async () => {
    const small = { ...quota, monthlyQuota: 2 };
    const a = newJob('acc_1');
    expect(await s.jobs.createWithinQuota(a, small)).toBe('created');
    expect(await s.jobs.createWithinQuota(newJob('acc_1'), small)).toBe('created');
    expect(await s.jobs.createWithinQuota(newJob('acc_1'), small)).toBe('quota_exceeded');
    expect(await s.jobs.createWithinQuota(newJob('acc_2'), small)).toBe('created');
    const started = await s.jobs.startAttempt(a.id, 't1', new Date().toISOString());
    expect(started?.attempts).toBe(1);
    expect(await s.jobs.fail(a.id, 't1', { code: 'X', message: 'boom' }, new Date().toISOString())).toBe(
      true,
    );
    expect(await s.jobs.usedThisMonth('acc_1', small.monthStart)).toBe(1);
    expect(await s.jobs.createWithinQuota(newJob('acc_1'), small)).toBe('created');
  });

  it('hides a job from other accounts', async () => {
    const job = newJob('acc_1');
    await s.jobs.createWithinQuota(job, quota);
    expect((await s.jobs.get(job.id, 'acc_1'))?.status).toBe('queued');
    expect(await s.jobs.get(job.id, 'acc_2')).toBeNull();
  });

  it('ends a job exactly once and rejects a stale attempt', async () => {
    const job = newJob('acc_1');
    await s.jobs.createWithinQuota(job, quota);
    await s.jobs.startAttempt(job.id, 'old', new Date().toISOString());
    // The lease ran out and another worker took the job.
    const second = await s.jobs.startAttempt(job.id, 'new', new Date().toISOString());
    expect(second?.attempts).toBe(2);
    expect(await s.jobs.complete(job.id, 'old', result, new Date().toISOString())).toBe(false);
    expect(await s.jobs.complete(job.id, 'new', result, new Date().toISOString(), 250)).toBe(true);
    expect(await s.jobs.complete(job.id, 'new', result, new Date().toISOString())).toBe(false);
    expect(await s.jobs.fail(job.id, 'new', { code: 'X', message: 'late' }, new Date().toISOString())).toBe(
      false,
    );
    expect(await s.jobs.startAttempt(job.id, 'third', new Date().toISOString())).toBeNull();
    const done = await s.jobs.get(job.id, 'acc_1');
    expect(done?.status).toBe('completed');
    expect(done?.result?.artifactKey).toBe('a/b.png');
    expect(await s.outboxEvents(job.id)).toEqual(['job.completed']);
    expect(await s.jobs.recentCaptureMs()).toBe(250);
  });

  it('requeues a retryable failure and fails a job whose every attempt was interrupted', async () => {
    const job = newJob('acc_1');
    await s.jobs.createWithinQuota(job, quota);
    await s.jobs.startAttempt(job.id, 't1', new Date().toISOString());
    expect(await s.jobs.requeue(job.id, 't1', { code: 'NAVIGATION_TIMEOUT', message: 'slow' })).toBe(true);
    expect((await s.jobs.get(job.id, 'acc_1'))?.status).toBe('queued');
    await s.jobs.startAttempt(job.id, 't2', new Date().toISOString());
    await s.jobs.startAttempt(job.id, 't3', new Date().toISOString());
    expect(await s.jobs.startAttempt(job.id, 't4', new Date().toISOString())).toBeNull();
    const failed = await s.jobs.get(job.id, 'acc_1');
    expect(failed?.status).toBe('failed');
    expect(failed?.attempts).toBe(3);
    expect(await s.outboxEvents(job.id)).toEqual(['job.failed']);
  });

  it('finds a cached result of the same account within the TTL only', async () => {
    const job = newJob('acc_1', { cacheKey: 'same' });
    await s.jobs.createWithinQuota(job, quota);
    await s.jobs.startAttempt(job.id, 't', new Date().toISOString());
    await s.jobs.complete(job.id, 't', result, new Date().toISOString());
    expect((await s.jobs.findCached('acc_1', 'same', new Date(Date.now() - 60_000).toISOString()))?.id).toBe(
      job.id,
    );
    expect(await s.jobs.findCached('acc_2', 'same', new Date(Date.now() - 60_000).toISOString())).toBeNull();
    expect(await s.jobs.findCached('acc_1', 'same', new Date(Date.now() + 60_000).toISOString())).toBeNull();
  });

  it('lists unfinished jobs for the orphan sweep', async () => {
    const job = newJob('acc_1', { createdAt: new Date(Date.now() - 120_000).toISOString() });
    await s.jobs.createWithinQuota(job, quota);
    expect(await s.jobs.listUnfinished(new Date(Date.now() - 60_000).toISOString(), 10)).toEqual([job.id]);
  });

  describe('Idempotency-Key records', () => {
    const claim = (key: string, requestHash = 'h1', notBefore = '2000-01-01T00:00:00.000Z') => ({
      key,
      requestHash,
      notBefore,
    });

    it('records a key with its job, per account, and replays it without writing anything, quota or not', async () => {
      const first = newJob('acc_1');
      expect(await s.jobs.createWithinQuota(first, quota, claim('order-42'))).toBe('created');
      expect(await s.jobs.findIdempotencyKey('acc_1', 'order-42', quota.monthStart)).toEqual({
        jobId: first.id,
        requestHash: 'h1',
        createdAt: first.createdAt,
      });
      // The same key of another account is another key.
      expect(await s.jobs.findIdempotencyKey('acc_2', 'order-42', quota.monthStart)).toBeNull();
      expect(await s.jobs.createWithinQuota(newJob('acc_2'), quota, claim('order-42'))).toBe('created');

      const again = newJob('acc_1');
      const full = { ...quota, monthlyQuota: 1 };
      expect(await s.jobs.createWithinQuota(again, full, claim('order-42', 'h2'))).toEqual({
        replay: { jobId: first.id, requestHash: 'h1', createdAt: first.createdAt },
      });
      expect(await s.jobs.get(again.id, 'acc_1')).toBeNull();
      expect(await s.jobs.usedThisMonth('acc_1', quota.monthStart)).toBe(1);
      // Without a key the quota still applies.
      expect(await s.jobs.createWithinQuota(newJob('acc_1'), full)).toBe('quota_exceeded');
    });

    it('replaces a record past its window', async () => {
      const old = newJob('acc_1', { createdAt: '2030-01-01T00:00:00.000Z' });
      await s.jobs.createWithinQuota(old, quota, claim('k'));
      const later = newJob('acc_1', { createdAt: '2030-01-02T01:00:00.000Z' });
      expect(await s.jobs.findIdempotencyKey('acc_1', 'k', '2030-01-01T01:00:00.000Z')).toBeNull();
      expect(await s.jobs.createWithinQuota(later, quota, claim('k', 'h2', '2030-01-01T01:00:00.000Z'))).toBe(
        'created',
      );
      expect((await s.jobs.findIdempotencyKey('acc_1', 'k', quota.monthStart))?.jobId).toBe(later.id);
    });

    it('creates exactly one job for concurrent requests with one key, from two connections', async () => {
      const other = await s.reopen();
      try {
        const jobs = Array.from({ length: 12 }, () => newJob('acc_1'));
        const outcomes = await Promise.all(
          jobs.map((job, i) =>
            (i % 2 === 0 ? s.jobs : other.jobs).createWithinQuota(job, quota, claim('same')),
          ),
        );
        const created = jobs.filter((_, i) => outcomes[i] === 'created');
        expect(created).toHaveLength(1);
        for (const outcome of outcomes.filter((o) => o !== 'created'))
          expect(outcome).toMatchObject({ replay: { jobId: created[0]!.id } });
        expect(await s.jobs.usedThisMonth('acc_1', quota.monthStart)).toBe(1);
      } finally {
        await other.close();
      }
    });
  });

  it('inserts a job served from cache only while a job still holds its artifact', async () => {
    const original = newJob('acc_1', { cacheKey: 'c' });
    await s.jobs.createWithinQuota(original, quota);
    await s.jobs.startAttempt(original.id, 't', new Date().toISOString());
    await s.jobs.complete(
      original.id,
      't',
      { ...result, artifactKey: 'acc_1/held.png' },
      new Date().toISOString(),
    );
    const copy = (artifactKey: string) =>
      newJob('acc_1', {
        status: 'completed',
        startedAt: new Date().toISOString(),
        completedAt: new Date().toISOString(),
        result: { ...result, artifactKey, cached: true },
      });
    expect(await s.jobs.createWithinQuota(copy('acc_1/held.png'), quota)).toBe('created');
    const orphan = copy('acc_1/deleted.png');
    expect(await s.jobs.createWithinQuota(orphan, quota)).toBe('cache_gone');
    expect(await s.jobs.get(orphan.id, 'acc_1')).toBeNull();
  });
});
