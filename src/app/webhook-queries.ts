import type { Account } from '../domain/account.js';
import { findJob } from './job-queries.js';
import { AppError } from '../domain/errors.js';
import type { Clock } from '../ports/clock.js';
import type { JobStore } from '../ports/job-store.js';
import type { DeliveryRecord, DeliveryState, WebhookEvent, WebhookOutbox } from '../ports/webhook-outbox.js';

export interface WebhookAttemptView {
  attempt: number;
  at: string;
  durationMs: number;
  httpStatus?: number;
  error?: string;
  nextAttemptAt?: string;
}

export interface WebhookDeliveryView {
  /** The `webhook-id` of the delivery. */
  id: string;
  event: WebhookEvent;
  url: string;
  state: DeliveryState;
  attempts: number;
  nextAttemptAt?: string;
  attemptsLog: WebhookAttemptView[];
}

export interface WebhookDeliveriesView {
  jobId: string;
  deliveries: WebhookDeliveryView[];
}

export interface WebhookQueryDeps {
  jobs: JobStore;
  outbox: WebhookOutbox;
}

export interface RedeliverDeps extends WebhookQueryDeps {
  clock: Clock;
}

function toView(record: DeliveryRecord): WebhookDeliveryView {
  const view: WebhookDeliveryView = {
    id: record.id,
    event: record.event,
    url: record.url,
    state: record.state,
    attempts: record.attempts,
    attemptsLog: record.attemptsLog.map((a) => {
      const line: WebhookAttemptView = { attempt: a.attempt, at: a.at, durationMs: a.durationMs };
      if (a.httpStatus !== null) line.httpStatus = a.httpStatus;
      if (a.error !== null) line.error = a.error;
      if (a.nextAttemptAt !== null) line.nextAttemptAt = a.nextAttemptAt;
      return line;
    }),
  };
  if (record.nextAttemptAt !== null) view.nextAttemptAt = record.nextAttemptAt;
  return view;
}

/** `GET /jobs/{jobId}/webhooks`: the job's deliveries and their attempts; 404 for another account's job. */
export async function listWebhookDeliveries(
  deps: WebhookQueryDeps,
  account: Account,
  jobId: string,
): Promise<WebhookDeliveriesView> {
  const job = await findJob(deps.jobs, account, jobId);
  const records = await deps.outbox.listForJob(job.id, account.id);
  return { jobId: job.id, deliveries: records.map(toView) };
}

/**
 * `POST /jobs/{jobId}/webhooks/redeliver`: queues a fresh delivery (a new `webhook-id`) of the
 * job's terminal event. 409 NO_WEBHOOK when the job was submitted without `webhookUrl`;
 * 409 JOB_NOT_READY while it is queued or processing.
 */
export async function redeliverWebhook(
  deps: RedeliverDeps,
  account: Account,
  jobId: string,
): Promise<WebhookDeliveryView> {
  const job = await findJob(deps.jobs, account, jobId);
  if (job.webhookUrl === null) {
    throw new AppError(
      'NO_WEBHOOK',
      `Job ${jobId} was submitted without a webhookUrl; there is nothing to redeliver.`,
    );
  }
  let event: WebhookEvent;
  switch (job.status) {
    case 'queued':
    case 'processing':
      throw new AppError(
        'JOB_NOT_READY',
        `Job ${jobId} is ${job.status}; its webhook goes out when it ends.`,
        {
          extra: { jobStatus: job.status },
        },
      );
    case 'completed':
      event = 'job.completed';
      break;
    case 'failed':
      event = 'job.failed';
      break;
    default: {
      const never: never = job.status;
      return never;
    }
  }
  const record = await deps.outbox.redeliver(
    {
      jobId: job.id,
      accountId: account.id,
      event,
      url: job.webhookUrl,
      occurredAt: job.completedAt ?? job.createdAt,
    },
    deps.clock.now(),
  );
  return toView(record);
}
