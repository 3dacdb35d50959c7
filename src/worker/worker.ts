import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { AttemptOutcome, RunCaptureDeps } from '../app/run-capture.js';
import { runCaptureAttempt } from '../app/run-capture.js';
import type { JobQueue, Lease } from '../ports/job-queue.js';
import type { JobStore } from '../ports/job-store.js';

export interface WorkerOptions {
  /** Captures at once. */
  concurrency: number;
  /** Lease length; renewed every third of it while the capture runs. */
  leaseMs: number;
  /** Hard deadline of one attempt; the capture is aborted past it. */
  captureTimeoutMs: number;
  /** How long `stop()` waits for running captures before aborting them. Default 30 s. */
  drainMs?: number;
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

/** Takes jobs from the queue and runs one capture attempt per lease, `concurrency` at a time. */
export function runWorker(deps: WorkerDeps, options: WorkerOptions): RunningWorker {
  const id = `wrk_${randomBytes(6).toString('base64url')}`;
  const controllers = new Set<AbortController>();
  let stopping = false;

  async function slot(): Promise<void> {
    while (!stopping) {
      let lease: Lease | null = null;
      try {
        lease = await deps.queue.take(id, options.leaseMs, 1000);
      } catch (err) {
        deps.logger.error({ err }, 'queue take failed');
        await new Promise((r) => setTimeout(r, 1000));
      }
      if (lease) await attempt(lease);
    }
  }

  async function attempt(lease: Lease): Promise<void> {
    const controller = new AbortController();
    controllers.add(controller);
    const deadline = setTimeout(() => controller.abort(new Error('deadline')), options.captureTimeoutMs);
    const heartbeat = setInterval(
      () => {
        deps.queue.extend(lease, options.leaseMs).then(
          (held) => {
            if (!held) controller.abort(new Error('lease lost'));
          },
          (err: unknown) => deps.logger.warn({ err, jobId: lease.jobId }, 'lease renewal failed'),
        );
      },
      Math.max(500, Math.floor(options.leaseMs / 3)),
    );
    const started = Date.now();
    try {
      const outcome = await runCaptureAttempt(deps, lease.jobId, lease.token, controller.signal);
      await deps.queue.ack(lease, outcome.kind === 'retry' ? outcome.retryAt : undefined);
      deps.onOutcome?.(outcome, Date.now() - started);
      const log = { jobId: lease.jobId, outcome: outcome.kind, ms: Date.now() - started };
      if (outcome.kind === 'failed' || outcome.kind === 'retry')
        deps.logger.warn({ ...log, error: outcome.message }, 'capture attempt failed');
      else deps.logger.info(log, 'capture attempt done');
    } catch (err) {
      // The store or queue failed: leave the lease to expire so the job is delivered again.
      deps.logger.error({ err, jobId: lease.jobId }, 'capture attempt could not be recorded');
    } finally {
      clearTimeout(deadline);
      clearInterval(heartbeat);
      controllers.delete(controller);
    }
  }

  const slots = Array.from({ length: options.concurrency }, () => slot());
  deps.logger.info({ workerId: id, concurrency: options.concurrency }, 'worker started');

  return {
    id,
    async stop() {
      stopping = true;
      const drained = Promise.all(slots);
      const timer = setTimeout(() => {
        for (const c of controllers) c.abort(new Error('worker stopping'));
      }, options.drainMs ?? 30_000);
      await drained;
      clearTimeout(timer);
      deps.logger.info({ workerId: id }, 'worker stopped');
    },
  };
}

/** Re-enqueues unfinished jobs older than `olderThanMs` (a crash between insert and enqueue). */
export async function sweepOrphans(
  deps: { jobs: JobStore; queue: JobQueue },
  olderThanMs: number,
): Promise<number> {
  const ids = await deps.jobs.listUnfinished(new Date(Date.now() - olderThanMs).toISOString(), 1000);
  for (const id of ids) await deps.queue.enqueue(id);
  return ids.length;
}
