import { ShotsError } from './errors.js';
import type { RetryNotice, RetryOptions } from './transport.js';
import { DEFAULT_RETRY, sleep, Transport } from './transport.js';
import type {
  Accepted,
  CaptureOptions,
  CaptureResult,
  JobStatus,
  ResultBytes,
  ResultRecord,
  Usage,
  WebhookDeliveries,
  WebhookDelivery,
} from './types.js';

export interface ShotsOptions {
  /**
   * Where the service answers, e.g. `http://localhost:8080` (a path prefix is kept). `''` in a
   * browser page served by the service itself: requests go to the page's own origin.
   */
  baseUrl: string;
  /** An API key (`shots_sk_…`), sent as `Authorization: Bearer`, never in a URL. */
  apiKey: string;
  /** The `fetch` to use. Default: the global one (Node 20+, browsers). */
  fetch?: typeof fetch;
  /**
   * Retries of `429 RATE_LIMITED`, and of 5xx answers and lost answers where a repeat is safe
   * (reads, and submissions, which carry an `Idempotency-Key`), honouring `Retry-After`.
   * Default `{ retries: 3, minDelayMs: 500, maxDelayMs: 60000 }`; `false` turns them off.
   */
  retry?: RetryOptions | false;
  /** Called before each retry (to show "rate limited, retrying in 12 s"). */
  onRetry?: (notice: RetryNotice) => void;
  /** Time allowed for one request, ms, not counting a long-poll's own wait. Default 60000. */
  timeoutMs?: number;
}

export interface SubmitOptions {
  /**
   * `Idempotency-Key` header (≤ 255 chars): the same key and body within 24 hours answer with the
   * first job. Default: a random key per call when retries are on, so that a retried submission
   * never makes a second job; none when they are off.
   */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

export interface StatusOptions {
  /** Long-poll: the service holds the answer until the job ends or this many seconds (0–30) pass. */
  waitSeconds?: number;
  signal?: AbortSignal;
}

export interface WaitOptions {
  /** Called with each status record whose `status` or `attempts` differs from the last one. */
  onProgress?: (status: JobStatus) => void;
  /** Give up (a `TIMEOUT` ShotsError) after this long, ms. Default 600000 (ten minutes). */
  timeoutMs?: number;
  /** Long-poll length of each status request, seconds (0–30). Default 20. */
  waitSeconds?: number;
  signal?: AbortSignal;
}

export interface CaptureCallOptions extends WaitOptions {
  idempotencyKey?: string;
}

export interface RequestOptions {
  signal?: AbortSignal;
}

/** A long-poll that came back sooner than this, not finished, is followed by a pause. */
const EARLY_ANSWER_MS = 1000;

function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function jobPath(jobId: string, tail: string): string {
  return `/jobs/${encodeURIComponent(jobId)}/${tail}`;
}

/** A JSON body as the contract's type (the service's own schema). */
async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

function isTerminal(status: JobStatus): boolean {
  return status.status === 'completed' || status.status === 'failed';
}

/**
 * A client of the Shots API (CONTRACT §9). Every method throws a `ShotsError` for an error
 * answer; request and result types are the service's own schemas.
 */
export class Shots {
  private readonly transport: Transport;
  private readonly retries: boolean;

  constructor(options: ShotsOptions) {
    const baseUrl = options.baseUrl.replace(/\/+$/, '');
    if (baseUrl !== '' && !/^https?:\/\/[^/]/i.test(baseUrl))
      throw new TypeError(`baseUrl must be an http(s) URL, e.g. http://localhost:8080 (got "${baseUrl}").`);
    if (!options.apiKey) throw new TypeError('apiKey is required.');
    const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.retries = options.retry !== false;
    this.transport = new Transport({
      baseUrl,
      apiKey: options.apiKey,
      fetch: fetchImpl,
      retry: options.retry === false ? null : { ...DEFAULT_RETRY, ...options.retry },
      timeoutMs: options.timeoutMs ?? 60_000,
      ...(options.onRetry ? { onRetry: options.onRetry } : {}),
    });
  }

  /** `POST /screenshots/web`: queues a capture; resolves with the `202` answer. */
  async submit(options: CaptureOptions, call: SubmitOptions = {}): Promise<Accepted> {
    const key = call.idempotencyKey ?? (this.retries ? randomKey() : undefined);
    return this.transport.send(
      {
        method: 'POST',
        path: '/screenshots/web',
        body: options,
        headers: key ? { 'idempotency-key': key } : {},
        idempotent: key !== undefined,
        ...(call.signal ? { signal: call.signal } : {}),
      },
      json<Accepted>,
    );
  }

  /** `GET /jobs/{jobId}/status`, optionally held until the job ends (`waitSeconds`). */
  async status(jobId: string, options: StatusOptions = {}): Promise<JobStatus> {
    const wait = options.waitSeconds;
    const query = wait !== undefined ? `?waitSeconds=${Math.max(0, Math.min(30, Math.floor(wait)))}` : '';
    return this.transport.send(
      {
        method: 'GET',
        path: jobPath(jobId, `status${query}`),
        idempotent: true,
        holdMs: (wait ?? 0) * 1000,
        ...(options.signal ? { signal: options.signal } : {}),
      },
      json<JobStatus>,
    );
  }

  /**
   * Follows a job until it ends: long-polls its status, telling `onProgress` of each change.
   * Resolves with the `completed` record; a failed job throws `409 JOB_FAILED` with `job` set.
   */
  async waitFor(jobId: string, options: WaitOptions = {}): Promise<JobStatus> {
    const deadline = Date.now() + (options.timeoutMs ?? 600_000);
    const waitSeconds = options.waitSeconds ?? 20;
    let last: JobStatus | null = null;
    let pauseMs = 250;
    for (;;) {
      const left = deadline - Date.now();
      const asked = Date.now();
      const status = await this.status(jobId, {
        waitSeconds: Math.max(0, Math.min(waitSeconds, Math.floor(left / 1000))),
        ...(options.signal ? { signal: options.signal } : {}),
      });
      if (!last || last.status !== status.status || last.attempts !== status.attempts)
        options.onProgress?.(status);
      last = status;
      if (status.status === 'completed') return status;
      if (status.status === 'failed') {
        throw new ShotsError({
          status: 409,
          code: 'JOB_FAILED',
          detail: status.error ?? 'The job failed.',
          job: status,
        });
      }
      if (Date.now() >= deadline) {
        throw new ShotsError({
          status: 0,
          code: 'TIMEOUT',
          detail: `Job ${jobId} is still ${status.status} after ${options.timeoutMs ?? 600_000} ms.`,
          job: status,
        });
      }
      // A service without long-poll answers at once: poll gently, backing off to 2 s.
      if (Date.now() - asked < EARLY_ANSWER_MS && !isTerminal(status)) {
        await sleep(Math.min(pauseMs, Math.max(0, deadline - Date.now())), options.signal);
        pauseMs = Math.min(2000, Math.round(pauseMs * 1.5));
      }
    }
  }

  /** `GET /jobs/{jobId}/result`: the artifact's bytes and content type (`409` until completed). */
  async result(jobId: string, options: RequestOptions = {}): Promise<ResultBytes> {
    return this.transport.send(
      {
        method: 'GET',
        path: jobPath(jobId, 'result'),
        idempotent: true,
        ...(options.signal ? { signal: options.signal } : {}),
      },
      async (response) => ({
        bytes: new Uint8Array(await response.arrayBuffer()),
        contentType: response.headers.get('content-type') ?? 'application/octet-stream',
      }),
    );
  }

  /** `GET /jobs/{jobId}/result` with `Accept: application/json`: the result record. */
  async resultRecord(jobId: string, options: RequestOptions = {}): Promise<ResultRecord> {
    return this.getJson<ResultRecord>(jobPath(jobId, 'result'), options, { accept: 'application/json' });
  }

  /** Submit, wait for the job to end, download the artifact. */
  async capture(options: CaptureOptions, call: CaptureCallOptions = {}): Promise<CaptureResult> {
    const { idempotencyKey, ...wait } = call;
    const accepted = await this.submit(options, {
      ...(idempotencyKey !== undefined ? { idempotencyKey } : {}),
      ...(call.signal ? { signal: call.signal } : {}),
    });
    const job = await this.waitFor(accepted.jobId, wait);
    const result = await this.result(accepted.jobId, call.signal ? { signal: call.signal } : {});
    return { jobId: accepted.jobId, job, ...result };
  }

  /** `GET /usage`: plan, billing, this month's quota and the per-minute limit. */
  async usage(options: RequestOptions = {}): Promise<Usage> {
    return this.getJson<Usage>('/usage', options);
  }

  /** `GET /jobs/{jobId}/webhooks`: the job's webhook deliveries and their attempts. */
  async webhooks(jobId: string, options: RequestOptions = {}): Promise<WebhookDeliveries> {
    return this.getJson<WebhookDeliveries>(jobPath(jobId, 'webhooks'), options);
  }

  /** `POST /jobs/{jobId}/webhooks/redeliver`: a fresh delivery of the job's terminal event. */
  async redeliver(jobId: string, options: RequestOptions = {}): Promise<WebhookDelivery> {
    return this.transport.send(
      {
        method: 'POST',
        path: jobPath(jobId, 'webhooks/redeliver'),
        idempotent: false,
        ...(options.signal ? { signal: options.signal } : {}),
      },
      json<WebhookDelivery>,
    );
  }

  private async getJson<T>(
    path: string,
    options: RequestOptions,
    headers: Record<string, string> = {},
  ): Promise<T> {
    return this.transport.send(
      {
        method: 'GET',
        path,
        headers,
        idempotent: true,
        ...(options.signal ? { signal: options.signal } : {}),
      },
      json<T>,
    );
  }
}
