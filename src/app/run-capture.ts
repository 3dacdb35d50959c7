import { AppError, toAppError } from '../domain/errors.js';
import type { JobSecrets } from '../domain/capture-spec.js';
import { completeSpec } from '../domain/capture-spec.js';
import type { Job, JobResult } from '../domain/job.js';
import type { ArtifactStore } from '../ports/artifact-store.js';
import type { Capturer } from '../ports/capturer.js';
import type { Clock } from '../ports/clock.js';
import type { CustomerStorage } from '../ports/customer-storage.js';
import type { JobStore } from '../ports/job-store.js';
import type { Logger } from '../ports/logger.js';
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
  /** Where the details of a failure kept from the customer go (the artifact store's own error). */
  logger?: Logger;
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
 * The job's error when the service's own artifact store failed: what the customer sees (status,
 * `job.failed` webhook, the 409 of /result) names no endpoint, bucket or path; another attempt
 * follows, as the store may be back by then.
 */
export function artifactNotStored(cause: unknown): AppError {
  return new AppError(
    'STORAGE_FAILED',
    "The capture was taken but could not be stored: the service's artifact store could not be reached.",
    { retryable: true, cause },
  );
}

/**
 * The error of an attempt stopped by its deadline. The deadline is the capturer's own allowance
 * for the spec, so an attempt that honestly used it up would use it up again: not retried.
 */
export function deadlineExceeded(allowanceMs: number): AppError {
  return new AppError(
    'CAPTURE_TIMEOUT',
    `The capture took longer than its allowance of ${Math.round(allowanceMs / 1000)} s and was stopped; ` +
      'another attempt would take as long, so it was not retried',
    { retryable: false },
  );
}

/**
 * One attempt of one job: mark it started, capture within the capturer's deadline for its spec,
 * store the artifact, record the outcome. A retryable failure before the last attempt puts the job
 * back in the queue; any other failure, or the last attempt's, ends it `failed`. Every write is
 * tied to `token`, so a stale attempt (its lease was taken over) changes nothing. Aborting
 * `signal` (lease lost, worker stopping) stops the capture with the signal's reason.
 */
export async function runCaptureAttempt(
  deps: RunCaptureDeps,
  jobId: string,
  token: string,
  signal: AbortSignal,
): Promise<AttemptOutcome> {
  const job = await deps.jobs.startAttempt(jobId, token, deps.clock.now().toISOString());
  if (!job) return { kind: 'skipped' };
  const startedMs = deps.clock.now().getTime();
  const allowanceMs = deps.capturer.deadlineMs(job.spec);
  const deadline = new AbortController();
  const stop = (): void => deadline.abort(signal.reason);
  const cancelTimer = deps.clock.setTimer(allowanceMs, () => deadline.abort(deadlineExceeded(allowanceMs)));
  if (signal.aborted) stop();
  else signal.addEventListener('abort', stop, { once: true });
  try {
    const secrets = openSecrets(deps, job);
    const result = await captureAndStore(deps, job, secrets, deadline.signal);
    const now = deps.clock.now();
    const done = await deps.jobs.complete(
      jobId,
      token,
      { ...result, capturedAt: now.toISOString() },
      now.toISOString(),
      now.getTime() - startedMs,
    );
    return done ? { kind: 'completed' } : { kind: 'stale' };
  } catch (err) {
    return recordFailure(deps, job, token, toAppError(err));
  } finally {
    cancelTimer();
    signal.removeEventListener('abort', stop);
  }
}

/** Captures, stores the artifact (and uploads it to the job's own bucket); the result to record. */
async function captureAndStore(
  deps: RunCaptureDeps,
  job: Job,
  secrets: JobSecrets,
  signal: AbortSignal,
): Promise<JobResult> {
  // A spec stored before a control existed means that control's default.
  const output = await deps.capturer.capture(completeSpec(job.spec), signal, secrets.capture);
  const artifactKey = `${job.accountId}/${job.id}.${EXTENSIONS[output.format]}`;
  try {
    await deps.artifacts.put(artifactKey, output.bytes, output.contentType);
  } catch (err) {
    deps.logger?.error({ err, jobId: job.id, artifactKey }, 'the artifact store refused the artifact');
    throw artifactNotStored(err);
  }
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
  if (output.video) {
    result.durationSeconds = output.video.durationSeconds;
    result.fps = output.video.fps;
  }
  if (job.storage) {
    result.storage = await uploadToCustomer(deps, job, secrets, artifactKey, output, signal);
  }
  return result;
}

/** Requeues the job for its next attempt when the error may heal and attempts are left; else fails it. */
async function recordFailure(
  deps: RunCaptureDeps,
  job: Job,
  token: string,
  error: AppError,
): Promise<AttemptOutcome> {
  const jobError = { code: error.code, message: error.message };
  if (error.retryable && job.attempts < job.maxAttempts) {
    const requeued = await deps.jobs.requeue(job.id, token, jobError);
    if (!requeued) return { kind: 'stale' };
    const delaySeconds = deps.retryDelaysSeconds[job.attempts - 1] ?? deps.retryDelaysSeconds.at(-1) ?? 0;
    return {
      kind: 'retry',
      retryAt: new Date(deps.clock.now().getTime() + delaySeconds * 1000),
      ...jobError,
    };
  }
  const failed = await deps.jobs.fail(job.id, token, jobError, deps.clock.now().toISOString());
  return failed ? { kind: 'failed', ...jobError } : { kind: 'stale' };
}

/**
 * The job's sealed secrets, opened: only here, for this attempt, never logged or returned. A job
 * sealed before capture secrets existed holds the bucket's credentials alone.
 */
function openSecrets(deps: RunCaptureDeps, job: Job): JobSecrets {
  if (!job.secretsSealed) return {};
  if (!deps.secrets) {
    throw new AppError('STORAGE_FAILED', "The job's secrets cannot be opened by this worker.", {
      retryable: false,
    });
  }
  let opened: JobSecrets & { accessKeyId?: string; secretAccessKey?: string };
  try {
    opened = JSON.parse(deps.secrets.open(job.secretsSealed)) as typeof opened;
  } catch {
    throw new AppError(
      'CAPTURE_FAILED',
      "The job's sealed secrets cannot be opened (is SECRET_KEY the same on every process?).",
    );
  }
  if (opened.accessKeyId !== undefined && opened.secretAccessKey !== undefined) {
    return { storage: { accessKeyId: opened.accessKeyId, secretAccessKey: opened.secretAccessKey } };
  }
  return opened;
}

/**
 * Uploads the artifact to the job's own bucket too (BUSINESS+ `storage`) under `shots/<jobId>.<ext>`.
 * The credentials are opened only for it and are never logged or returned. STORAGE_FAILED otherwise.
 */
async function uploadToCustomer(
  deps: RunCaptureDeps,
  job: Job,
  secrets: JobSecrets,
  artifactKey: string,
  output: { bytes: Buffer; contentType: string },
  signal: AbortSignal,
): Promise<NonNullable<JobResult['storage']>> {
  const target = job.storage;
  const credentials = secrets.storage;
  if (!target || !credentials || !deps.customerStorage) {
    throw new AppError(
      'STORAGE_FAILED',
      'The credentials of the storage bucket are not available to this worker.',
      { retryable: false },
    );
  }
  const key = `shots/${job.id}${artifactKey.slice(artifactKey.lastIndexOf('.'))}`;
  await deps.customerStorage.upload(
    { ...target, ...credentials },
    key,
    output.bytes,
    output.contentType,
    signal,
  );
  return { bucket: target.bucket, region: target.region, key };
}
