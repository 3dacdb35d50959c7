import { newDeliveryId } from '../../domain/ids.js';
import { randomBytes } from 'node:crypto';
import type {
  AttemptLogEntry,
  AttemptRecord,
  AttemptVerdict,
  ClaimedDelivery,
  DeliveryRecord,
  DeliveryState,
  NewDelivery,
  WebhookEvent,
  WebhookOutbox,
} from '../../ports/webhook-outbox.js';
import type { SqliteDatabase } from './database.js';
import { SqliteOutboxSignal } from './sqlite-outbox-signal.js';
import { prepared } from './database.js';

interface DeliveryRow {
  id: string;
  job_id: string;
  account_id: string;
  event: string;
  url: string;
  occurred_at: string;
  state: string;
  attempts: number;
  next_attempt_at: number;
  lease_token: string | null;
  lease_expires_at: number | null;
  created_at: string;
}

interface AttemptRow {
  delivery_id: string;
  attempt: number;
  started_at: string;
  duration_ms: number;
  http_status: number | null;
  error: string | null;
  next_attempt_at: string | null;
}

const DUE = `state = 'pending' AND next_attempt_at <= @now AND (lease_token IS NULL OR lease_expires_at <= @now)`;

function newToken(): string {
  return randomBytes(12).toString('base64url');
}

function toClaimed(row: DeliveryRow, leaseToken: string): ClaimedDelivery {
  return {
    id: row.id,
    jobId: row.job_id,
    accountId: row.account_id,
    event: row.event as WebhookEvent,
    url: row.url,
    occurredAt: row.occurred_at,
    attempts: row.attempts,
    leaseToken,
  };
}

function toLogEntry(row: AttemptRow): AttemptLogEntry {
  return {
    attempt: row.attempt,
    at: row.started_at,
    durationMs: row.duration_ms,
    httpStatus: row.http_status,
    error: row.error,
    nextAttemptAt: row.next_attempt_at,
  };
}

function toRecord(row: DeliveryRow, attempts: AttemptRow[]): DeliveryRecord {
  const state = row.state as DeliveryState;
  // Rows written by the job store are due at once (next_attempt_at 0): show when they were queued.
  const nextMs = Math.max(row.next_attempt_at, Date.parse(row.created_at) || 0);
  return {
    id: row.id,
    jobId: row.job_id,
    event: row.event as WebhookEvent,
    url: row.url,
    state,
    attempts: row.attempts,
    nextAttemptAt: state === 'pending' ? new Date(nextMs).toISOString() : null,
    createdAt: row.created_at,
    attemptsLog: attempts.map(toLogEntry),
  };
}

/** The webhook outbox in the SQLite file (`webhook_deliveries`, `webhook_attempts`). */
export class SqliteWebhookOutbox implements WebhookOutbox {
  /** `signal` is told of every redelivery queued, so that the dispatcher sends it at once. */
  constructor(
    private readonly db: SqliteDatabase,
    private readonly signal: SqliteOutboxSignal = new SqliteOutboxSignal(),
  ) {}

  claimDue(nowMs: number, limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
    if (limit <= 0) return Promise.resolve([]);
    // A plain read first, so that idle polling never takes the write lock.
    const any = prepared(this.db, `SELECT 1 FROM webhook_deliveries WHERE ${DUE} LIMIT 1`).get({
      now: nowMs,
    });
    if (any === undefined) return Promise.resolve([]);
    const claim = this.db.transaction((): ClaimedDelivery[] => {
      const rows = prepared(
        this.db,
        `SELECT * FROM webhook_deliveries WHERE ${DUE} ORDER BY next_attempt_at, created_at LIMIT @limit`,
      ).all({ now: nowMs, limit }) as DeliveryRow[];
      const lease = prepared(
        this.db,
        `UPDATE webhook_deliveries SET lease_token = ?, lease_expires_at = ? WHERE id = ?`,
      );
      return rows.map((row) => {
        const token = newToken();
        lease.run(token, nowMs + leaseMs, row.id);
        return toClaimed(row, token);
      });
    });
    return Promise.resolve(claim.immediate());
  }

  recordAttempt(
    delivery: ClaimedDelivery,
    attempt: AttemptRecord,
    verdict: AttemptVerdict,
  ): Promise<boolean> {
    const nextMs = verdict.state === 'pending' ? verdict.nextAttemptAt.getTime() : null;
    const record = this.db.transaction((): boolean => {
      const info = prepared(
        this.db,
        `UPDATE webhook_deliveries SET attempts = attempts + 1, state = ?, next_attempt_at = coalesce(?, next_attempt_at),
             lease_token = NULL, lease_expires_at = NULL
           WHERE id = ? AND lease_token = ?`,
      ).run(verdict.state, nextMs, delivery.id, delivery.leaseToken);
      if (info.changes === 0) return false;
      prepared(
        this.db,
        `INSERT INTO webhook_attempts (delivery_id, attempt, started_at, duration_ms, http_status, error, next_attempt_at)
           VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        delivery.id,
        attempt.attempt,
        attempt.startedAt,
        Math.round(attempt.durationMs),
        attempt.httpStatus,
        attempt.error,
        nextMs === null ? null : new Date(nextMs).toISOString(),
      );
      return true;
    });
    return Promise.resolve(record.immediate());
  }

  release(delivery: ClaimedDelivery): Promise<void> {
    prepared(
      this.db,
      `UPDATE webhook_deliveries SET lease_token = NULL, lease_expires_at = NULL WHERE id = ? AND lease_token = ?`,
    ).run(delivery.id, delivery.leaseToken);
    return Promise.resolve();
  }

  private attemptsOf(ids: string[]): Map<string, AttemptRow[]> {
    const byDelivery = new Map<string, AttemptRow[]>(ids.map((id) => [id, []]));
    if (ids.length === 0) return byDelivery;
    const rows = prepared(
      this.db,
      `SELECT * FROM webhook_attempts WHERE delivery_id IN (${ids.map(() => '?').join(', ')})
         ORDER BY delivery_id, attempt, rowid`,
    ).all(...ids) as AttemptRow[];
    for (const row of rows) byDelivery.get(row.delivery_id)?.push(row);
    return byDelivery;
  }

  listForJob(jobId: string, accountId: string): Promise<DeliveryRecord[]> {
    const rows = prepared(
      this.db,
      `SELECT * FROM webhook_deliveries WHERE job_id = ? AND account_id = ? ORDER BY created_at, rowid`,
    ).all(jobId, accountId) as DeliveryRow[];
    const attempts = this.attemptsOf(rows.map((r) => r.id));
    return Promise.resolve(rows.map((row) => toRecord(row, attempts.get(row.id) ?? [])));
  }

  redeliver(delivery: NewDelivery, now: Date): Promise<DeliveryRecord> {
    const row = prepared(
      this.db,
      `INSERT INTO webhook_deliveries (id, job_id, account_id, event, url, occurred_at, state, next_attempt_at, created_at)
         VALUES (?, ?, ?, ?, ?, ?, 'pending', ?, ?) RETURNING *`,
    ).get(
      newDeliveryId(),
      delivery.jobId,
      delivery.accountId,
      delivery.event,
      delivery.url,
      delivery.occurredAt,
      now.getTime(),
      now.toISOString(),
    ) as DeliveryRow;
    this.signal.notify(delivery.jobId);
    return Promise.resolve(toRecord(row, []));
  }

  backlog(nowMs: number): Promise<{ due: number; scheduled: number }> {
    const row = prepared(
      this.db,
      `SELECT coalesce(sum(next_attempt_at <= ?), 0) AS due, coalesce(sum(next_attempt_at > ?), 0) AS scheduled
         FROM webhook_deliveries WHERE state = 'pending'`,
    ).get(nowMs, nowMs) as { due: number; scheduled: number };
    return Promise.resolve({ due: row.due, scheduled: row.scheduled });
  }
}
