import type { Job, JobError, JobResult } from '../domain/job.js';

export interface QuotaGuard {
  monthlyQuota: number;
  /** ISO time of the start of the current calendar month (UTC). */
  monthStart: string;
}

/**
 * Job records. Every state change made by a worker is conditioned on the attempt token handed out
 * by `startAttempt`, so a stale worker's late result is rejected and a job ends exactly once.
 * `complete` and `fail` also write the job's webhook outbox row in the same transaction, and wipe
 * the job's sealed storage credentials (`storageCredentialsSealed`) in it: they live only while the job does.
 */
export interface JobStore {
  /**
   * Inserts a job unless the account has used up its quota this month (accepted jobs of the month
   * that did not end `failed`). Atomic with the count. A job inserted already `completed` (served
   * from cache) also gets its webhook outbox row.
   */
  createWithinQuota(job: Job, quota: QuotaGuard): Promise<'created' | 'quota_exceeded'>;
  /** The job when it belongs to `accountId`, else null. */
  get(jobId: string, accountId: string): Promise<Job | null>;
  /** Latest completed job of the account with this cache key, completed at or after `notBefore`. */
  findCached(accountId: string, cacheKey: string, notBefore: string): Promise<Job | null>;
  /** Jobs used this month against the quota. */
  usedThisMonth(accountId: string, monthStart: string): Promise<number>;
  /**
   * Marks a new attempt: `processing`, attempts + 1, a fresh token. Null when the job is already
   * terminal (or unknown), in which case the delivery is simply acknowledged. A job whose every
   * attempt was started but never reported back (its worker died each time) is ended `failed` here.
   */
  startAttempt(jobId: string, token: string, now: string): Promise<Job | null>;
  /** false when `token` is no longer the job's current attempt or the job is terminal. */
  /** `captureMs`: how long the attempt took, for `estimatedSeconds`. */
  complete(
    jobId: string,
    token: string,
    result: JobResult,
    now: string,
    captureMs?: number,
  ): Promise<boolean>;
  fail(jobId: string, token: string, error: JobError, now: string): Promise<boolean>;
  /** Puts the job back to `queued` with the attempt's error, for another attempt. */
  requeue(jobId: string, token: string, error: JobError): Promise<boolean>;
  /** Non-terminal jobs created before `before`: the sweep re-enqueues them so none is lost. */
  listUnfinished(before: string, limit: number): Promise<string[]>;
  /** Mean capture time (ms) of the most recent completed attempts; null when none. */
  recentCaptureMs(): Promise<number | null>;
}
