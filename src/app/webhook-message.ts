import { Webhook } from 'standardwebhooks';
import type { Job } from '../domain/job.js';
import type { WebhookEvent } from '../ports/webhook-outbox.js';

/** The webhook body of seed §2.3, flat, keys in this order. */
export interface WebhookPayload {
  event: WebhookEvent;
  jobId: string;
  type: 'WEB';
  status: 'completed' | 'failed';
  /** Relative: `/jobs/<jobId>/result`, to resolve against the service's base URL. */
  resultUrl: string;
  /** `job.failed` only: the job's error message. */
  error?: string;
  /** `YYYY-MM-DDThh:mm:ssZ`: when the event happened. */
  timestamp: string;
}

/** `2024-05-01T12:00:03.456Z` → `2024-05-01T12:00:03Z` (seed §2.3: no fractional seconds). */
export function webhookTimestamp(iso: string): string {
  return new Date(iso).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The body of a delivery of `event` for `job`, which happened at `occurredAt`. */
export function webhookPayload(
  delivery: { event: WebhookEvent; jobId: string; occurredAt: string },
  job: Pick<Job, 'type' | 'error'>,
): WebhookPayload {
  const base = {
    event: delivery.event,
    jobId: delivery.jobId,
    type: job.type,
    status: delivery.event === 'job.failed' ? ('failed' as const) : ('completed' as const),
    resultUrl: `/jobs/${delivery.jobId}/result`,
  };
  const timestamp = webhookTimestamp(delivery.occurredAt);
  if (delivery.event === 'job.failed')
    return { ...base, error: job.error?.message ?? 'The job failed.', timestamp };
  return { ...base, timestamp };
}

/**
 * Standard Webhooks headers of one attempt: `webhook-id` (the delivery id, the same on every
 * retry), `webhook-timestamp` (unix seconds of this attempt) and `webhook-signature`: one
 * `v1,<base64 HMAC-SHA256 of id.timestamp.body>` per secret, space-separated (several during a
 * secret rotation's overlap, newest first).
 */
export function signedHeaders(
  id: string,
  body: string,
  secrets: readonly string[],
  at: Date,
): { 'webhook-id': string; 'webhook-timestamp': string; 'webhook-signature': string } {
  if (secrets.length === 0) throw new Error('no webhook signing secret');
  const timestamp = new Date(Math.floor(at.getTime() / 1000) * 1000);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp.getTime() / 1000),
    'webhook-signature': secrets.map((secret) => new Webhook(secret).sign(id, timestamp, body)).join(' '),
  };
}
