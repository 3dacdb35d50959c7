import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newJob } from '../helpers/job-fixture.js';
import type { StoreFixture } from './adapters.js';
import { STORE_ADAPTERS } from './adapters.js';

const quota = { monthlyQuota: 100, monthStart: '2000-01-01T00:00:00.000Z' };
const result = {
  format: 'png' as const,
  contentType: 'image/png',
  bytes: 10,
  artifactKey: 'a/b.png',
  cached: false,
  metadata: {},
};

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
});

describe.each(STORE_ADAPTERS)('JobQueue contract: $name', (adapter) => {
  let s: StoreFixture;
  beforeEach(async () => {
    s = await adapter.open();
  });
  afterEach(async () => {
    await s.close();
  });

  it('hands a job to one taker only, and is idempotent on enqueue', async () => {
    await s.queue.enqueue('job_a');
    await s.queue.enqueue('job_a');
    const other = await s.reopen();
    const [x, y] = await Promise.all([s.queue.take('w1', 10_000, 200), other.queue.take('w2', 10_000, 200)]);
    expect([x, y].filter(Boolean)).toHaveLength(1);
    expect((x ?? y)?.jobId).toBe('job_a');
    expect(await s.queue.depth()).toEqual({ waiting: 0, active: 1 });
    await other.close();
  });

  it('wakes a waiting taker as soon as a job is enqueued', async () => {
    const started = Date.now();
    const taking = s.queue.take('w1', 10_000, 5000);
    setTimeout(() => void s.queue.enqueue('job_b'), 50);
    expect((await taking)?.jobId).toBe('job_b');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('hands an expired lease to another worker and stops the old holder from extending it', async () => {
    await s.queue.enqueue('job_c');
    const first = await s.queue.take('w1', 100, 100);
    expect(first).not.toBeNull();
    expect(await s.queue.take('w2', 100, 10)).toBeNull();
    await new Promise((r) => setTimeout(r, 150));
    // Embedded: at once; BullMQ: once its stalled-job check has seen the lock gone.
    const second = await s.queue.take('w2', 10_000, 5000);
    expect(second?.jobId).toBe('job_c');
    expect(await s.queue.extend(first!, 10_000)).toBe(false);
    expect(await s.queue.extend(second!, 10_000)).toBe(true);
  });

  it('delivers a retried job again at its time, and forgets an acknowledged one', async () => {
    await s.queue.enqueue('job_d');
    const lease = await s.queue.take('w1', 10_000, 100);
    await s.queue.ack(lease!, new Date(Date.now() + 300));
    expect(await s.queue.take('w1', 10_000, 10)).toBeNull();
    const again = await s.queue.take('w1', 10_000, 2000);
    expect(again?.jobId).toBe('job_d');
    await s.queue.ack(again!);
    expect(await s.queue.depth()).toEqual({ waiting: 0, active: 0 });
  });
});
