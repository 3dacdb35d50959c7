import { Redis } from 'ioredis';

/** How long a process starting in scale-out waits for Redis to answer before it gives up, ms. */
export const REDIS_START_TIMEOUT_MS = 5_000;

/** Pause between two tries while Redis does not answer, ms. */
const RETRY_MS = 250;
/** The shortest time one try gets, even the last (so the whole wait is at most this much longer). */
const MIN_TRY_MS = 500;

/** `host:port` of a Redis URL: never its user or password. */
export function redisAddress(redisUrl: string): string {
  const url = new URL(redisUrl);
  return `${url.hostname}:${url.port || '6379'}`;
}

/** One connection and a PING; the connection is closed whatever happens. */
async function pingOnce(redisUrl: string, timeoutMs: number): Promise<void> {
  // No retries of its own and no offline queue: a refused or silent Redis fails this try at once.
  const client = new Redis(redisUrl, {
    lazyConnect: true,
    connectTimeout: Math.max(100, timeoutMs),
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  // The connection's own error (ECONNREFUSED …) says more than connect()'s "Connection is closed".
  let cause: Error | null = null;
  client.on('error', (err: Error) => (cause ??= err));
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      client.connect().then(() => client.ping()),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
  } catch (err) {
    throw cause ?? err;
  } finally {
    clearTimeout(timer);
    // A connection that ended already has nothing to close; disconnect() would leave a 2 s timer.
    if (client.status !== 'end') client.disconnect();
  }
}

/**
 * Resolves once Redis at `redisUrl` (REDIS_URL) answers a PING, trying again for up to `timeoutMs`
 * (a Redis that is starting too gets its moment); then rejects with one message that names its
 * host:port and the last reason, never the URL's password. For the start of a scale-out process:
 * once started, a Redis outage is handled by the stores, which reconnect.
 */
export async function waitForRedis(redisUrl: string, timeoutMs = REDIS_START_TIMEOUT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let reason = 'no answer';
  for (;;) {
    try {
      await pingOnce(redisUrl, Math.max(MIN_TRY_MS, deadline - Date.now()));
      return;
    } catch (err) {
      reason = err instanceof Error ? err.message : String(err);
    }
    const left = deadline - Date.now();
    if (left <= 0) break;
    await new Promise((resolve) => setTimeout(resolve, Math.min(RETRY_MS, left)));
  }
  const password = decodeURIComponent(new URL(redisUrl).password);
  if (password) reason = reason.split(password).join('[redacted]');
  throw new Error(
    `Redis at ${redisAddress(redisUrl)} (REDIS_URL) cannot be reached: ${reason} ` +
      `(tried for ${timeoutMs / 1000} s). Start Redis there, or set REDIS_URL to where it runs.`,
  );
}
