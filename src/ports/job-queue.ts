/** A job handed to one worker for one attempt. */
export interface Lease {
  jobId: string;
  /** Opaque token of this delivery; `ack`/`extend` need it. */
  token: string;
}

/**
 * Delivers job ids to workers at least once. A lease that is not extended in time (the worker died)
 * is handed out again. The attempt count and the job's state live in the JobStore, not here.
 */
export interface JobQueue {
  /** Idempotent: an id already waiting or active is left as it is. */
  enqueue(jobId: string, runAt?: Date): Promise<void>;
  /** Waits up to `waitMs` for a job that is due; null when none came. */
  take(workerId: string, leaseMs: number, waitMs: number): Promise<Lease | null>;
  /** Renews the lease; false when it was lost (another worker may have it now). */
  extend(lease: Lease, leaseMs: number): Promise<boolean>;
  /** Ends the delivery. With `retryAt`, the job is delivered again at that time. */
  ack(lease: Lease, retryAt?: Date): Promise<void>;
  /** Jobs waiting (due or delayed) plus active. */
  depth(): Promise<{ waiting: number; active: number }>;
  /**
   * Stops handing out jobs: a waiting `take` resolves null at once, and so does every later one.
   * Leases already out can still be extended and acknowledged; `enqueue` still works.
   */
  stopTaking(): Promise<void>;
}
