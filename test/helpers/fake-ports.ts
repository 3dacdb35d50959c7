// In-memory fakes of our own ports, for unit tests of the use-cases and loops. They keep the
// ports' rules (attempt tokens, one terminal state) so that tests of the callers mean something.
import type { Readable } from 'node:stream';
import type { CaptureSpec } from '../../src/domain/capture-spec.js';
import type { Job, JobError, JobResult } from '../../src/domain/job.js';
import type { ArtifactStore } from '../../src/ports/artifact-store.js';
import type { CaptureOutput, Capturer } from '../../src/ports/capturer.js';
import type { JobQueue, Lease } from '../../src/ports/job-queue.js';
import type { JobStore } from '../../src/ports/job-store.js';
import type { Logger } from '../../src/ports/logger.js';

/** A JobStore in memory, with the attempt-token rules of the real ones. */
export class MemoryJobStore implements JobStore {
  readonly jobs = new Map<string, Job & { token: string | null }>();

  add(job: Job): void {
    this.jobs.set(job.id, { ...job, token: null });
  }

  job(id: string): Job & { token: string | null } {
    const job = this.jobs.get(id);
    if (!job) throw new Error(`no job ${id}`);
    return job;
  }

  async createWithinQuota(job: Job): Promise<'created'> {
    this.add(job);
    return 'created';
  }
  async get(jobId: string, accountId: string): Promise<Job | null> {
    const job = this.jobs.get(jobId);
    return job && job.accountId === accountId ? job : null;
  }
  async findCached(): Promise<Job | null> {
    return null;
  }
  async usedThisMonth(): Promise<number> {
    return this.jobs.size;
  }
  async startAttempt(jobId: string, token: string, now: string): Promise<Job | null> {
    const job = this.jobs.get(jobId);
    if (!job || job.status === 'completed' || job.status === 'failed') return null;
    Object.assign(job, {
      status: 'processing',
      attempts: job.attempts + 1,
      token,
      startedAt: job.startedAt ?? now,
    });
    return { ...job };
  }
  private live(jobId: string, token: string): (Job & { token: string | null }) | null {
    const job = this.jobs.get(jobId);
    return job && job.token === token && (job.status === 'processing' || job.status === 'queued')
      ? job
      : null;
  }
  async complete(jobId: string, token: string, result: JobResult, now: string): Promise<boolean> {
    const job = this.live(jobId, token);
    if (!job) return false;
    Object.assign(job, { status: 'completed', result, completedAt: now, token: null });
    return true;
  }
  async fail(jobId: string, token: string, error: JobError, now: string): Promise<boolean> {
    const job = this.live(jobId, token);
    if (!job) return false;
    Object.assign(job, { status: 'failed', error, completedAt: now, token: null });
    return true;
  }
  async requeue(jobId: string, token: string, error: JobError): Promise<boolean> {
    const job = this.live(jobId, token);
    if (!job) return false;
    Object.assign(job, { status: 'queued', error, token: null });
    return true;
  }
  async listUnfinished(): Promise<string[]> {
    return [...this.jobs.values()].filter((j) => j.status === 'queued').map((j) => j.id);
  }
  async recentCaptureMs(): Promise<number | null> {
    return null;
  }
  async findIdempotencyKey(): Promise<null> {
    return null;
  }
  async deleteExpired(): Promise<null> {
    return null;
  }
  async pendingArtifactDeletions(): Promise<[]> {
    return [];
  }
  async forgetArtifactDeletions(): Promise<void> {}
  async pruneIdempotencyKeys(): Promise<number> {
    return 0;
  }
}

/** A JobQueue in memory: `take` hands out what was enqueued, or waits for the next enqueue. */
export class MemoryJobQueue implements JobQueue {
  readonly waiting: string[] = [];
  readonly acks: { jobId: string; retryAt?: Date }[] = [];
  readonly extended: string[] = [];
  /** Leases whose `extend` answers false (taken over by another worker). */
  readonly lost = new Set<string>();
  private takers: ((lease: Lease | null) => void)[] = [];
  private stopped = false;
  private seq = 0;

  async enqueue(jobId: string): Promise<void> {
    const taker = this.takers.shift();
    if (taker) taker(this.lease(jobId));
    else this.waiting.push(jobId);
  }
  private lease(jobId: string): Lease {
    return { jobId, token: `lease-${++this.seq}` };
  }
  take(): Promise<Lease | null> {
    if (this.stopped) return Promise.resolve(null);
    const jobId = this.waiting.shift();
    if (jobId !== undefined) return Promise.resolve(this.lease(jobId));
    return new Promise((resolve) => this.takers.push(resolve));
  }
  async extend(lease: Lease): Promise<boolean> {
    this.extended.push(lease.jobId);
    return !this.lost.has(lease.jobId);
  }
  async ack(lease: Lease, retryAt?: Date): Promise<void> {
    this.acks.push(retryAt ? { jobId: lease.jobId, retryAt } : { jobId: lease.jobId });
  }
  async depth(): Promise<{ waiting: number; active: number }> {
    return { waiting: this.waiting.length, active: 0 };
  }
  async stopTaking(): Promise<void> {
    this.stopped = true;
    for (const taker of this.takers.splice(0)) taker(null);
  }
}

/** An ArtifactStore in memory. */
export class MemoryArtifactStore implements ArtifactStore {
  readonly files = new Map<string, { bytes: Buffer; contentType: string }>();
  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    this.files.set(key, { bytes, contentType });
  }
  async get(): Promise<{ body: Readable; size: number; contentType: string } | null> {
    return null;
  }
  async delete(key: string): Promise<void> {
    this.files.delete(key);
  }
}

/** One capture the scripted capturer was asked for: resolve or reject it when the test says so. */
export interface PendingCapture {
  spec: CaptureSpec;
  signal: AbortSignal;
  resolve(output?: Partial<CaptureOutput>): void;
  reject(err: unknown): void;
}

/**
 * A Capturer whose captures end when the test says so (or when their signal aborts, with its
 * reason, as the real one does). `deadlineMs` is what the test sets.
 */
export class ScriptedCapturer implements Capturer {
  readonly pending: PendingCapture[] = [];
  allowanceMs = 10_000;

  deadlineMs(): number {
    return this.allowanceMs;
  }
  capture(spec: CaptureSpec, signal: AbortSignal): Promise<CaptureOutput> {
    return new Promise((resolve, reject) => {
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the abort reason, as the real capturer rejects with it
      const onAbort = (): void => reject(signal.reason);
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      this.pending.push({
        spec,
        signal,
        resolve: (output = {}) =>
          resolve({
            bytes: Buffer.from('png'),
            format: 'png',
            contentType: 'image/png',
            width: 1280,
            height: 720,
            metadata: { finalUrl: spec.url, httpStatus: 200 },
            ...output,
          }),
        reject,
      });
    });
  }
  async ready(): Promise<void> {}
  async close(): Promise<void> {}
}

/** A logger that keeps its lines. */
export function memoryLogger(): Logger & { lines: { level: string; msg: string; obj: object }[] } {
  const lines: { level: string; msg: string; obj: object }[] = [];
  const at = (level: string) => (obj: object, msg: string) => void lines.push({ level, msg, obj });
  return { lines, info: at('info'), warn: at('warn'), error: at('error') };
}

/** Lets pending promise callbacks run. */
export async function flush(): Promise<void> {
  for (let i = 0; i < 50; i++) await Promise.resolve();
}
