import { authenticate } from '../app/accounts.js';
import { createEstimator } from '../app/estimate.js';
import { findIdempotentSubmit } from '../app/idempotency.js';
import { getJobStatus, getResultArtifact, getResultRecord, waitForJobStatus } from '../app/job-queries.js';
import { createStatusWaiter } from '../app/status-waiter.js';
import { submitCapture } from '../app/submit-capture.js';
import { getUsage } from '../app/usage.js';
import { listWebhookDeliveries, redeliverWebhook } from '../app/webhook-queries.js';
import { effectiveLimits } from '../domain/account.js';
import type { ProxyLocation } from '../domain/capture-request.js';
import type { Config } from '../config/config.js';
import type { HttpDeps } from '../http/deps.js';
import type { Clock } from '../ports/clock.js';
import { systemClock } from '../ports/clock.js';
import type { DeviceCatalog } from '../ports/device-catalog.js';
import type { UrlGuard } from '../ports/url-guard.js';
import type { Metrics } from './metrics.js';
import type { Stores } from './stores.js';

/** What the HTTP role is bound to. */
export interface HttpContext {
  config: Config;
  stores: Stores;
  urlGuard: UrlGuard;
  metrics: Metrics;
  /** Regions with an upstream proxy (PROXY_*): a `proxyLocation` outside them is refused at submit. */
  proxyLocations: ReadonlySet<ProxyLocation>;
  /** The presets `device` may name. */
  devices: DeviceCatalog;
  version: string;
  /** The API's clock (submit times, long-poll deadlines, usage periods). Default the system clock. */
  clock?: Clock;
}

/** Binds the use-cases of the HTTP interface to the configured stores. */
export function bindHttpDeps(ctx: HttpContext): HttpDeps {
  const { config, stores, metrics } = ctx;
  const clock = ctx.clock ?? systemClock;
  // Long-polls wait on the outbox signal (one subscription, one timer for the whole process).
  const waiter = createStatusWaiter(
    { signal: stores.signal, clock },
    { onOutcome: (outcome) => metrics.observeLongPoll(outcome) },
  );
  metrics.trackWaiters(() => waiter.waiting());
  metrics.trackWebhookBacklog(() => stores.outbox.backlog(clock.now().getTime()));
  const estimate = createEstimator({
    jobs: stores.jobs,
    queue: stores.queue,
    concurrency: config.concurrency,
  });
  const submitDeps = {
    jobs: stores.jobs,
    queue: stores.queue,
    urlGuard: ctx.urlGuard,
    clock,
    estimate,
    cacheTtlSeconds: config.cacheTtlSeconds,
    secrets: stores.secrets,
    proxyLocations: ctx.proxyLocations,
    devices: ctx.devices,
  };
  return {
    authenticate: (header) => authenticate(stores, header),
    consumeRate: (account, now) =>
      stores.rateLimiter.consume(account.id, effectiveLimits(account).rateLimitPerMinute, now),
    submitCapture: (account, request, idempotency) =>
      submitCapture(
        submitDeps,
        account,
        request,
        idempotency ? { idempotencyKey: idempotency.key, earlier: idempotency.earlier } : {},
      ),
    findIdempotentSubmit: (account, key) => findIdempotentSubmit({ jobs: stores.jobs, clock }, account, key),
    getJobStatus: (account, jobId, waitSeconds, signal) =>
      waitSeconds
        ? waitForJobStatus({ jobs: stores.jobs, waiter, clock }, account, jobId, waitSeconds, signal)
        : getJobStatus(stores, account, jobId),
    releaseWaiters: () => waiter.close(),
    getUsage: (account) => getUsage({ jobs: stores.jobs, rateLimiter: stores.rateLimiter, clock }, account),
    getResultRecord: (account, jobId) => getResultRecord(stores, account, jobId),
    getResultArtifact: (account, jobId) => getResultArtifact(stores, account, jobId),
    listWebhookDeliveries: (account, jobId) => listWebhookDeliveries(stores, account, jobId),
    redeliverWebhook: (account, jobId) => redeliverWebhook({ ...stores, clock }, account, jobId),
    devices: () => ctx.devices.list(),
    readiness: async () => {
      const { database } = await stores.ping();
      const depth = await stores.queue.depth();
      metrics.setQueueDepth(depth);
      return { database, queue: `${depth.waiting} waiting, ${depth.active} active` };
    },
    metrics,
    version: ctx.version,
  };
}
