import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { RetentionReport } from '../app/retention.js';
import type { AttemptOutcome } from '../app/run-capture.js';
import type { WaitOutcome } from '../app/status-waiter.js';

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
  const extra = clientOpsMetrics(registry);
  return {
    ...extra,
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

/** Sources read when Prometheus scrapes: set by the roles that own them. */
interface Sources {
  waiters: (() => number) | null;
  webhookBacklog: (() => Promise<{ due: number; scheduled: number }>) | null;
}

/** Long-poll, retention and webhook metrics (issue 14). */
function clientOpsMetrics(registry: Registry) {
  const sources: Sources = { waiters: null, webhookBacklog: null };
  new Gauge({
    name: 'shots_status_waiters',
    help: 'Status requests held by a long-poll (waitSeconds) right now',
    registers: [registry],
    collect() {
      this.set(sources.waiters?.() ?? 0);
    },
  });
  const longPolls = new Counter({
    name: 'shots_status_waits_total',
    help: 'Long-polls by how they ended (woken by the job, timeout, aborted by the client, closed, cancelled: answer known at once)',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const retentionRows = new Counter({
    name: 'shots_retention_deleted_rows_total',
    help: 'Rows deleted by the retention sweep, by table',
    labelNames: ['table'],
    registers: [registry],
  });
  const retentionArtifacts = new Counter({
    name: 'shots_retention_deleted_artifacts_total',
    help: 'Artifacts deleted by the retention sweep',
    registers: [registry],
  });
  const retentionBytes = new Counter({
    name: 'shots_retention_deleted_bytes_total',
    help: 'Bytes of the artifacts deleted by the retention sweep',
    registers: [registry],
  });
  const webhookAttempts = new Counter({
    name: 'shots_webhook_attempts_total',
    help: 'Webhook delivery attempts by what followed: delivered, pending (retried later), failed (given up), gone (410)',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const webhookSeconds = new Histogram({
    name: 'shots_webhook_attempt_duration_seconds',
    help: 'Wall time of webhook delivery attempts',
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: 'shots_webhook_backlog',
    help: 'Webhook deliveries pending: due now (waiting for a dispatcher or in flight) or scheduled for a retry',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const backlog = await sources.webhookBacklog?.().catch(() => null);
      if (!backlog) return;
      this.set({ state: 'due' }, backlog.due);
      this.set({ state: 'scheduled' }, backlog.scheduled);
    },
  });
  return {
    /** The long-poll waiter of this process (API role). */
    trackWaiters(count: () => number) {
      sources.waiters = count;
    },
    /** The webhook outbox, counted at each scrape (the API role: every process sees the whole backlog). */
    trackWebhookBacklog(backlog: () => Promise<{ due: number; scheduled: number }>) {
      sources.webhookBacklog = backlog;
    },
    observeLongPoll(outcome: WaitOutcome) {
      longPolls.inc({ outcome });
    },
    observeRetention(report: RetentionReport) {
      for (const [table, rows] of Object.entries(report.rows))
        if (rows > 0) retentionRows.inc({ table }, rows);
      if (report.artifacts > 0) retentionArtifacts.inc(report.artifacts);
      if (report.bytes > 0) retentionBytes.inc(report.bytes);
    },
    observeWebhookAttempt(state: string, ms: number) {
      webhookAttempts.inc({ outcome: state });
      webhookSeconds.observe(ms / 1000);
    },
  };
}
