import { randomBytes } from 'node:crypto';
import type { AttemptOutcome, RunCaptureDeps } from '../app/run-capture.js';
import { runCaptureAttempt } from '../app/run-capture.js';
import { AppError } from '../domain/errors.js';
import type { JobQueue, Lease } from '../ports/job-queue.js';
import type { JobStore } from '../ports/job-store.js';
import type { Logger } from '../ports/logger.js';
import { startClaimLoop } from './claim-loop.js';

export interface WorkerOptions {
  /** Captures at once. */
  concurrency: number;
  /** Lease length; renewed every third of it while the capture runs. */
  leaseMs: number;
  /** How long `stop()` waits for running captures before aborting them. Default 30 s. */
  drainMs?: number;
  /** How long one `take` waits for a job before the loop looks again, ms. Default 1000. */
  takeWaitMs?: number;
}

export interface WorkerDeps extends RunCaptureDeps {
  queue: JobQueue;
  jobs: JobStore;
  logger: Logger;
  /** Called after every attempt (metrics). */
  onOutcome?: (outcome: AttemptOutcome, ms: number) => void;
}

export interface RunningWorker {
  readonly id: string;
  /** Stops taking jobs, lets running captures finish (up to drainMs), then aborts the rest. */
  stop(): Promise<void>;
}

/** Why a capture was stopped by the worker rather than by its own deadline. */
const workerStopping = (): AppError =>
  new AppError('SERVICE_UNAVAILABLE', 'The worker stopped during the capture; the job is tried again.');
const leaseLost = (): AppError =>
  new AppError('CAPTURE_FAILED', 'The job was taken over by another worker (its lease ran out).');

/**
 * Takes jobs from the queue and runs one capture attempt per lease, `concurrency` at a time. The
 * attempt's deadline is the capturer's (see runCaptureAttempt); the worker renews the lease while
 * it runs and stops it when the lease is lost or the worker stops.
 */
export function runWorker(deps: WorkerDeps, options: WorkerOptions): RunningWorker {
  const id = `wrk_${randomBytes(6).toString('base64url')}`;
  const { clock, logger } = deps;

  /** Renews the lease every third of its length; aborts `controller` when it is lost. */
  function keepLease(lease: Lease, controller: AbortController): () => void {
    let cancel = (): void => undefined;
    const renew = (): void => {
      deps.queue.extend(lease, options.leaseMs).then(
        (held) => {
          if (!held) controller.abort(leaseLost());
        },
        (err: unknown) => logger.warn({ err, jobId: lease.jobId }, 'lease renewal failed'),
      );
      schedule();
    };
    const schedule = (): void => {
      cancel = clock.setTimer(Math.max(500, Math.floor(options.leaseMs / 3)), renew);
    };
    schedule();
    return () => cancel();
  }

  async function attempt(lease: Lease, drain: AbortSignal): Promise<void> {
    const controller = new AbortController();
    const onDrain = (): void => controller.abort(drain.reason);
    drain.addEventListener('abort', onDrain, { once: true });
    const stopRenewing = keepLease(lease, controller);
    const started = clock.now().getTime();
    try {
      const outcome = await runCaptureAttempt(deps, lease.jobId, lease.token, controller.signal);
      await deps.queue.ack(lease, outcome.kind === 'retry' ? outcome.retryAt : undefined);
      const ms = clock.now().getTime() - started;
      deps.onOutcome?.(outcome, ms);
      const log = { jobId: lease.jobId, outcome: outcome.kind, ms };
      if (outcome.kind === 'failed' || outcome.kind === 'retry')
        logger.warn({ ...log, error: outcome.message }, 'capture attempt failed');
      else logger.info(log, 'capture attempt done');
    } catch (err) {
      // The store or queue failed: leave the lease to expire so the job is delivered again.
      logger.error({ err, jobId: lease.jobId }, 'capture attempt could not be recorded');
    } finally {
      stopRenewing();
      drain.removeEventListener('abort', onDrain);
    }
  }

  const loop = startClaimLoop<Lease>({
    name: 'capture worker',
    concurrency: options.concurrency,
    // One job at a time: `take` itself waits for work (woken at once by an enqueue in this process).
    claim: async () => {
      const lease = await deps.queue.take(id, options.leaseMs, options.takeWaitMs ?? 1000);
      return lease ? [lease] : [];
    },
    run: attempt,
    idleMs: 0,
    drainMs: options.drainMs ?? 30_000,
    clock,
    logger,
  });
  logger.info({ workerId: id, concurrency: options.concurrency }, 'worker started');

  return {
    id,
    async stop() {
      const stopped = loop.stop(workerStopping());
      await deps.queue.stopTaking(); // ends a take that is waiting for work
      await stopped;
      logger.info({ workerId: id }, 'worker stopped');
    },
  };
}

/** Re-enqueues unfinished jobs older than `olderThanMs` (a crash between insert and enqueue). */
export async function sweepOrphans(
  deps: { jobs: JobStore; queue: JobQueue; clock: { now(): Date } },
  olderThanMs: number,
): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - olderThanMs).toISOString();
  const ids = await deps.jobs.listUnfinished(before, 1000);
  for (const id of ids) await deps.queue.enqueue(id);
  return ids.length;
}
