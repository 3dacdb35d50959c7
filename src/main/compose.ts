import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { authenticate } from '../app/accounts.js';
import type { AccountDeps } from '../app/accounts.js';
import { createEstimator } from '../app/estimate.js';
import type { WebhookDispatcher } from '../app/deliver-webhooks.js';
import { createWebhookDispatcher } from '../app/deliver-webhooks.js';
import { getJobStatus, getResultArtifact, getResultRecord } from '../app/job-queries.js';
import { submitCapture } from '../app/submit-capture.js';
import { listWebhookDeliveries, redeliverWebhook } from '../app/webhook-queries.js';
import { effectiveLimits } from '../domain/account.js';
import { createAddressPolicy } from '../adapters/egress/address-policy.js';
import { createEgressProxy } from '../adapters/egress/egress-proxy.js';
import { createUrlGuard } from '../adapters/egress/url-guard.js';
import { createGatewayLocator } from '../adapters/ai-gateway/gateway-locator.js';
import { createOfflineLocator } from '../adapters/offline-locator/offline-locator.js';
import { createPlaywrightCapturer } from '../adapters/playwright/playwright-capturer.js';
import { createS3CustomerStorage } from '../adapters/s3-storage/s3-customer-storage.js';
import { createHttpsWebhookSender } from '../adapters/webhook-http/https-webhook-sender.js';
import type { Config } from '../config/config.js';
import { buildApp } from '../http/app.js';
import { systemClock } from '../ports/clock.js';
import type { Egress } from '../ports/egress.js';
import type { RunningWorker } from '../worker/worker.js';
import { runWorker, sweepOrphans } from '../worker/worker.js';
import { createMetrics } from './metrics.js';
import type { Stores } from './stores.js';
import { openStores } from './stores.js';

export { openStores } from './stores.js';
export type { Stores } from './stores.js';

export const VERSION = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

export function accountDeps(stores: Stores): AccountDeps {
  return { accounts: stores.accounts, secrets: stores.secrets };
}

export interface Roles {
  api: boolean;
  worker: boolean;
}

/** Options of the composition that do not come from the environment. */
export interface ServiceOptions {
  /**
   * Extra CA certificates (PEM) trusted for webhook receivers, on top of Node's store. Default none:
   * operators use NODE_EXTRA_CA_CERTS; in-process tests, which start after Node read it, use this.
   */
  webhookCa?: readonly string[];
}

export interface Service {
  /** The HTTP server (when the API role runs); not listening until `start`. */
  app: FastifyInstance | null;
  start(): Promise<{ url: string | null }>;
  stop(): Promise<void>;
}

/** Wires the configured adapters into the API and/or the worker. The only place that picks adapters. */
export async function createService(
  config: Config,
  roles: Roles,
  logger: Logger,
  options: ServiceOptions = {},
): Promise<Service> {
  // SQLite, or PostgreSQL + BullMQ + Redis (scale-out); local or S3 artifacts: see stores.ts.
  const stores = openStores(config, {
    onError: (err, source) => logger.warn({ err, source }, 'store connection error'),
  });
  await stores.ready();
  const metrics = createMetrics();
  const policy = createAddressPolicy({ allowedPrivateNetworks: config.allowedPrivateNetworks });
  const urlGuard = createUrlGuard({ policy, dnsServers: config.dnsServers });
  const estimate = createEstimator({
    jobs: stores.jobs,
    queue: stores.queue,
    concurrency: config.concurrency,
  });
  const rateLimiter = stores.rateLimiter;
  // proxyLocation → its upstream proxy (PROXY_*); a region without one is refused at submit time.
  const regionProxies: Partial<Record<'us-east' | 'eu-west' | 'ap-southeast', string>> = {};
  if (config.proxyUsEast !== null) regionProxies['us-east'] = config.proxyUsEast;
  if (config.proxyEuWest !== null) regionProxies['eu-west'] = config.proxyEuWest;
  if (config.proxyApSoutheast !== null) regionProxies['ap-southeast'] = config.proxyApSoutheast;
  let egress: Egress | null = null;
  let worker: RunningWorker | null = null;
  let app: FastifyInstance | null = null;
  let sweepTimer: NodeJS.Timeout | null = null;
  let dispatcher: WebhookDispatcher | null = null;
  // A terminal transition or a redelivery in this process: deliver its webhook now, not at the next poll.
  const wakeDispatcher = (): void => dispatcher?.wake();

  if (roles.api) {
    app = await buildApp(
      {
        authenticate: (header) => authenticate(stores, header),
        consumeRate: (account, now) =>
          rateLimiter.consume(account.id, effectiveLimits(account).rateLimitPerMinute, now),
        submitCapture: async (account, request) => {
          const accepted = await submitCapture(
            {
              jobs: stores.jobs,
              queue: stores.queue,
              urlGuard,
              clock: systemClock,
              estimate,
              cacheTtlSeconds: config.cacheTtlSeconds,
              secrets: stores.secrets,
              proxyLocations: new Set(Object.keys(regionProxies) as (keyof typeof regionProxies)[]),
            },
            account,
            request,
          );
          // A cache hit completes at once and writes its webhook row.
          if (request.webhookUrl !== undefined) wakeDispatcher();
          return accepted;
        },
        getJobStatus: (account, jobId) => getJobStatus(stores, account, jobId),
        getResultRecord: (account, jobId) => getResultRecord(stores, account, jobId),
        getResultArtifact: (account, jobId) => getResultArtifact(stores, account, jobId),
        listWebhookDeliveries: (account, jobId) => listWebhookDeliveries(stores, account, jobId),
        redeliverWebhook: (account, jobId) =>
          redeliverWebhook({ ...stores, clock: systemClock, wake: wakeDispatcher }, account, jobId),
        readiness: async () => {
          const { database } = await stores.ping();
          const depth = await stores.queue.depth();
          metrics.setQueueDepth(depth);
          return { database, queue: `${depth.waiting} waiting, ${depth.active} active` };
        },
        metrics,
        version: VERSION,
      },
      { logger },
    );
  }

  return {
    app,
    async start() {
      let url: string | null = null;
      if (roles.worker) {
        // Webhooks first: deliveries left pending by a previous run go out without waiting for Chromium.
        dispatcher = createWebhookDispatcher(
          {
            ...stores,
            sender: createHttpsWebhookSender({ hosts: urlGuard, ca: options.webhookCa }),
            clock: systemClock,
            retryScheduleSeconds: config.webhookRetryScheduleSeconds,
            logger,
          },
          { concurrency: 4, leaseMs: config.webhookLeaseMs },
        );
        dispatcher.start();
        egress = await createEgressProxy({ policy, dnsServers: config.dnsServers });
        const capturer = createPlaywrightCapturer({
          chromiumPath: config.chromiumPath,
          concurrency: config.concurrency,
          browserMaxCaptures: config.browserMaxCaptures,
          navigationTimeoutMs: config.navigationTimeoutMs,
          maxFullPageHeightPx: config.maxFullPageHeightPx,
          captureTimeoutMs: config.captureTimeoutMs,
          egress,
          regionProxies,
          locator: config.aiGatewayUrl
            ? createGatewayLocator({
                baseUrl: config.aiGatewayUrl,
                apiKey: config.aiGatewayApiKey,
                model: config.aiModel,
                timeoutMs: config.aiTimeoutMs,
              })
            : createOfflineLocator(),
          // blockAds: the engine built from assets/filters is kept under DATA_DIR for a fast start.
          preparation: { adblock: { cacheDir: `${config.dataDir}/cache` } },
          onBackgroundError: (err) => logger.warn({ err }, 'browser pool'),
        });
        await capturer.ready();
        const orphans = await sweepOrphans(stores, 60_000);
        if (orphans > 0) logger.info({ orphans }, 're-enqueued unfinished jobs');
        sweepTimer = setInterval(() => void sweepOrphans(stores, 10 * 60_000).catch(() => undefined), 60_000);
        sweepTimer.unref();
        worker = runWorker(
          {
            ...stores,
            capturer,
            customerStorage: createS3CustomerStorage({ hosts: urlGuard }),
            clock: systemClock,
            retryDelaysSeconds: config.jobRetryDelaysSeconds,
            logger,
            onOutcome: (outcome, ms) => {
              metrics.observeAttempt(outcome, ms);
              if (outcome.kind === 'completed' || outcome.kind === 'failed') wakeDispatcher();
            },
          },
          {
            concurrency: config.concurrency,
            leaseMs: config.leaseMs,
            captureTimeoutMs: config.captureTimeoutMs,
          },
        );
        const stopCapturer = capturer.close.bind(capturer);
        const running = worker;
        worker = {
          id: running.id,
          stop: async () => {
            await running.stop();
            await stopCapturer();
          },
        };
      }
      if (app) url = await app.listen({ port: config.port, host: config.host });
      return { url };
    },
    async stop() {
      if (sweepTimer) clearInterval(sweepTimer);
      if (app) await app.close();
      await stores.queue.close();
      if (worker) await worker.stop();
      if (dispatcher) await dispatcher.stop();
      if (egress) await egress.close();
      await stores.closeAndWait();
    },
  };
}
