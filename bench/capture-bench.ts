/**
 * `npm run bench`: Shots against a bare warm Playwright loop capturing the same page in the same run.
 *  - latency: submit-to-completed of one job at a time (median of 20) vs goto+screenshot in a fresh context;
 *    completion is the job's `completedAt` (the same clock), read by a client polling every 50 ms;
 *  - throughput: 40 jobs submitted at once at CONCURRENCY 2 and 4 vs the same number of parallel loops.
 * The service runs as the built `shots serve` process on a temp DATA_DIR; pages are served on 127.0.0.2.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { shots, startShots } from '../test/helpers/shots-process.js';

const PAGE = `<!doctype html><html><head><style>body{font:20px sans-serif;background:#eef}</style></head>
<body><h1>Bench page</h1><p>${'Lorem ipsum dolor sit amet. '.repeat(40)}</p></body></html>`;
const LATENCY_RUNS = Number(process.env.BENCH_RUNS ?? 20);
const THROUGHPUT_JOBS = Number(process.env.BENCH_JOBS ?? 40);
const POLL_MS = 50;
const ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--disable-dev-shm-usage',
];
const EXECUTABLE = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function bare(url: string, concurrency: number) {
  const browser = await chromium.launch({ executablePath: EXECUTABLE, args: ARGS });
  const once = async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    try {
      const page = await context.newPage();
      await page.goto(url, { waitUntil: 'load' });
      await page.screenshot({ type: 'png' });
    } finally {
      await context.close();
    }
  };
  for (let i = 0; i < 3; i++) await once();
  const times: number[] = [];
  for (let i = 0; i < LATENCY_RUNS; i++) {
    const t = performance.now();
    await once();
    times.push(performance.now() - t);
  }
  let left = THROUGHPUT_JOBS;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (left-- > 0) await once();
    }),
  );
  const perSecond = THROUGHPUT_JOBS / ((performance.now() - started) / 1000);
  await browser.close();
  return { medianMs: median(times), perSecond };
}

async function service(url: string, concurrency: number) {
  const dataDir = mkdtempSync(join(tmpdir(), 'shots-bench-'));
  const env = {
    DATA_DIR: dataDir,
    ALLOWED_PRIVATE_NETWORKS: '127.0.0.2/32',
    CONCURRENCY: String(concurrency),
    LOG_LEVEL: 'warn',
  };
  const proc = await startShots({ ...env, LOG_LEVEL: 'info' });
  try {
    const { apiKey } = JSON.parse(
      await shots(
        [
          'accounts',
          'create',
          '--plan',
          'ENTERPRISE',
          '--rate-limit',
          '100000',
          '--monthly-quota',
          '1000000',
          '--json',
        ],
        env,
      ),
    ) as { apiKey: string };
    const headers = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' };
    let n = 0;
    const submit = async () => {
      const res = await fetch(`${proc.baseUrl}/screenshots/web`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ url: `${url}?n=${n++}`, bypassCache: true }),
      });
      if (res.status !== 202) throw new Error(`submit: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { jobId: string }).jobId;
    };
    // The job's own `completedAt` (same machine, same clock) marks completion; the client polls
    // gently so that its polling does not steal CPU from the captures it measures.
    const completedAt = async (jobId: string): Promise<number> => {
      for (;;) {
        const s = (await (await fetch(`${proc.baseUrl}/jobs/${jobId}/status`, { headers })).json()) as {
          status: string;
          error?: string;
          completedAt?: string;
        };
        if (s.status === 'completed') return Date.parse(s.completedAt ?? '');
        if (s.status === 'failed') throw new Error(`job failed: ${s.error ?? ''}`);
        await new Promise((r) => setTimeout(r, POLL_MS));
      }
    };
    for (let i = 0; i < 3; i++) await completedAt(await submit());
    const times: number[] = [];
    for (let i = 0; i < LATENCY_RUNS; i++) {
      const t = Date.now();
      times.push((await completedAt(await submit())) - t);
    }
    const started = Date.now();
    const ids = await Promise.all(Array.from({ length: THROUGHPUT_JOBS }, submit));
    let last = 0;
    for (const id of ids) last = Math.max(last, await completedAt(id));
    const perSecond = THROUGHPUT_JOBS / ((last - started) / 1000);
    return { medianMs: median(times), perSecond };
  } finally {
    proc.child.kill('SIGTERM');
    await proc.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/html' });
  res.end(PAGE);
});
await new Promise<void>((r) => server.listen(0, '127.0.0.2', r));
const url = `http://127.0.0.2:${(server.address() as AddressInfo).port}/`;
const rows: string[] = [];
for (const concurrency of [2, 4]) {
  const b = await bare(url, concurrency);
  const s = await service(url, concurrency);
  rows.push(
    `| ${concurrency} | ${b.medianMs.toFixed(0)} | ${s.medianMs.toFixed(0)} | ${(s.medianMs / b.medianMs).toFixed(2)}× | ` +
      `${b.perSecond.toFixed(2)} | ${s.perSecond.toFixed(2)} | ${(s.perSecond / b.perSecond).toFixed(2)}× |`,
  );
}
server.close();
console.log(
  `\nSimple page, ${LATENCY_RUNS} sequential captures (median) and ${THROUGHPUT_JOBS} captures at once, ${EXECUTABLE}\n`,
);
console.log(
  '| CONCURRENCY | bare ms | Shots submit→completed ms | ratio | bare captures/s | Shots captures/s | ratio |',
);
console.log('|---|---|---|---|---|---|---|');
for (const row of rows) console.log(row);
