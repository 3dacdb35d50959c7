import type { Clock } from '../ports/clock.js';
import type { Logger } from '../ports/logger.js';

/** Options of {@link startClaimLoop}. */
export interface ClaimLoopOptions<T> {
  /** Name in log lines (`capture worker`, `webhook dispatcher`). */
  name: string;
  /** Items run at once. At least 1. */
  concurrency: number;
  /** Claims up to `max` items that are due; it may itself wait (a bounded time) for work to come. */
  claim(max: number): Promise<T[]>;
  /**
   * Runs one claimed item. `signal` aborts, with the reason given to `stop()`, when a stop ran
   * out of patience (`drainMs`). What it throws is logged; the loop goes on.
   */
  run(item: T, signal: AbortSignal): Promise<void>;
  /** Pause after a claim that found nothing, ms; `wake()` ends it early. */
  idleMs: number;
  /** How long `stop()` lets running items finish before aborting them, ms. */
  drainMs: number;
  clock: Clock;
  logger: Logger;
}

/** A running claim loop. */
export interface ClaimLoop {
  /** Claims again at once (new work was announced, or a slot freed up). */
  wake(): void;
  /** Items running now. */
  running(): number;
  /**
   * Stops claiming, lets running items finish for up to `drainMs`, then aborts the rest with
   * `reason` and waits for them to end.
   */
  stop(reason: Error): Promise<void>;
}

/** Pause after a claim that threw (the store is down), ms. */
const CLAIM_ERROR_PAUSE_MS = 1000;

/**
 * The skeleton shared by the capture worker and the webhook dispatcher: claim → run with abort →
 * drain. Up to `concurrency` items run at once; the loop claims as many as there are free slots,
 * naps `idleMs` when nothing was due (or until woken), and waits for a slot when all are busy.
 */
export function startClaimLoop<T>(options: ClaimLoopOptions<T>): ClaimLoop {
  const { clock, logger } = options;
  const concurrency = Math.max(1, options.concurrency);
  const inflight = new Map<Promise<void>, AbortController>();
  let stopping = false;
  let woken = false;
  let interrupt: (() => void) | null = null;

  function wake(): void {
    woken = true;
    const resume = interrupt;
    interrupt = null;
    resume?.();
  }

  /** Resolves after `ms` (never, when null) or at the next `wake()`, whichever comes first. */
  function pause(ms: number | null): Promise<void> {
    if (woken || stopping) {
      woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const cancel = ms === null ? () => undefined : clock.setTimer(ms, () => resume());
      const resume = (): void => {
        cancel();
        interrupt = null;
        woken = false;
        resolve();
      };
      interrupt = resume;
    });
  }

  function launch(item: T): void {
    const controller = new AbortController();
    const done: Promise<void> = options
      .run(item, controller.signal)
      .catch((err: unknown) => logger.error({ err }, `${options.name}: an item failed unexpectedly`))
      .finally(() => {
        inflight.delete(done);
        wake();
      });
    inflight.set(done, controller);
  }

  async function loop(): Promise<void> {
    while (!stopping) {
      const free = concurrency - inflight.size;
      if (free <= 0) {
        await pause(null);
        continue;
      }
      let claimed: T[];
      try {
        claimed = await options.claim(free);
      } catch (err) {
        logger.error({ err }, `${options.name}: claim failed`);
        await pause(CLAIM_ERROR_PAUSE_MS);
        continue;
      }
      for (const item of claimed) launch(item);
      if (claimed.length === 0) await pause(options.idleMs);
    }
  }

  const looping = loop();
  return {
    wake,
    running: () => inflight.size,
    async stop(reason) {
      stopping = true;
      wake();
      await looping;
      const cancel = clock.setTimer(options.drainMs, () => {
        for (const controller of inflight.values()) controller.abort(reason);
      });
      await Promise.all(inflight.keys());
      cancel();
    },
  };
}
