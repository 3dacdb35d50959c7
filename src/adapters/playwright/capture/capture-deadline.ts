import type { Browser } from 'playwright-core';
import { AppError, isAppError } from '../../../domain/errors.js';
import type { EgressSession } from '../../../ports/egress.js';
import type { BrowserLease } from '../browser/browser-pool.js';
import { captureError } from './capture-errors.js';

/** A capture still running this long after its deadline has its browser closed, in ms. */
const HUNG_CAPTURE_GRACE_MS = 5000;

/** The error of a capture stopped by its caller without a reason of its own. */
export function captureTimeout(): AppError {
  return new AppError('CAPTURE_TIMEOUT', 'The capture exceeded its deadline and was stopped');
}

/** Why a capture stopped by `signal` failed: the signal's reason when it is an AppError. */
export function abortError(signal: AbortSignal): AppError {
  const reason: unknown = signal.reason;
  return isAppError(reason) ? reason : captureTimeout();
}

/**
 * Gives the browser slot and the egress session back once `work` settles — registered before
 * the caller awaits `work`, so that this happens before capture() returns. A capture that is
 * still running `HUNG_CAPTURE_GRACE_MS` after its deadline has its browser closed instead.
 */
export function releaseWhenDone(
  work: Promise<unknown>,
  lease: BrowserLease<Browser>,
  session: EgressSession | null,
  deadline: AbortSignal,
): void {
  let hungTimer: ReturnType<typeof setTimeout> | undefined;
  let finished = false;
  const finish = (giveBack: () => void): void => {
    if (finished) return;
    finished = true;
    session?.close();
    giveBack();
  };
  const onAbort = (): void => {
    hungTimer = setTimeout(() => finish(() => lease.discard()), HUNG_CAPTURE_GRACE_MS);
  };
  if (deadline.aborted) onAbort();
  else deadline.addEventListener('abort', onAbort, { once: true });
  const done = (): void => {
    deadline.removeEventListener('abort', onAbort);
    clearTimeout(hungTimer);
    finish(() => lease.release());
  };
  work.then(done, done);
}

/** `work`, or the abort's error (see abortError) as soon as `deadline` aborts (calling `onAbort` first). */
export function raceDeadline<T>(work: Promise<T>, deadline: AbortSignal, onAbort: () => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = (): void => {
      onAbort();
      reject(abortError(deadline));
    };
    if (deadline.aborted) abort();
    else deadline.addEventListener('abort', abort, { once: true });
    work.then(
      (value) => {
        deadline.removeEventListener('abort', abort);
        resolve(value);
      },
      (err: unknown) => {
        deadline.removeEventListener('abort', abort);
        reject(captureError(err));
      },
    );
  });
}
