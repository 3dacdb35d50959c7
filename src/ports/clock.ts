/** Time and timers, so that use-cases and loops can be tested on a fake clock. */
export interface Clock {
  now(): Date;
  /** Calls `fn` once after `ms` milliseconds; returns the function that cancels it. */
  setTimer(ms: number, fn: () => void): () => void;
}

export const systemClock: Clock = {
  now: () => new Date(),
  setTimer(ms, fn) {
    const timer = setTimeout(fn, ms);
    return () => clearTimeout(timer);
  },
};
