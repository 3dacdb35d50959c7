export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
}

/** Per-key fixed-window counter over one minute (windows start on the minute, UTC). */
export interface RateLimiter {
  /** Counts one request against `limitPerMinute` at `now` (ms since the epoch) when the window has room. */
  consume(key: string, limitPerMinute: number, now: number): Promise<RateDecision>;
  /**
   * The window at `now` as `consume` would see it, without counting anything (`GET /usage`):
   * `allowed` says whether the next request would pass, `remaining` how many would.
   */
  peek(key: string, limitPerMinute: number, now: number): Promise<RateDecision>;
}
