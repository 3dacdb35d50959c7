import { AppError, toAppError } from '../domain/errors.js';
import type { Job, JobResult } from '../domain/job.js';
import type { ArtifactStore } from '../ports/artifact-store.js';
import type { Capturer } from '../ports/capturer.js';
import type { Clock } from '../ports/clock.js';
import type { CustomerStorage } from '../ports/customer-storage.js';
import type { JobStore } from '../ports/job-store.js';
import type { SecretBox } from '../ports/secret-box.js';

export interface RunCaptureDeps {
  jobs: JobStore;
  capturer: Capturer;
  artifacts: ArtifactStore;
  clock: Clock;
  /** Seconds before the 2nd, 3rd, … attempt (JOB_RETRY_DELAYS). */
  retryDelaysSeconds: readonly number[];
  /** Uploads to a job's own bucket (`storage`); with `secrets`, which opens its sealed credentials. */
  customerStorage?: CustomerStorage;
  secrets?: SecretBox;
}

/** What the queue should do with the delivery once the attempt is over. */
export type AttemptOutcome =
  | { kind: 'completed' }
  | { kind: 'failed'; code: string; message: string }
  | { kind: 'retry'; retryAt: Date; code: string; message: string }
  | { kind: 'skipped' }
  | { kind: 'stale' };

const EXTENSIONS = { png: 'png', jpeg: 'jpg', webp: 'webp', pdf: 'pdf', mp4: 'mp4' } as const;

/**
 * One attempt of one job: mark it started, capture, store the artifact, record the outcome.
 * A retryable failure before the last attempt puts the job back in the queue; any other failure,
 * or the last attempt's, ends it `failed`. Every write is tied to `token`, so a stale attempt
 * (its lease was taken over) changes nothing.
 */
export async function runCaptureAttempt(
  deps: RunCaptureDeps,
  jobId: string,
  token: string,
  signal: AbortSignal,
): Promise<AttemptOutcome> {
  const job = await deps.jobs.startAttempt(jobId, token, deps.clock.now().toISOString());
  if (!job) return { kind: 'skipped' };
  const startedMs = Date.now();
  try {
    const output = await deps.capturer.capture(job.spec, signal);
    const artifactKey = `${job.accountId}/${job.id}.${EXTENSIONS[output.format]}`;
    await deps.artifacts.put(artifactKey, output.bytes, output.contentType);
    const result: JobResult = {
      format: output.format,
      contentType: output.contentType,
      bytes: output.bytes.length,
      artifactKey,
      cached: false,
      metadata: output.metadata,
    };
    if (output.width !== undefined) result.width = output.width;
    if (output.height !== undefined) result.height = output.height;
    if (output.video)
      Object.assign(result, { durationSeconds: output.video.durationSeconds, fps: output.video.fps });
    if (job.storage)
      result.storage = await uploadToCustomer(
        deps,
        job,
        artifactKey,
        output.bytes,
        output.contentType,
        signal,
      );
    const done = await deps.jobs.complete(
      jobId,
      token,
      result,
      deps.clock.now().toISOString(),
      Date.now() - startedMs,
    );
    return done ? { kind: 'completed' } : { kind: 'stale' };
  } catch (err) {
    const error = toAppError(err);
    const jobError = { code: error.code, message: error.message };
    const delaySeconds = deps.retryDelaysSeconds[job.attempts - 1] ?? deps.retryDelaysSeconds.at(-1) ?? 0;
    if (error.retryable && job.attempts < job.maxAttempts) {
      const requeued = await deps.jobs.requeue(jobId, token, jobError);
      if (!requeued) return { kind: 'stale' };
      return {
        kind: 'retry',
        retryAt: new Date(deps.clock.now().getTime() + delaySeconds * 1000),
        ...jobError,
      };
    }
    const failed = await deps.jobs.fail(jobId, token, jobError, deps.clock.now().toISOString());
    return failed ? { kind: 'failed', ...jobError } : { kind: 'stale' };
  }
}

/**
 * Uploads the artifact to the job's own bucket too (BUSINESS+ `storage`) under `shots/<jobId>.<ext>`.
 * The credentials are opened only here and are never logged or returned. STORAGE_FAILED otherwise.
 */
async function uploadToCustomer(
  deps: RunCaptureDeps,
  job: Job,
  artifactKey: string,
  bytes: Buffer,
  contentType: string,
  signal: AbortSignal,
): Promise<NonNullable<JobResult['storage']>> {
  const target = job.storage;
  const sealed = job.storageCredentialsSealed;
  if (!target || !sealed || !deps.customerStorage || !deps.secrets) {
    throw new AppError(
      'STORAGE_FAILED',
      'The credentials of the storage bucket are not available to this worker.',
      { retryable: false },
    );
  }
  let credentials: { accessKeyId: string; secretAccessKey: string };
  try {
    credentials = JSON.parse(deps.secrets.open(sealed)) as typeof credentials;
  } catch {
    throw new AppError(
      'STORAGE_FAILED',
      'The storage credentials cannot be opened (is SECRET_KEY the same on every process?).',
    );
  }
  const key = `shots/${job.id}${artifactKey.slice(artifactKey.lastIndexOf('.'))}`;
  await deps.customerStorage.upload({ ...target, ...credentials }, key, bytes, contentType, signal);
  return { bucket: target.bucket, region: target.region, key };
}
