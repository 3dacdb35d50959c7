import type { RetentionDeps, RetentionOptions, RetentionReport } from '../app/retention.js';
import { sweepRetention } from '../app/retention.js';

export interface RetentionSweeperOptions extends RetentionOptions {
  /** Pause between sweeps, ms. Default 600000 (10 minutes). */
  everyMs?: number;
  /** Pause before the first sweep after start, ms (captures and deliveries first). Default 60000. */
  firstAfterMs?: number;
}

export interface RetentionSweeperDeps extends RetentionDeps {
  /** Told what each sweep deleted (metrics). */
  onSweep?: (report: RetentionReport) => void;
}

export interface RetentionSweeper {
  /** Runs one sweep now (or waits for the one running); for tests and operators. */
  sweepNow(): Promise<RetentionReport>;
  /** Stops the timer and waits for a sweep in progress. */
  stop(): Promise<void>;
}

/**
 * Runs the retention sweep on the worker role's clock: one sweep at a time in this process, the
 * next `everyMs` after the last ended. In scale-out every worker process runs one; the store lets
 * one sweep at a time delete (the others find it busy and wait for their next turn).
 */
export function runRetentionSweeper(
  deps: RetentionSweeperDeps,
  options: RetentionSweeperOptions,
): RetentionSweeper {
  let running: Promise<RetentionReport> | null = null;
  let cancel: (() => void) | null = null;
  let stopped = false;

  function sweep(): Promise<RetentionReport> {
    running ??= sweepRetention(deps, options)
      .then((report) => {
        deps.onSweep?.(report);
        if (report.rows.jobs > 0 || report.artifacts > 0)
          deps.logger.info(
            { ...report.rows, artifacts: report.artifacts, bytes: report.bytes },
            'retention sweep',
          );
        return report;
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  function schedule(ms: number): void {
    if (stopped) return;
    cancel = deps.clock.setTimer(ms, () => {
      cancel = null;
      sweep()
        .catch((err: unknown) => deps.logger.error({ err }, 'retention sweep failed'))
        .finally(() => schedule(options.everyMs ?? 600_000));
    });
  }

  schedule(options.firstAfterMs ?? 60_000);
  return {
    sweepNow: sweep,
    async stop() {
      stopped = true;
      cancel?.();
      await running?.catch(() => undefined);
    },
  };
}
