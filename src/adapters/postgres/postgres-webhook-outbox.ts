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
import type { PostgresDatabase } from './postgres-database.js';
import { notifyJobEvent } from './postgres-outbox-signal.js';
import { iso } from './postgres-database.js';

interface DeliveryRow {
  id: string;
  job_id: string;
  account_id: string;
  event: string;
  url: string;
  occurred_at: Date;
  state: string;
  attempts: number;
  next_attempt_at: Date;
  created_at: Date;
  seq: string;
}

interface AttemptRow {
  delivery_id: string;
  attempt: number;
  started_at: Date;
  duration_ms: number;
  http_status: number | null;
  error: string | null;
  next_attempt_at: Date | null;
}

function toClaimed(row: DeliveryRow, leaseToken: string): ClaimedDelivery {
  return {
    id: row.id,
    jobId: row.job_id,
    accountId: row.account_id,
    event: row.event as WebhookEvent,
    url: row.url,
    occurredAt: iso(row.occurred_at) ?? '',
    attempts: row.attempts,
    leaseToken,
  };
}

function toLogEntry(row: AttemptRow): AttemptLogEntry {
  return {
    attempt: row.attempt,
    at: iso(row.started_at) ?? '',
    durationMs: row.duration_ms,
    httpStatus: row.http_status,
    error: row.error,
    nextAttemptAt: iso(row.next_attempt_at),
  };
}

function toRecord(row: DeliveryRow, attempts: AttemptRow[]): DeliveryRecord {
  const state = row.state as DeliveryState;
  // Rows written by the job store are due at once (epoch): show when they were queued.
  const nextMs = Math.max(row.next_attempt_at.getTime(), row.created_at.getTime());
  return {
    id: row.id,
    jobId: row.job_id,
    event: row.event as WebhookEvent,
    url: row.url,
    state,
    attempts: row.attempts,
    nextAttemptAt: state === 'pending' ? new Date(nextMs).toISOString() : null,
    createdAt: iso(row.created_at) ?? '',
    attemptsLog: attempts.map(toLogEntry),
  };
}

/**
 * The webhook outbox in PostgreSQL, drained by the dispatchers of every worker process at once:
 * a claim takes due rows with `FOR UPDATE SKIP LOCKED` and leases them, so two dispatchers never
 * claim one delivery, and a dead dispatcher's lease runs out and the delivery is claimed again.
 */
export class PostgresWebhookOutbox implements WebhookOutbox {
  constructor(private readonly db: PostgresDatabase) {}

  async claimDue(nowMs: number, limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
    if (limit <= 0) return [];
    // One token per claim: (id, token) is unique, and every later write checks both.
    const token = randomBytes(12).toString('base64url');
    const now = new Date(nowMs);
    const { rows } = await this.db.query<DeliveryRow>(
      `WITH due AS (
         SELECT id FROM webhook_deliveries
         WHERE state = 'pending' AND next_attempt_at <= $1 AND (lease_token IS NULL OR lease_expires_at <= $1)
         ORDER BY next_attempt_at, created_at, seq LIMIT $2
         FOR UPDATE SKIP LOCKED)
       UPDATE webhook_deliveries d SET lease_token = $3, lease_expires_at = $4
       FROM due WHERE d.id = due.id
       RETURNING d.*`,
      [now, limit, token, new Date(nowMs + leaseMs)],
    );
    rows.sort(
      (a, b) =>
        a.next_attempt_at.getTime() - b.next_attempt_at.getTime() ||
        a.created_at.getTime() - b.created_at.getTime() ||
        Number(a.seq) - Number(b.seq),
    );
    return rows.map((row) => toClaimed(row, token));
  }

  recordAttempt(
    delivery: ClaimedDelivery,
    attempt: AttemptRecord,
    verdict: AttemptVerdict,
  ): Promise<boolean> {
    const next = verdict.state === 'pending' ? verdict.nextAttemptAt : null;
    return this.db.transaction(async (client) => {
      const { rowCount } = await client.query(
        `UPDATE webhook_deliveries SET attempts = attempts + 1, state = $1, next_attempt_at = coalesce($2, next_attempt_at),
           lease_token = NULL, lease_expires_at = NULL
         WHERE id = $3 AND lease_token = $4`,
        [verdict.state, next, delivery.id, delivery.leaseToken],
      );
      if ((rowCount ?? 0) === 0) return false;
      await client.query(
        `INSERT INTO webhook_attempts (delivery_id, attempt, started_at, duration_ms, http_status, error, next_attempt_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          delivery.id,
          attempt.attempt,
          attempt.startedAt,
          Math.round(attempt.durationMs),
          attempt.httpStatus,
          attempt.error,
          next,
        ],
      );
      return true;
    });
  }

  async release(delivery: ClaimedDelivery): Promise<void> {
    await this.db.query(
      `UPDATE webhook_deliveries SET lease_token = NULL, lease_expires_at = NULL WHERE id = $1 AND lease_token = $2`,
      [delivery.id, delivery.leaseToken],
    );
  }

  async listForJob(jobId: string, accountId: string): Promise<DeliveryRecord[]> {
    const { rows } = await this.db.query<DeliveryRow>(
      `SELECT * FROM webhook_deliveries WHERE job_id = $1 AND account_id = $2 ORDER BY created_at, seq`,
      [jobId, accountId],
    );
    if (rows.length === 0) return [];
    const attempts = await this.db.query<AttemptRow>(
      `SELECT * FROM webhook_attempts WHERE delivery_id = ANY($1) ORDER BY delivery_id, attempt, seq`,
      [rows.map((r) => r.id)],
    );
    const byDelivery = new Map<string, AttemptRow[]>(rows.map((r) => [r.id, []]));
    for (const a of attempts.rows) byDelivery.get(a.delivery_id)?.push(a);
    return rows.map((row) => toRecord(row, byDelivery.get(row.id) ?? []));
  }

  async redeliver(delivery: NewDelivery, now: Date): Promise<DeliveryRecord> {
    const { rows } = await this.db.query<DeliveryRow>(
      `INSERT INTO webhook_deliveries (id, job_id, account_id, event, url, occurred_at, state, next_attempt_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $7) RETURNING *`,
      [
        newDeliveryId(),
        delivery.jobId,
        delivery.accountId,
        delivery.event,
        delivery.url,
        delivery.occurredAt,
        now,
      ],
    );
    await notifyJobEvent(this.db, delivery.jobId);
    return toRecord(rows[0] as DeliveryRow, []);
  }

  async backlog(nowMs: number): Promise<{ due: number; scheduled: number }> {
    const { rows } = await this.db.query<{ due: number; scheduled: number }>(
      `SELECT count(*) FILTER (WHERE next_attempt_at <= $1)::int AS due,
              count(*) FILTER (WHERE next_attempt_at > $1)::int AS scheduled
       FROM webhook_deliveries WHERE state = 'pending'`,
      [new Date(nowMs)],
    );
    return { due: rows[0]?.due ?? 0, scheduled: rows[0]?.scheduled ?? 0 };
  }
}
