import type { JobQueue } from '../ports/job-queue.js';
import type { JobStore } from '../ports/job-store.js';

/** Used until real capture times are known. */
const DEFAULT_CAPTURE_MS = 3000;
const REFRESH_MS = 5000;

/**
 * `estimatedSeconds` of a new job: the jobs ahead of it, spread over the workers' slots, times the
 * mean recent capture time, plus its own capture. The mean is re-read at most every 5 s.
 */
export function createEstimator(deps: { jobs: JobStore; queue: JobQueue; concurrency: number }) {
  let meanMs = DEFAULT_CAPTURE_MS;
  let readAt = 0;
  return async function estimateSeconds(now: number): Promise<number> {
    if (now - readAt > REFRESH_MS) {
      readAt = now;
      meanMs = (await deps.jobs.recentCaptureMs()) ?? DEFAULT_CAPTURE_MS;
    }
    const { waiting, active } = await deps.queue.depth();
    const rounds = Math.floor((waiting + active) / Math.max(1, deps.concurrency)) + 1;
    return Math.max(1, Math.ceil((rounds * meanMs) / 1000));
  };
}
export type Estimator = ReturnType<typeof createEstimator>;
