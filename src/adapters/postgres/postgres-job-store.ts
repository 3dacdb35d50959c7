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
import { notifyJobEvent } from './postgres-outbox-signal.js';
import type { PostgresDatabase, Queryable } from './postgres-database.js';
import { iso } from './postgres-database.js';
import * as housekeeping from './postgres-job-housekeeping.js';

interface JobRow {
  id: string;
  account_id: string;
  status: string;
  spec: CaptureSpec;
  webhook_url: string | null;
  cache_key: string;
  attempts: number;
  max_attempts: number;
  created_at: Date;
  started_at: Date | null;
  completed_at: Date | null;
  error_code: string | null;
  error_message: string | null;
  result: JobResult | null;
  storage: StorageTargetRef | null;
  storage_credentials: string | null;
}

function toJob(row: JobRow): Job {
  return {
    id: row.id,
    accountId: row.account_id,
    type: 'WEB',
    status: row.status as JobStatus,
    spec: row.spec,
    webhookUrl: row.webhook_url,
    cacheKey: row.cache_key,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    createdAt: iso(row.created_at) ?? '',
    startedAt: iso(row.started_at),
    completedAt: iso(row.completed_at),
    error: row.error_code ? { code: row.error_code, message: row.error_message ?? '' } : null,
    result: row.result,
    storage: row.storage,
    secretsSealed: row.storage_credentials,
  };
}

/** Namespace of the per-account advisory locks that make the quota check and the insert atomic. */
const QUOTA_LOCK_NAMESPACE = 0x5307;

/**
 * Job records in PostgreSQL, shared by every `shots api` and `shots worker`. Terminal transitions,
 * their webhook outbox rows and the wiping of storage credentials share one transaction; every
 * worker write is conditioned on the attempt token.
 */
export class PostgresJobStore implements JobStore {
  constructor(private readonly db: PostgresDatabase) {}

  private async insert(client: Queryable, job: Job): Promise<void> {
    await client.query(
      `INSERT INTO jobs (id, account_id, type, status, spec, webhook_url, cache_key, attempts, max_attempts,
         created_at, started_at, completed_at, result, storage, storage_credentials, artifact_key)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
      [
        job.id,
        job.accountId,
        job.type,
        job.status,
        JSON.stringify(job.spec),
        job.webhookUrl,
        job.cacheKey,
        job.attempts,
        job.maxAttempts,
        job.createdAt,
        job.startedAt,
        job.completedAt,
        job.result ? JSON.stringify(job.result) : null,
        job.storage ? JSON.stringify(job.storage) : null,
        // Secrets are kept only while the job can still run.
        job.status === 'queued' ? (job.secretsSealed ?? null) : null,
        job.result?.artifactKey ?? null,
      ],
    );
  }

  private async used(client: Queryable, accountId: string, monthStart: string): Promise<number> {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM jobs WHERE account_id = $1 AND created_at >= $2 AND status <> 'failed'`,
      [accountId, monthStart],
    );
    return rows[0]?.n ?? 0;
  }

  createWithinQuota(job: Job, quota: QuotaGuard, idempotency?: IdempotencyClaim): Promise<CreateOutcome> {
    return this.db.transaction(async (client): Promise<CreateOutcome> => {
      // One submitter of an account at a time, across every API process: the idempotency key, the
      // count and the insert are atomic.
      await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [
        QUOTA_LOCK_NAMESPACE,
        job.accountId,
      ]);
      if (idempotency) {
        const replay = await housekeeping.takeIdempotencyKey(client, job.accountId, idempotency);
        if (replay) return { replay };
      }
      const cachedFrom = job.status === 'completed' ? job.result?.artifactKey : undefined;
      if (cachedFrom !== undefined && !(await housekeeping.artifactHeld(client, cachedFrom)))
        return 'cache_gone';
      if ((await this.used(client, job.accountId, quota.monthStart)) >= quota.monthlyQuota)
        return 'quota_exceeded';
      await this.insert(client, job);
      if (idempotency)
        await housekeeping.recordIdempotencyKey(client, job.accountId, idempotency, job.id, job.createdAt);
      if (job.status === 'completed') {
        await addOutboxRow(client, job.id, 'job.completed', job.completedAt ?? job.createdAt);
        await notifyJobEvent(client, job.id);
      }
      return 'created';
    });
  }

  async findIdempotencyKey(
    accountId: string,
    key: string,
    notBefore: string,
  ): Promise<IdempotencyRecord | null> {
    return housekeeping.findIdempotencyKey(this.db, accountId, key, notBefore);
  }

  async get(jobId: string, accountId: string): Promise<Job | null> {
    const { rows } = await this.db.query<JobRow>(`SELECT * FROM jobs WHERE id = $1 AND account_id = $2`, [
      jobId,
      accountId,
    ]);
    return rows[0] ? toJob(rows[0]) : null;
  }

  async findCached(accountId: string, cacheKey: string, notBefore: string): Promise<Job | null> {
    const { rows } = await this.db.query<JobRow>(
      `SELECT * FROM jobs WHERE account_id = $1 AND cache_key = $2 AND status = 'completed' AND completed_at >= $3
       ORDER BY completed_at DESC LIMIT 1`,
      [accountId, cacheKey, notBefore],
    );
    return rows[0] ? toJob(rows[0]) : null;
  }

  async usedThisMonth(accountId: string, monthStart: string): Promise<number> {
    return this.used(this.db, accountId, monthStart);
  }

  startAttempt(jobId: string, token: string, now: string): Promise<Job | null> {
    return this.db.transaction(async (client) => {
      const { rows } = await client.query<JobRow>(`SELECT * FROM jobs WHERE id = $1 FOR UPDATE`, [jobId]);
      const row = rows[0];
      if (!row || row.status === 'completed' || row.status === 'failed') return null;
      if (row.attempts >= row.max_attempts) {
        // Every attempt was started and none reported back: the worker died each time.
        await finish(client, jobId, 'failed', now, { error: INTERRUPTED_ERROR });
        return null;
      }
      const updated = await client.query<JobRow>(
        `UPDATE jobs SET status = 'processing', attempts = attempts + 1, attempt_token = $1,
           started_at = coalesce(started_at, $2) WHERE id = $3 RETURNING *`,
        [token, now, jobId],
      );
      return updated.rows[0] ? toJob(updated.rows[0]) : null;
    });
  }

  complete(
    jobId: string,
    token: string,
    result: JobResult,
    now: string,
    captureMs?: number,
  ): Promise<boolean> {
    return this.db.transaction((client) =>
      finish(client, jobId, 'completed', now, { result, captureMs }, token),
    );
  }

  fail(jobId: string, token: string, error: JobError, now: string): Promise<boolean> {
    return this.db.transaction((client) => finish(client, jobId, 'failed', now, { error }, token));
  }

  async requeue(jobId: string, token: string, error: JobError): Promise<boolean> {
    const { rowCount } = await this.db.query(
      `UPDATE jobs SET status = 'queued', error_code = $1, error_message = $2, attempt_token = NULL
       WHERE id = $3 AND status = 'processing' AND attempt_token = $4`,
      [error.code, error.message, jobId, token],
    );
    return (rowCount ?? 0) > 0;
  }

  async listUnfinished(before: string, limit: number): Promise<string[]> {
    const { rows } = await this.db.query<{ id: string }>(
      `SELECT id FROM jobs WHERE status IN ('queued', 'processing') AND created_at < $1 ORDER BY created_at LIMIT $2`,
      [before, limit],
    );
    return rows.map((r) => r.id);
  }

  async recentCaptureMs(): Promise<number | null> {
    const { rows } = await this.db.query<{ ms: number | null }>(
      `SELECT avg(capture_ms)::float8 AS ms FROM (SELECT capture_ms FROM jobs WHERE capture_ms IS NOT NULL
       ORDER BY completed_at DESC LIMIT 50) recent`,
    );
    return rows[0]?.ms ?? null;
  }

  deleteExpired(endedBefore: string, limit: number): Promise<ExpiredBatch | null> {
    return housekeeping.deleteExpired(this.db, endedBefore, limit);
  }

  pendingArtifactDeletions(limit: number): Promise<ArtifactDeletion[]> {
    return housekeeping.pendingArtifactDeletions(this.db, limit);
  }

  forgetArtifactDeletions(keys: readonly string[]): Promise<void> {
    return housekeeping.forgetArtifactDeletions(this.db, keys);
  }

  pruneIdempotencyKeys(before: string, limit: number): Promise<number> {
    return housekeeping.pruneIdempotencyKeys(this.db, before, limit);
  }
}

/**
 * Ends a live job (inside the caller's transaction): state, outcome, no more credentials, its outbox
 * row, and the job event that wakes dispatchers and waiters once the transaction commits.
 */
async function finish(
  client: Queryable,
  jobId: string,
  status: 'completed' | 'failed',
  now: string,
  outcome: { result?: JobResult; error?: JobError; captureMs?: number },
  token?: string,
): Promise<boolean> {
  const { rowCount } = await client.query(
    `UPDATE jobs SET status = $1, completed_at = $2, result = $3, error_code = $4, error_message = $5,
       capture_ms = coalesce($6, capture_ms), attempt_token = NULL, storage_credentials = NULL,
       artifact_key = $9
     WHERE id = $7 AND status IN ('queued', 'processing') AND ($8::text IS NULL OR attempt_token = $8)`,
    [
      status,
      now,
      outcome.result ? JSON.stringify(outcome.result) : null,
      outcome.error?.code ?? null,
      outcome.error?.message ?? null,
      outcome.captureMs === undefined ? null : Math.round(outcome.captureMs),
      jobId,
      token ?? null,
      outcome.result?.artifactKey ?? null,
    ],
  );
  if ((rowCount ?? 0) === 0) return false;
  await addOutboxRow(client, jobId, status === 'completed' ? 'job.completed' : 'job.failed', now);
  await notifyJobEvent(client, jobId);
  return true;
}

/** Queues the job's webhook delivery when it has a webhook URL; due at once (inside the caller's transaction). */
async function addOutboxRow(
  client: Queryable,
  jobId: string,
  event: string,
  occurredAt: string,
): Promise<void> {
  await client.query(
    `INSERT INTO webhook_deliveries (id, job_id, account_id, event, url, occurred_at, state, next_attempt_at, created_at)
     SELECT $1, id, account_id, $2, webhook_url, $3, 'pending', 'epoch', $3 FROM jobs WHERE id = $4 AND webhook_url IS NOT NULL`,
    [newDeliveryId(), event, occurredAt, jobId],
  );
}
