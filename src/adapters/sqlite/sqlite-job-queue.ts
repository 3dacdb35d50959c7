import { randomBytes } from 'node:crypto';
import { EventEmitter, once } from 'node:events';
import type { JobQueue, Lease } from '../../ports/job-queue.js';
import type { SqliteDatabase } from './database.js';
import { prepared } from './database.js';

export interface SqliteJobQueueOptions {
  /** How often an idle `take` looks again for work written by another process. Default 250 ms. */
  pollMs?: number;
}

/**
 * A durable queue in the SQLite file: atomic claim with a lease; a lease that runs out is claimed
 * again by any worker. Takers in this process are woken at once by `enqueue`.
 */
export class SqliteJobQueue implements JobQueue {
  private readonly wake = new EventEmitter();
  private readonly pollMs: number;
  private closed = false;

  constructor(
    private readonly db: SqliteDatabase,
    options: SqliteJobQueueOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 250;
    this.wake.setMaxListeners(0);
  }

  enqueue(jobId: string, runAt?: Date): Promise<void> {
    const at = runAt?.getTime() ?? Date.now();
    prepared(
      this.db,
      `INSERT INTO queue_items (job_id, state, run_at) VALUES (?, 'waiting', ?)
         ON CONFLICT(job_id) DO NOTHING`,
    ).run(jobId, at);
    this.wake.emit('job');
    return Promise.resolve();
  }

  private claim(workerId: string, leaseMs: number): Lease | null {
    const now = Date.now();
    const token = randomBytes(12).toString('base64url');
    const row = prepared(
      this.db,
      `UPDATE queue_items SET state = 'active', token = ?, worker_id = ?, lease_expires_at = ?
         WHERE job_id = (
           SELECT job_id FROM queue_items
           WHERE (state = 'waiting' AND run_at <= ?) OR (state = 'active' AND lease_expires_at <= ?)
           ORDER BY run_at LIMIT 1)
         RETURNING job_id`,
    ).get(token, workerId, now + leaseMs, now, now) as { job_id: string } | undefined;
    return row ? { jobId: row.job_id, token } : null;
  }

  async take(workerId: string, leaseMs: number, waitMs: number): Promise<Lease | null> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      if (this.closed) return null;
      const lease = this.claim(workerId, leaseMs);
      if (lease) return lease;
      const left = deadline - Date.now();
      if (left <= 0) return null;
      const signal = AbortSignal.timeout(Math.min(left, this.pollMs));
      await once(this.wake, 'job', { signal }).catch(() => undefined);
    }
  }

  extend(lease: Lease, leaseMs: number): Promise<boolean> {
    const info = prepared(
      this.db,
      `UPDATE queue_items SET lease_expires_at = ? WHERE job_id = ? AND token = ? AND state = 'active'`,
    ).run(Date.now() + leaseMs, lease.jobId, lease.token);
    return Promise.resolve(info.changes > 0);
  }

  ack(lease: Lease, retryAt?: Date): Promise<void> {
    if (retryAt) {
      prepared(
        this.db,
        `UPDATE queue_items SET state = 'waiting', run_at = ?, token = NULL, worker_id = NULL, lease_expires_at = NULL
           WHERE job_id = ? AND token = ?`,
      ).run(retryAt.getTime(), lease.jobId, lease.token);
      setTimeout(() => this.wake.emit('job'), Math.max(0, retryAt.getTime() - Date.now())).unref();
    } else {
      prepared(this.db, `DELETE FROM queue_items WHERE job_id = ? AND token = ?`).run(
        lease.jobId,
        lease.token,
      );
    }
    return Promise.resolve();
  }

  depth(): Promise<{ waiting: number; active: number }> {
    const rows = prepared(this.db, `SELECT state, count(*) AS n FROM queue_items GROUP BY state`).all() as {
      state: string;
      n: number;
    }[];
    const count = (state: string): number => rows.find((r) => r.state === state)?.n ?? 0;
    return Promise.resolve({ waiting: count('waiting'), active: count('active') });
  }

  stopTaking(): Promise<void> {
    this.closed = true;
    this.wake.emit('job');
    return Promise.resolve();
  }
}
