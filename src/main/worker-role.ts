import type { AddressPolicy } from '../adapters/egress/address-policy.js';
import { createEgressProxy } from '../adapters/egress/egress-proxy.js';
import { createGatewayLocator } from '../adapters/ai-gateway/gateway-locator.js';
import { createLocatorThread } from '../adapters/offline-locator/locator-thread.js';
import type { LocatorThread } from '../adapters/offline-locator/locator-thread.js';
import { createOfflineLocator } from '../adapters/offline-locator/offline-locator.js';
import { createPlaywrightCapturer } from '../adapters/playwright/playwright-capturer.js';
import { createS3CustomerStorage } from '../adapters/s3-storage/s3-customer-storage.js';
import { createHttpsWebhookSender } from '../adapters/webhook-http/https-webhook-sender.js';
import type { Config } from '../config/config.js';
import type { ProxyLocation } from '../domain/capture-request.js';
import { systemClock } from '../ports/clock.js';
import type { ElementLocator } from '../ports/element-locator.js';
import type { HostChecker } from '../ports/host-checker.js';
import type { Logger } from '../ports/logger.js';
import { runRetentionSweeper } from '../worker/retention-sweeper.js';
import { runWebhookDispatcher } from '../worker/webhook-dispatcher.js';
import { runWorker, sweepOrphans } from '../worker/worker.js';
import type { Metrics } from './metrics.js';
import type { Stores } from './stores.js';

/** What the worker role is built from. */
export interface WorkerContext {
  config: Config;
  stores: Stores;
  logger: Logger;
  metrics: Metrics;
  policy: AddressPolicy;
  hosts: HostChecker;
  regionProxies: Partial<Record<ProxyLocation, string>>;
  /** Extra CA certificates (PEM) trusted for webhook receivers (in-process tests). */
  webhookCa?: readonly string[];
}

export interface WorkerRole {
  /** Stops the role's parts in the order explained at {@link startWorkerRole}. */
  stop(): Promise<void>;
}

/** How often jobs that were never enqueued (a crash between insert and enqueue) are looked for. */
const SWEEP_EVERY_MS = 60_000;

function locatorOf(config: Config, thread: LocatorThread): ElementLocator {
  return config.aiGatewayUrl
    ? createGatewayLocator({
        baseUrl: config.aiGatewayUrl,
        apiKey: config.aiGatewayApiKey,
        model: config.aiModel,
        timeoutMs: config.aiTimeoutMs,
        // The model picks among the offline matcher's 40 likeliest elements; its choice stands
        // when the model's answer names none of the page's elements.
        shortlister: (description, map, signal) => thread.shortlist(description, map, 40, signal),
      })
    : createOfflineLocator({ thread });
}

/**
 * Starts what captures and delivers: the webhook dispatcher first (deliveries left pending by a
 * previous run go out without waiting for Chromium), then the SSRF egress proxy, the capturer with
 * its warm browsers, a sweep for jobs that were never enqueued, the retention sweeper (RETENTION_DAYS;
 * first sweep a minute after start, then every 10 minutes), and the capture worker.
 *
 * `stop()` undoes it in this order:
 * 1. the sweeps (orphans, retention), so that nothing is enqueued or deleted behind the worker's back;
 * 2. the worker: it stops taking jobs and lets running captures finish (their jobs end and write
 *    their webhook rows, so the dispatcher must still be running);
 * 3. the capturer: its browsers close once the last capture is over; then the locator's thread;
 * 4. the dispatcher: attempts in flight get a moment, then are given back to be sent after a restart;
 * 5. the egress proxy last: captures and their connections are gone by then.
 */
export async function startWorkerRole(ctx: WorkerContext): Promise<WorkerRole> {
  const { config, stores, logger, metrics } = ctx;
  const clock = systemClock;
  const dispatcher = runWebhookDispatcher(
    {
      ...stores,
      sender: createHttpsWebhookSender({ hosts: ctx.hosts, ca: ctx.webhookCa }),
      clock,
      retryScheduleSeconds: config.webhookRetryScheduleSeconds,
      logger,
      onAttempt: (state, ms) => metrics.observeWebhookAttempt(state, ms),
    },
    { concurrency: config.webhookConcurrency, leaseMs: config.webhookLeaseMs },
  );
  const egress = await createEgressProxy({ policy: ctx.policy, dnsServers: config.dnsServers });
  // The offline locator reads element maps on a thread of its own (also the gateway's shortlist).
  const locatorThread = createLocatorThread();
  const capturer = createPlaywrightCapturer({
    chromiumPath: config.chromiumPath,
    concurrency: config.concurrency,
    browserMaxCaptures: config.browserMaxCaptures,
    navigationTimeoutMs: config.navigationTimeoutMs,
    loadTimeoutMs: config.loadTimeoutMs,
    maxFullPageHeightPx: config.maxFullPageHeightPx,
    placeFixedElements: config.fullPagePlaceFixed,
    captureTimeoutMs: config.captureTimeoutMs,
    egress,
    regionProxies: ctx.regionProxies,
    locator: locatorOf(config, locatorThread),
    // blockAds: the engine built from assets/filters is kept under DATA_DIR for a fast start.
    preparation: { adblock: { cacheDir: `${config.dataDir}/cache` } },
    onBackgroundError: (err) => logger.warn({ err }, 'browser pool'),
  });
  await capturer.ready();
  const sweepDeps = { jobs: stores.jobs, queue: stores.queue, clock };
  const orphans = await sweepOrphans(sweepDeps, 60_000);
  if (orphans > 0) logger.info({ orphans }, 're-enqueued unfinished jobs');
  const sweep = setInterval(
    () => void sweepOrphans(sweepDeps, 10 * 60_000).catch(() => undefined),
    SWEEP_EVERY_MS,
  );
  sweep.unref();
  const retention = runRetentionSweeper(
    {
      jobs: stores.jobs,
      artifacts: stores.artifacts,
      clock,
      logger,
      onSweep: (report) => metrics.observeRetention(report),
    },
    { retentionDays: config.retentionDays },
  );
  const worker = runWorker(
    {
      ...stores,
      capturer,
      customerStorage: createS3CustomerStorage({ hosts: ctx.hosts }),
      clock,
      retryDelaysSeconds: config.jobRetryDelaysSeconds,
      logger,
      onOutcome: (outcome, ms) => metrics.observeAttempt(outcome, ms),
    },
    { concurrency: config.concurrency, leaseMs: config.leaseMs },
  );
  return {
    async stop() {
      clearInterval(sweep);
      await retention.stop();
      await worker.stop();
      await capturer.close();
      await locatorThread.close();
      await dispatcher.stop();
      await egress.close();
    },
  };
}
