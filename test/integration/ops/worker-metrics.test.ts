import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config/config.js';
import type { Service } from '../../../src/main/compose.js';
import { createService } from '../../../src/main/compose.js';
import type { TestApi } from '../../helpers/api.js';
import { startTestApi } from '../../helpers/api.js';
import type { FixtureServer } from '../../helpers/fixture-server.js';
import { startFixtureServer } from '../../helpers/fixture-server.js';
import { jobClient } from '../../helpers/jobs.js';

// `shots worker` counts capture attempts in its own process: with WORKER_METRICS_PORT set it serves
// them at /metrics, where Prometheus can scrape them (an API process never sees them). An API-only
// service and a worker-only service share one DATA_DIR, as `shots api` and `shots worker` would.

let pages: FixtureServer;
let api: TestApi;
let worker: Service;
let metricsUrl: string;
let key: string;

beforeAll(async () => {
  pages = await startFixtureServer();
  api = await startTestApi({ JOB_RETRY_DELAYS: '0,0' }, { api: true, worker: false });
  await api.service.start();
  const config = loadConfig({
    DATA_DIR: api.dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    WORKER_METRICS_PORT: '0',
    ALLOWED_PRIVATE_NETWORKS: '127.0.0.2/32',
    LOG_LEVEL: 'silent',
    CONCURRENCY: '1',
  });
  worker = await createService(config, { api: false, worker: true }, pino({ level: 'silent' }));
  metricsUrl = (await worker.start()).metricsUrl!;
  key = (await api.account('BUSINESS')).apiKey;
}, 60_000);

afterAll(async () => {
  await worker?.stop();
  await api?.close();
  await pages?.close();
});

const { submit, finished } = jobClient(
  () => api.app,
  () => key,
  60_000,
);

const metricValue = (text: string, line: string): number | null => {
  const found = text.split('\n').find((l) => l.startsWith(`${line} `));
  return found === undefined ? null : Number(found.slice(line.length + 1));
};

describe("the worker's own /metrics", () => {
  it('counts the captures this worker made, with the queue depth; the API process has none of them', async () => {
    expect(metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const jobId = await submit({ url: `${pages.baseUrl}/simple.html` });
    expect(await finished(jobId)).toMatchObject({ status: 'completed' });
    const res = await fetch(`${metricsUrl}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(metricValue(text, 'shots_capture_attempts_total{outcome="completed"}')).toBe(1);
    expect(metricValue(text, 'shots_capture_duration_seconds_count')).toBe(1);
    expect(metricValue(text, 'shots_queue_jobs{state="waiting"}')).toBe(0);
    expect(metricValue(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    const apiText = (await api.app.inject({ url: '/metrics' })).body;
    expect(metricValue(apiText, 'shots_capture_attempts_total{outcome="completed"}')).toBeNull();
  });

  it('answers /healthz, and 404 elsewhere', async () => {
    const health = await fetch(`${metricsUrl}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    expect((await fetch(`${metricsUrl}/jobs`)).status).toBe(404);
  });

  it('fails the start, before any capture is taken, when its port is in use', async () => {
    const port = Number(new URL(metricsUrl).port);
    const config = loadConfig({
      DATA_DIR: api.dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      WORKER_METRICS_PORT: String(port),
      LOG_LEVEL: 'silent',
    });
    const second = await createService(config, { api: false, worker: true }, pino({ level: 'silent' }));
    await expect(second.start()).rejects.toMatchObject({ code: 'EADDRINUSE' });
    await second.stop();
  });

  it('is not served unless WORKER_METRICS_PORT is set, nor by a process that runs the API', async () => {
    const config = loadConfig({ DATA_DIR: api.dataDir, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent' });
    const quiet = await createService(config, { api: false, worker: true }, pino({ level: 'silent' }));
    expect((await quiet.start()).metricsUrl).toBeNull();
    await quiet.stop();
    const both = loadConfig({
      DATA_DIR: api.dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      WORKER_METRICS_PORT: '0',
      LOG_LEVEL: 'silent',
    });
    const serve = await createService(both, { api: true, worker: true }, pino({ level: 'silent' }));
    expect((await serve.start()).metricsUrl).toBeNull();
    await serve.stop();
  });
});
