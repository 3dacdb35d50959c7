/** Events a job's webhook announces (seed §6). */
export type WebhookEvent = 'job.completed' | 'job.failed';

/**
 * Where a delivery stands: `pending` (waiting for its next attempt, or one is in flight),
 * `delivered` (a 2xx came back), `failed` (the retry schedule ran out), `gone` (the receiver
 * answered 410 Gone: no further attempts).
 */
export type DeliveryState = 'pending' | 'delivered' | 'failed' | 'gone';

/** A delivery claimed by one dispatcher for one attempt. */
export interface ClaimedDelivery {
  /** `msg_…`, stable for the life of the delivery: sent as the `webhook-id` header. */
  id: string;
  jobId: string;
  accountId: string;
  event: WebhookEvent;
  /** The job's webhook URL (https). */
  url: string;
  /** ISO time of the event (the job's terminal transition): the payload's `timestamp`. */
  occurredAt: string;
  /** Attempts already recorded; this claim makes attempt number `attempts + 1`. */
  attempts: number;
  /** Opaque token of this claim; `recordAttempt` and `release` need it. */
  leaseToken: string;
}

/** One attempt as it is recorded in the delivery's log. */
export interface AttemptRecord {
  /** 1-based attempt number. */
  attempt: number;
  /** ISO time the attempt started. */
  startedAt: string;
  /** Wall time of the attempt, milliseconds. */
  durationMs: number;
  /** Status code of the response, or null when none came. */
  httpStatus: number | null;
  /** Why the attempt failed (timeout, TLS, SSRF refusal, non-2xx …), or null when it succeeded. */
  error: string | null;
}

/** What becomes of the delivery after an attempt. */
export type AttemptVerdict =
  { state: 'pending'; nextAttemptAt: Date } | { state: 'delivered' | 'failed' | 'gone' };

/** One line of a delivery's attempt log. */
export interface AttemptLogEntry {
  attempt: number;
  /** ISO time the attempt started. */
  at: string;
  durationMs: number;
  httpStatus: number | null;
  error: string | null;
  /** ISO time of the attempt scheduled after this one, when there is one. */
  nextAttemptAt: string | null;
}

/** A delivery with its attempts, as the client sees it. */
export interface DeliveryRecord {
  id: string;
  jobId: string;
  event: WebhookEvent;
  url: string;
  state: DeliveryState;
  /** Attempts recorded so far. */
  attempts: number;
  /** ISO time of the next attempt while `pending` (it may already be due), else null. */
  nextAttemptAt: string | null;
  /** ISO time the delivery was queued. */
  createdAt: string;
  /** Oldest attempt first. */
  attemptsLog: AttemptLogEntry[];
}

/** A delivery to queue by hand (redelivery of a job's terminal event). */
export interface NewDelivery {
  jobId: string;
  accountId: string;
  event: WebhookEvent;
  url: string;
  /** ISO time of the event being delivered again (the job's completion). */
  occurredAt: string;
}

/**
 * The transactional webhook outbox. The JobStore writes a `pending` row in the same transaction
 * as a job's terminal transition; dispatchers drain it. A claim is a lease: a dispatcher that
 * dies mid-attempt leaves a lease that runs out, and the delivery is claimed again (same id, so
 * the receiver sees the same `webhook-id`). Every write after the claim is tied to the lease token,
 * so a dispatcher that lost its lease changes nothing.
 */
export interface WebhookOutbox {
  /**
   * Claims up to `limit` deliveries that are `pending`, due at or before `nowMs` and not leased
   * (or whose lease ran out), leasing each for `leaseMs` milliseconds. Oldest due first.
   */
  claimDue(nowMs: number, limit: number, leaseMs: number): Promise<ClaimedDelivery[]>;
  /**
   * Appends the attempt to the log, counts it and applies the verdict, ending the lease.
   * false (and nothing written) when the lease is no longer held.
   */
  recordAttempt(delivery: ClaimedDelivery, attempt: AttemptRecord, verdict: AttemptVerdict): Promise<boolean>;
  /** Gives the claim back without counting an attempt (the dispatcher is stopping); due at once. */
  release(delivery: ClaimedDelivery): Promise<void>;
  /** The deliveries of a job of `accountId`, oldest first, each with its attempt log. */
  listForJob(jobId: string, accountId: string): Promise<DeliveryRecord[]>;
  /** Queues a fresh delivery (a new id, so a new `webhook-id`), due at once. */
  redeliver(delivery: NewDelivery, now: Date): Promise<DeliveryRecord>;
  /**
   * The backlog, for metrics: deliveries `pending` whose next attempt is due at or before `nowMs`
   * (waiting for a dispatcher, or in flight) and those scheduled later (waiting to be retried).
   */
  backlog(nowMs: number): Promise<{ due: number; scheduled: number }>;
}
