/**
 * `npm run soak`: a long mixed load against the built `shots serve` as a process (SQLite, egress
 * proxy on), with browser kills on the way. SOAK_JOBS jobs (default 3000), SOAK_IN_FLIGHT kept in
 * flight (default 6), over a mix of formats, full pages (whole past 16,384 px), elements, PDFs,
 * mobile sizes and heavy pages (a 22,000-element DOM, 300 animations and a canvas, 80 MB of JS
 * arrays); the browser process is SIGKILLed SOAK_KILLS times (default 3) along the way. Samples
 * node RSS, Chromium PSS and process count, open descriptors and DATA_DIR size every 2 s.
 *
 * It prints latency percentiles (submit → completedAt), attempts per job and the samples, and
 * fails (exit 1) when a job is lost or failed, a job took more than 30 s, RSS (the median of the last
 * quarter of the samples) grew more than 50 %
 * after warm-up, or Chromium processes or descriptors did not come back to their warm level.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumProcessTypes } from '../test/helpers/chromium.js';
import { startFixtureServer } from '../test/helpers/fixture-server.js';
import { shots, startShots } from '../test/helpers/shots-process.js';
import { chromiumOf, folderBytes, openFds, percentile, rssMb } from './process-stats.js';
import { benchSettings, unlimitedAccount } from './settings.js';

const S = benchSettings({
  jobs: { env: 'SOAK_JOBS', default: 3000, min: 10, max: 1_000_000 },
  inFlight: { env: 'SOAK_IN_FLIGHT', default: 6, min: 1, max: 200 },
  kills: { env: 'SOAK_KILLS', default: 3, min: 0, max: 100 },
  warmup: { env: 'SOAK_WARMUP', default: 60, min: 1, max: 10_000 },
  maxJobSeconds: { env: 'SOAK_MAX_JOB_SECONDS', default: 30, min: 1, max: 3600 },
});

/** The mix, cycled through: each entry a request body without `url`'s origin. */
const MIX: { name: string; path: string; body: Record<string, unknown> }[] = [
  { name: 'png viewport', path: '/simple.html', body: {} },
  {
    name: 'jpeg mobile',
    path: '/simple.html',
    body: { format: 'jpeg', dimensions: { width: 390, height: 844 } },
  },
  { name: 'webp full page', path: '/tall.html', body: { format: 'webp', fullPage: true } },
  { name: 'png 30,000 px', path: '/bands.html?h=30000', body: { fullPage: true } },
  { name: 'png element', path: '/element.html', body: { element: '.box' } },
  { name: 'pdf', path: '/simple.html', body: { format: 'pdf' } },
  { name: 'pdf full page', path: '/tall.html', body: { format: 'pdf', fullPage: true } },
  { name: 'jpeg big DOM', path: '/heavy/big-dom.html', body: { format: 'jpeg' } },
  { name: 'png animations', path: '/heavy/animations.html', body: {} },
  { name: 'png 80 MB of JS', path: '/heavy/memory.html', body: {} },
  { name: 'png late image', path: '/readiness/late-image.html', body: {} },
  {
    name: 'webp mobile full page',
    path: '/tall.html',
    body: { format: 'webp', fullPage: true, dimensions: { width: 390, height: 844 } },
  },
];

interface Sample {
  atS: number;
  done: number;
  rssMb: number;
  chromiumPssMb: number;
  chromiumProcesses: number;
  fds: number;
  dataDirMb: number;
}

const pages = await startFixtureServer();
const dataDir = mkdtempSync(join(tmpdir(), 'shots-soak-'));
const env = {
  DATA_DIR: dataDir,
  ALLOWED_PRIVATE_NETWORKS: '127.0.0.2/32',
  LOG_LEVEL: 'warn',
  JOB_RETRY_DELAYS: '1,2',
};
// Logs at info, as a deployment would (startShots waits for the 'shots is running' line).
const proc = await startShots({ ...env, LOG_LEVEL: 'info' });
const pid = proc.child.pid ?? 0;
const apiKey = await unlimitedAccount(shots, env);
const headers = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' };
const started = Date.now();
const samples: Sample[] = [];
let done = 0;

function sample(): Sample {
  const chromium = chromiumOf(pid);
  const s = {
    atS: Math.round((Date.now() - started) / 1000),
    done,
    rssMb: Math.round(rssMb(pid)),
    chromiumPssMb: Math.round(chromium.pssMb),
    chromiumProcesses: chromium.processes,
    fds: openFds(pid),
    dataDirMb: Math.round(folderBytes(dataDir) / 1e5) / 10,
  };
  samples.push(s);
  return s;
}

async function submit(n: number): Promise<{ jobId: string; at: number; kind: string }> {
  const mix = MIX[n % MIX.length]!;
  const at = Date.now();
  const res = await fetch(`${proc.baseUrl}/screenshots/web`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      url: `${pages.baseUrl}${mix.path}${mix.path.includes('?') ? '&' : '?'}n=${n}`,
      bypassCache: true,
      ...mix.body,
    }),
  });
  if (res.status !== 202) throw new Error(`submit ${n}: ${res.status} ${await res.text()}`);
  return { jobId: ((await res.json()) as { jobId: string }).jobId, at, kind: mix.name };
}

interface Ended {
  kind: string;
  status: string;
  attempts: number;
  ms: number;
  error?: string;
}

async function finished(job: { jobId: string; at: number; kind: string }): Promise<Ended> {
  for (;;) {
    const res = await fetch(`${proc.baseUrl}/jobs/${job.jobId}/status`, { headers });
    const s = (await res.json()) as {
      status: string;
      attempts: number;
      completedAt?: string;
      error?: string;
    };
    if (s.status === 'completed' || s.status === 'failed') {
      return {
        kind: job.kind,
        status: s.status,
        attempts: s.attempts,
        ms: Date.parse(s.completedAt ?? '') - job.at,
        ...(s.error ? { error: s.error } : {}),
      };
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Runs jobs [from, to) with `S.inFlight` in flight; kills the browser after the listed counts. */
async function run(from: number, to: number, killAt: Set<number>): Promise<Ended[]> {
  const ended: Ended[] = [];
  let next = from;
  await Promise.all(
    Array.from({ length: S.inFlight }, async () => {
      while (next < to) {
        const n = next++;
        if (killAt.has(n)) {
          const victims = chromiumProcessTypes(pid).filter((p) => p.type === null);
          for (const v of victims) {
            try {
              process.kill(v.pid, 'SIGKILL');
            } catch {
              // It ended between the listing and the kill (a browser replaced after its captures).
            }
          }
          console.error(`job ${n}: killed the browser (${victims.map((v) => v.pid).join(', ')})`);
        }
        ended.push(await finished(await submit(n)));
        done += 1;
      }
    }),
  );
  return ended;
}

const sampler = setInterval(sample, 2000);
const idle = (ms: number) => new Promise((r) => setTimeout(r, ms));
await run(0, S.warmup, new Set());
await idle(3000);
const warm = sample();
const kills = new Set(
  Array.from({ length: S.kills }, (_, i) =>
    Math.floor(S.warmup + ((S.jobs - S.warmup) * (i + 1)) / (S.kills + 1)),
  ),
);
const ended = await run(S.warmup, S.jobs, kills);
clearInterval(sampler);
// Back to idle: Chromium's spare processes and the descriptors of finished work must go away.
let last = sample();
for (let i = 0; i < 20 && (last.chromiumProcesses > warm.chromiumProcesses || last.fds > warm.fds); i++) {
  await idle(500);
  last = sample();
}
proc.child.kill('SIGTERM');
const exit = await proc.exited;
await pages.close();
rmSync(dataDir, { recursive: true, force: true });

const ms = ended.map((e) => e.ms);
const failed = ended.filter((e) => e.status !== 'completed');
const slow = ended.filter((e) => e.ms > S.maxJobSeconds * 1000);
const attempts = new Map<number, number>();
for (const e of ended) attempts.set(e.attempts, (attempts.get(e.attempts) ?? 0) + 1);
const afterWarm = samples.filter((s) => s.done >= S.warmup);
const peakRss = Math.max(...afterWarm.map((s) => s.rssMb));
const medianRss = percentile(
  afterWarm.map((s) => s.rssMb),
  50,
);
// The level RSS holds at the end (median of the last quarter of the samples): a leak or fragmentation
// raises it; one large job (a 30,000 px png is 150 MB of raw pixels while it is joined) only peaks.
const lateRss = percentile(
  afterWarm.slice(Math.floor((afterWarm.length * 3) / 4)).map((s) => s.rssMb),
  50,
);
const peakPss = Math.max(...afterWarm.map((s) => s.chromiumPssMb));
console.log(
  `\n${ended.length} jobs after ${S.warmup} warm-up, ${S.inFlight} in flight, ${S.kills} browser kills, ${Math.round((Date.now() - started) / 1000)} s\n`,
);
console.log('| p50 | p95 | p99 | max | jobs/s | attempts (1 / 2 / 3) | failed | over 30 s |');
console.log('|---|---|---|---|---|---|---|---|');
console.log(
  `| ${percentile(ms, 50)} ms | ${percentile(ms, 95)} ms | ${percentile(ms, 99)} ms | ${Math.max(...ms)} ms | ` +
    `${(ended.length / ((Date.now() - started) / 1000)).toFixed(2)} | ${attempts.get(1) ?? 0} / ${attempts.get(2) ?? 0} / ${attempts.get(3) ?? 0} | ${failed.length} | ${slow.length} |`,
);
console.log('\nBy kind (p50 / max ms):');
for (const kind of new Set(ended.map((e) => e.kind))) {
  const of = ended.filter((e) => e.kind === kind).map((e) => e.ms);
  console.log(`  ${kind.padEnd(24)} ${percentile(of, 50)} / ${Math.max(...of)}`);
}
console.log(
  '\n| at s | jobs done | node RSS MB | Chromium PSS MB | Chromium processes | open fds | DATA_DIR MB |',
);
console.log('|---|---|---|---|---|---|---|');
const step = Math.max(1, Math.floor(samples.length / 15));
for (const s of samples.filter((_, i) => i % step === 0 || i === samples.length - 1)) {
  console.log(
    `| ${s.atS} | ${s.done} | ${s.rssMb} | ${s.chromiumPssMb} | ${s.chromiumProcesses} | ${s.fds} | ${s.dataDirMb} |`,
  );
}
console.log(
  `\nwarm: RSS ${warm.rssMb} MB, ${warm.chromiumProcesses} Chromium processes, ${warm.fds} fds; after warm-up: RSS median ${medianRss} MB, last quarter ${lateRss} MB, peak ${peakRss} MB, Chromium PSS peak ${peakPss} MB; end: ${last.chromiumProcesses} processes, ${last.fds} fds; exit ${exit.code ?? exit.signal}`,
);

const problems: string[] = [];
if (ended.length !== S.jobs - S.warmup) problems.push(`${S.jobs - S.warmup - ended.length} jobs lost`);
if (failed.length > 0)
  problems.push(
    `${failed.length} failed: ${[...new Set(failed.map((f) => `${f.kind}: ${f.error ?? ''}`))].slice(0, 5).join('; ')}`,
  );
if (slow.length > 0)
  problems.push(
    `${slow.length} took more than ${S.maxJobSeconds} s (${[...new Set(slow.map((s) => s.kind))].join(', ')})`,
  );
if (lateRss > warm.rssMb * 1.5)
  problems.push(`node RSS grew from ${warm.rssMb} to ${lateRss} MB over the run (> 50 %)`);
if (last.chromiumProcesses > warm.chromiumProcesses)
  problems.push(
    `Chromium processes did not come back: ${last.chromiumProcesses} > ${warm.chromiumProcesses}`,
  );
if (last.fds > warm.fds) problems.push(`descriptors did not come back: ${last.fds} > ${warm.fds}`);
if (exit.code !== 0) problems.push(`shots serve exited with ${exit.code ?? exit.signal}`);
if (problems.length > 0) {
  console.error(`\nSOAK FAILED:\n  - ${problems.join('\n  - ')}`);
  process.exit(1);
}
console.log('\nsoak passed');
