import type { Account } from '../domain/account.js';
import { AppError } from '../domain/errors.js';
import type { CaptureRequest } from '../domain/capture-request.js';
import type { DevicePreset } from '../domain/capture-spec.js';
import type { StoredArtifact } from '../ports/artifact-store.js';
import type { IdempotencyRecord } from '../ports/job-store.js';
import type { RateDecision } from '../ports/rate-limiter.js';
import type { Accepted } from '../app/submit-capture.js';
import type { JobStatusView, ResultRecord } from '../app/job-queries.js';
import type { UsageView } from '../app/usage.js';
import type { WebhookDeliveriesView, WebhookDeliveryView } from '../app/webhook-queries.js';

/** What the HTTP layer needs: use-cases already bound to their ports by the composition root. */
export interface HttpDeps {
  authenticate(authorization: string | undefined): Promise<Account>;
  consumeRate(account: Account, nowMs: number): Promise<RateDecision>;
  /**
   * `idempotency`: the `Idempotency-Key` header (CONTRACT §4b) and what `findIdempotentSubmit`
   * found for it before the rate limiter counted. `notQueued`: the job was accepted (its row is
   * written) but its enqueue failed — the workers' sweep of unfinished jobs queues it; for the log.
   */
  submitCapture(
    account: Account,
    request: CaptureRequest,
    idempotency?: { key: string; earlier?: IdempotencyRecord | null },
  ): Promise<Accepted & { notQueued?: unknown }>;
  /** The account's use of this `Idempotency-Key` within 24 h (a retry costs no rate-limit unit), else null. */
  findIdempotentSubmit(account: Account, idempotencyKey: unknown): Promise<IdempotencyRecord | null>;
  /**
   * The status record; with `waitSeconds` > 0, held until the job is terminal or that long has
   * passed (long-poll). `signal` aborts the wait when the client disconnects.
   */
  getJobStatus(
    account: Account,
    jobId: string,
    waitSeconds?: number,
    signal?: AbortSignal,
  ): Promise<JobStatusView>;
  /** Ends every long-poll now (the server is closing): each answers with the job's status. */
  releaseWaiters(): void;
  /** `GET /usage`: plan, billing, this month's quota and the per-minute window. */
  getUsage(account: Account): Promise<UsageView>;
  getResultRecord(account: Account, jobId: string): Promise<ResultRecord>;
  getResultArtifact(account: Account, jobId: string): Promise<StoredArtifact>;
  /** `GET /jobs/{jobId}/webhooks`: the job's webhook deliveries and their attempts. */
  listWebhookDeliveries(account: Account, jobId: string): Promise<WebhookDeliveriesView>;
  /** `POST /jobs/{jobId}/webhooks/redeliver`: a fresh delivery of the job's terminal event. */
  redeliverWebhook(account: Account, jobId: string): Promise<WebhookDeliveryView>;
  /** `GET /devices`: the presets `device` may name. */
  devices(): readonly DevicePreset[];
  /** Resolves when the service can take work; rejects with the reason otherwise. */
  readiness(): Promise<Record<string, string>>;
  metrics: {
    contentType: string;
    render(): Promise<string>;
    observeRequest(route: string, status: number, seconds: number): void;
  };
  version: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    account?: Account;
    /** On `idempotent` routes: the earlier use of the request's `Idempotency-Key`, or null. */
    idempotentEarlier?: IdempotencyRecord | null;
  }
  interface FastifyContextConfig {
    /** Route needs a valid API key. */
    auth?: boolean;
    /** Route counts against the per-minute limit (and needs an active subscription). */
    metered?: boolean;
    /** Route takes `Idempotency-Key`: a retry of a request already accepted is not counted again. */
    idempotent?: boolean;
  }
}

/** The account the `onRequest` hook authenticated for this request (routes with `auth: true`). */
export function accountOf(request: { account?: Account }): Account {
  if (!request.account) throw new AppError('INVALID_API_KEY', 'The API key is missing.');
  return request.account;
}
