import type { Clock } from '../ports/clock.js';
import type { OutboxSignal } from '../ports/outbox-signal.js';

/**
 * How a wait ended: the job's event came (`woken`), its time ran out (`timeout`), its client left
 * (`aborted`), the server is closing (`closed`), or its owner no longer needed it (`cancelled`).
 */
export type WaitOutcome = 'woken' | 'timeout' | 'aborted' | 'closed' | 'cancelled';

/** One registered wait. */
export interface StatusWatch {
  /** Resolves once, with how the wait ended. */
  readonly done: Promise<WaitOutcome>;
  /** Ends the wait now (idempotent); `done` resolves `cancelled` if it had not resolved yet. */
  cancel(): void;
}

export interface StatusWaiterOptions {
  /** Waits held at once; past it `watch` answers null and the request answers at once. Default 10000. */
  maxWaiters?: number;
  /** Told how each wait ended (metrics). */
  onOutcome?: (outcome: WaitOutcome) => void;
}

/**
 * Holds long-polling status requests (`GET /jobs/{jobId}/status?waitSeconds=N`) until their job's
 * own event — the OutboxSignal raised after the transaction that ended it, in any process — or
 * their deadline. Whatever the number of waits, it costs one subscription to the signal and one
 * timer, armed for the earliest deadline; no wait polls.
 */
export interface StatusWaiter {
  /** Registers a wait for `jobId` of at most `waitMs`; `signal` aborts it (the client left). Null when full. */
  watch(jobId: string, waitMs: number, signal?: AbortSignal): StatusWatch | null;
  /** Waits held now. */
  waiting(): number;
  /** Ends every wait (`closed`) and stops listening: the server is closing. */
  close(): void;
}

interface Waiter {
  jobId: string;
  deadlineMs: number;
  settle(outcome: WaitOutcome): void;
}

/** Waits whose deadlines fall this close together end on one firing of the timer, ms. */
const SLACK_MS = 5;

export function createStatusWaiter(
  deps: { signal: OutboxSignal; clock: Clock },
  options: StatusWaiterOptions = {},
): StatusWaiter {
  const { clock } = deps;
  const maxWaiters = options.maxWaiters ?? 10_000;
  const all = new Set<Waiter>();
  const byJob = new Map<string, Set<Waiter>>();
  let timer: { atMs: number; cancel(): void } | null = null;
  let unsubscribe: (() => void) | null = deps.signal.subscribe((jobId) => {
    for (const waiter of byJob.get(jobId) ?? []) waiter.settle('woken');
  });

  function disarm(): void {
    timer?.cancel();
    timer = null;
  }

  /** Arms the one timer for the earliest deadline, unless it already fires at or before it. */
  function arm(deadlineMs: number): void {
    if (timer && timer.atMs <= deadlineMs) return;
    disarm();
    const cancel = clock.setTimer(Math.max(0, deadlineMs - clock.now().getTime()), fire);
    timer = { atMs: deadlineMs, cancel };
  }

  /** Ends every wait that is due, then arms the timer for the next deadline. */
  function fire(): void {
    timer = null;
    const due = clock.now().getTime() + SLACK_MS;
    let next = Infinity;
    for (const waiter of [...all]) {
      if (waiter.deadlineMs <= due) waiter.settle('timeout');
      else next = Math.min(next, waiter.deadlineMs);
    }
    if (next !== Infinity) arm(next);
  }

  function remove(waiter: Waiter): void {
    all.delete(waiter);
    const peers = byJob.get(waiter.jobId);
    peers?.delete(waiter);
    if (peers?.size === 0) byJob.delete(waiter.jobId);
    if (all.size === 0) disarm();
  }

  return {
    watch(jobId, waitMs, signal) {
      if (unsubscribe === null || all.size >= maxWaiters) return null;
      let resolve!: (outcome: WaitOutcome) => void;
      const done = new Promise<WaitOutcome>((r) => (resolve = r));
      const onAbort = (): void => waiter.settle('aborted');
      const waiter: Waiter = {
        jobId,
        deadlineMs: clock.now().getTime() + Math.max(0, waitMs),
        settle(outcome) {
          if (!all.has(waiter)) return;
          remove(waiter);
          signal?.removeEventListener('abort', onAbort);
          options.onOutcome?.(outcome);
          resolve(outcome);
        },
      };
      all.add(waiter);
      let peers = byJob.get(jobId);
      if (!peers) byJob.set(jobId, (peers = new Set()));
      peers.add(waiter);
      if (signal?.aborted) waiter.settle('aborted');
      else {
        signal?.addEventListener('abort', onAbort, { once: true });
        arm(waiter.deadlineMs);
      }
      return { done, cancel: () => waiter.settle('cancelled') };
    },
    waiting: () => all.size,
    close() {
      unsubscribe?.();
      unsubscribe = null;
      for (const waiter of [...all]) waiter.settle('closed');
      disarm();
    },
  };
}
