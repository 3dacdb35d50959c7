// Idempotency records and retention of the SQLite job store (see JobStore in src/ports/job-store.ts).
// Plain functions over the database, called by SqliteJobStore inside or as its transactions.
import type {
  ArtifactDeletion,
  ExpiredBatch,
  IdempotencyClaim,
  IdempotencyRecord,
} from '../../ports/job-store.js';
import type { SqliteDatabase } from './database.js';
import { prepared } from './database.js';

interface KeyRow {
  job_id: string;
  request_hash: string;
  created_at: string;
}

function toRecord(row: KeyRow): IdempotencyRecord {
  return { jobId: row.job_id, requestHash: row.request_hash, createdAt: row.created_at };
}

export function findIdempotencyKey(
  db: SqliteDatabase,
  accountId: string,
  key: string,
  notBefore: string,
): IdempotencyRecord | null {
  const row = prepared(
    db,
    `SELECT job_id, request_hash, created_at FROM idempotency_keys
       WHERE account_id = ? AND idempotency_key = ? AND created_at >= ?`,
  ).get(accountId, key, notBefore) as KeyRow | undefined;
  return row ? toRecord(row) : null;
}

/**
 * Inside the caller's transaction: the live record of the key (the request is a replay), or null
 * after removing a lapsed one, so that the key can be recorded again.
 */
export function takeIdempotencyKey(
  db: SqliteDatabase,
  accountId: string,
  claim: IdempotencyClaim,
): IdempotencyRecord | null {
  const row = prepared(
    db,
    `SELECT job_id, request_hash, created_at FROM idempotency_keys WHERE account_id = ? AND idempotency_key = ?`,
  ).get(accountId, claim.key) as KeyRow | undefined;
  if (!row) return null;
  if (row.created_at >= claim.notBefore) return toRecord(row);
  prepared(db, `DELETE FROM idempotency_keys WHERE account_id = ? AND idempotency_key = ?`).run(
    accountId,
    claim.key,
  );
  return null;
}

/** Inside the caller's transaction: records the key with the job it created. */
export function recordIdempotencyKey(
  db: SqliteDatabase,
  accountId: string,
  claim: IdempotencyClaim,
  jobId: string,
  createdAt: string,
): void {
  prepared(
    db,
    `INSERT INTO idempotency_keys (account_id, idempotency_key, request_hash, job_id, created_at)
       VALUES (?, ?, ?, ?, ?)`,
  ).run(accountId, claim.key, claim.requestHash, jobId, createdAt);
}

/** Whether some job still points at the artifact (inside the caller's transaction). */
export function artifactHeld(db: SqliteDatabase, artifactKey: string): boolean {
  return prepared(db, `SELECT 1 FROM jobs WHERE artifact_key = ? LIMIT 1`).get(artifactKey) !== undefined;
}

interface ExpiredRow {
  id: string;
  artifact_key: string | null;
  bytes: number | null;
}

const IDS = `SELECT value FROM json_each(?)`;

/** One retention batch in one transaction (SQLite has one writer: no other sweeper can interleave). */
export function deleteExpired(db: SqliteDatabase, endedBefore: string, limit: number): ExpiredBatch {
  const run = db.transaction((): ExpiredBatch => {
    const expired = prepared(
      db,
      `SELECT id, artifact_key, json_extract(result, '$.bytes') AS bytes FROM jobs
         WHERE completed_at < ? AND status IN ('completed', 'failed')
           AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.job_id = jobs.id AND d.state = 'pending')
         ORDER BY completed_at LIMIT ?`,
    ).all(endedBefore, limit) as ExpiredRow[];
    const batch: ExpiredBatch = {
      rows: { jobs: 0, deliveries: 0, attempts: 0, idempotencyKeys: 0 },
      artifactsQueued: 0,
    };
    if (expired.length === 0) return batch;
    const ids = JSON.stringify(expired.map((row) => row.id));
    batch.rows.attempts = prepared(
      db,
      `DELETE FROM webhook_attempts WHERE delivery_id IN (SELECT id FROM webhook_deliveries WHERE job_id IN (${IDS}))`,
    ).run(ids).changes;
    batch.rows.deliveries = prepared(db, `DELETE FROM webhook_deliveries WHERE job_id IN (${IDS})`).run(
      ids,
    ).changes;
    batch.rows.idempotencyKeys = prepared(db, `DELETE FROM idempotency_keys WHERE job_id IN (${IDS})`).run(
      ids,
    ).changes;
    batch.rows.jobs = prepared(db, `DELETE FROM jobs WHERE id IN (${IDS})`).run(ids).changes;
    const queue = prepared(
      db,
      `INSERT INTO artifact_deletions (artifact_key, bytes, queued_at) VALUES (?, ?, ?)
         ON CONFLICT(artifact_key) DO NOTHING`,
    );
    const queuedAt = new Date().toISOString();
    const keys = new Map(expired.flatMap((row) => (row.artifact_key ? [[row.artifact_key, row.bytes]] : [])));
    for (const [key, bytes] of keys) {
      if (artifactHeld(db, key)) continue;
      batch.artifactsQueued += queue.run(key, bytes ?? 0, queuedAt).changes;
    }
    return batch;
  });
  return run.immediate();
}

export function pendingArtifactDeletions(db: SqliteDatabase, limit: number): ArtifactDeletion[] {
  const rows = prepared(
    db,
    `SELECT artifact_key, bytes FROM artifact_deletions ORDER BY queued_at, artifact_key LIMIT ?`,
  ).all(limit) as { artifact_key: string; bytes: number }[];
  return rows.map((row) => ({ key: row.artifact_key, bytes: row.bytes }));
}

export function forgetArtifactDeletions(db: SqliteDatabase, keys: readonly string[]): void {
  if (keys.length === 0) return;
  prepared(db, `DELETE FROM artifact_deletions WHERE artifact_key IN (${IDS})`).run(JSON.stringify(keys));
}

export function pruneIdempotencyKeys(db: SqliteDatabase, before: string, limit: number): number {
  return prepared(
    db,
    `DELETE FROM idempotency_keys WHERE rowid IN
       (SELECT rowid FROM idempotency_keys WHERE created_at < ? ORDER BY created_at LIMIT ?)`,
  ).run(before, limit).changes;
}
