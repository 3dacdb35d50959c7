/**
 * Says that a job just ended or that one of its webhook deliveries was queued, so that whoever
 * waits for that — the webhook dispatcher, and requests long-polling the job's status — looks at
 * once instead of at its next poll (like graphile/worker's `nudge()`).
 *
 * The store adapters raise it after the transaction that wrote the change has committed: an
 * in-process emitter for the embedded SQLite store, PostgreSQL `LISTEN/NOTIFY` in scale-out, so a
 * job ended by a worker on one machine wakes the dispatchers and waiters of every process.
 * Best effort: a listener still polls on its own, so a lost notification only costs latency.
 */
export interface OutboxSignal {
  /** Calls `listener` with the job's id on every such change; returns the function that stops it. */
  subscribe(listener: (jobId: string) => void): () => void;
}
