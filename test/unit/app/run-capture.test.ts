import { describe, expect, it } from 'vitest';
import { runCaptureAttempt } from '../../../src/app/run-capture.js';
import { AppError } from '../../../src/domain/errors.js';
import { fakeClock } from '../../helpers/fake-clock.js';
import {
  flush,
  MemoryArtifactStore,
  MemoryJobStore,
  memoryLogger,
  ScriptedCapturer,
} from '../../helpers/fake-ports.js';
import { newJob } from '../../helpers/job-fixture.js';

// One attempt of one job, on fakes of our own ports and a fake clock.

function harness() {
  const clock = fakeClock();
  const jobs = new MemoryJobStore();
  const artifacts = new MemoryArtifactStore();
  const capturer = new ScriptedCapturer();
  const deps = { jobs, artifacts, capturer, clock, retryDelaysSeconds: [2, 8] };
  const job = newJob('acc_1');
  jobs.add(job);
  const attempt = (token: string, signal = new AbortController().signal) =>
    runCaptureAttempt(deps, job.id, token, signal);
  return { clock, jobs, artifacts, capturer, job, attempt };
}

describe('runCaptureAttempt', () => {
  it('stores the artifact and completes the job, saying when it was captured', async () => {
    const h = harness();
    const outcome = h.attempt('t1');
    await flush();
    await h.clock.advance(1500);
    h.capturer.pending[0]!.resolve();
    expect(await outcome).toEqual({ kind: 'completed' });
    const job = h.jobs.job(h.job.id);
    expect(job).toMatchObject({ status: 'completed', attempts: 1 });
    expect(job.result).toMatchObject({
      format: 'png',
      bytes: 3,
      artifactKey: `acc_1/${h.job.id}.png`,
      cached: false,
      capturedAt: h.clock.now().toISOString(),
      metadata: { finalUrl: 'https://example.test/', httpStatus: 200 },
    });
    expect(h.artifacts.files.get(`acc_1/${h.job.id}.png`)?.contentType).toBe('image/png');
  });

  it('puts a retryable failure back in the queue after the configured delay, and fails the last attempt', async () => {
    const h = harness();
    const failure = new AppError('TARGET_UNREACHABLE', 'example.test could not be reached');
    for (const [token, delaySeconds] of [
      ['t1', 2],
      ['t2', 8],
    ] as const) {
      const outcome = h.attempt(token);
      await flush();
      h.capturer.pending.shift()!.reject(failure);
      expect(await outcome).toEqual({
        kind: 'retry',
        retryAt: new Date(h.clock.now().getTime() + delaySeconds * 1000),
        code: 'TARGET_UNREACHABLE',
        message: 'example.test could not be reached',
      });
      expect(h.jobs.job(h.job.id).status).toBe('queued');
    }
    const last = h.attempt('t3');
    await flush();
    h.capturer.pending.shift()!.reject(failure);
    expect(await last).toMatchObject({ kind: 'failed', code: 'TARGET_UNREACHABLE' });
    expect(h.jobs.job(h.job.id)).toMatchObject({ status: 'failed', attempts: 3 });
  });

  it('fails at once what no retry heals', async () => {
    const h = harness();
    const outcome = h.attempt('t1');
    await flush();
    h.capturer.pending[0]!.reject(
      new AppError('ELEMENT_NOT_FOUND', 'No element matches "#x"', { retryable: false }),
    );
    expect(await outcome).toMatchObject({ kind: 'failed', code: 'ELEMENT_NOT_FOUND' });
    expect(h.jobs.job(h.job.id)).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('changes nothing when its attempt token is stale (another worker took the job over)', async () => {
    const h = harness();
    const outcome = h.attempt('t1');
    await flush();
    // The lease ran out and another worker started attempt 2 meanwhile.
    await h.jobs.startAttempt(h.job.id, 't2', h.clock.now().toISOString());
    h.capturer.pending[0]!.resolve();
    expect(await outcome).toEqual({ kind: 'stale' });
    expect(h.jobs.job(h.job.id)).toMatchObject({ status: 'processing', attempts: 2, result: null });
  });

  it("stops the capture at the capturer's own deadline for the spec and does not retry it", async () => {
    const h = harness();
    h.capturer.allowanceMs = 95_000;
    const outcome = h.attempt('t1');
    await flush();
    await h.clock.advance(94_999);
    expect(h.capturer.pending[0]!.signal.aborted).toBe(false);
    await h.clock.advance(1);
    expect(h.capturer.pending[0]!.signal.aborted).toBe(true);
    const result = await outcome;
    expect(result).toMatchObject({ kind: 'failed', code: 'CAPTURE_TIMEOUT' });
    expect(result.kind === 'failed' && result.message).toMatch(/allowance of 95 s/);
    expect(h.jobs.job(h.job.id)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(h.clock.pending()).toBe(0);
  });

  it("stops with its caller's reason (the worker stopping) and retries then", async () => {
    const h = harness();
    const controller = new AbortController();
    const outcome = h.attempt('t1', controller.signal);
    await flush();
    controller.abort(new AppError('SERVICE_UNAVAILABLE', 'The worker stopped during the capture.'));
    expect(await outcome).toMatchObject({ kind: 'retry', code: 'SERVICE_UNAVAILABLE' });
    expect(h.clock.pending()).toBe(0);
  });

  it('skips a job that already ended', async () => {
    const h = harness();
    h.jobs.job(h.job.id).status = 'completed';
    expect(await h.attempt('t1')).toEqual({ kind: 'skipped' });
    expect(h.capturer.pending).toHaveLength(0);
  });

  it("keeps the artifact store's own error (its address) from the customer: STORAGE_FAILED, retried, details logged", async () => {
    const h = harness();
    const logger = memoryLogger();
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.2:18399'), {
      code: 'ECONNREFUSED',
    });
    h.artifacts.put = () => Promise.reject(refused);
    const deps = {
      jobs: h.jobs,
      artifacts: h.artifacts,
      capturer: h.capturer,
      clock: h.clock,
      retryDelaysSeconds: [0, 0],
      logger,
    };
    const expected = {
      code: 'STORAGE_FAILED',
      message:
        "The capture was taken but could not be stored: the service's artifact store could not be reached.",
    };
    for (const token of ['t1', 't2', 't3']) {
      const outcome = runCaptureAttempt(deps, h.job.id, token, new AbortController().signal);
      await flush();
      h.capturer.pending.shift()!.resolve();
      expect(await outcome).toMatchObject({ kind: token === 't3' ? 'failed' : 'retry', ...expected });
    }
    const job = h.jobs.job(h.job.id);
    expect(job).toMatchObject({ status: 'failed', attempts: 3, error: expected });
    expect(JSON.stringify(job)).not.toContain('127.0.0.2');
    // The operator still learns what happened, from the server log.
    expect(logger.lines).toHaveLength(3);
    expect(logger.lines[0]).toMatchObject({ level: 'error', obj: { err: refused, jobId: h.job.id } });
  });
});
