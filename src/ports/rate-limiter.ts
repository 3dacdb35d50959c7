export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
}

/** Per-key fixed-window counter over one minute. */
export interface RateLimiter {
  consume(key: string, limitPerMinute: number, now: number): Promise<RateDecision>;
}
