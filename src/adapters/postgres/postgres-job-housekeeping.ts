// Idempotency records and retention of the PostgreSQL job store (see JobStore in src/ports/job-store.ts).
// Plain functions, called by PostgresJobStore inside or as its transactions.
import type {
  ArtifactDeletion,
  ExpiredBatch,
  IdempotencyClaim,
  IdempotencyRecord,
} from '../../ports/job-store.js';
import type { PostgresDatabase, Queryable } from './postgres-database.js';
import { iso } from './postgres-database.js';

/** Key of the advisory lock held by the one process sweeping at a time. */
export const RETENTION_LOCK_KEY = 0x5_3407_5002;

interface KeyRow {
  job_id: string;
  request_hash: string;
  created_at: Date;
}

function toRecord(row: KeyRow): IdempotencyRecord {
  return { jobId: row.job_id, requestHash: row.request_hash, createdAt: iso(row.created_at) ?? '' };
}

export async function findIdempotencyKey(
  client: Queryable,
  accountId: string,
  key: string,
  notBefore: string,
): Promise<IdempotencyRecord | null> {
  const { rows } = await client.query<KeyRow>(
    `SELECT job_id, request_hash, created_at FROM idempotency_keys
     WHERE account_id = $1 AND idempotency_key = $2 AND created_at >= $3`,
    [accountId, key, notBefore],
  );
  return rows[0] ? toRecord(rows[0]) : null;
}

/**
 * Inside the caller's transaction (which holds the account's advisory lock): the live record of
 * the key (the request is a replay), or null after removing a lapsed one.
 */
export async function takeIdempotencyKey(
  client: Queryable,
  accountId: string,
  claim: IdempotencyClaim,
): Promise<IdempotencyRecord | null> {
  const { rows } = await client.query<KeyRow>(
    `SELECT job_id, request_hash, created_at FROM idempotency_keys WHERE account_id = $1 AND idempotency_key = $2`,
    [accountId, claim.key],
  );
  const row = rows[0];
  if (!row) return null;
  if (row.created_at.getTime() >= Date.parse(claim.notBefore)) return toRecord(row);
  await client.query(`DELETE FROM idempotency_keys WHERE account_id = $1 AND idempotency_key = $2`, [
    accountId,
    claim.key,
  ]);
  return null;
}

export async function recordIdempotencyKey(
  client: Queryable,
  accountId: string,
  claim: IdempotencyClaim,
  jobId: string,
  createdAt: string,
): Promise<void> {
  await client.query(
    `INSERT INTO idempotency_keys (account_id, idempotency_key, request_hash, job_id, created_at)
     VALUES ($1, $2, $3, $4, $5)`,
    [accountId, claim.key, claim.requestHash, jobId, createdAt],
  );
}

/**
 * Whether some job still points at the artifact, inside the caller's transaction. The rows found are
 * locked `FOR SHARE` until it commits: a retention sweep deleting them waits, and then sees the new
 * job that shares the artifact, so it keeps the artifact; a sweep that already deleted them makes
 * this answer false once it commits.
 */
export async function artifactHeld(client: Queryable, artifactKey: string): Promise<boolean> {
  const { rows } = await client.query(`SELECT 1 FROM jobs WHERE artifact_key = $1 LIMIT 1 FOR SHARE`, [
    artifactKey,
  ]);
  return rows.length > 0;
}

/**
 * One retention batch in one transaction, under an advisory lock tried without waiting: null when
 * another process holds it. Jobs locked by a concurrent writer are skipped until the next batch.
 */
export function deleteExpired(
  db: PostgresDatabase,
  endedBefore: string,
  limit: number,
): Promise<ExpiredBatch | null> {
  return db.transaction(async (client): Promise<ExpiredBatch | null> => {
    const lock = await client.query<{ held: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS held', [
      RETENTION_LOCK_KEY,
    ]);
    if (!lock.rows[0]?.held) return null;
    const deleted = await client.query<{ id: string; artifact_key: string | null; bytes: string | null }>(
      `DELETE FROM jobs WHERE id IN (
         SELECT id FROM jobs
         WHERE completed_at < $1 AND status IN ('completed', 'failed')
           AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.job_id = jobs.id AND d.state = 'pending')
         ORDER BY completed_at LIMIT $2
         FOR UPDATE SKIP LOCKED)
       RETURNING id, artifact_key, result->>'bytes' AS bytes`,
      [endedBefore, limit],
    );
    const batch: ExpiredBatch = {
      rows: { jobs: deleted.rowCount ?? 0, deliveries: 0, attempts: 0, idempotencyKeys: 0 },
      artifactsQueued: 0,
    };
    if (deleted.rows.length === 0) return batch;
    const ids = deleted.rows.map((row) => row.id);
    const attempts = await client.query(
      `DELETE FROM webhook_attempts WHERE delivery_id IN (SELECT id FROM webhook_deliveries WHERE job_id = ANY($1))`,
      [ids],
    );
    const deliveries = await client.query(`DELETE FROM webhook_deliveries WHERE job_id = ANY($1)`, [ids]);
    const keys = await client.query(`DELETE FROM idempotency_keys WHERE job_id = ANY($1)`, [ids]);
    batch.rows.attempts = attempts.rowCount ?? 0;
    batch.rows.deliveries = deliveries.rowCount ?? 0;
    batch.rows.idempotencyKeys = keys.rowCount ?? 0;
    const artifacts = new Map(
      deleted.rows.flatMap((row) => (row.artifact_key ? [[row.artifact_key, Number(row.bytes ?? 0)]] : [])),
    );
    if (artifacts.size === 0) return batch;
    // A new statement sees every job committed meanwhile, e.g. one served from cache that shares an artifact.
    const queued = await client.query(
      `INSERT INTO artifact_deletions (artifact_key, bytes, queued_at)
       SELECT k.key, k.bytes, now() FROM unnest($1::text[], $2::bigint[]) AS k(key, bytes)
       WHERE NOT EXISTS (SELECT 1 FROM jobs WHERE artifact_key = k.key)
       ON CONFLICT (artifact_key) DO NOTHING`,
      [[...artifacts.keys()], [...artifacts.values()]],
    );
    batch.artifactsQueued = queued.rowCount ?? 0;
    return batch;
  });
}

export async function pendingArtifactDeletions(
  db: PostgresDatabase,
  limit: number,
): Promise<ArtifactDeletion[]> {
  const { rows } = await db.query<{ artifact_key: string; bytes: string }>(
    `SELECT artifact_key, bytes FROM artifact_deletions ORDER BY queued_at, artifact_key LIMIT $1`,
    [limit],
  );
  return rows.map((row) => ({ key: row.artifact_key, bytes: Number(row.bytes) }));
}

export async function forgetArtifactDeletions(db: PostgresDatabase, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.query(`DELETE FROM artifact_deletions WHERE artifact_key = ANY($1)`, [keys]);
}

export async function pruneIdempotencyKeys(
  db: PostgresDatabase,
  before: string,
  limit: number,
): Promise<number> {
  const { rowCount } = await db.query(
    `DELETE FROM idempotency_keys WHERE ctid IN
       (SELECT ctid FROM idempotency_keys WHERE created_at < $1 ORDER BY created_at LIMIT $2)`,
    [before, limit],
  );
  return rowCount ?? 0;
}
