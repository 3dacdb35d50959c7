import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { AccountDeps } from '../app/accounts.js';
import { createAddressPolicy } from '../adapters/egress/address-policy.js';
import { createUrlGuard } from '../adapters/egress/url-guard.js';
import { createPlaywrightDevices } from '../adapters/playwright/devices.js';
import type { Config } from '../config/config.js';
import type { ProxyLocation } from '../domain/capture-request.js';
import type { Clock } from '../ports/clock.js';
import { buildApp } from '../http/app.js';
import { bindHttpDeps } from './http-deps.js';
import { createMetrics } from './metrics.js';
import { waitForRedis } from './redis-probe.js';
import { SECRET_KEY_IN_DATABASE_WARNING } from './secret-key.js';
import type { WorkerMetricsServer } from './worker-metrics.js';
import { serveWorkerMetrics } from './worker-metrics.js';
import type { Stores } from './stores.js';
import { openStores } from './stores.js';
import type { WorkerRole } from './worker-role.js';
import { startWorkerRole } from './worker-role.js';

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
  /** The API role's clock (long-poll deadlines, submit times). Default the system clock; tests use a fake one. */
  apiClock?: Clock;
}

export interface Service {
  /** The HTTP server (when the API role runs); not listening until `start`. */
  app: FastifyInstance | null;
  /** The stores this process opened (what its roles read and write). */
  stores: Stores;
  /** `url`: the API's; `metricsUrl`: the worker's own `/metrics` (worker role alone, `WORKER_METRICS_PORT` set). */
  start(): Promise<{ url: string | null; metricsUrl: string | null }>;
  stop(): Promise<void>;
}

/** proxyLocation → its upstream proxy (PROXY_*); a region without one is refused at submit time. */
function regionProxiesOf(config: Config): Partial<Record<ProxyLocation, string>> {
  const proxies: Partial<Record<ProxyLocation, string>> = {};
  if (config.proxyUsEast !== null) proxies['us-east'] = config.proxyUsEast;
  if (config.proxyEuWest !== null) proxies['eu-west'] = config.proxyEuWest;
  if (config.proxyApSoutheast !== null) proxies['ap-southeast'] = config.proxyApSoutheast;
  return proxies;
}

/**
 * The composition root: opens the configured stores (SQLite, or PostgreSQL + BullMQ + Redis; local
 * or S3 artifacts: see stores.ts) and binds the API (http-deps.ts) and/or the worker role
 * (worker-role.ts) to them. The only place that picks adapters.
 */
export async function createService(
  config: Config,
  roles: Roles,
  logger: Logger,
  options: ServiceOptions = {},
): Promise<Service> {
  // Scale-out: a Redis that cannot be reached fails the start in seconds with one clear message,
  // before any connection that would retry (and log) for ever is opened.
  if (config.redisUrl !== null && config.databaseUrl !== null) await waitForRedis(config.redisUrl);
  const stores = openStores(config, {
    onError: (err, source) => logger.warn({ err, source }, 'store connection error'),
  });
  await stores.ready();
  if (config.databaseUrl !== null && config.secretKey === null) logger.warn(SECRET_KEY_IN_DATABASE_WARNING);
  const metrics = createMetrics();
  const policy = createAddressPolicy({ allowedPrivateNetworks: config.allowedPrivateNetworks });
  const urlGuard = createUrlGuard({ policy, dnsServers: config.dnsServers });
  const regionProxies = regionProxiesOf(config);
  const app = roles.api
    ? await buildApp(
        bindHttpDeps({
          config,
          stores,
          urlGuard,
          metrics,
          proxyLocations: new Set(Object.keys(regionProxies) as ProxyLocation[]),
          devices: createPlaywrightDevices(),
          version: VERSION,
          ...(options.apiClock ? { clock: options.apiClock } : {}),
        }),
        { logger, publicBaseUrl: config.publicBaseUrl },
      )
    : null;
  let workerRole: WorkerRole | null = null;
  let workerMetrics: WorkerMetricsServer | null = null;

  return {
    app,
    stores,
    async start() {
      // The worker's scrape port first: a port in use fails the start before any capture is taken.
      if (roles.worker && !app && config.workerMetricsPort !== null) {
        workerMetrics = await serveWorkerMetrics(metrics, config.host, config.workerMetricsPort, () =>
          stores.queue.depth(),
        );
        logger.info({ url: workerMetrics.url }, 'worker metrics listening');
      }
      if (roles.worker) {
        workerRole = await startWorkerRole({
          config,
          stores,
          logger,
          metrics,
          policy,
          hosts: urlGuard,
          regionProxies,
          ...(options.webhookCa ? { webhookCa: options.webhookCa } : {}),
        });
      }
      const url = app ? await app.listen({ port: config.port, host: config.host }) : null;
      return { url, metricsUrl: workerMetrics?.url ?? null };
    },
    /** The API stops first (no new jobs or polls), then the worker role (see its order), then the stores. */
    async stop() {
      if (app) await closeApp(app, logger);
      if (workerRole) await workerRole.stop();
      if (workerMetrics) await workerMetrics.close();
      await stores.closeAndWait();
    },
  };
}

/** How long requests in flight get to finish when the API stops, ms. */
const API_CLOSE_GRACE_MS = 3_000;

/**
 * Closes the API: new requests are refused, long-polls answer at once (its preClose hook), idle
 * keep-alive connections close, and requests in flight get {@link API_CLOSE_GRACE_MS}. Connections
 * still open then are cut, so that a stop is bounded: Node's `server.close()` would otherwise wait
 * for a connection that never becomes idle in its eyes (seen once in a few dozen stops: a client's
 * keep-alive socket with no request on it that `closeIdleConnections` did not count as idle).
 */
async function closeApp(app: FastifyInstance, logger: Logger): Promise<void> {
  const timer = setTimeout(() => {
    app.server.getConnections((_err, open) => {
      logger.warn({ open }, 'cutting the API connections still open after the close grace');
    });
    app.server.closeAllConnections();
  }, API_CLOSE_GRACE_MS);
  try {
    await app.close();
  } finally {
    clearTimeout(timer);
  }
}
