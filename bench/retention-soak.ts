/**
 * `npm run soak`: what a deployment keeps on disk, and what an idempotent submit costs.
 *  1. Disk growth (embedded: SQLite file + WAL + DATA_DIR/artifacts) over SOAK_DAYS simulated days of
 *     SOAK_JOBS_PER_DAY jobs, on a compressed clock: every job goes through the real code — submit
 *     (with an Idempotency-Key and a webhook), an attempt, its artifact written to the local artifact
 *     store, completion (+ outbox row), one delivered webhook attempt — and the retention sweep runs
 *     at the end of each simulated day. Once with RETENTION_DAYS=0 (keep), once with SOAK_RETENTION_DAYS.
 *     The artifact is one real capture (Chromium, 1280×720 png) of a text-and-image fixture page.
 *  2. Submit latency through the HTTP layer (in-process `inject`, no worker): no key, a new key, and
 *     a replayed key; embedded and scale-out (PostgreSQL + Redis at TEST_DATABASE_URL/TEST_REDIS_URL).
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../src/adapters/playwright/browser/launch-chromium.js';
import { createAccount } from '../src/app/accounts.js';
import { sweepRetention } from '../src/app/retention.js';
import { submitCapture } from '../src/app/submit-capture.js';
import { loadConfig } from '../src/config/config.js';
import type { Account } from '../src/domain/account.js';
import type { Stores } from '../src/main/compose.js';
import { accountDeps, openStores } from '../src/main/compose.js';
import { fakeClock } from '../test/helpers/fake-clock.js';
import { memoryLogger } from '../test/helpers/fake-ports.js';
import { MODES } from '../test/helpers/modes.js';
import { startTestApi } from '../test/helpers/api.js';
import { benchChromium, benchSettings } from './settings.js';

const SETTINGS = benchSettings({
  days: { env: 'SOAK_DAYS', default: 10, min: 1, max: 365 },
  jobsPerDay: { env: 'SOAK_JOBS_PER_DAY', default: 1000, min: 1, max: 100_000 },
  retentionDays: { env: 'SOAK_RETENTION_DAYS', default: 3, min: 1, max: 365 },
  submits: { env: 'SOAK_SUBMITS', default: 300, min: 10, max: 100_000 },
});
const DAY = 86_400_000;
const PAGE = fileURLToPath(new URL('../test/fixtures/pages/prep/news.html', import.meta.url));

/** One real 1280×720 png of a fixture page: the artifact every simulated job stores. */
async function realArtifact(): Promise<Buffer> {
  const browser = await launchChromium(benchChromium());
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    await page.goto(`file://${PAGE}`);
    return await page.screenshot({ type: 'png' });
  } finally {
    await browser.close();
  }
}

function sizeOf(path: string): number {
  try {
    const info = statSync(path);
    if (!info.isDirectory()) return info.size;
    return readdirSync(path).reduce((sum, name) => sum + sizeOf(join(path, name)), 0);
  } catch {
    return 0;
  }
}

/** Bytes on disk of DATA_DIR: the SQLite file, its WAL (bounded by SQLite's checkpoints), the artifacts. */
function disk(dataDir: string): { db: number; wal: number; artifacts: number } {
  return {
    db: sizeOf(join(dataDir, 'shots.db')),
    wal: sizeOf(join(dataDir, 'shots.db-wal')) + sizeOf(join(dataDir, 'shots.db-shm')),
    artifacts: sizeOf(join(dataDir, 'artifacts')),
  };
}

/** One simulated job, as the API, the worker and the dispatcher would write it. */
async function oneJob(stores: Stores, account: Account, clock: { now(): Date }, png: Buffer, n: number) {
  const deps = {
    jobs: stores.jobs,
    queue: { enqueue: async () => undefined } as unknown as Stores['queue'],
    urlGuard: { check: async () => null },
    clock: { now: () => clock.now(), setTimer: () => () => undefined },
    estimate: async () => 1,
    cacheTtlSeconds: 0,
    secrets: stores.secrets,
    devices: { list: () => [], get: () => null },
  };
  const body = {
    url: `https://shop.example.com/products/${n}?ref=soak`,
    fullPage: false,
    webhookUrl: 'https://hooks.example.com/shots',
  };
  const { jobId } = await submitCapture(deps, account, body, { idempotencyKey: `order-${n}-${account.id}` });
  const now = clock.now().toISOString();
  await stores.jobs.startAttempt(jobId, 't', now);
  const artifactKey = `${account.id}/${jobId}.png`;
  await stores.artifacts.put(artifactKey, png, 'image/png');
  const metadata = {
    finalUrl: body.url,
    httpStatus: 200,
    readiness: { fontsMs: 12, imagesPending: 0, lazyScrolls: 3, retakes: 0 },
  };
  const result = {
    format: 'png' as const,
    contentType: 'image/png',
    bytes: png.length,
    width: 1280,
    height: 720,
  };
  await stores.jobs.complete(
    jobId,
    't',
    { ...result, artifactKey, cached: false, capturedAt: now, metadata },
    now,
    180,
  );
  for (const d of await stores.outbox.claimDue(clock.now().getTime(), 10, 30_000)) {
    const attempt = { attempt: 1, startedAt: now, durationMs: 42, httpStatus: 204, error: null };
    await stores.outbox.recordAttempt(d, attempt, { state: 'delivered' });
  }
}

async function growth(png: Buffer, retentionDays: number): Promise<Day[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shots-soak-'));
  const stores = openStores(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
  const clock = fakeClock('2031-01-01T00:00:00.000Z');
  const created = await createAccount(accountDeps(stores), { plan: 'ENTERPRISE', monthlyQuota: 10_000_000 });
  const account = (await stores.accounts.getAccount(created.accountId))!;
  const rows = [{ day: 0, ...disk(dataDir) }];
  try {
    let n = 0;
    for (let day = 1; day <= SETTINGS.days; day++) {
      for (let i = 0; i < SETTINGS.jobsPerDay; i++) {
        await oneJob(stores, account, clock, png, n++);
        await clock.advance(DAY / SETTINGS.jobsPerDay);
      }
      await sweepRetention(
        { jobs: stores.jobs, artifacts: stores.artifacts, clock, logger: memoryLogger() },
        { retentionDays },
      );
      rows.push({ day, ...disk(dataDir) });
    }
    return rows;
  } finally {
    await stores.closeAndWait();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const mib = (bytes: number): string => (bytes / 1024 / 1024).toFixed(1);
const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Median submit latency (ms) through the HTTP layer: no key, a fresh key, a replayed key. */
async function submitCost(env: Record<string, string>): Promise<[number, number, number]> {
  const api = await startTestApi(env);
  try {
    const { apiKey } = await createAccount(accountDeps(api.service.stores), {
      plan: 'ENTERPRISE',
      monthlyQuota: 10_000_000,
      rateLimit: 1_000_000,
    });
    const post = async (n: number, key?: string): Promise<number> => {
      const started = performance.now();
      const res = await api.app.inject({
        method: 'POST',
        url: '/screenshots/web',
        headers: { authorization: `Bearer ${apiKey}`, ...(key ? { 'idempotency-key': key } : {}) },
        payload: { url: `http://127.0.0.2:9/cost/${n}`, bypassCache: true },
      });
      if (res.statusCode !== 202) throw new Error(`submit: ${res.statusCode} ${res.body}`);
      return performance.now() - started;
    };
    for (let i = 0; i < 30; i++) await post(-i, `warm-${i}`);
    const plain: number[] = [];
    const fresh: number[] = [];
    const replay: number[] = [];
    for (let i = 0; i < SETTINGS.submits; i++) {
      plain.push(await post(i));
      fresh.push(await post(i, `key-${i}`));
      replay.push(await post(i, `key-${i}`));
    }
    return [median(plain), median(fresh), median(replay)];
  } finally {
    await api.close();
  }
}

type Day = { day: number } & ReturnType<typeof disk>;

function printGrowth(keep: Day[], bounded: Day[]): void {
  const r = SETTINGS.retentionDays;
  const total = (d: Day): number => d.db + d.wal + d.artifacts;
  console.log(
    `disk (MiB) after each simulated day of ${SETTINGS.jobsPerDay} jobs: SQLite file, WAL, artifacts`,
  );
  console.log(`| day | keep: db | WAL | artifacts | total | ${r} days: db | WAL | artifacts | total |`);
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const [i, k] of keep.entries()) {
    const b = bounded[i]!;
    const cells = [k.db, k.wal, k.artifacts, total(k), b.db, b.wal, b.artifacts, total(b)].map(mib);
    console.log(`| ${k.day} | ${cells.join(' | ')} |`);
  }
  const last = keep.at(-1)!;
  const thousands = (SETTINGS.days * SETTINGS.jobsPerDay) / 1000;
  console.log(
    `\nper 1,000 jobs kept: SQLite file ${mib((last.db - keep[0]!.db) / thousands)} MiB, ` +
      `artifacts ${mib(last.artifacts / thousands)} MiB`,
  );
}

async function main(): Promise<void> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const png = await realArtifact();
  console.log(
    `artifact: one real 1280×720 png of ${PAGE.split('/').slice(-2).join('/')}: ${png.length} bytes\n`,
  );
  const keep = await growth(png, 0);
  const bounded = await growth(png, SETTINGS.retentionDays);
  printGrowth(keep, bounded);

  console.log(`\nsubmit latency, median of ${SETTINGS.submits} (ms, in-process HTTP, no worker)`);
  console.log('| mode | no key | new Idempotency-Key | replayed key |');
  console.log('|---|---|---|---|');
  for (const mode of MODES) {
    const opened = await mode.open();
    try {
      const [plain, fresh, replay] = await submitCost({
        ...opened.env,
        ALLOWED_PRIVATE_NETWORKS: '127.0.0.2/32',
      });
      console.log(`| ${mode.name} | ${plain.toFixed(2)} | ${fresh.toFixed(2)} | ${replay.toFixed(2)} |`);
    } finally {
      await opened.close();
    }
  }
}

await main();
