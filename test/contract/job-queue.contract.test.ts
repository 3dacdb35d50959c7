import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StoreFixture } from '../helpers/contract-adapters.js';
import { STORE_ADAPTERS } from '../helpers/contract-adapters.js';

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
    // Waits long enough for a queue under load to hand the job over; the other taker then gets nothing.
    const [x, y] = await Promise.all([
      s.queue.take('w1', 10_000, 2000),
      other.queue.take('w2', 10_000, 2000),
    ]);
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
    // A lease of 1 s: long enough that a loaded machine still asks w2 within it.
    const first = await s.queue.take('w1', 1000, 5000);
    expect(first).not.toBeNull();
    expect(await s.queue.take('w2', 1000, 10)).toBeNull();
    await new Promise((r) => setTimeout(r, 1100));
    // Embedded: at once; BullMQ: once its stalled-job check has seen the lock gone.
    const second = await s.queue.take('w2', 10_000, 10_000);
    expect(second?.jobId).toBe('job_c');
    expect(await s.queue.extend(first!, 10_000)).toBe(false);
    expect(await s.queue.extend(second!, 10_000)).toBe(true);
  });

  it('delivers a retried job again at its time, and forgets an acknowledged one', async () => {
    await s.queue.enqueue('job_d');
    const lease = await s.queue.take('w1', 10_000, 5000);
    expect(lease?.jobId).toBe('job_d');
    await s.queue.ack(lease!, new Date(Date.now() + 300));
    expect(await s.queue.take('w1', 10_000, 10)).toBeNull();
    const again = await s.queue.take('w1', 10_000, 2000);
    expect(again?.jobId).toBe('job_d');
    await s.queue.ack(again!);
    expect(await s.queue.depth()).toEqual({ waiting: 0, active: 0 });
  });

  it('stops taking at once, yet still renews and acknowledges leases already out', async () => {
    await s.queue.enqueue('job_e');
    // A generous wait for the job: under load a queue may take more than 100 ms to hand it over.
    const lease = await s.queue.take('w1', 10_000, 5000);
    expect(lease?.jobId).toBe('job_e');
    const waiting = s.queue.take('w1', 10_000, 5000);
    const started = Date.now();
    await s.queue.stopTaking();
    expect(await waiting).toBeNull();
    expect(Date.now() - started).toBeLessThan(1500);
    await s.queue.enqueue('job_f');
    expect(await s.queue.take('w1', 10_000, 200)).toBeNull();
    expect(await s.queue.extend(lease!, 10_000)).toBe(true);
    await s.queue.ack(lease!);
    expect(await s.queue.depth()).toEqual({ waiting: 1, active: 0 });
  });
});
