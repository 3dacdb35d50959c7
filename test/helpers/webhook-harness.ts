import pino from 'pino';
import { createAddressPolicy } from '../../src/adapters/egress/address-policy.js';
import { createUrlGuard } from '../../src/adapters/egress/url-guard.js';
import { createHttpsWebhookSender } from '../../src/adapters/webhook-http/https-webhook-sender.js';
import { createAccount } from '../../src/app/accounts.js';
import type { WebhookDispatcher } from '../../src/worker/webhook-dispatcher.js';
import { runWebhookDispatcher } from '../../src/worker/webhook-dispatcher.js';
import type { Config } from '../../src/config/config.js';
import { toCaptureSpec } from '../../src/domain/capture-spec.js';
import type { Job } from '../../src/domain/job.js';
import { newJobId } from '../../src/domain/ids.js';
import { MAX_ATTEMPTS } from '../../src/domain/job.js';
import type { Stores } from '../../src/main/compose.js';
import { accountDeps, openStores } from '../../src/main/compose.js';
import { systemClock } from '../../src/ports/clock.js';
import type { DeliveryRecord } from '../../src/ports/webhook-outbox.js';
import { testConfig } from './config.js';
import { until } from './poll.js';

export interface WebhookHarness {
  config: Config;
  /** The stores of the current "process" (replaced by `restart`). */
  stores(): Stores;
  account(): Promise<{ accountId: string; apiKey: string; webhookSecret: string }>;
  /** A queued job, as `POST /screenshots/web` would leave it. */
  queuedJob(accountId: string, webhookUrl: string | null): Promise<string>;
  /** A job driven to its terminal state through the JobStore (the real outbox path). */
  finishedJob(accountId: string, webhookUrl: string | null, outcome?: { failed: string }): Promise<string>;
  deliveries(jobId: string, accountId: string): Promise<DeliveryRecord[]>;
  /** Waits until the job's deliveries satisfy `done`. */
  waitFor(
    jobId: string,
    accountId: string,
    done: (d: DeliveryRecord[]) => boolean,
    timeoutMs?: number,
  ): Promise<DeliveryRecord[]>;
  startDispatcher(): WebhookDispatcher;
  stopDispatcher(): Promise<void>;
  /** Stops the dispatcher, closes the database and opens it afresh, as a restarted process would. */
  reopen(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Real outbox, real sender, real dispatcher on a temp DATA_DIR: jobs are ended through the
 * SqliteJobStore, whose terminal transition writes the webhook row; the sender trusts `caPem`.
 */
export function openWebhookHarness(caPem: string, env: Record<string, string> = {}): WebhookHarness {
  const made = testConfig({ WEBHOOK_RETRY_SCHEDULE: '2,2,2', ...env });
  const config = made.config;
  let stores = openStores(config);
  let dispatcher: WebhookDispatcher | null = null;
  const policy = createAddressPolicy({ allowedPrivateNetworks: config.allowedPrivateNetworks });
  const hosts = createUrlGuard({ policy, dnsServers: config.dnsServers });
  const sender = createHttpsWebhookSender({ hosts, ca: [caPem] });

  function newJob(accountId: string, webhookUrl: string | null): Job {
    return {
      id: newJobId(),
      accountId,
      type: 'WEB',
      status: 'queued',
      spec: toCaptureSpec({ url: 'https://example.com/' }),
      webhookUrl,
      cacheKey: 'k',
      attempts: 0,
      maxAttempts: MAX_ATTEMPTS,
      createdAt: new Date().toISOString(),
      startedAt: null,
      completedAt: null,
      error: null,
      result: null,
    };
  }

  async function queuedJob(accountId: string, webhookUrl: string | null): Promise<string> {
    const job = newJob(accountId, webhookUrl);
    await stores.jobs.createWithinQuota(job, {
      monthlyQuota: 1_000_000,
      monthStart: '2000-01-01T00:00:00.000Z',
    });
    return job.id;
  }

  const harness: WebhookHarness = {
    config,
    stores: () => stores,
    account: () => createAccount(accountDeps(stores), { plan: 'STARTER' }),
    queuedJob,
    async finishedJob(accountId, webhookUrl, outcome) {
      const jobId = await queuedJob(accountId, webhookUrl);
      await stores.jobs.startAttempt(jobId, 'tok', new Date().toISOString());
      const now = new Date().toISOString();
      const ok = outcome
        ? await stores.jobs.fail(jobId, 'tok', { code: 'NAVIGATION_TIMEOUT', message: outcome.failed }, now)
        : await stores.jobs.complete(
            jobId,
            'tok',
            {
              format: 'png',
              contentType: 'image/png',
              bytes: 1,
              artifactKey: 'a/b.png',
              cached: false,
              metadata: { finalUrl: 'https://example.com/', httpStatus: 200 },
            },
            now,
            5,
          );
      if (!ok) throw new Error('the job did not end');
      return jobId;
    },
    deliveries: (jobId, accountId) => stores.outbox.listForJob(jobId, accountId),
    waitFor: (jobId, accountId, done, timeoutMs = 30_000) =>
      until(async () => {
        const list = await stores.outbox.listForJob(jobId, accountId);
        return done(list) ? list : undefined;
      }, timeoutMs),
    startDispatcher() {
      dispatcher = runWebhookDispatcher(
        {
          ...stores,
          sender,
          clock: systemClock,
          retryScheduleSeconds: config.webhookRetryScheduleSeconds,
          logger: pino({ level: 'silent' }),
        },
        { pollMs: 50, leaseMs: 15_000, drainMs: 200 },
      );
      return dispatcher;
    },
    async stopDispatcher() {
      await dispatcher?.stop();
      dispatcher = null;
    },
    async reopen() {
      await harness.stopDispatcher();
      stores.close();
      stores = openStores(config);
    },
    async close() {
      await harness.stopDispatcher();
      stores.close();
      made.cleanup();
    },
  };
  return harness;
}
