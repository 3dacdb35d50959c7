/**
 * `npm run bench`: Shots against a bare warm Playwright loop capturing the same pages in the same
 * run — the loop a user would write: a new context, `goto` until `load`, a png screenshot, on the
 * same Chromium with the flags this machine needs (no sandbox, no background traffic).
 *
 *  - latency: per page (a simple one and six that look like the web: bench/pages/), viewport and
 *    full page, BENCH_RUNS captures one at a time on each side; Shots' time is submit → the job's
 *    `completedAt` (one clock), read with a long-poll so that the client costs the machine nothing;
 *  - fidelity: the share of pixels that differ (any channel by more than 24) between Shots' image
 *    and the loop's, decoded by sharp (BENCH_DIFF_DIR: where to write both images of a pair that
 *    differs by more than 1 %);
 *  - throughput: BENCH_JOBS viewport captures of the mixed pages at once vs the same captures in
 *    CONCURRENCY parallel loops, at CONCURRENCY 2 and 4;
 *  - memory: Chromium's proportional set size on each side, sampled during the throughput phase,
 *    per concurrent capture.
 * Both sides stay warm and take turns, BENCH_ROUNDS times, so that the machine's load drifts over
 * both alike; the table gives the medians over the rounds. Shots is the built `shots serve` on a
 * temp DATA_DIR (SQLite, SSRF egress proxy on).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { chromiumProcessesOf } from '../test/helpers/chromium.js';
import type { ShotsProcess } from '../test/helpers/shots-process.js';
import { shots, startShots } from '../test/helpers/shots-process.js';
import type { BenchPage } from './bench-pages.js';
import { BENCH_PAGES, startBenchPages } from './bench-pages.js';
import { pssMb } from './process-stats.js';
import { benchChromium, benchSettings, unlimitedAccount } from './settings.js';

const SETTINGS = benchSettings({
  latencyRuns: { env: 'BENCH_RUNS', default: 5, min: 1, max: 1000 },
  throughputJobs: { env: 'BENCH_JOBS', default: 40, min: 1, max: 10_000 },
  rounds: { env: 'BENCH_ROUNDS', default: 3, min: 1, max: 50 },
});
const EXECUTABLE = benchChromium();
/** What a user's loop must pass here: no sandbox as root, no traffic of Chromium's own. */
const LOOP_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
type Mode = 'viewport' | 'fullPage';
/** Full pages of the pages where they differ from the viewport. */
const FULL_PAGES: BenchPage[] = ['article', 'dashboard', 'landing', 'long', 'docs', 'shop'];

interface Shot {
  ms: number;
  bytes: Buffer;
}

interface Side {
  capture(url: string, mode: Mode): Promise<Shot>;
  /** Chromium's PSS on this side, MB. */
  chromiumMb(): number;
  close(): Promise<void>;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function loopSide(shotsPids: () => number[]): Promise<Side> {
  const browser: Browser = await chromium.launch({ executablePath: EXECUTABLE, args: LOOP_ARGS });
  const side: Side = {
    async capture(url, mode) {
      const started = performance.now();
      const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
      try {
        const page = await context.newPage();
        await page.goto(url, { waitUntil: 'load' });
        const bytes = await page.screenshot({ type: 'png', fullPage: mode === 'fullPage' });
        return { ms: performance.now() - started, bytes };
      } finally {
        await context.close();
      }
    },
    chromiumMb() {
      const theirs = new Set(shotsPids());
      return chromiumProcessesOf(process.pid)
        .filter((pid) => !theirs.has(pid))
        .reduce((sum, pid) => sum + pssMb(pid), 0);
    },
    close: () => browser.close(),
  };
  return side;
}

async function shotsSide(concurrency: number): Promise<Side & { pid: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shots-bench-'));
  const env = {
    DATA_DIR: dataDir,
    ALLOWED_PRIVATE_NETWORKS: '127.0.0.2/32',
    CONCURRENCY: String(concurrency),
    LOG_LEVEL: 'info',
  };
  const proc: ShotsProcess = await startShots(env);
  const headers = {
    authorization: `Bearer ${await unlimitedAccount(shots, env)}`,
    'content-type': 'application/json',
  };
  const pid = proc.child.pid ?? 0;
  const completed = async (jobId: string): Promise<number> => {
    for (;;) {
      const res = await fetch(`${proc.baseUrl}/jobs/${jobId}/status?waitSeconds=30`, { headers });
      const s = (await res.json()) as { status: string; error?: string; completedAt?: string };
      if (s.status === 'completed') return Date.parse(s.completedAt ?? '');
      if (s.status === 'failed') throw new Error(`job failed: ${s.error ?? ''}`);
    }
  };
  return {
    pid,
    async capture(url, mode) {
      const submitted = Date.now();
      const res = await fetch(`${proc.baseUrl}/screenshots/web`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ url, bypassCache: true, ...(mode === 'fullPage' ? { fullPage: true } : {}) }),
      });
      if (res.status !== 202) throw new Error(`submit: ${res.status} ${await res.text()}`);
      const { jobId } = (await res.json()) as { jobId: string };
      const done = await completed(jobId);
      const result = await fetch(`${proc.baseUrl}/jobs/${jobId}/result`, { headers });
      return { ms: done - submitted, bytes: Buffer.from(await result.arrayBuffer()) };
    },
    chromiumMb: () => chromiumProcessesOf(pid).reduce((sum, p) => sum + pssMb(p), 0),
    async close() {
      proc.child.kill('SIGTERM');
      await proc.exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Share of pixels (0–1) that differ by more than 24 in any channel; 1 when the sizes differ. */
async function pixelDifference(a: Buffer, b: Buffer): Promise<number> {
  const [x, y] = await Promise.all(
    [a, b].map((img) => sharp(img).removeAlpha().raw().toBuffer({ resolveWithObject: true })),
  );
  if (!x || !y || x.info.width !== y.info.width || x.info.height !== y.info.height) return 1;
  let differing = 0;
  const pixels = x.info.width * x.info.height;
  for (let i = 0; i < pixels * 3; i += 3) {
    if (
      Math.abs(x.data[i]! - y.data[i]!) > 24 ||
      Math.abs(x.data[i + 1]! - y.data[i + 1]!) > 24 ||
      Math.abs(x.data[i + 2]! - y.data[i + 2]!) > 24
    )
      differing++;
  }
  return differing / pixels;
}

/** Captures per second of `urls`, `concurrency` at a time, and the side's Chromium MB meanwhile. */
async function throughput(
  side: Side,
  urls: string[],
  concurrency: number,
): Promise<{ rate: number; meanMb: number; peakMb: number }> {
  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(side.chromiumMb()), 250);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < urls.length) await side.capture(urls[next++]!, 'viewport');
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  return {
    rate: urls.length / seconds,
    meanMb: samples.reduce((s, v) => s + v, 0) / Math.max(1, samples.length),
    peakMb: Math.max(...samples),
  };
}

const pages = await startBenchPages();
const latency = new Map<string, { loop: number[]; shots: number[]; diff: number[] }>();
const rates = new Map<
  number,
  {
    loop: number[];
    shots: number[];
    loopMb: number[];
    shotsMb: number[];
    loopPeak: number[];
    shotsPeak: number[];
  }
>();

for (const concurrency of [2, 4]) {
  const service = await shotsSide(concurrency);
  const loop = await loopSide(() => chromiumProcessesOf(service.pid));
  // Warm both sides on every page.
  for (const page of BENCH_PAGES) {
    await loop.capture(pages.url(page), 'viewport');
    await service.capture(pages.url(page), 'viewport');
  }
  const mixed = Array.from({ length: SETTINGS.throughputJobs }, (_, i) =>
    pages.url(BENCH_PAGES[i % BENCH_PAGES.length]!),
  );
  const r = {
    loop: [] as number[],
    shots: [] as number[],
    loopMb: [] as number[],
    shotsMb: [] as number[],
    loopPeak: [] as number[],
    shotsPeak: [] as number[],
  };
  for (let round = 0; round < SETTINGS.rounds; round++) {
    if (concurrency === 2) {
      const cases: [BenchPage, Mode][] = [
        ...BENCH_PAGES.map((p) => [p, 'viewport'] as [BenchPage, Mode]),
        ...FULL_PAGES.map((p) => [p, 'fullPage'] as [BenchPage, Mode]),
      ];
      for (const [page, mode] of cases) {
        const key = `${page} ${mode}`;
        const entry = latency.get(key) ?? { loop: [], shots: [], diff: [] };
        const loopMs: number[] = [];
        const shotsMs: number[] = [];
        let loopShot: Shot | null = null;
        let shotsShot: Shot | null = null;
        for (let i = 0; i < SETTINGS.latencyRuns; i++) {
          loopShot = await loop.capture(pages.url(page), mode);
          loopMs.push(loopShot.ms);
          shotsShot = await service.capture(pages.url(page), mode);
          shotsMs.push(shotsShot.ms);
        }
        entry.loop.push(median(loopMs));
        entry.shots.push(median(shotsMs));
        const diff = await pixelDifference(loopShot!.bytes, shotsShot!.bytes);
        entry.diff.push(diff);
        // BENCH_DIFF_DIR: both images of every pair that differs by more than 1 %, to look at.
        const diffDir = process.env.BENCH_DIFF_DIR;
        if (diff > 0.01 && diffDir) {
          mkdirSync(diffDir, { recursive: true });
          writeFileSync(join(diffDir, `${page}-${mode}-r${round}-loop.png`), loopShot!.bytes);
          writeFileSync(join(diffDir, `${page}-${mode}-r${round}-shots.png`), shotsShot!.bytes);
        }
        latency.set(key, entry);
      }
    }
    const bare = await throughput(loop, mixed, concurrency);
    const ours = await throughput(service, mixed, concurrency);
    r.loop.push(bare.rate);
    r.shots.push(ours.rate);
    r.loopMb.push(bare.meanMb / concurrency);
    r.shotsMb.push(ours.meanMb / concurrency);
    r.loopPeak.push(bare.peakMb);
    r.shotsPeak.push(ours.peakMb);
  }
  rates.set(concurrency, r);
  await loop.close();
  await service.close();
}
await pages.close();

const fmt = (n: number, digits = 0): string => n.toFixed(digits);
console.log(
  `\n${EXECUTABLE}; medians of ${SETTINGS.rounds} interleaved rounds; latency: ${SETTINGS.latencyRuns} captures one at a time per round\n`,
);
console.log('| page | capture | loop ms | Shots ms | ratio | pixels differing |');
console.log('|---|---|---|---|---|---|');
const ratios: number[] = [];
for (const [key, e] of latency) {
  const [page, mode] = key.split(' ');
  const ratio = median(e.shots) / median(e.loop);
  ratios.push(ratio);
  console.log(
    `| ${page} | ${mode === 'fullPage' ? 'full page' : 'viewport'} | ${fmt(median(e.loop))} | ${fmt(median(e.shots))} | ${fmt(ratio, 2)}× | ${fmt(Math.max(...e.diff) * 100, 2)} % |`,
  );
}
console.log(`\nlatency ratio: median ${fmt(median(ratios), 2)}×, worst ${fmt(Math.max(...ratios), 2)}×\n`);
console.log(
  '| CONCURRENCY | loop captures/s | Shots captures/s | ratio | loop MB per capture | Shots MB per capture | loop peak MB | Shots peak MB |',
);
console.log('|---|---|---|---|---|---|---|---|');
for (const [concurrency, r] of rates) {
  console.log(
    `| ${concurrency} | ${fmt(median(r.loop), 2)} | ${fmt(median(r.shots), 2)} | ${fmt(median(r.shots) / median(r.loop), 2)}× | ${fmt(median(r.loopMb))} | ${fmt(median(r.shotsMb))} | ${fmt(median(r.loopPeak))} | ${fmt(median(r.shotsPeak))} |`,
  );
}
