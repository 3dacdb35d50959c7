import type { Account } from '../domain/account.js';
import { AppError } from '../domain/errors.js';
import type { Job, JobStatus } from '../domain/job.js';
import type { ArtifactStore, StoredArtifact } from '../ports/artifact-store.js';
import type { JobStore } from '../ports/job-store.js';

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

async function findJob(jobs: JobStore, account: Account, jobId: string): Promise<Job> {
  const job = await jobs.get(jobId, account.id);
  if (!job) throw new AppError('JOB_NOT_FOUND', `No job ${jobId} for this API key.`);
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
  metadata: Record<string, unknown>;
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
