import { describe, expect, it } from 'vitest';
import type { AttemptOutcome } from '../../../src/app/run-capture.js';
import { runWorker } from '../../../src/worker/worker.js';
import { fakeClock } from '../../helpers/fake-clock.js';
import {
  flush,
  memoryLogger,
  MemoryArtifactStore,
  MemoryJobQueue,
  MemoryJobStore,
  ScriptedCapturer,
} from '../../helpers/fake-ports.js';
import { newJob } from '../../helpers/job-fixture.js';

// The capture worker on fakes of our own ports and a fake clock: slots, leases, deadlines, drain.

function harness(options: { concurrency?: number; drainMs?: number } = {}) {
  const clock = fakeClock();
  const jobs = new MemoryJobStore();
  const queue = new MemoryJobQueue();
  const capturer = new ScriptedCapturer();
  const outcomes: AttemptOutcome[] = [];
  const logger = memoryLogger();
  const worker = runWorker(
    {
      jobs,
      queue,
      capturer,
      artifacts: new MemoryArtifactStore(),
      clock,
      retryDelaysSeconds: [2, 8],
      logger,
      onOutcome: (outcome) => outcomes.push(outcome),
    },
    { concurrency: options.concurrency ?? 2, leaseMs: 30_000, drainMs: options.drainMs ?? 5000 },
  );
  const submit = async (): Promise<string> => {
    const job = newJob('acc_1');
    jobs.add(job);
    await queue.enqueue(job.id);
    await flush();
    return job.id;
  };
  return { clock, jobs, queue, capturer, outcomes, logger, worker, submit };
}

describe('runWorker', () => {
  it('runs up to `concurrency` captures at once and takes the next job when a slot frees', async () => {
    const h = harness({ concurrency: 2 });
    const [a, b, c] = [await h.submit(), await h.submit(), await h.submit()];
    expect(h.capturer.pending.map((p) => p.spec.url)).toHaveLength(2);
    expect(h.jobs.job(c).status).toBe('queued');
    h.capturer.pending.shift()!.resolve();
    await flush();
    expect(h.jobs.job(a).status).toBe('completed');
    expect(h.queue.acks).toEqual([{ jobId: a }]);
    expect(h.capturer.pending).toHaveLength(2);
    expect(h.jobs.job(c).status).toBe('processing');
    for (const p of h.capturer.pending.splice(0)) p.resolve();
    await flush();
    expect([b, c].map((id) => h.jobs.job(id).status)).toEqual(['completed', 'completed']);
    expect(h.outcomes.map((o) => o.kind)).toEqual(['completed', 'completed', 'completed']);
    await h.worker.stop();
  });

  it('acknowledges a retry with its time, so the queue delivers the job again then', async () => {
    const h = harness();
    const id = await h.submit();
    h.capturer.pending.shift()!.reject(new Error('net::ERR_CONNECTION_RESET'));
    await flush();
    expect(h.queue.acks).toEqual([{ jobId: id, retryAt: new Date(h.clock.now().getTime() + 2000) }]);
    expect(h.jobs.job(id).status).toBe('queued');
    await h.worker.stop();
  });

  it('renews the lease every third of it, and stops a capture whose lease was lost', async () => {
    const h = harness();
    h.capturer.allowanceMs = 120_000;
    const id = await h.submit();
    await h.clock.advance(10_000);
    await h.clock.advance(10_000);
    expect(h.queue.extended).toEqual([id, id]);
    h.queue.lost.add(id);
    await h.clock.advance(10_000);
    await flush();
    // Another worker owns the job now: this attempt writes nothing.
    expect(h.capturer.pending[0]!.signal.aborted).toBe(true);
    expect(h.jobs.job(id).status).toBe('queued');
    await h.worker.stop();
    expect(h.clock.pending()).toBe(0);
  });

  it("applies the capturer's deadline for the job's spec, not one of its own", async () => {
    const h = harness();
    h.capturer.allowanceMs = 200_000; // e.g. a long 4K video
    const id = await h.submit();
    await h.clock.advance(199_000);
    expect(h.jobs.job(id).status).toBe('processing');
    await h.clock.advance(1000);
    await flush();
    expect(h.jobs.job(id)).toMatchObject({ status: 'failed', error: { code: 'CAPTURE_TIMEOUT' } });
    expect(h.outcomes).toMatchObject([{ kind: 'failed', code: 'CAPTURE_TIMEOUT' }]);
    await h.worker.stop();
  });

  it('lets running captures finish when stopping, then interrupts the rest for another attempt', async () => {
    const h = harness({ drainMs: 5000 });
    const [a, b] = [await h.submit(), await h.submit()];
    const stopped = h.worker.stop();
    await flush();
    h.capturer.pending.shift()!.resolve(); // a finishes within the drain
    await flush();
    await h.clock.advance(5000); // b does not
    await stopped;
    expect(h.jobs.job(a).status).toBe('completed');
    expect(h.jobs.job(b)).toMatchObject({ status: 'queued', error: { code: 'SERVICE_UNAVAILABLE' } });
    // Nothing is taken after the stop.
    const started = h.capturer.pending.length;
    await h.queue.enqueue(newJob('acc_1').id);
    await flush();
    expect(h.capturer.pending).toHaveLength(started);
    expect(h.clock.pending()).toBe(0);
  });
});
