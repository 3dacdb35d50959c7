import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { imageSize } from 'image-size';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModeEnv } from '../helpers/modes.js';
import { MODES } from '../helpers/modes.js';
import type { ShotsProcess } from '../helpers/shots-process.js';
import { shots, startShots } from '../helpers/shots-process.js';

// The long-poll against the built program: `shots serve` (embedded), and `shots api` + `shots worker`
// (scale-out), where the job ends in the worker process and the API process is woken through
// PostgreSQL NOTIFY. Whether a held request was woken by its job or ran out of time is read from the
// API's own metrics (shots_status_waits_total), not from timings.

/** Pages on 127.0.0.2 that answer after `?ms=` milliseconds. */
const pages = createServer((req, res) => {
  const ms = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('ms') ?? 0);
  setTimeout(() => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<html><body style="background:#9cf"><h1>${req.url ?? ''}</h1></body></html>`);
  }, ms);
});
let pagesUrl = '';
const running: ShotsProcess[] = [];

beforeAll(async () => {
  await new Promise<void>((r) => pages.listen(0, '127.0.0.2', r));
  pagesUrl = `http://127.0.0.2:${(pages.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const p of running) p.child.kill('SIGKILL');
  pages.closeAllConnections();
  await new Promise((r) => pages.close(r));
});

/** A line's value in the API's /metrics (0 when absent). */
async function metric(base: string, line: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const found = text.split('\n').find((l) => l.startsWith(`${line} `));
  return found ? Number(found.slice(line.length + 1)) : 0;
}

function client(base: string, apiKey: string) {
  const headers = { authorization: `Bearer ${apiKey}` };
  return {
    async submit(path: string): Promise<string> {
      const res = await fetch(`${base}/screenshots/web`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ url: `${pagesUrl}${path}`, bypassCache: true }),
      });
      expect(res.status).toBe(202);
      return ((await res.json()) as { jobId: string }).jobId;
    },
    async status(jobId: string, waitSeconds: number | string) {
      const res = await fetch(`${base}/jobs/${jobId}/status?waitSeconds=${waitSeconds}`, { headers });
      return {
        code: res.status,
        body: (await res.json()) as { status: string; errors?: { field: string }[] },
      };
    },
  };
}

/** Submits a capture that takes a few seconds and long-polls it: answered completed, woken by the job. */
async function answersWhenTheJobEnds(base: string, apiKey: string): Promise<void> {
  const api = client(base, apiKey);
  const jobId = await api.submit('/slow?ms=3000');
  const held = await api.status(jobId, 30);
  expect(held).toMatchObject({ code: 200, body: { status: 'completed' } });
  expect(await metric(base, 'shots_status_waits_total{outcome="woken"}')).toBe(1);
  expect(await metric(base, 'shots_status_waits_total{outcome="timeout"}')).toBe(0);
}

/** A capture slower than the wait: the answer comes after waitSeconds, with the job not yet ended. */
async function answersAfterWaitSeconds(base: string, apiKey: string): Promise<void> {
  const api = client(base, apiKey);
  const jobId = await api.submit('/slower?ms=6000');
  const started = Date.now();
  const held = await api.status(jobId, 2);
  expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
  expect(['queued', 'processing']).toContain(held.body.status);
  expect(await metric(base, 'shots_status_waits_total{outcome="timeout"}')).toBe(1);
  const bad = await api.status(jobId, 31);
  expect(bad.code).toBe(400);
  expect(bad.body.errors?.[0]?.field).toBe('waitSeconds');
}

describe('long-poll against shots serve', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'shots-e2e-poll-'));
  const env = { DATA_DIR: dataDir, ALLOWED_PRIVATE_NETWORKS: '127.0.0.2/32', CONCURRENCY: '2' };
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('answers as soon as the job ends, after waitSeconds otherwise; shots capture uses it', async () => {
    const serve = await startShots(env);
    running.push(serve);
    const { apiKey } = JSON.parse(
      await shots(['accounts', 'create', '--plan', 'STARTER', '--json'], env),
    ) as {
      apiKey: string;
    };
    await answersWhenTheJobEnds(serve.baseUrl, apiKey);
    await answersAfterWaitSeconds(serve.baseUrl, apiKey);

    const out = join(dataDir, 'cli.png');
    const before = await metric(serve.baseUrl, 'shots_status_waits_total{outcome="woken"}');
    await shots(
      ['capture', `${pagesUrl}/cli?ms=2000`, '-o', out, '--server', serve.baseUrl, '--bypass-cache'],
      {
        ...env,
        SHOTS_API_KEY: apiKey,
      },
    );
    expect(imageSize(readFileSync(out))).toMatchObject({ width: 1280, height: 720 });
    // The client held one request until the job ended instead of polling.
    expect(await metric(serve.baseUrl, 'shots_status_waits_total{outcome="woken"}')).toBe(before + 1);
    serve.child.kill('SIGTERM');
    expect((await serve.exited).code).toBe(0);
  });
});

describe('long-poll against shots api + shots worker', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'shots-e2e-poll-scale-'));
  let modeEnv: ModeEnv;
  beforeAll(async () => {
    modeEnv = await MODES.find((m) => m.name === 'scale-out')!.open();
  });
  afterAll(async () => {
    await modeEnv?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('wakes the API process when the worker process ends the job', async () => {
    const env = {
      ...modeEnv.env,
      DATA_DIR: dataDir,
      ALLOWED_PRIVATE_NETWORKS: '127.0.0.2/32',
      CONCURRENCY: '2',
    };
    const [api, worker] = await Promise.all([startShots(env, 'api'), startShots(env, 'worker')]);
    running.push(api, worker);
    const { apiKey } = JSON.parse(
      await shots(['accounts', 'create', '--plan', 'STARTER', '--json'], env),
    ) as {
      apiKey: string;
    };
    await answersWhenTheJobEnds(api.baseUrl, apiKey);
    await answersAfterWaitSeconds(api.baseUrl, apiKey);
  });
});
