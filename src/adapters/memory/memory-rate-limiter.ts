import type { RateDecision, RateLimiter } from '../../ports/rate-limiter.js';

const WINDOW_MS = 60_000;

/** Fixed one-minute windows in this process's memory (embedded mode: one API process). */
export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  consume(key: string, limitPerMinute: number, now: number): Promise<RateDecision> {
    const start = now - (now % WINDOW_MS);
    let window = this.windows.get(key);
    if (!window || window.start !== start) {
      window = { start, count: 0 };
      this.windows.set(key, window);
      if (this.windows.size > 10_000) this.prune(start);
    }
    const resetSeconds = Math.max(1, Math.ceil((start + WINDOW_MS - now) / 1000));
    if (window.count >= limitPerMinute) {
      return Promise.resolve({ allowed: false, limit: limitPerMinute, remaining: 0, resetSeconds });
    }
    window.count += 1;
    return Promise.resolve({
      allowed: true,
      limit: limitPerMinute,
      remaining: limitPerMinute - window.count,
      resetSeconds,
    });
  }

  peek(key: string, limitPerMinute: number, now: number): Promise<RateDecision> {
    const start = now - (now % WINDOW_MS);
    const window = this.windows.get(key);
    const used = window?.start === start ? window.count : 0;
    const remaining = Math.max(0, limitPerMinute - used);
    return Promise.resolve({
      allowed: remaining > 0,
      limit: limitPerMinute,
      remaining,
      resetSeconds: Math.max(1, Math.ceil((start + WINDOW_MS - now) / 1000)),
    });
  }

  private prune(currentStart: number): void {
    for (const [key, w] of this.windows) if (w.start !== currentStart) this.windows.delete(key);
  }
}
