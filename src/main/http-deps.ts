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
import type { ArtifactStore } from '../ports/artifact-store.js';
import type { Clock } from '../ports/clock.js';
import { systemClock } from '../ports/clock.js';
import type { DeviceCatalog } from '../ports/device-catalog.js';
import type { JobQueue } from '../ports/job-queue.js';
import type { UrlGuard } from '../ports/url-guard.js';
import type { Metrics } from './metrics.js';
import type { Stores } from './stores.js';
import { within } from './within.js';

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

/** How long a scrape of `/metrics` waits for the queue's depth, ms. */
const QUEUE_SCRAPE_TIMEOUT_MS = 1_000;

/** An artifact store that can tell whether it is reachable (S3: a cached read of a probe object; a local folder: writable). */
function canCheck(store: ArtifactStore): store is ArtifactStore & { check(): Promise<void> } {
  return typeof (store as { check?: unknown }).check === 'function';
}

/**
 * The queue as a submit uses it. The job is accepted once its row is written (quota counted, the
 * idempotency key taken): an enqueue that fails after that (Redis lost in the moment between the
 * rate check, which needs Redis too, and the enqueue) does not fail the submit — the job is in the
 * database, and the workers' sweep of unfinished jobs queues it — it is reported to `notQueued`.
 */
function acceptingQueue(queue: JobQueue, notQueued: (err: unknown) => void): JobQueue {
  return {
    enqueue: (jobId, runAt) => queue.enqueue(jobId, runAt).catch(notQueued),
    take: (workerId, leaseMs, waitMs) => queue.take(workerId, leaseMs, waitMs),
    extend: (lease, leaseMs) => queue.extend(lease, leaseMs),
    ack: (lease, retryAt) => queue.ack(lease, retryAt),
    depth: () => queue.depth(),
    stopTaking: () => queue.stopTaking(),
  };
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
  const estimator = createEstimator({
    jobs: stores.jobs,
    queue: stores.queue,
    concurrency: config.concurrency,
  });
  // Asked once the job is accepted: a store that fails then must not turn the 202 into an error.
  let lastEstimate = 1;
  const estimate = async (now: number): Promise<number> => {
    lastEstimate = await estimator(now).catch(() => lastEstimate);
    return lastEstimate;
  };
  // Read at each scrape of /metrics, bounded: NaN (unknown) when the queue does not answer in time.
  const readQueueDepth = async (): Promise<void> => {
    const depth = await within(
      stores.queue.depth(),
      QUEUE_SCRAPE_TIMEOUT_MS,
      'the queue gave no depth in time',
    ).catch(() => null);
    metrics.setQueueDepth(depth ?? { waiting: NaN, active: NaN });
  };
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
    submitCapture: async (account, request, idempotency) => {
      let notQueued: unknown = null;
      const accepted = await submitCapture(
        {
          ...submitDeps,
          queue: acceptingQueue(stores.queue, (err) => {
            notQueued = err;
          }),
        },
        account,
        request,
        idempotency ? { idempotencyKey: idempotency.key, earlier: idempotency.earlier } : {},
      );
      return notQueued === null ? accepted : { ...accepted, notQueued };
    },
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
      const [{ database }] = await Promise.all([
        stores.ping(),
        canCheck(stores.artifacts) ? stores.artifacts.check() : undefined,
      ]);
      const depth = await stores.queue.depth();
      metrics.setQueueDepth(depth);
      return { database, artifacts: 'ok', queue: `${depth.waiting} waiting, ${depth.active} active` };
    },
    metrics: {
      contentType: metrics.contentType,
      render: async () => {
        await readQueueDepth();
        return metrics.render();
      },
      observeRequest: (route, status, seconds) => metrics.observeRequest(route, status, seconds),
    },
    version: ctx.version,
  };
}
