import Database from 'better-sqlite3';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureServer } from '../helpers/fixture-server.js';
import { startFixtureServer } from '../helpers/fixture-server.js';
import { until } from '../helpers/poll.js';
import type { ShotsProcess } from '../helpers/shots-process.js';
import { shots, startShots } from '../helpers/shots-process.js';

// headers and cookies are secrets (CONTRACT §4a): they reach the target, and appear in no
// response, no log line and no file of DATA_DIR in plain text — sealed while the job lives,
// erased when it ends. Two requests differing only in delayMs are not the same capture.

const HEADER_VALUE = 'hdr-7Q2Kf9zLw3';
const COOKIE_VALUE = 'ck-Vm81xR0pTe';
let pages: FixtureServer;
let running: ShotsProcess;
const dataDir = mkdtempSync(join(tmpdir(), 'shots-e2e-secrets-'));
const env = { DATA_DIR: dataDir, ALLOWED_PRIVATE_NETWORKS: '127.0.0.2/32', CONCURRENCY: '1' };
let auth: Record<string, string>;
const bodies: string[] = [];

beforeAll(async () => {
  pages = await startFixtureServer();
  running = await startShots({ ...env, LOG_LEVEL: 'debug' });
  const { apiKey } = JSON.parse(await shots(['accounts', 'create', '--plan', 'STARTER', '--json'], env)) as {
    apiKey: string;
  };
  auth = { authorization: `Bearer ${apiKey}` };
});
afterAll(async () => {
  running?.child.kill('SIGKILL');
  await pages?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function call(path: string, init: RequestInit = {}): Promise<{ status: number; text: string }> {
  const res = await fetch(`${running.baseUrl}${path}`, {
    ...init,
    headers: { ...auth, ...(init.headers ?? {}) },
  });
  const text = Buffer.from(await res.arrayBuffer()).toString('latin1');
  const headers: string[] = [];
  res.headers.forEach((value, name) => headers.push(`${name}: ${value}`));
  bodies.push(text, headers.join('\n'));
  return { status: res.status, text };
}

async function submit(body: Record<string, unknown>): Promise<string> {
  const res = await call('/screenshots/web', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, res.text).toBe(202);
  return (JSON.parse(res.text) as { jobId: string }).jobId;
}

async function finished(jobId: string): Promise<Record<string, unknown>> {
  return until(async () => {
    const status = JSON.parse((await call(`/jobs/${jobId}/status`)).text) as Record<string, unknown>;
    return status.status === 'completed' || status.status === 'failed' ? status : undefined;
  }, 60_000);
}

/** Every byte under DATA_DIR (the SQLite file, its WAL, artifacts) as latin1 text. */
function dataDirText(dir = dataDir): string {
  let out = '';
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    out += statSync(path).isDirectory() ? dataDirText(path) : readFileSync(path).toString('latin1');
  }
  return out;
}

const secretRequest = (path: string) => ({
  url: `${pages.baseUrl}${path}`,
  headers: { 'X-Shots-Secret': HEADER_VALUE },
  cookies: [{ name: 'sid', value: COOKIE_VALUE }],
});

describe('secrets of a capture', () => {
  it('sends them to the target, seals them while the job lives, and shows them nowhere', async () => {
    // A slow first answer keeps the job alive while its row is inspected.
    const jobId = await submit(secretRequest('/hold/simple.html?ms=2500&once=secret'));
    await until(
      async () => pages.requests.some((r) => r.startsWith('/hold/simple.html')) || undefined,
      20_000,
    );
    const db = new Database(join(dataDir, 'shots.db'), { readonly: true });
    try {
      const live = db
        .prepare('SELECT status, storage_credentials AS sealed FROM jobs WHERE id = ?')
        .get(jobId) as {
        status: string;
        sealed: string | null;
      };
      expect(live.status).toBe('processing');
      expect(live.sealed).toMatch(/^v1\./);
      expect(dataDirText()).not.toContain(HEADER_VALUE);
      expect((await finished(jobId)).status).toBe('completed');
      const ended = db.prepare('SELECT storage_credentials AS sealed FROM jobs WHERE id = ?').get(jobId) as {
        sealed: string | null;
      };
      expect(ended.sealed).toBeNull();
    } finally {
      db.close();
    }
    const seen = pages.log.find((r) => r.url.startsWith('/hold/simple.html'));
    expect(seen?.headers['x-shots-secret']).toBe(HEADER_VALUE);
    expect(seen?.headers.cookie).toBe(`sid=${COOKIE_VALUE}`);

    const record = JSON.parse(
      (await call(`/jobs/${jobId}/result`, { headers: { accept: 'application/json' } })).text,
    ) as { metadata: Record<string, unknown> };
    expect(record.metadata).toMatchObject({ headersSent: ['X-Shots-Secret'], cookiesSet: ['sid'] });
    await call(`/jobs/${jobId}/result`);
    await call(`/jobs/${jobId}/webhooks`);

    for (const secret of [HEADER_VALUE, COOKIE_VALUE]) {
      expect(bodies.join('\n')).not.toContain(secret);
      expect(running.logs.join('\n')).not.toContain(secret);
      expect(dataDirText()).not.toContain(secret);
    }
  });

  it('serves the same secrets from cache, and captures afresh for other values or another delayMs', async () => {
    const first = await submit(secretRequest('/simple.html?cache=1'));
    expect((await finished(first)).status).toBe('completed');
    const record = async (jobId: string) =>
      JSON.parse((await call(`/jobs/${jobId}/result`, { headers: { accept: 'application/json' } })).text) as {
        cached: boolean;
      };
    const same = await submit(secretRequest('/simple.html?cache=1'));
    await finished(same);
    expect((await record(same)).cached).toBe(true);
    const otherCookie = await submit({
      ...secretRequest('/simple.html?cache=1'),
      cookies: [{ name: 'sid', value: 'another' }],
    });
    await finished(otherCookie);
    expect((await record(otherCookie)).cached).toBe(false);
    const delayed = await submit({ ...secretRequest('/simple.html?cache=1'), delayMs: 10 });
    await finished(delayed);
    expect((await record(delayed)).cached).toBe(false);
  });
});
