import type { Job, JobError, JobResult } from '../domain/job.js';

export interface QuotaGuard {
  monthlyQuota: number;
  /** ISO time of the start of the current calendar month (UTC). */
  monthStart: string;
}

/** An `Idempotency-Key` to record with the job it creates (CONTRACT §4b). */
export interface IdempotencyClaim {
  /** The header's value as the client sent it (1–255 characters); unique per account. */
  key: string;
  /** A keyed digest (`k1.` + HMAC-SHA256) of the canonical JSON of the request body: what "the same body" means. */
  requestHash: string;
  /** ISO time: a record of this key created before it has lapsed (24 h) and is replaced. */
  notBefore: string;
}

/** The job that an earlier request with the same `Idempotency-Key` created. */
export interface IdempotencyRecord {
  jobId: string;
  requestHash: string;
  /** ISO time the key was first used. */
  createdAt: string;
}

/**
 * What `createWithinQuota` did: `created`; `quota_exceeded` (nothing written); `cache_gone` (a
 * job served from cache whose artifact no job holds any longer — retention deleted it — nothing
 * written: capture afresh); or `{ replay }` (the key was already used within its 24 h: nothing
 * written, the earlier job answers).
 */
export type CreateOutcome = 'created' | 'quota_exceeded' | 'cache_gone' | { replay: IdempotencyRecord };

/** What one `deleteExpired` batch removed. */
export interface ExpiredBatch {
  /** Rows deleted, by table. */
  rows: { jobs: number; deliveries: number; attempts: number; idempotencyKeys: number };
  /** Artifacts that no remaining job points at, queued for deletion in the same transaction. */
  artifactsQueued: number;
}

/** An artifact queued for deletion: its key in the ArtifactStore and its size in bytes. */
export interface ArtifactDeletion {
  key: string;
  bytes: number;
}

/**
 * Job records. Every state change made by a worker is conditioned on the attempt token handed out
 * by `startAttempt`, so a stale worker's late result is rejected and a job ends exactly once.
 * `complete` and `fail` also write the job's webhook outbox row in the same transaction, and wipe
 * the job's sealed secrets (`secretsSealed`) in it: they live only while the job does.
 */
export interface JobStore {
  /**
   * Inserts a job unless the account has used up its quota this month (accepted jobs of the month
   * that did not end `failed`). Atomic with the count. A job inserted already `completed` (served
   * from cache) also gets its webhook outbox row, and is inserted only while some job still holds
   * its `result.artifactKey` (else `cache_gone`), so that no job ever points at a deleted artifact.
   *
   * With `idempotency`, the key is looked up first in the same transaction (one submitter of an
   * account at a time): used within its window → `{ replay }` and nothing written, whatever the
   * quota; else the job and the key's record are inserted together. Of concurrent requests with
   * one key, exactly one creates a job.
   */
  createWithinQuota(job: Job, quota: QuotaGuard, idempotency?: IdempotencyClaim): Promise<CreateOutcome>;
  /** The record of an `Idempotency-Key` of the account created at or after `notBefore` (ISO), else null. Read only. */
  findIdempotencyKey(accountId: string, key: string, notBefore: string): Promise<IdempotencyRecord | null>;
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

  /**
   * Retention: deletes up to `limit` jobs that ended (`completed` or `failed`) before `endedBefore`
   * (ISO) and have no webhook delivery still `pending`, with their deliveries, the deliveries'
   * attempts and their idempotency records, in one transaction. Jobs in flight are never touched.
   * An artifact that no remaining job points at (a job served from cache shares the original's) is
   * queued for deletion in that transaction; the caller deletes it from the ArtifactStore and then
   * calls `forgetArtifactDeletions`. Null when another process is sweeping right now (scale-out:
   * one sweeper at a time).
   */
  deleteExpired(endedBefore: string, limit: number): Promise<ExpiredBatch | null>;
  /** Artifacts queued by `deleteExpired` and not yet forgotten, oldest first, at most `limit`. */
  pendingArtifactDeletions(limit: number): Promise<ArtifactDeletion[]>;
  /** Forgets queued artifact deletions, once the artifacts are gone from the ArtifactStore. */
  forgetArtifactDeletions(keys: readonly string[]): Promise<void>;
  /** Deletes up to `limit` idempotency records created before `before` (ISO: past their window); how many. */
  pruneIdempotencyKeys(before: string, limit: number): Promise<number>;
}
