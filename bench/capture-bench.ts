/**
 * `npm run bench`: Shots against a bare warm Playwright loop capturing the same page in the same run.
 *  - latency: submit-to-completed of one job at a time (median of 20) vs goto+screenshot in a fresh
 *    context; completion is the job's `completedAt` (the same clock), read by a client polling every
 *    50 ms so that the polling does not steal CPU from the captures it measures;
 *  - throughput: 40 jobs submitted at once vs the same captures in `CONCURRENCY` parallel loops.
 * Both sides stay warm for the whole run and take turns, ROUNDS times per CONCURRENCY (2 and 4), so
 * that the machine's load drifts over both alike; the table gives the median over the rounds.
 * The service runs as the built `shots serve` process on a temp DATA_DIR; pages are served on 127.0.0.2.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { chromium } from 'playwright-core';
import type { ShotsProcess } from '../test/helpers/shots-process.js';
import { shots, startShots } from '../test/helpers/shots-process.js';

const PAGE = `<!doctype html><html><head><style>body{font:20px sans-serif;background:#eef}</style></head>
<body><h1>Bench page</h1><p>${'Lorem ipsum dolor sit amet. '.repeat(40)}</p></body></html>`;
const LATENCY_RUNS = Number(process.env.BENCH_RUNS ?? 20);
const THROUGHPUT_JOBS = Number(process.env.BENCH_JOBS ?? 40);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
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

interface Side {
  /** Median ms of LATENCY_RUNS captures one at a time. */
  latency(): Promise<number>;
  /** Captures per second of THROUGHPUT_JOBS at once. */
  throughput(): Promise<number>;
  close(): Promise<void>;
}

async function bareSide(url: string, concurrency: number): Promise<Side> {
  const browser: Browser = await chromium.launch({ executablePath: EXECUTABLE, args: ARGS });
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
  return {
    async latency() {
      const times: number[] = [];
      for (let i = 0; i < LATENCY_RUNS; i++) {
        const t = performance.now();
        await once();
        times.push(performance.now() - t);
      }
      return median(times);
    },
    async throughput() {
      let left = THROUGHPUT_JOBS;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (left-- > 0) await once();
        }),
      );
      return THROUGHPUT_JOBS / ((performance.now() - started) / 1000);
    },
    close: () => browser.close(),
  };
}

async function shotsSide(url: string, concurrency: number): Promise<Side> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shots-bench-'));
  const env = {
    DATA_DIR: dataDir,
    ALLOWED_PRIVATE_NETWORKS: '127.0.0.2/32',
    CONCURRENCY: String(concurrency),
    LOG_LEVEL: 'warn',
  };
  const proc: ShotsProcess = await startShots({ ...env, LOG_LEVEL: 'info' });
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
  const completedAt = async (jobId: string): Promise<number> => {
    for (;;) {
      const res = await fetch(`${proc.baseUrl}/jobs/${jobId}/status`, { headers });
      const s = (await res.json()) as { status: string; error?: string; completedAt?: string };
      if (s.status === 'completed') return Date.parse(s.completedAt ?? '');
      if (s.status === 'failed') throw new Error(`job failed: ${s.error ?? ''}`);
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  };
  for (let i = 0; i < 3; i++) await completedAt(await submit());
  return {
    async latency() {
      const times: number[] = [];
      for (let i = 0; i < LATENCY_RUNS; i++) {
        const t = Date.now();
        times.push((await completedAt(await submit())) - t);
      }
      return median(times);
    },
    async throughput() {
      const started = Date.now();
      const ids = await Promise.all(Array.from({ length: THROUGHPUT_JOBS }, submit));
      let last = 0;
      for (const id of ids) last = Math.max(last, await completedAt(id));
      return THROUGHPUT_JOBS / ((last - started) / 1000);
    },
    async close() {
      proc.child.kill('SIGTERM');
      await proc.exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/html' });
  res.end(PAGE);
});
await new Promise<void>((r) => server.listen(0, '127.0.0.2', r));
const url = `http://127.0.0.2:${(server.address() as AddressInfo).port}/`;
const rows: string[] = [];
for (const concurrency of [2, 4]) {
  const bare = await bareSide(url, concurrency);
  const service = await shotsSide(url, concurrency);
  const m = {
    bareMs: [] as number[],
    shotsMs: [] as number[],
    bareRate: [] as number[],
    shotsRate: [] as number[],
  };
  for (let round = 0; round < ROUNDS; round++) {
    m.bareMs.push(await bare.latency());
    m.shotsMs.push(await service.latency());
    m.bareRate.push(await bare.throughput());
    m.shotsRate.push(await service.throughput());
  }
  await bare.close();
  await service.close();
  const [bareMs, shotsMs, bareRate, shotsRate] = [m.bareMs, m.shotsMs, m.bareRate, m.shotsRate].map(
    median,
  ) as [number, number, number, number];
  rows.push(
    `| ${concurrency} | ${bareMs.toFixed(0)} | ${shotsMs.toFixed(0)} | ${(shotsMs / bareMs).toFixed(2)}× | ` +
      `${bareRate.toFixed(2)} | ${shotsRate.toFixed(2)} | ${(shotsRate / bareRate).toFixed(2)}× |`,
  );
}
server.close();
console.log(
  `\nSimple page; latency: median of ${LATENCY_RUNS} one at a time; throughput: ${THROUGHPUT_JOBS} at once; ` +
    `median of ${ROUNDS} interleaved rounds; ${EXECUTABLE}\n`,
);
console.log(
  '| CONCURRENCY | bare ms | Shots submit→completed ms | ratio | bare captures/s | Shots captures/s | ratio |',
);
console.log('|---|---|---|---|---|---|---|');
for (const row of rows) console.log(row);
