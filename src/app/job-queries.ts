import type { Account } from '../domain/account.js';
import type { CaptureMetadata } from '../domain/capture-metadata.js';
import { AppError } from '../domain/errors.js';
import { JOB_ID_PATTERN } from '../domain/ids.js';
import type { Job, JobStatus } from '../domain/job.js';
import type { ArtifactStore, StoredArtifact } from '../ports/artifact-store.js';
import type { JobStore } from '../ports/job-store.js';
import type { StatusWaiter } from './status-waiter.js';

export interface JobStatusView {
  jobId: string;
  type: 'WEB';
  status: JobStatus;
  attempts: number;
  maxAttempts: number;
  createdAt: string;
  startedAt?: string;
  completedAt?: string;
  error?: string;
  errorCode?: string;
  resultUrl?: string;
}

/**
 * The job of `account` with this id, or 404 JOB_NOT_FOUND — also, without a look-up, for an id
 * that cannot exist (too long, characters outside its alphabet).
 */
export async function findJob(jobs: JobStore, account: Account, jobId: string): Promise<Job> {
  const job = JOB_ID_PATTERN.test(jobId) ? await jobs.get(jobId, account.id) : null;
  if (!job) {
    const shown = jobId.length > 80 ? `${jobId.slice(0, 80)}…` : jobId;
    throw new AppError('JOB_NOT_FOUND', `No job ${shown} for this API key.`);
  }
  return job;
}

/** The status record of CONTRACT §4; 404 JOB_NOT_FOUND for a job of another account. */
export async function getJobStatus(
  deps: { jobs: JobStore },
  account: Account,
  jobId: string,
): Promise<JobStatusView> {
  const job = await findJob(deps.jobs, account, jobId);
  const view: JobStatusView = {
    jobId: job.id,
    type: job.type,
    status: job.status,
    attempts: job.attempts,
    maxAttempts: job.maxAttempts,
    createdAt: job.createdAt,
  };
  if (job.startedAt) view.startedAt = job.startedAt;
  if (job.completedAt) view.completedAt = job.completedAt;
  if (job.status === 'failed' && job.error) {
    view.error = job.error.message;
    view.errorCode = job.error.code;
  }
  if (job.status === 'completed' || job.status === 'failed') view.resultUrl = `/jobs/${job.id}/result`;
  return view;
}

const isTerminal = (status: JobStatus): boolean => status === 'completed' || status === 'failed';

/**
 * `GET /jobs/{jobId}/status?waitSeconds=N` (CONTRACT §4b): the status record as soon as the job is
 * terminal, or once `waitSeconds` have passed, whichever comes first; at once for 0, for a job
 * already terminal, or for one that does not exist (404). The wait is registered before the first
 * read, so an end between the read and the wait is not missed. `signal` ends it early (the client
 * left). When the waiter is full the answer comes at once.
 */
export async function waitForJobStatus(
  deps: { jobs: JobStore; waiter: StatusWaiter; clock: { now(): Date } },
  account: Account,
  jobId: string,
  waitSeconds: number,
  signal?: AbortSignal,
): Promise<JobStatusView> {
  const deadlineMs = deps.clock.now().getTime() + waitSeconds * 1000;
  for (;;) {
    const leftMs = deadlineMs - deps.clock.now().getTime();
    const watch = leftMs > 0 ? deps.waiter.watch(jobId, leftMs, signal) : null;
    try {
      const view = await getJobStatus(deps, account, jobId);
      if (!watch || isTerminal(view.status)) return view;
      const outcome = await watch.done;
      // Woken by the job's event: look again (and wait on, were it not terminal after all).
      if (outcome === 'aborted' || outcome === 'cancelled') return view;
      if (outcome !== 'woken') return await getJobStatus(deps, account, jobId);
    } finally {
      watch?.cancel();
    }
  }
}

export interface ResultRecord {
  jobId: string;
  type: 'WEB';
  status: 'completed';
  format: string;
  contentType: string;
  bytes: number;
  width?: number;
  height?: number;
  durationSeconds?: number;
  fps?: number;
  createdAt: string;
  completedAt: string;
  cached: boolean;
  cacheKey: string;
  /** ISO time of the capture that made the artifact (for a cached result: the original capture). */
  capturedAt: string;
  metadata: CaptureMetadata;
  storage?: { bucket: string; region: string; key: string };
}

/** The completed job, or 409 JOB_NOT_READY / JOB_FAILED. */
async function completedJob(
  jobs: JobStore,
  account: Account,
  jobId: string,
): Promise<Job & { result: NonNullable<Job['result']> }> {
  const job = await findJob(jobs, account, jobId);
  switch (job.status) {
    case 'queued':
    case 'processing':
      throw new AppError('JOB_NOT_READY', `Job ${jobId} is ${job.status}; poll /jobs/${jobId}/status.`, {
        extra: { jobStatus: job.status },
      });
    case 'failed':
      throw new AppError('JOB_FAILED', job.error?.message ?? 'The job failed.', {
        extra: { jobStatus: job.status, error: job.error?.message },
      });
    case 'completed':
      if (!job.result) throw new AppError('INTERNAL_ERROR', `Job ${jobId} has no result.`);
      return job as Job & { result: NonNullable<Job['result']> };
    default: {
      const never: never = job.status;
      return never;
    }
  }
}

export async function getResultRecord(
  deps: { jobs: JobStore },
  account: Account,
  jobId: string,
): Promise<ResultRecord> {
  const job = await completedJob(deps.jobs, account, jobId);
  const r = job.result;
  const record: ResultRecord = {
    jobId: job.id,
    type: job.type,
    status: 'completed',
    format: r.format,
    contentType: r.contentType,
    bytes: r.bytes,
    createdAt: job.createdAt,
    completedAt: job.completedAt ?? job.createdAt,
    cached: r.cached,
    cacheKey: job.cacheKey,
    capturedAt: r.capturedAt ?? job.completedAt ?? job.createdAt,
    metadata: r.metadata,
  };
  if (r.width !== undefined) record.width = r.width;
  if (r.height !== undefined) record.height = r.height;
  if (r.durationSeconds !== undefined) record.durationSeconds = r.durationSeconds;
  if (r.fps !== undefined) record.fps = r.fps;
  if (r.storage) record.storage = r.storage;
  return record;
}

export async function getResultArtifact(
  deps: { jobs: JobStore; artifacts: ArtifactStore },
  account: Account,
  jobId: string,
): Promise<StoredArtifact & { contentType: string }> {
  const job = await completedJob(deps.jobs, account, jobId);
  const artifact = await deps.artifacts.get(job.result.artifactKey);
  if (!artifact)
    throw new AppError('INTERNAL_ERROR', `The artifact of job ${jobId} is missing from storage.`);
  return { ...artifact, contentType: job.result.contentType };
}
