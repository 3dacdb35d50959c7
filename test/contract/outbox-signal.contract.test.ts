import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StoreFixture } from '../helpers/contract-adapters.js';
import { STORE_ADAPTERS } from '../helpers/contract-adapters.js';
import { newJob, OPEN_QUOTA, PNG_RESULT } from '../helpers/job-fixture.js';
import { until } from '../helpers/poll.js';

const quota = OPEN_QUOTA;
const result = PNG_RESULT;

// The outbox signal: every job that ends and every redelivery queued is announced once its
// transaction committed — in scale-out to every process (here: a job ended through a second
// connection, as another process would).
describe.each(STORE_ADAPTERS)('OutboxSignal contract: $name', (adapter) => {
  let s: StoreFixture;
  let heard: string[];
  let unsubscribe: () => void;
  beforeEach(async () => {
    s = await adapter.open();
    heard = [];
    unsubscribe = s.signal.subscribe((jobId) => heard.push(jobId));
    await s.signalReady();
  });
  afterEach(async () => {
    unsubscribe();
    await s.close();
  });

  it('announces a completed job, a failed one, a cached one and a redelivery; nothing else', async () => {
    const done = newJob('acc_1');
    const failed = newJob('acc_1');
    await s.jobs.createWithinQuota(done, quota);
    await s.jobs.createWithinQuota(failed, quota);
    await s.jobs.startAttempt(done.id, 't1', new Date().toISOString());
    await s.jobs.startAttempt(failed.id, 't2', new Date().toISOString());
    await s.jobs.requeue(failed.id, 't2', { code: 'X', message: 'retry' });
    expect(await until(async () => true, 200).then(() => heard)).toEqual([]);
    await s.jobs.complete(done.id, 't1', result, new Date().toISOString());
    await s.jobs.startAttempt(failed.id, 't3', new Date().toISOString());
    await s.jobs.fail(failed.id, 't3', { code: 'X', message: 'gave up' }, new Date().toISOString());
    const cached = newJob('acc_1', {
      status: 'completed',
      completedAt: new Date().toISOString(),
      result: { ...result, cached: true },
    });
    await s.jobs.createWithinQuota(cached, quota);
    await s.outbox.redeliver(
      {
        jobId: done.id,
        accountId: 'acc_1',
        event: 'job.completed',
        url: 'https://hooks.test/x',
        occurredAt: new Date().toISOString(),
      },
      new Date(),
    );
    await until(async () => heard.length >= 4 || undefined, 5000);
    expect(heard).toEqual([done.id, failed.id, cached.id, done.id]);
  });

  it('does not announce a stale attempt, and stops when unsubscribed', async () => {
    const job = newJob('acc_1');
    await s.jobs.createWithinQuota(job, quota);
    await s.jobs.startAttempt(job.id, 't1', new Date().toISOString());
    expect(await s.jobs.complete(job.id, 'stale', result, new Date().toISOString())).toBe(false);
    unsubscribe();
    await s.jobs.complete(job.id, 't1', result, new Date().toISOString());
    await new Promise((r) => setTimeout(r, 300));
    expect(heard).toEqual([]);
  });

  it('reaches this listener when another connection (in scale-out: another process) ends the job', async () => {
    const other = await s.reopen();
    try {
      const job = newJob('acc_1');
      await s.jobs.createWithinQuota(job, quota);
      await other.jobs.startAttempt(job.id, 't1', new Date().toISOString());
      await other.jobs.complete(job.id, 't1', result, new Date().toISOString());
      await until(async () => heard.length >= 1 || undefined, 5000);
      expect(heard).toEqual([job.id]);
    } finally {
      await other.close();
    }
  });
});
