import type { Account } from '../domain/account.js';
import type { CaptureRequest } from '../domain/capture-request.js';
import type { StoredArtifact } from '../ports/artifact-store.js';
import type { RateDecision } from '../ports/rate-limiter.js';
import type { Accepted } from '../app/submit-capture.js';
import type { JobStatusView, ResultRecord } from '../app/job-queries.js';
import type { WebhookDeliveriesView, WebhookDeliveryView } from '../app/webhook-queries.js';

/** What the HTTP layer needs: use-cases already bound to their ports by the composition root. */
export interface HttpDeps {
  authenticate(authorization: string | undefined): Promise<Account>;
  consumeRate(account: Account, nowMs: number): Promise<RateDecision>;
  submitCapture(account: Account, request: CaptureRequest): Promise<Accepted>;
  getJobStatus(account: Account, jobId: string): Promise<JobStatusView>;
  getResultRecord(account: Account, jobId: string): Promise<ResultRecord>;
  getResultArtifact(account: Account, jobId: string): Promise<StoredArtifact>;
  /** `GET /jobs/{jobId}/webhooks`: the job's webhook deliveries and their attempts. */
  listWebhookDeliveries(account: Account, jobId: string): Promise<WebhookDeliveriesView>;
  /** `POST /jobs/{jobId}/webhooks/redeliver`: a fresh delivery of the job's terminal event. */
  redeliverWebhook(account: Account, jobId: string): Promise<WebhookDeliveryView>;
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
  }
  interface FastifyContextConfig {
    /** Route needs a valid API key. */
    auth?: boolean;
    /** Route counts against the per-minute limit (and needs an active subscription). */
    metered?: boolean;
  }
}
