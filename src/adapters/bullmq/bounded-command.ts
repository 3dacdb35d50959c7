import type { Redis } from 'ioredis';
import { AppError, isAppError } from '../../domain/errors.js';

// The same bound as src/adapters/redis/bounded-command.ts (one adapter never imports another).

/** ioredis states in which a command would wait in the offline queue until Redis is back. */
const DISCONNECTED: ReadonlySet<string> = new Set(['reconnecting', 'close', 'end']);

/** Default deadline of one queue operation of a request (an enqueue, a depth), ms. */
export const QUEUE_COMMAND_TIMEOUT_MS = 3_000;

/** The 503 of an operation that could not reach Redis: names no address (the cause does, for the log). */
export function queueUnavailable(cause?: unknown): AppError {
  return new AppError(
    'SERVICE_UNAVAILABLE',
    'The job queue (Redis) cannot be reached; try again in a few seconds.',
    { cause, retryAfterSeconds: 5 },
  );
}

/**
 * Runs a BullMQ call on `connection` within `timeoutMs`, so that a lost Redis fails it at once
 * instead of holding it until Redis is back: BullMQ waits for a connection, and the connection
 * (shared with the workers, which need `maxRetriesPerRequest: null`) keeps commands in its offline
 * queue meanwhile. A connection that is down fails at once, a call with no answer in time fails
 * then; Redis's own refusals (a `ReplyError`) pass through unchanged. A call given up on may still
 * be carried out after a reconnect: callers treat the failure as "not known to be done".
 */
export async function boundedCommand<T>(
  connection: Redis,
  timeoutMs: number,
  call: () => Promise<T>,
): Promise<T> {
  if (DISCONNECTED.has(connection.status))
    throw queueUnavailable(new Error(`Redis connection ${connection.status}`));
  let timer: NodeJS.Timeout | undefined;
  const pending = call();
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(queueUnavailable(new Error(`Redis did not answer within ${timeoutMs} ms`))),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([pending, deadline]);
  } catch (err) {
    pending.catch(() => undefined);
    if (err instanceof Error && err.name === 'ReplyError') throw err;
    throw isAppError(err) ? err : queueUnavailable(err);
  } finally {
    clearTimeout(timer);
  }
}
