/**
 * `npx tsx bench/scale-out-bench.ts`: what scale-out mode costs and what it buys, on this machine.
 *  1. queue and store operations per job, no capture, in-process: create (quota) → enqueue → take →
 *     startAttempt → complete (+ outbox row) → ack, one job at a time and 8 at once; SQLite vs
 *     PostgreSQL + BullMQ;
 *  2. queue overhead as a client sees it: submit → the job's `startedAt`, and submit → `completedAt`
 *     (median of sequential jobs) on `shots serve` (SQLite) vs `shots api` + `shots worker` (scale-out);
 *  3. throughput: BENCH_JOBS captures submitted at once to `shots api` with one and with two
 *     `shots worker` processes (CONCURRENCY 2 each), and one worker at CONCURRENCY 4 (same slots as 2 × 2).
 * Needs Redis and PostgreSQL (TEST_REDIS_URL / TEST_DATABASE_URL, default the local ones) and the build.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { BullMqJobQueue } from '../src/adapters/bullmq/bullmq-job-queue.js';
import { PostgresDatabase } from '../src/adapters/postgres/postgres-database.js';
import { PostgresJobStore } from '../src/adapters/postgres/postgres-job-store.js';
import { openSqlite } from '../src/adapters/sqlite/database.js';
import { SqliteJobQueue } from '../src/adapters/sqlite/sqlite-job-queue.js';
import { SqliteJobStore } from '../src/adapters/sqlite/sqlite-job-store.js';
import { newJob } from '../test/helpers/job-fixture.js';
import type { JobQueue } from '../src/ports/job-queue.js';
import type { JobStore } from '../src/ports/job-store.js';
import { createTestDatabase, dropRedisPrefix, testRedisUrl, uniqueName } from '../test/helpers/services.js';
import type { ShotsProcess } from '../test/helpers/shots-process.js';
import { shots, startShots } from '../test/helpers/shots-process.js';
import { benchChromium, benchSettings, unlimitedAccount } from './settings.js';

const SETTINGS = benchSettings({
  opsJobs: { env: 'BENCH_OPS_JOBS', default: 300, min: 1, max: 100_000 },
  latencyRuns: { env: 'BENCH_RUNS', default: 15, min: 1, max: 1000 },
  throughputJobs: { env: 'BENCH_JOBS', default: 40, min: 1, max: 10_000 },
});
const OPS_JOBS = SETTINGS.opsJobs;
const LATENCY_RUNS = SETTINGS.latencyRuns;
const THROUGHPUT_JOBS = SETTINGS.throughputJobs;
const POLL_MS = 50;
const PAGE = `<!doctype html><html><head><style>body{font:20px sans-serif;background:#eef}</style></head>
<body><h1>Bench page</h1><p>${'Lorem ipsum dolor sit amet. '.repeat(40)}</p></body></html>`;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const RESULT = {
  format: 'png' as const,
  contentType: 'image/png',
  bytes: 1,
  artifactKey: 'a/b.png',
  cached: false,
  metadata: { finalUrl: 'https://example.com/', httpStatus: 200 },
};
const QUOTA = { monthlyQuota: 1_000_000_000, monthStart: '2000-01-01T00:00:00.000Z' };

/** One job through every store and queue operation a capture makes; ms. */
async function lifecycle(jobs: JobStore, queue: JobQueue): Promise<number> {
  const t = performance.now();
  const j = newJob('acc_bench', { cacheKey: 'k' });
  await jobs.createWithinQuota(j, QUOTA);
  await queue.enqueue(j.id);
  const lease = await queue.take('bench', 30_000, 5000);
  if (!lease) throw new Error('no lease');
  await jobs.startAttempt(lease.jobId, lease.token, new Date().toISOString());
  await jobs.complete(lease.jobId, lease.token, RESULT, new Date().toISOString(), 1);
  await queue.ack(lease);
  return performance.now() - t;
}

async function opsBench(name: string, jobs: JobStore, queue: JobQueue): Promise<string> {
  for (let i = 0; i < 20; i++) await lifecycle(jobs, queue);
  const times: number[] = [];
  for (let i = 0; i < OPS_JOBS; i++) times.push(await lifecycle(jobs, queue));
  const started = performance.now();
  let left = OPS_JOBS;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (left-- > 0) await lifecycle(jobs, queue);
    }),
  );
  const perSecond = OPS_JOBS / ((performance.now() - started) / 1000);
  return `| ${name} | ${median(times).toFixed(2)} | ${(times.reduce((a, b) => a + b, 0) / times.length).toFixed(2)} | ${perSecond.toFixed(0)} |`;
}

async function storeOps(): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'shots-bench-ops-'));
  const sqlite = openSqlite(join(dir, 'shots.db'));
  const rows = [await opsBench('SQLite (embedded)', new SqliteJobStore(sqlite), new SqliteJobQueue(sqlite))];
  sqlite.close();
  rmSync(dir, { recursive: true, force: true });

  const database = await createTestDatabase();
  const prefix = uniqueName();
  const db = new PostgresDatabase({ connectionString: database.url });
  const redis = new Redis(testRedisUrl(), { maxRetriesPerRequest: null });
  const queue = new BullMqJobQueue({ connection: redis, prefix });
  try {
    rows.push(await opsBench('PostgreSQL + BullMQ (scale-out)', new PostgresJobStore(db), queue));
  } finally {
    await queue.disconnect();
    await redis.quit();
    await db.close();
    await database.drop();
    await dropRedisPrefix(prefix);
  }
  return rows;
}

interface Deployment {
  env: Record<string, string>;
  api: ShotsProcess;
  close(): Promise<void>;
}

async function deploy(
  mode: 'embedded' | 'scale-out',
  workers: number,
  concurrency: number,
): Promise<Deployment> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shots-bench-'));
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    ALLOWED_PRIVATE_NETWORKS: '127.0.0.2/32',
    CONCURRENCY: String(concurrency),
    LOG_LEVEL: 'info',
  };
  const cleanups: (() => Promise<void>)[] = [async () => rmSync(dataDir, { recursive: true, force: true })];
  if (mode === 'scale-out') {
    const database = await createTestDatabase();
    const prefix = uniqueName();
    Object.assign(env, {
      DATABASE_URL: database.url,
      REDIS_URL: testRedisUrl(),
      REDIS_PREFIX: prefix,
      SECRET_KEY: randomBytes(32).toString('base64url'),
    });
    cleanups.push(
      () => database.drop(),
      () => dropRedisPrefix(prefix),
    );
  }
  const processes =
    mode === 'embedded'
      ? [await startShots(env, 'serve')]
      : await Promise.all([
          startShots(env, 'api'),
          ...Array.from({ length: workers }, () => startShots(env, 'worker')),
        ]);
  return {
    env,
    api: processes[0]!,
    async close() {
      for (const p of processes) p.child.kill('SIGTERM');
      for (const p of processes) await p.exited;
      for (const cleanup of cleanups.reverse()) await cleanup();
    },
  };
}

async function client(d: Deployment, url: string) {
  const apiKey = await unlimitedAccount(shots, d.env);
  const headers = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' };
  let n = 0;
  const submit = async (): Promise<string> => {
    const res = await fetch(`${d.api.baseUrl}/screenshots/web`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ url: `${url}?n=${n++}`, bypassCache: true }),
    });
    if (res.status !== 202) throw new Error(`submit: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { jobId: string }).jobId;
  };
  const done = async (jobId: string): Promise<{ startedAt: number; completedAt: number }> => {
    for (;;) {
      const s = (await (await fetch(`${d.api.baseUrl}/jobs/${jobId}/status`, { headers })).json()) as {
        status: string;
        error?: string;
        startedAt?: string;
        completedAt?: string;
      };
      if (s.status === 'completed')
        return { startedAt: Date.parse(s.startedAt ?? ''), completedAt: Date.parse(s.completedAt ?? '') };
      if (s.status === 'failed') throw new Error(`job failed: ${s.error ?? ''}`);
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  };
  return { submit, done };
}

async function latency(mode: 'embedded' | 'scale-out', url: string): Promise<string> {
  const d = await deploy(mode, 1, 2);
  try {
    const c = await client(d, url);
    for (let i = 0; i < 3; i++) await c.done(await c.submit());
    const toStart: number[] = [];
    const toEnd: number[] = [];
    for (let i = 0; i < LATENCY_RUNS; i++) {
      const t = Date.now();
      const { startedAt, completedAt } = await c.done(await c.submit());
      toStart.push(startedAt - t);
      toEnd.push(completedAt - t);
    }
    const label =
      mode === 'embedded' ? '`shots serve` (SQLite)' : '`shots api` + 1 `shots worker` (PostgreSQL, BullMQ)';
    return `| ${label} | ${median(toStart).toFixed(0)} | ${median(toEnd).toFixed(0)} |`;
  } finally {
    await d.close();
  }
}

async function throughput(workers: number, concurrency: number, url: string): Promise<string> {
  const d = await deploy('scale-out', workers, concurrency);
  try {
    const c = await client(d, url);
    await Promise.all(
      Array.from({ length: 2 * workers * concurrency }, async () => c.done(await c.submit())),
    );
    const started = Date.now();
    const ids = await Promise.all(Array.from({ length: THROUGHPUT_JOBS }, () => c.submit()));
    let last = 0;
    for (const id of ids) last = Math.max(last, (await c.done(id)).completedAt);
    const perSecond = THROUGHPUT_JOBS / ((last - started) / 1000);
    return `| ${workers} | ${concurrency} | ${perSecond.toFixed(2)} |`;
  } finally {
    await d.close();
  }
}

const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/html' });
  res.end(PAGE);
});
await new Promise<void>((r) => server.listen(0, '127.0.0.2', r));
const url = `http://127.0.0.2:${(server.address() as AddressInfo).port}/`;

const ops = await storeOps();
const latencies = [await latency('embedded', url), await latency('scale-out', url)];
const rates = [await throughput(1, 2, url), await throughput(2, 2, url), await throughput(1, 4, url)];
server.close();

console.log(
  `\nStore and queue operations of one job, no capture (${OPS_JOBS} jobs; 8 at once for the rate)\n`,
);
console.log('| backend | median ms/job | mean ms/job | jobs/s, 8 at once |');
console.log('|---|---|---|---|');
for (const row of ops) console.log(row);
console.log(
  `\nOne job at a time, median of ${LATENCY_RUNS} (client clock at submit → the job's own timestamps)\n`,
);
console.log('| deployment | submit → startedAt ms | submit → completedAt ms |');
console.log('|---|---|---|');
for (const row of latencies) console.log(row);
console.log(`\n${THROUGHPUT_JOBS} captures submitted at once to one \`shots api\`, ${benchChromium()}\n`);
console.log('| worker processes | CONCURRENCY each | captures/s |');
console.log('|---|---|---|');
for (const row of rates) console.log(row);
