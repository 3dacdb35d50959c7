import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Job, JobResult } from '../../src/domain/job.js';
import type { StoreFixture } from '../helpers/contract-adapters.js';
import { STORE_ADAPTERS } from '../helpers/contract-adapters.js';
import { newJob, OPEN_QUOTA, PNG_RESULT } from '../helpers/job-fixture.js';

// JobStore retention: what deleteExpired may delete (ended before the cut-off, no delivery pending,
// never in flight), what goes with a job, and the artifacts queued once no job holds them.
const quota = OPEN_QUOTA;
const DAY = 86_400_000;
const NOW = Date.parse('2031-06-15T12:00:00.000Z');
const ago = (days: number): string => new Date(NOW - days * DAY).toISOString();
const cutoff = ago(30);

/** A job of acc_1 created and ended `days` ago with `result` (a completed job; with a webhook). */
async function endedJob(s: StoreFixture, days: number, result: Partial<JobResult> = {}): Promise<Job> {
  const job = newJob('acc_1', { createdAt: ago(days + 0.01) });
  await s.jobs.createWithinQuota(job, quota, {
    key: `key-${job.id}`,
    requestHash: 'h',
    notBefore: ago(1000),
  });
  await s.jobs.startAttempt(job.id, 't', ago(days + 0.005));
  const artifactKey = `acc_1/${job.id}.png`;
  expect(
    await s.jobs.complete(job.id, 't', { ...PNG_RESULT, artifactKey, bytes: 1234, ...result }, ago(days)),
  ).toBe(true);
  return job;
}

/** Delivers (or gives up) the job's pending outbox rows, so that retention may take the job. */
async function settleDeliveries(s: StoreFixture): Promise<void> {
  for (const d of await s.outbox.claimDue(Date.now(), 100, 30_000)) {
    await s.outbox.recordAttempt(
      d,
      { attempt: 1, startedAt: new Date().toISOString(), durationMs: 5, httpStatus: 200, error: null },
      { state: 'delivered' },
    );
  }
}

describe.each(STORE_ADAPTERS)('JobStore retention contract: $name', (adapter) => {
  let s: StoreFixture;
  beforeEach(async () => {
    s = await adapter.open();
  });
  afterEach(async () => {
    await s.close();
  });

  it('deletes a job ended before the cut-off with its deliveries, attempts and key; keeps a younger one', async () => {
    const old = await endedJob(s, 31);
    const young = await endedJob(s, 29);
    await settleDeliveries(s);
    const batch = await s.jobs.deleteExpired(cutoff, 100);
    expect(batch).toEqual({
      rows: { jobs: 1, deliveries: 1, attempts: 1, idempotencyKeys: 1 },
      artifactsQueued: 1,
    });
    expect(await s.jobs.get(old.id, 'acc_1')).toBeNull();
    expect(await s.outbox.listForJob(old.id, 'acc_1')).toEqual([]);
    expect(await s.jobs.findIdempotencyKey('acc_1', `key-${old.id}`, ago(1000))).toBeNull();
    expect(await s.jobs.pendingArtifactDeletions(10)).toEqual([{ key: `acc_1/${old.id}.png`, bytes: 1234 }]);
    expect((await s.jobs.get(young.id, 'acc_1'))?.status).toBe('completed');
    expect(await s.outbox.listForJob(young.id, 'acc_1')).toHaveLength(1);
    expect(await s.jobs.deleteExpired(cutoff, 100)).toMatchObject({ rows: { jobs: 0 } });

    await s.jobs.forgetArtifactDeletions([`acc_1/${old.id}.png`]);
    expect(await s.jobs.pendingArtifactDeletions(10)).toEqual([]);
  });

  it('never deletes a job in flight, nor one whose webhook delivery is still pending', async () => {
    const queued = newJob('acc_1', { createdAt: ago(60) });
    await s.jobs.createWithinQuota(queued, quota);
    const processing = newJob('acc_1', { createdAt: ago(60) });
    await s.jobs.createWithinQuota(processing, quota);
    await s.jobs.startAttempt(processing.id, 't', ago(59));
    const retrying = await endedJob(s, 40);
    expect(await s.jobs.deleteExpired(cutoff, 100)).toMatchObject({ rows: { jobs: 0 }, artifactsQueued: 0 });
    expect((await s.jobs.get(queued.id, 'acc_1'))?.status).toBe('queued');
    expect((await s.jobs.get(processing.id, 'acc_1'))?.status).toBe('processing');
    expect((await s.jobs.get(retrying.id, 'acc_1'))?.status).toBe('completed');
    await settleDeliveries(s);
    expect(await s.jobs.deleteExpired(cutoff, 100)).toMatchObject({ rows: { jobs: 1 } });
  });

  it('keeps an artifact while a job served from cache still points at it, deletes it with the last one', async () => {
    const original = await endedJob(s, 35);
    const shared = `acc_1/${original.id}.png`;
    const copy = newJob('acc_1', {
      createdAt: ago(29),
      status: 'completed',
      startedAt: ago(29),
      completedAt: ago(29),
      result: { ...PNG_RESULT, artifactKey: shared, bytes: 1234, cached: true },
    });
    expect(await s.jobs.createWithinQuota(copy, quota)).toBe('created');
    await settleDeliveries(s);
    expect(await s.jobs.deleteExpired(cutoff, 100)).toMatchObject({ rows: { jobs: 1 }, artifactsQueued: 0 });
    expect(await s.jobs.pendingArtifactDeletions(10)).toEqual([]);
    // The original is gone: no cache hit can come from it, and none may point at an unheld artifact.
    expect(await s.jobs.findCached('acc_1', original.cacheKey, ago(40))).toMatchObject({ id: copy.id });
    expect(await s.jobs.deleteExpired(ago(28), 100)).toMatchObject({ rows: { jobs: 1 }, artifactsQueued: 1 });
    expect(await s.jobs.pendingArtifactDeletions(10)).toEqual([{ key: shared, bytes: 1234 }]);
    expect(await s.jobs.findCached('acc_1', original.cacheKey, ago(40))).toBeNull();
    const late = newJob('acc_1', {
      status: 'completed',
      completedAt: ago(0),
      result: { ...PNG_RESULT, artifactKey: shared, cached: true },
    });
    expect(await s.jobs.createWithinQuota(late, quota)).toBe('cache_gone');
  });

  it('deletes in batches of the given size, oldest first', async () => {
    const jobs = [];
    for (const days of [45, 44, 43, 42, 41]) jobs.push(await endedJob(s, days));
    await settleDeliveries(s);
    expect(await s.jobs.deleteExpired(cutoff, 2)).toMatchObject({ rows: { jobs: 2 } });
    expect(await s.jobs.get(jobs[0]!.id, 'acc_1')).toBeNull();
    expect(await s.jobs.get(jobs[2]!.id, 'acc_1')).not.toBeNull();
    expect(await s.jobs.deleteExpired(cutoff, 2)).toMatchObject({ rows: { jobs: 2 } });
    expect(await s.jobs.deleteExpired(cutoff, 2)).toMatchObject({ rows: { jobs: 1 } });
    expect(await s.jobs.pendingArtifactDeletions(2)).toHaveLength(2);
    expect((await s.jobs.pendingArtifactDeletions(10)).map((a) => a.key).sort()).toEqual(
      jobs.map((job) => `acc_1/${job.id}.png`).sort(),
    );
  });

  it('prunes idempotency records past their window, leaving their jobs', async () => {
    const job = newJob('acc_1', { createdAt: ago(2) });
    await s.jobs.createWithinQuota(job, quota, { key: 'k', requestHash: 'h', notBefore: ago(3) });
    const fresh = newJob('acc_1', { createdAt: ago(0.5) });
    await s.jobs.createWithinQuota(fresh, quota, { key: 'k2', requestHash: 'h', notBefore: ago(1) });
    expect(await s.jobs.pruneIdempotencyKeys(ago(1), 100)).toBe(1);
    expect(await s.jobs.findIdempotencyKey('acc_1', 'k', ago(1000))).toBeNull();
    expect(await s.jobs.findIdempotencyKey('acc_1', 'k2', ago(1000))).not.toBeNull();
    expect(await s.jobs.get(job.id, 'acc_1')).not.toBeNull();
  });
});
