import type { Redis } from 'ioredis';
import type { RateDecision, RateLimiter } from '../../ports/rate-limiter.js';
import { boundedCommand, REDIS_COMMAND_TIMEOUT_MS } from './bounded-command.js';

const WINDOW_MS = 60_000;

/** Counts one request in the window's key and sets the key to expire with the window; atomic. */
const CONSUME = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n
`;

export interface RedisRateLimiterOptions {
  /**
   * Longest wait for Redis of one `consume` or `peek`, ms; past it, or at once when the connection
   * is down, they throw `503 SERVICE_UNAVAILABLE`. Default 3000.
   */
  commandTimeoutMs?: number;
}

/**
 * Fixed one-minute windows in Redis, shared by every API process: one key per account and window
 * (`<prefix>:rate:<key>:<window start>`), counted with INCR and expired with the window in one Lua
 * script, so concurrent requests on any process are counted exactly once. A lost Redis fails a
 * request at once (503) rather than holding it until Redis is back.
 */
export class RedisRateLimiter implements RateLimiter {
  private readonly timeoutMs: number;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    options: RedisRateLimiterOptions = {},
  ) {
    this.timeoutMs = options.commandTimeoutMs ?? REDIS_COMMAND_TIMEOUT_MS;
  }

  async consume(key: string, limitPerMinute: number, now: number): Promise<RateDecision> {
    const start = now - (now % WINDOW_MS);
    const ttlMs = start + WINDOW_MS - now + 5_000;
    const count = Number(
      await boundedCommand(this.redis, this.timeoutMs, () =>
        this.redis.eval(CONSUME, 1, `${this.prefix}:rate:${key}:${start}`, String(ttlMs)),
      ),
    );
    const resetSeconds = Math.max(1, Math.ceil((start + WINDOW_MS - now) / 1000));
    if (count > limitPerMinute) return { allowed: false, limit: limitPerMinute, remaining: 0, resetSeconds };
    return { allowed: true, limit: limitPerMinute, remaining: limitPerMinute - count, resetSeconds };
  }

  /** A plain GET of the window's counter: nothing is counted or created. */
  async peek(key: string, limitPerMinute: number, now: number): Promise<RateDecision> {
    const start = now - (now % WINDOW_MS);
    const window = `${this.prefix}:rate:${key}:${start}`;
    const used = Number(
      (await boundedCommand(this.redis, this.timeoutMs, () => this.redis.get(window))) ?? 0,
    );
    const remaining = Math.max(0, limitPerMinute - used);
    const resetSeconds = Math.max(1, Math.ceil((start + WINDOW_MS - now) / 1000));
    return { allowed: remaining > 0, limit: limitPerMinute, remaining, resetSeconds };
  }
}
