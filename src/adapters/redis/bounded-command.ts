import type { Redis } from 'ioredis';
import { AppError, isAppError } from '../../domain/errors.js';

/** ioredis states in which a command would wait in the offline queue until Redis is back. */
const DISCONNECTED: ReadonlySet<string> = new Set(['reconnecting', 'close', 'end']);

/** Default deadline of one Redis command of a request, ms. */
export const REDIS_COMMAND_TIMEOUT_MS = 3_000;

/** The 503 of a request whose Redis command could not run: names no address (the cause does, for the log). */
export function redisUnavailable(cause?: unknown): AppError {
  return new AppError(
    'SERVICE_UNAVAILABLE',
    'Redis (per-minute limits) cannot be reached; try again in a few seconds.',
    { cause, retryAfterSeconds: 5 },
  );
}

/**
 * Runs `command` on `redis` for a request, so that a lost Redis answers 503 at once instead of
 * holding the request: the connection is shared with BullMQ, whose workers need commands to wait
 * for a reconnect (`maxRetriesPerRequest: null`, offline queue on), so the bound is put here rather
 * than on the connection. A connection that is down fails at once; a command that has no answer
 * within `timeoutMs` fails then. Redis's own refusals (a `ReplyError`) pass through unchanged. A
 * command given up on may still be carried out after a reconnect (harmless for a counter).
 */
export async function boundedCommand<T>(
  redis: Redis,
  timeoutMs: number,
  command: () => Promise<T>,
): Promise<T> {
  if (DISCONNECTED.has(redis.status)) throw redisUnavailable(new Error(`Redis connection ${redis.status}`));
  let timer: NodeJS.Timeout | undefined;
  const pending = command();
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(redisUnavailable(new Error(`Redis did not answer within ${timeoutMs} ms`))),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([pending, deadline]);
  } catch (err) {
    pending.catch(() => undefined);
    if (err instanceof Error && err.name === 'ReplyError') throw err;
    throw isAppError(err) ? err : redisUnavailable(err);
  } finally {
    clearTimeout(timer);
  }
}
