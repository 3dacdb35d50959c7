import { errorOfResponse, ShotsError } from './errors.js';

/** How the client retries a request that the service refused for now. */
export interface RetryOptions {
  /** Further attempts after the first. Default 3. */
  retries?: number;
  /** Backoff before the first retry, ms; it doubles each retry, with full jitter. Default 500. */
  minDelayMs?: number;
  /**
   * Longest wait before a retry, ms. Default 60000. A `Retry-After` longer than this is not waited
   * for: the error is thrown at once, with `retryAfterSeconds`.
   */
  maxDelayMs?: number;
}

/** Told before each retry: why, and how long the client waits. */
export interface RetryNotice {
  attempt: number;
  delayMs: number;
  error: ShotsError;
}

export interface TransportOptions {
  baseUrl: string;
  apiKey: string;
  fetch: typeof fetch;
  /** null: no retries. */
  retry: Required<RetryOptions> | null;
  timeoutMs: number;
  onRetry?: (notice: RetryNotice) => void;
}

export interface RequestSpec {
  method: 'GET' | 'POST';
  /** Path and query, e.g. `/jobs/job_web_…/status?waitSeconds=10`. */
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  /**
   * Whether the request may be sent again after a 5xx or a lost answer: GET, or a POST with an
   * `Idempotency-Key`. A `429 RATE_LIMITED` is retried either way (it was refused before any work).
   */
  idempotent: boolean;
  /** How long the service may hold the answer on purpose (a long-poll), ms; added to the timeout. */
  holdMs?: number;
  signal?: AbortSignal;
}

export const DEFAULT_RETRY: Required<RetryOptions> = { retries: 3, minDelayMs: 500, maxDelayMs: 60_000 };

function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason : new DOMException('The operation was aborted.', 'AbortError');
}

/** Waits `ms`, or rejects with the signal's reason when it aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortReason(signal));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal!));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function retryable(error: ShotsError, idempotent: boolean): boolean {
  if (error.status === 429) return error.code === 'RATE_LIMITED';
  if (error.status >= 500 || error.status === 0) return idempotent;
  return false;
}

/** Sends requests with the API key, a timeout per attempt, and the retry policy. */
export class Transport {
  constructor(private readonly options: TransportOptions) {}

  /**
   * `read`'s value of a successful (2xx) answer, its body read within the same timeout; a
   * `ShotsError` otherwise.
   */
  async send<T>(spec: RequestSpec, read: (response: Response) => Promise<T>): Promise<T> {
    const retry = this.options.retry;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.once(spec, read);
      } catch (err) {
        if (!(err instanceof ShotsError) || spec.signal?.aborted) throw err;
        if (!retry || attempt > retry.retries || !retryable(err, spec.idempotent)) throw err;
        const delayMs = this.delayOf(err, attempt, retry);
        if (delayMs === null) throw err;
        this.options.onRetry?.({ attempt, delayMs, error: err });
        await sleep(delayMs, spec.signal);
      }
    }
  }

  private delayOf(error: ShotsError, attempt: number, retry: Required<RetryOptions>): number | null {
    if (error.retryAfterSeconds !== undefined) {
      const ms = error.retryAfterSeconds * 1000;
      return ms > retry.maxDelayMs ? null : ms;
    }
    const ceiling = Math.min(retry.maxDelayMs, retry.minDelayMs * 2 ** (attempt - 1));
    return Math.round(ceiling / 2 + (Math.random() * ceiling) / 2);
  }

  private async once<T>(spec: RequestSpec, read: (response: Response) => Promise<T>): Promise<T> {
    const timeoutMs = this.options.timeoutMs + (spec.holdMs ?? 0);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const forward = () => controller.abort(abortReason(spec.signal!));
    spec.signal?.addEventListener('abort', forward, { once: true });
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.options.apiKey}`,
      ...spec.headers,
    };
    if (spec.body !== undefined) headers['content-type'] = 'application/json';
    try {
      const response = await this.options.fetch(`${this.options.baseUrl}${spec.path}`, {
        method: spec.method,
        headers,
        ...(spec.body !== undefined ? { body: JSON.stringify(spec.body) } : {}),
        signal: controller.signal,
      });
      if (!response.ok) throw await errorOfResponse(response);
      try {
        return await read(response);
      } catch (err) {
        if (!(err instanceof SyntaxError)) throw err;
        throw new ShotsError({
          status: response.status,
          code: 'BAD_RESPONSE',
          detail: `The answer to ${spec.method} ${spec.path} is not the JSON the contract says.`,
          cause: err,
        });
      }
    } catch (err) {
      if (err instanceof ShotsError) throw err;
      if (spec.signal?.aborted) throw abortReason(spec.signal);
      const timedOut = controller.signal.aborted;
      throw new ShotsError({
        status: 0,
        code: timedOut ? 'TIMEOUT' : 'NETWORK_ERROR',
        detail: timedOut
          ? `No answer from ${this.options.baseUrl} within ${timeoutMs} ms.`
          : `Could not reach ${this.options.baseUrl}: ${err instanceof Error ? err.message : String(err)}.`,
        cause: err,
      });
    } finally {
      clearTimeout(timer);
      spec.signal?.removeEventListener('abort', forward);
    }
  }
}
