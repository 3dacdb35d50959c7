import { randomBytes } from 'node:crypto';
import { Job, Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { JobQueue, Lease } from '../../ports/job-queue.js';
import { boundedCommand, QUEUE_COMMAND_TIMEOUT_MS } from './bounded-command.js';

export interface BullMqJobQueueOptions {
  /** An ioredis connection with `maxRetriesPerRequest: null`; owned by the caller (closed by them). */
  connection: Redis;
  /** Key prefix of every BullMQ key (REDIS_PREFIX), so several deployments or tests share one Redis. */
  prefix: string;
  /** BullMQ queue name. Default `captures`. */
  queueName?: string;
  /** The lock a `take` puts on a job, ms; renewed by `extend` (JOB_LEASE_MS). Default 30000. */
  leaseMs?: number;
  /**
   * How often this process looks for jobs whose lock ran out (their worker died), ms: such a job is
   * back in `wait` one to two intervals after its lock expired. One check per interval runs across
   * all processes. Default half of `leaseMs`, at least 500.
   */
  stalledIntervalMs?: number;
  /** Longest single blocking wait on Redis for new work, seconds. Default 1. */
  blockSeconds?: number;
  /**
   * Longest wait for Redis of an `enqueue` or a `depth`, ms: past it, or at once while the
   * connection is down, they throw `503 SERVICE_UNAVAILABLE` instead of waiting for Redis to come
   * back (what a request needs). The worker's own calls (`take`, `extend`, `ack`) still wait for a
   * reconnect. Default 3000.
   */
  commandTimeoutMs?: number;
  /** Errors of the BullMQ objects (a lost connection …); they reconnect by themselves. */
  onError?: (err: Error) => void;
}

/** A `take` waiting for a job. */
interface Taker {
  leaseMs: number;
  resolve: (lease: Lease | null) => void;
  timer: NodeJS.Timeout;
}

const JOB_NAME = 'capture';

/** BullMQ's refusals of a stale token: the lease was taken over or the job is gone. */
function isLostLease(err: unknown): boolean {
  return (
    err instanceof Error &&
    /Missing lock|Lock mismatch|Missing key|is not in the active state/.test(err.message)
  );
}

/**
 * The JobQueue on BullMQ (Redis), for any number of processes. A BullMQ Worker in manual mode fetches
 * jobs (`getNextJob` with a fresh lock token per fetch, blocking on Redis while the queue is empty)
 * and hands them to this process's takers in arrival order. A lease is BullMQ's job lock; a worker
 * that dies stops renewing it, and BullMQ's stalled-job check puts the job back in `wait` for
 * another process. `retryAt` is a delayed job; acknowledged jobs are removed, so their id can be
 * enqueued again. The queue never fails a job on its own: attempts are counted in the JobStore.
 */
export class BullMqJobQueue implements JobQueue {
  private readonly queueName: string;
  private readonly leaseMs: number;
  private readonly commandTimeoutMs: number;
  private queue: Queue | null = null;
  private worker: Worker | null = null;
  private readonly takers: Taker[] = [];
  /** Jobs this process fetched, by lock token: their lock and state calls need the Job object. */
  private readonly held = new Map<string, Job>();
  private fetching: Promise<void> | null = null;
  private closed = false;

  constructor(private readonly options: BullMqJobQueueOptions) {
    this.queueName = options.queueName ?? 'captures';
    this.leaseMs = options.leaseMs ?? 30_000;
    this.commandTimeoutMs = options.commandTimeoutMs ?? QUEUE_COMMAND_TIMEOUT_MS;
  }

  /** `call` bounded by `commandTimeoutMs`, failing at once while the connection is down (503). */
  private bounded<T>(call: () => Promise<T>): Promise<T> {
    return boundedCommand(this.options.connection, this.commandTimeoutMs, call);
  }

  private getQueue(): Queue {
    if (!this.queue) {
      this.queue = new Queue(this.queueName, {
        connection: this.options.connection,
        prefix: this.options.prefix,
      });
      this.queue.on('error', (err) => this.options.onError?.(err));
    }
    return this.queue;
  }

  private getWorker(): Worker {
    if (!this.worker) {
      this.worker = new Worker(this.queueName, null, {
        connection: this.options.connection,
        prefix: this.options.prefix,
        autorun: false,
        lockDuration: this.leaseMs,
        stalledInterval: this.options.stalledIntervalMs ?? Math.max(500, Math.floor(this.leaseMs / 2)),
        // Never fail a job for stalling: the JobStore ends a job whose every attempt was cut short.
        maxStalledCount: 1_000_000,
        drainDelay: this.options.blockSeconds ?? 1,
        skipLockRenewal: true,
      });
      this.worker.on('error', (err) => this.options.onError?.(err));
      void this.worker.startStalledCheckTimer().catch((err: unknown) => this.options.onError?.(err as Error));
    }
    return this.worker;
  }

  async enqueue(jobId: string, runAt?: Date): Promise<void> {
    const delay = runAt ? Math.max(0, runAt.getTime() - Date.now()) : 0;
    // A job id already waiting, delayed or active is left as it is (BullMQ ignores the duplicate).
    // Bounded: an add given up on may still land after a reconnect, which that rule makes harmless.
    await this.bounded(() =>
      this.getQueue().add(JOB_NAME, {}, { jobId, delay, removeOnComplete: true, removeOnFail: true }),
    );
  }

  take(_workerId: string, leaseMs: number, waitMs: number): Promise<Lease | null> {
    if (this.closed) return Promise.resolve(null);
    return new Promise((resolve) => {
      const taker: Taker = {
        leaseMs,
        resolve,
        // Its wait is over: a job fetched after this goes to the next taker, or back to `wait`.
        timer: setTimeout(() => {
          const index = this.takers.indexOf(taker);
          if (index >= 0) this.takers.splice(index, 1);
          resolve(null);
        }, waitMs),
      };
      this.takers.push(taker);
      this.fetching ??= this.fetchLoop().finally(() => {
        this.fetching = null;
      });
    });
  }

  /** Fetches jobs while takers wait: one blocking wait on Redis at a time, for the whole process. */
  private async fetchLoop(): Promise<void> {
    const worker = this.getWorker();
    while (this.takers.length > 0 && !this.closed) {
      const token = `${worker.id}:${randomBytes(9).toString('base64url')}`;
      let job: Job | undefined;
      try {
        job = await worker.getNextJob(token, { block: true });
      } catch (err) {
        this.options.onError?.(err as Error);
        await new Promise((r) => setTimeout(r, 250));
      }
      if (job) await this.handOver(job, token).catch((err: unknown) => this.options.onError?.(err as Error));
    }
  }

  private async handOver(job: Job, token: string): Promise<void> {
    const taker = this.closed ? undefined : this.takers.shift();
    if (!taker) {
      // Nobody waits any more (timed out, or closing): give it back at once rather than let its lock run out.
      await job.moveToWait(token).catch((err: unknown) => this.options.onError?.(err as Error));
      return;
    }
    clearTimeout(taker.timer);
    this.held.set(token, job);
    try {
      if (taker.leaseMs !== this.leaseMs) await job.extendLock(token, taker.leaseMs);
    } catch (err) {
      // The job keeps the default lock; the taker's first renewal sets its own length.
      this.options.onError?.(err as Error);
    }
    taker.resolve({ jobId: job.id ?? '', token });
  }

  private async jobOf(lease: Lease): Promise<Job | null> {
    return this.held.get(lease.token) ?? (await Job.fromId(this.getQueue(), lease.jobId)) ?? null;
  }

  async extend(lease: Lease, leaseMs: number): Promise<boolean> {
    const job = await this.jobOf(lease);
    if (!job) return false;
    return (await job.extendLock(lease.token, leaseMs)) === 1;
  }

  async ack(lease: Lease, retryAt?: Date): Promise<void> {
    const job = await this.jobOf(lease);
    this.held.delete(lease.token);
    if (!job) return;
    try {
      if (retryAt) await job.moveToDelayed(retryAt.getTime(), lease.token);
      else await job.moveToCompleted(null, lease.token, false);
    } catch (err) {
      // A stale lease changes nothing, as in every JobQueue.
      if (!isLostLease(err)) throw err;
    }
  }

  async depth(): Promise<{ waiting: number; active: number }> {
    const counts = await this.bounded(() =>
      this.getQueue().getJobCounts('waiting', 'delayed', 'prioritized', 'paused', 'active'),
    );
    const n = (key: string): number => counts[key] ?? 0;
    return { waiting: n('waiting') + n('delayed') + n('prioritized') + n('paused'), active: n('active') };
  }

  /** Stops handing out jobs (takes resolve null at once); leases already out can still be extended and acknowledged. */
  async stopTaking(): Promise<void> {
    this.closed = true;
    for (const taker of this.takers.splice(0)) {
      clearTimeout(taker.timer);
      taker.resolve(null);
    }
  }

  /** Closes the BullMQ objects, after `stopTaking()`; waits for a fetch in progress (at most `blockSeconds`). */
  async disconnect(): Promise<void> {
    await this.stopTaking();
    await this.fetching;
    await this.worker?.close();
    await this.queue?.close();
  }
}
