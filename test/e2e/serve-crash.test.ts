import Database from 'better-sqlite3';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { imageSize } from 'image-size';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../helpers/poll.js';
import type { ShotsProcess } from '../helpers/shots-process.js';
import { shots, startShots } from '../helpers/shots-process.js';

/** Pages on 127.0.0.2 that answer after `?ms=` milliseconds. */
const pages = createServer((req, res) => {
  const ms = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('ms') ?? 0);
  setTimeout(() => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<html><body style="background:#fc9"><h1>${req.url ?? ''}</h1></body></html>`);
  }, ms);
});
let pagesUrl = '';
const dataDir = mkdtempSync(join(tmpdir(), 'shots-e2e-'));
const env = {
  DATA_DIR: dataDir,
  ALLOWED_PRIVATE_NETWORKS: '127.0.0.2/32',
  CONCURRENCY: '2',
  JOB_LEASE_MS: '3000',
  JOB_RETRY_DELAYS: '0,0',
  WEBHOOK_RETRY_SCHEDULE: '3600',
};
let running: ShotsProcess | null = null;

beforeAll(async () => {
  await new Promise<void>((r) => pages.listen(0, '127.0.0.2', r));
  pagesUrl = `http://127.0.0.2:${(pages.address() as AddressInfo).port}`;
});
afterAll(async () => {
  running?.child.kill('SIGKILL');
  pages.closeAllConnections();
  await new Promise((r) => pages.close(r));
  rmSync(dataDir, { recursive: true, force: true });
});

describe('shots serve as a process', () => {
  it('runs submit → status → result, survives SIGKILL mid-run, and ends every job exactly once', async () => {
    running = await startShots(env);
    const base = running.baseUrl;
    // Accounts are created with the CLI while the server runs on the same DATA_DIR.
    const created = JSON.parse(
      await shots(['accounts', 'create', '--plan', 'STARTER', '--json'], env),
    ) as Record<string, string>;
    expect(Object.keys(created).sort()).toEqual(['accountId', 'apiKey', 'plan', 'webhookSecret']);
    expect(created.plan).toBe('STARTER');
    expect(created.webhookSecret).toMatch(/^whsec_/);
    const auth = { authorization: `Bearer ${created.apiKey}` };

    const jobIds: string[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${base}/screenshots/web`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({
          url: `${pagesUrl}/page?ms=1500&n=${i}`,
          webhookUrl: 'https://127.0.0.2:9/hook',
        }),
      });
      expect(res.status).toBe(202);
      jobIds.push(((await res.json()) as { jobId: string }).jobId);
    }
    const statusOf = async (server: string, id: string) =>
      (await (await fetch(`${server}/jobs/${id}/status`, { headers: auth })).json()) as {
        status: string;
        attempts: number;
      };
    await until(
      async () => ((await statusOf(base, jobIds[0]!)).status === 'processing' ? true : undefined),
      30_000,
      20,
    );

    running.child.kill('SIGKILL');
    await running.exited;
    running = await startShots(env);
    const restarted = running.baseUrl;

    for (const id of jobIds) {
      const done = await until(async () => {
        const s = await statusOf(restarted, id);
        return s.status === 'completed' || s.status === 'failed' ? s : undefined;
      }, 60_000);
      expect(done.status).toBe('completed');
      const result = await fetch(`${restarted}/jobs/${id}/result`, { headers: auth });
      expect(result.headers.get('content-type')).toBe('image/png');
      expect(imageSize(Buffer.from(await result.arrayBuffer()))).toMatchObject({ width: 1280, height: 720 });
    }
    // The job that was running when the process died took a second attempt.
    expect((await statusOf(restarted, jobIds[0]!)).attempts).toBe(2);

    // Exactly one terminal event per job in the webhook outbox.
    const db = new Database(join(dataDir, 'shots.db'), { readonly: true });
    const rows = db.prepare(`SELECT job_id, event FROM webhook_deliveries`).all() as {
      job_id: string;
      event: string;
    }[];
    db.close();
    expect(rows.map((r) => r.job_id).sort()).toEqual([...jobIds].sort());
    expect(rows.every((r) => r.event === 'job.completed')).toBe(true);

    // The CLI client downloads a capture from the running service.
    const out = join(dataDir, 'cli.png');
    await shots(
      [
        'capture',
        `${pagesUrl}/page?cli=1`,
        '-o',
        out,
        '--server',
        restarted,
        '--width',
        '640',
        '--height',
        '480',
      ],
      {
        ...env,
        SHOTS_API_KEY: created.apiKey!,
      },
    );
    expect(imageSize(readFileSync(out))).toMatchObject({ width: 640, height: 480 });

    // SIGTERM drains and exits cleanly.
    running.child.kill('SIGTERM');
    expect((await running.exited).code).toBe(0);
    running = null;
  });

  it('refuses to start with a bad configuration, naming every problem', async () => {
    await expect(shots(['serve'], { ...env, PORT: 'x', CONCURRENCY: '0' })).rejects.toMatchObject({
      stderr: expect.stringMatching(/PORT[\s\S]*CONCURRENCY/),
    });
  });
});
