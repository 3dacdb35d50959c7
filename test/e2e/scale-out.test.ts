import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../helpers/poll.js';
import type { TestDatabase, TestS3 } from '../helpers/services.js';
import {
  createTestDatabase,
  dropRedisPrefix,
  startTestS3,
  testRedisUrl,
  uniqueName,
} from '../helpers/services.js';
import type { ShotsProcess } from '../helpers/shots-process.js';
import { shots, startShots } from '../helpers/shots-process.js';
import type { WebhookReceiver } from '../helpers/webhook-receiver.js';
import { makeTestTls, startWebhookReceiver } from '../helpers/webhook-receiver.js';

// One `shots api` and two `shots worker` processes on PostgreSQL, BullMQ/Redis and S3 (s3rver).
// 50 jobs with webhooks; one worker is SIGKILLed mid-run. Every job completes exactly once and
// has exactly one delivered event.
const JOBS = 50;
const dir = mkdtempSync(join(tmpdir(), 'shots-e2e-scale-'));
let database: TestDatabase;
let prefix: string;
let s3: TestS3;
let receiver: WebhookReceiver;
let page: { url: string; close(): Promise<void> };
let env: Record<string, string>;
const processes: ShotsProcess[] = [];

/** A page on 127.0.0.2 that answers after `delayMs`, so that captures are in flight when the worker dies. */
async function startSlowPage(delayMs: number): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    setTimeout(() => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><title>slow</title><body style="margin:0;background:#2a6"><h1>${req.url ?? ''}</h1></body>`,
      );
    }, delayMs);
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
  return {
    url: `http://127.0.0.2:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

beforeAll(async () => {
  const tls = makeTestTls();
  const caFile = join(dir, 'ca.pem');
  writeFileSync(caFile, tls.caPem);
  receiver = await startWebhookReceiver(tls);
  page = await startSlowPage(1200);
  database = await createTestDatabase();
  prefix = uniqueName();
  s3 = await startTestS3(['shots'], '127.0.0.1');
  env = {
    REDIS_URL: testRedisUrl(),
    DATABASE_URL: database.url,
    REDIS_PREFIX: prefix,
    SECRET_KEY: randomBytes(32).toString('base64url'),
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: 'shots',
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
    DATA_DIR: join(dir, 'data'),
    ALLOWED_PRIVATE_NETWORKS: '127.0.0.2/32',
    CONCURRENCY: '2',
    JOB_LEASE_MS: '4000',
    WEBHOOK_LEASE_MS: '11000',
    NODE_EXTRA_CA_CERTS: caFile,
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  };
});
afterAll(async () => {
  for (const p of processes) p.child.kill('SIGKILL');
  await receiver?.close();
  await page?.close();
  await s3?.close();
  await database?.drop();
  if (prefix) await dropRedisPrefix(prefix);
  rmSync(dir, { recursive: true, force: true });
});

interface Status {
  status: string;
  attempts: number;
}

describe('scale-out: one api, two workers, one killed', () => {
  it('completes every job exactly once with exactly one delivered webhook each', async () => {
    const [api, doomed, survivor] = await Promise.all([
      startShots(env, 'api'),
      startShots(env, 'worker'),
      startShots(env, 'worker'),
    ]);
    processes.push(api, doomed, survivor);
    expect(api.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(doomed.baseUrl).toBe('');

    const account = JSON.parse(
      await shots(['accounts', 'create', '--plan', 'STARTER', '--rate-limit', '1000', '--json'], env),
    ) as {
      apiKey: string;
      webhookSecret: string;
    };
    const auth = { authorization: `Bearer ${account.apiKey}` };
    const jobIds: string[] = [];
    for (let i = 0; i < JOBS; i++) {
      const res = await fetch(`${api.baseUrl}/screenshots/web`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ url: `${page.url}/page-${i}`, webhookUrl: receiver.url('/hook') }),
      });
      expect(res.status, await res.clone().text()).toBe(202);
      jobIds.push(((await res.json()) as { jobId: string }).jobId);
    }
    const status = async (jobId: string): Promise<Status> =>
      (await (await fetch(`${api.baseUrl}/jobs/${jobId}/status`, { headers: auth })).json()) as Status;

    // Kill one worker while it has captures in flight (every capture waits 1.2 s for the page): once
    // it has finished one itself, 300 ms after its last finished capture — by then the jobs it took
    // next are claimed and their pages loading — and while at least ten jobs are still to be done,
    // so that both workers are busy. (Counting delivered webhooks instead let a slow delivery push
    // the kill past the last capture; killing the moment a capture was done could catch the worker
    // between taking its next jobs from the queue and claiming them, with nothing to hand over; a
    // worker still warming its browser has nothing to hand over either.)
    const done = (worker: typeof doomed): number =>
      worker.logs.filter((line) => line.includes('"capture attempt done"')).length;
    let seen = 0;
    let lastDoneAt = 0;
    await until(
      async () => {
        const mine = done(doomed);
        if (mine + done(survivor) > JOBS - 10)
          throw new Error('the queue ran low before the doomed worker worked');
        if (mine !== seen) {
          seen = mine;
          lastDoneAt = Date.now();
        }
        return mine >= 1 && Date.now() - lastDoneAt >= 300 ? true : undefined;
      },
      180_000,
      50,
    );
    doomed.child.kill('SIGKILL');
    await doomed.exited;

    const final = await until(
      async () => {
        const all = await Promise.all(jobIds.map(status));
        return all.every((s) => s.status === 'completed' || s.status === 'failed') ? all : undefined;
      },
      240_000,
      500,
    );
    expect(final.map((s) => s.status)).toEqual(jobIds.map(() => 'completed'));
    // The killed worker's captures were taken up by the other one: a second attempt.
    expect(final.some((s) => s.attempts >= 2)).toBe(true);

    // Every delivery recorded delivered, one per job (a delivery in flight at the kill may have gone out twice, same id).
    const deliveries = await until(
      async () => {
        const lists = await Promise.all(
          jobIds.map(async (jobId) => {
            const res = await fetch(`${api.baseUrl}/jobs/${jobId}/webhooks`, { headers: auth });
            return ((await res.json()) as { deliveries: { id: string; state: string }[] }).deliveries;
          }),
        );
        return lists.every((l) => l.length > 0 && l.every((d) => d.state === 'delivered'))
          ? lists
          : undefined;
      },
      120_000,
      500,
    );
    await new Promise((r) => setTimeout(r, 1500));
    expect(deliveries.map((l) => l.length)).toEqual(jobIds.map(() => 1));

    const verifier = new Webhook(account.webhookSecret);
    const idsByJob = new Map<string, Set<string>>();
    const jobById = new Map<string, string>();
    for (const request of receiver.at('/hook')) {
      const event = verifier.verify(request.body, request.headers) as {
        event: string;
        jobId: string;
        status: string;
      };
      expect(event).toMatchObject({ event: 'job.completed', status: 'completed' });
      const id = request.headers['webhook-id']!;
      if (!idsByJob.has(event.jobId)) idsByJob.set(event.jobId, new Set());
      idsByJob.get(event.jobId)!.add(id);
      expect(jobById.get(id) ?? event.jobId).toBe(event.jobId);
      jobById.set(id, event.jobId);
    }
    expect([...idsByJob.keys()].sort()).toEqual([...jobIds].sort());
    for (const [jobId, ids] of idsByJob)
      expect([...ids], jobId).toEqual([deliveries[jobIds.indexOf(jobId)]![0]!.id]);

    // Results come from S3 through the API.
    const result = await fetch(`${api.baseUrl}/jobs/${jobIds[0]}/result`, { headers: auth });
    expect(result.status).toBe(200);
    expect(result.headers.get('content-type')).toBe('image/png');
    expect(
      Buffer.from(await result.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');

    api.child.kill('SIGTERM');
    survivor.child.kill('SIGTERM');
    expect((await api.exited).code).toBe(0);
    expect((await survivor.exited).code).toBe(0);
  }, 420_000);
});
