import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Job } from '../../src/domain/job.js';
import { newJob, OPEN_QUOTA, PNG_RESULT } from '../helpers/job-fixture.js';
import type { AttemptRecord, ClaimedDelivery } from '../../src/ports/webhook-outbox.js';
import type { StoreFixture } from '../helpers/contract-adapters.js';
import { STORE_ADAPTERS } from '../helpers/contract-adapters.js';

const quota = OPEN_QUOTA;
const result = PNG_RESULT;

/** A job of `acc_1` that completed: the job store wrote its `job.completed` outbox row. */
async function completedJob(s: StoreFixture, accountId = 'acc_1'): Promise<Job> {
  const job = newJob(accountId);
  await s.jobs.createWithinQuota(job, quota);
  await s.jobs.startAttempt(job.id, 't', new Date().toISOString());
  expect(await s.jobs.complete(job.id, 't', result, new Date().toISOString())).toBe(true);
  return job;
}

function attempt(d: ClaimedDelivery, httpStatus: number | null): AttemptRecord {
  return {
    attempt: d.attempts + 1,
    startedAt: new Date().toISOString(),
    durationMs: 12,
    httpStatus,
    error: httpStatus === 200 ? null : 'HTTP 500',
  };
}

describe.each(STORE_ADAPTERS)('WebhookOutbox contract: $name', (adapter) => {
  let s: StoreFixture;
  beforeEach(async () => {
    s = await adapter.open();
  });
  afterEach(async () => {
    await s.close();
  });

  it('claims a terminal event once, schedules the retry and records each attempt', async () => {
    const job = await completedJob(s);
    const now = Date.now();
    const [claimed, ...more] = await s.outbox.claimDue(now, 10, 30_000);
    expect(more).toEqual([]);
    expect(claimed).toMatchObject({
      jobId: job.id,
      accountId: 'acc_1',
      event: 'job.completed',
      url: 'https://hooks.test/x',
      attempts: 0,
    });
    expect(claimed!.id).toMatch(/^msg_/);
    expect(await s.outbox.claimDue(now, 10, 30_000)).toEqual([]);

    const retryAt = new Date(now + 60_000);
    expect(
      await s.outbox.recordAttempt(claimed!, attempt(claimed!, 500), {
        state: 'pending',
        nextAttemptAt: retryAt,
      }),
    ).toBe(true);
    expect(await s.outbox.claimDue(now + 1000, 10, 30_000)).toEqual([]);
    const [again] = await s.outbox.claimDue(retryAt.getTime(), 10, 30_000);
    expect(again).toMatchObject({ id: claimed!.id, attempts: 1 });
    expect(await s.outbox.recordAttempt(again!, attempt(again!, 200), { state: 'delivered' })).toBe(true);

    const [record, ...others] = await s.outbox.listForJob(job.id, 'acc_1');
    expect(others).toEqual([]);
    expect(record).toMatchObject({ id: claimed!.id, state: 'delivered', attempts: 2, nextAttemptAt: null });
    expect(record!.attemptsLog.map((a) => [a.attempt, a.httpStatus, a.nextAttemptAt])).toEqual([
      [1, 500, retryAt.toISOString()],
      [2, 200, null],
    ]);
    expect(await s.outbox.listForJob(job.id, 'acc_2')).toEqual([]);
  });

  it('hands a delivery whose lease ran out to the next claim, same id; the old holder writes nothing', async () => {
    await completedJob(s);
    const now = Date.now();
    const [first] = await s.outbox.claimDue(now, 10, 1000);
    expect(await s.outbox.claimDue(now + 999, 10, 1000)).toEqual([]);
    const [second] = await s.outbox.claimDue(now + 1000, 10, 1000);
    expect(second?.id).toBe(first!.id);
    expect(await s.outbox.recordAttempt(first!, attempt(first!, 200), { state: 'delivered' })).toBe(false);
    await s.outbox.release(first!);
    expect(await s.outbox.recordAttempt(second!, attempt(second!, 200), { state: 'delivered' })).toBe(true);
    expect(await s.outbox.claimDue(now + 10_000, 10, 1000)).toEqual([]);
  });

  it('makes a released delivery due again at once without counting an attempt', async () => {
    await completedJob(s);
    const [claimed] = await s.outbox.claimDue(Date.now(), 10, 30_000);
    await s.outbox.release(claimed!);
    const [again] = await s.outbox.claimDue(Date.now(), 10, 30_000);
    expect(again).toMatchObject({ id: claimed!.id, attempts: 0 });
  });

  it('never lets two dispatchers claim the same delivery', async () => {
    const jobs = [];
    for (let i = 0; i < 12; i++) jobs.push(await completedJob(s));
    const other = await s.reopen();
    const now = Date.now();
    const claims = await Promise.all([
      s.outbox.claimDue(now, 5, 30_000),
      other.outbox.claimDue(now, 5, 30_000),
      s.outbox.claimDue(now, 5, 30_000),
      other.outbox.claimDue(now, 5, 30_000),
    ]);
    const ids = claims.flat().map((d) => d.id);
    expect(ids).toHaveLength(12);
    expect(new Set(ids).size).toBe(12);
    expect(new Set(claims.flat().map((d) => d.jobId))).toEqual(new Set(jobs.map((j) => j.id)));
    await other.close();
  });

  it('queues a redelivery with a new id, due at once, listed after the first', async () => {
    const job = await completedJob(s);
    const [first] = await s.outbox.claimDue(Date.now(), 10, 30_000);
    await s.outbox.recordAttempt(first!, attempt(first!, 200), { state: 'delivered' });
    const now = new Date();
    const redelivery = await s.outbox.redeliver(
      {
        jobId: job.id,
        accountId: 'acc_1',
        event: 'job.completed',
        url: 'https://hooks.test/x',
        occurredAt: '2026-01-02T03:04:05.000Z',
      },
      now,
    );
    expect(redelivery).toMatchObject({
      state: 'pending',
      attempts: 0,
      attemptsLog: [],
      nextAttemptAt: now.toISOString(),
    });
    expect(redelivery.id).not.toBe(first!.id);
    const [claimed] = await s.outbox.claimDue(now.getTime(), 10, 30_000);
    expect(claimed).toMatchObject({ id: redelivery.id, occurredAt: '2026-01-02T03:04:05.000Z' });
    expect((await s.outbox.listForJob(job.id, 'acc_1')).map((d) => d.id)).toEqual([first!.id, redelivery.id]);
  });

  it('counts the backlog: pending deliveries due now and those scheduled for a retry', async () => {
    expect(await s.outbox.backlog(Date.now())).toEqual({ due: 0, scheduled: 0 });
    await completedJob(s);
    await completedJob(s);
    const now = Date.now();
    expect(await s.outbox.backlog(now)).toEqual({ due: 2, scheduled: 0 });
    const [first, second] = await s.outbox.claimDue(now, 10, 30_000);
    // A delivery in flight is still due: it is not done until its attempt is recorded.
    expect(await s.outbox.backlog(now)).toEqual({ due: 2, scheduled: 0 });
    await s.outbox.recordAttempt(first!, attempt(first!, 500), {
      state: 'pending',
      nextAttemptAt: new Date(now + 60_000),
    });
    await s.outbox.recordAttempt(second!, attempt(second!, 200), { state: 'delivered' });
    expect(await s.outbox.backlog(now)).toEqual({ due: 0, scheduled: 1 });
    expect(await s.outbox.backlog(now + 60_000)).toEqual({ due: 1, scheduled: 0 });
  });
});
