import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Metrics } from './metrics.js';

/** The worker's own scrape endpoint (`WORKER_METRICS_PORT`). */
export interface WorkerMetricsServer {
  /** `http://HOST:PORT`. */
  url: string;
  close(): Promise<void>;
}

/**
 * Serves `GET /metrics` (Prometheus text) and `GET /healthz` for a process that runs the worker
 * role without the API (`shots worker`): its capture attempts, capture times, webhook attempts and
 * retention sweeps are counted in that process, where no API route can reach them. `queueDepth` is
 * read at each scrape, as the API's readiness check does.
 */
export async function serveWorkerMetrics(
  metrics: Metrics,
  host: string,
  port: number,
  queueDepth: () => Promise<{ waiting: number; active: number }>,
): Promise<WorkerMetricsServer> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    if (path === '/healthz') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
      return;
    }
    if (path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found: try /metrics\n');
      return;
    }
    void (async () => {
      const depth = await queueDepth().catch(() => null);
      if (depth) metrics.setQueueDepth(depth);
      const body = await metrics.render();
      res.writeHead(200, { 'content-type': metrics.contentType }).end(body);
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
  });
  // A scrape is one short request: keep-alive sockets must not hold the stop open.
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shown}:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
