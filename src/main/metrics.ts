import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { AttemptOutcome } from '../app/run-capture.js';

/** Prometheus metrics of one process: HTTP requests, capture attempts, queue depth. */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Histogram({
    name: 'shots_http_request_duration_seconds',
    help: 'HTTP requests by route and status',
    labelNames: ['route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const attempts = new Counter({
    name: 'shots_capture_attempts_total',
    help: 'Capture attempts by outcome (completed, failed, retry, skipped, stale)',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const captureSeconds = new Histogram({
    name: 'shots_capture_duration_seconds',
    help: 'Wall time of capture attempts',
    buckets: [0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60],
    registers: [registry],
  });
  const queueDepth = new Gauge({
    name: 'shots_queue_jobs',
    help: 'Jobs in the queue by state',
    labelNames: ['state'],
    registers: [registry],
  });
  return {
    contentType: registry.contentType,
    render: () => registry.metrics(),
    observeRequest(route: string, status: number, seconds: number) {
      requests.observe({ route, status: String(status) }, seconds);
    },
    observeAttempt(outcome: AttemptOutcome, ms: number) {
      attempts.inc({ outcome: outcome.kind });
      captureSeconds.observe(ms / 1000);
    },
    setQueueDepth(depth: { waiting: number; active: number }) {
      queueDepth.set({ state: 'waiting' }, depth.waiting);
      queueDepth.set({ state: 'active' }, depth.active);
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;
