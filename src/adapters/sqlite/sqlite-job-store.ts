import { newDeliveryId } from '../../domain/ids.js';
import type { CaptureSpec } from '../../domain/capture-spec.js';
import type { Job, JobError, JobResult, JobStatus, StorageTargetRef } from '../../domain/job.js';
import { INTERRUPTED_ERROR } from '../../domain/job.js';
import type {
  ArtifactDeletion,
  CreateOutcome,
  ExpiredBatch,
  IdempotencyClaim,
  IdempotencyRecord,
  JobStore,
  QuotaGuard,
} from '../../ports/job-store.js';
import type { SqliteDatabase } from './database.js';
import { SqliteOutboxSignal } from './sqlite-outbox-signal.js';
import { prepared } from './database.js';
import * as housekeeping from './sqlite-job-housekeeping.js';

interface JobRow {
  id: string;
  account_id: string;
  type: string;
  status: string;
  spec: string;
  webhook_url: string | null;
  cache_key: string;
  attempts: number;
  max_attempts: number;
  created_at: string;
  started_at: string | null;
  completed_at: string | null;
  error_code: string | null;
  error_message: string | null;
  result: string | null;
  storage: string | null;
  storage_credentials: string | null;
}

function toJob(row: JobRow): Job {
  return {
    id: row.id,
    accountId: row.account_id,
    type: 'WEB',
    status: row.status as JobStatus,
    spec: JSON.parse(row.spec) as CaptureSpec,
    webhookUrl: row.webhook_url,
    cacheKey: row.cache_key,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    createdAt: row.created_at,
    startedAt: row.started_at,
    completedAt: row.completed_at,
    error: row.error_code ? { code: row.error_code, message: row.error_message ?? '' } : null,
    result: row.result ? (JSON.parse(row.result) as JobResult) : null,
    storage: row.storage ? (JSON.parse(row.storage) as StorageTargetRef) : null,
    secretsSealed: row.storage_credentials,
  };
}

/** Job records in SQLite. Terminal transitions and their webhook outbox rows share one transaction. */
export class SqliteJobStore implements JobStore {
  /** `signal` is told of every job that ends (after the commit), for the dispatcher and waiters. */
  constructor(
    private readonly db: SqliteDatabase,
    private readonly signal: SqliteOutboxSignal = new SqliteOutboxSignal(),
  ) {}

  private insert(job: Job): void {
    prepared(
      this.db,
      `INSERT INTO jobs (id, account_id, type, status, spec, webhook_url, cache_key, attempts, max_attempts,
           created_at, started_at, completed_at, result, storage, storage_credentials, artifact_key)
         VALUES (@id, @accountId, @type, @status, @spec, @webhookUrl, @cacheKey, @attempts, @maxAttempts,
           @createdAt, @startedAt, @completedAt, @result, @storage, @storageCredentials, @artifactKey)`,
    ).run({
      ...job,
      artifactKey: job.result?.artifactKey ?? null,
      spec: JSON.stringify(job.spec),
      result: job.result ? JSON.stringify(job.result) : null,
      storage: job.storage ? JSON.stringify(job.storage) : null,
      // Secrets are kept only while the job can still run.
      storageCredentials: job.status === 'queued' ? (job.secretsSealed ?? null) : null,
    });
  }

  private used(accountId: string, monthStart: string): number {
    const row = prepared(
      this.db,
      `SELECT count(*) AS n FROM jobs WHERE account_id = ? AND created_at >= ? AND status != 'failed'`,
    ).get(accountId, monthStart) as { n: number };
    return row.n;
  }

  createWithinQuota(job: Job, quota: QuotaGuard, idempotency?: IdempotencyClaim): Promise<CreateOutcome> {
    // An immediate transaction: one writer at a time, so the key, the cache source and the count hold.
    const run = this.db.transaction((): CreateOutcome => {
      if (idempotency) {
        const replay = housekeeping.takeIdempotencyKey(this.db, job.accountId, idempotency);
        if (replay) return { replay };
      }
      const cachedFrom = job.status === 'completed' ? job.result?.artifactKey : undefined;
      if (cachedFrom !== undefined && !housekeeping.artifactHeld(this.db, cachedFrom)) return 'cache_gone';
      if (this.used(job.accountId, quota.monthStart) >= quota.monthlyQuota) return 'quota_exceeded';
      this.insert(job);
      if (idempotency)
        housekeeping.recordIdempotencyKey(this.db, job.accountId, idempotency, job.id, job.createdAt);
      if (job.status === 'completed')
        this.addOutboxRow(job.id, 'job.completed', job.completedAt ?? job.createdAt);
      return 'created';
    });
    const outcome = run.immediate();
    if (outcome === 'created' && job.status === 'completed') this.signal.notify(job.id);
    return Promise.resolve(outcome);
  }

  findIdempotencyKey(accountId: string, key: string, notBefore: string): Promise<IdempotencyRecord | null> {
    return Promise.resolve(housekeeping.findIdempotencyKey(this.db, accountId, key, notBefore));
  }

  get(jobId: string, accountId: string): Promise<Job | null> {
    const row = prepared(this.db, `SELECT * FROM jobs WHERE id = ? AND account_id = ?`).get(
      jobId,
      accountId,
    ) as JobRow | undefined;
    return Promise.resolve(row ? toJob(row) : null);
  }

  findCached(accountId: string, cacheKey: string, notBefore: string): Promise<Job | null> {
    const row = prepared(
      this.db,
      `SELECT * FROM jobs WHERE account_id = ? AND cache_key = ? AND status = 'completed' AND completed_at >= ?
         ORDER BY completed_at DESC LIMIT 1`,
    ).get(accountId, cacheKey, notBefore) as JobRow | undefined;
    return Promise.resolve(row ? toJob(row) : null);
  }

  usedThisMonth(accountId: string, monthStart: string): Promise<number> {
    return Promise.resolve(this.used(accountId, monthStart));
  }

  startAttempt(jobId: string, token: string, now: string): Promise<Job | null> {
    let ended = false;
    const run = this.db.transaction((): Job | null => {
      const row = prepared(this.db, `SELECT * FROM jobs WHERE id = ?`).get(jobId) as JobRow | undefined;
      if (!row || row.status === 'completed' || row.status === 'failed') return null;
      if (row.attempts >= row.max_attempts) {
        // Every attempt was started and none reported back: the worker died each time.
        if (this.finish(jobId, 'failed', now, { error: INTERRUPTED_ERROR })) ended = true;
        return null;
      }
      const updated = prepared(
        this.db,
        `UPDATE jobs SET status = 'processing', attempts = attempts + 1, attempt_token = ?,
             started_at = coalesce(started_at, ?) WHERE id = ? RETURNING *`,
      ).get(token, now, jobId) as JobRow;
      return toJob(updated);
    });
    const job = run.immediate();
    if (ended) this.signal.notify(jobId);
    return Promise.resolve(job);
  }

  private finish(
    jobId: string,
    status: 'completed' | 'failed',
    now: string,
    outcome: { result?: JobResult; error?: JobError; captureMs?: number },
    token?: string,
  ): boolean {
    const info = prepared(
      this.db,
      `UPDATE jobs SET status = ?, completed_at = ?, result = ?, artifact_key = ?, error_code = ?, error_message = ?,
           capture_ms = coalesce(?, capture_ms), attempt_token = NULL, storage_credentials = NULL
         WHERE id = ? AND status IN ('queued', 'processing') ${token === undefined ? '' : 'AND attempt_token = ?'}`,
    ).run(
      status,
      now,
      outcome.result ? JSON.stringify(outcome.result) : null,
      outcome.result?.artifactKey ?? null,
      outcome.error?.code ?? null,
      outcome.error?.message ?? null,
      outcome.captureMs ?? null,
      jobId,
      ...(token === undefined ? [] : [token]),
    );
    if (info.changes === 0) return false;
    this.addOutboxRow(jobId, status === 'completed' ? 'job.completed' : 'job.failed', now);
    return true;
  }

  /** Queues the job's webhook delivery when it has a webhook URL (inside the caller's transaction). */
  private addOutboxRow(jobId: string, event: string, occurredAt: string): void {
    prepared(
      this.db,
      `INSERT INTO webhook_deliveries (id, job_id, account_id, event, url, occurred_at, state, next_attempt_at, created_at)
         SELECT ?, id, account_id, ?, webhook_url, ?, 'pending', 0, ? FROM jobs WHERE id = ? AND webhook_url IS NOT NULL`,
    ).run(newDeliveryId(), event, occurredAt, occurredAt, jobId);
  }

  complete(
    jobId: string,
    token: string,
    result: JobResult,
    now: string,
    captureMs?: number,
  ): Promise<boolean> {
    const run = this.db.transaction(() => this.finish(jobId, 'completed', now, { result, captureMs }, token));
    return Promise.resolve(this.notifyIf(run.immediate(), jobId));
  }

  fail(jobId: string, token: string, error: JobError, now: string): Promise<boolean> {
    const run = this.db.transaction(() => this.finish(jobId, 'failed', now, { error }, token));
    return Promise.resolve(this.notifyIf(run.immediate(), jobId));
  }

  /** Tells the signal's listeners that the job ended, when it did; passes `ended` through. */
  private notifyIf(ended: boolean, jobId: string): boolean {
    if (ended) this.signal.notify(jobId);
    return ended;
  }

  requeue(jobId: string, token: string, error: JobError): Promise<boolean> {
    const info = prepared(
      this.db,
      `UPDATE jobs SET status = 'queued', error_code = ?, error_message = ?, attempt_token = NULL
         WHERE id = ? AND status = 'processing' AND attempt_token = ?`,
    ).run(error.code, error.message, jobId, token);
    return Promise.resolve(info.changes > 0);
  }

  listUnfinished(before: string, limit: number): Promise<string[]> {
    const rows = prepared(
      this.db,
      `SELECT id FROM jobs WHERE status IN ('queued', 'processing') AND created_at < ? ORDER BY created_at LIMIT ?`,
    ).all(before, limit) as { id: string }[];
    return Promise.resolve(rows.map((r) => r.id));
  }

  recentCaptureMs(): Promise<number | null> {
    const row = prepared(
      this.db,
      `SELECT avg(capture_ms) AS ms FROM (SELECT capture_ms FROM jobs WHERE capture_ms IS NOT NULL
         ORDER BY completed_at DESC LIMIT 50)`,
    ).get() as { ms: number | null };
    return Promise.resolve(row.ms);
  }

  deleteExpired(endedBefore: string, limit: number): Promise<ExpiredBatch | null> {
    return Promise.resolve(housekeeping.deleteExpired(this.db, endedBefore, limit));
  }

  pendingArtifactDeletions(limit: number): Promise<ArtifactDeletion[]> {
    return Promise.resolve(housekeeping.pendingArtifactDeletions(this.db, limit));
  }

  forgetArtifactDeletions(keys: readonly string[]): Promise<void> {
    housekeeping.forgetArtifactDeletions(this.db, keys);
    return Promise.resolve();
  }

  pruneIdempotencyKeys(before: string, limit: number): Promise<number> {
    return Promise.resolve(housekeeping.pruneIdempotencyKeys(this.db, before, limit));
  }
}
