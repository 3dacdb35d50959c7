import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureServer } from '../helpers/fixture-server.js';
import { startFixtureServer } from '../helpers/fixture-server.js';
import { until } from '../helpers/poll.js';
import type { ShotsProcess } from '../helpers/shots-process.js';
import { shots, startShots } from '../helpers/shots-process.js';
import type { WebhookReceiver } from '../helpers/webhook-receiver.js';
import { makeTestTls, startWebhookReceiver } from '../helpers/webhook-receiver.js';

const dataDir = mkdtempSync(join(tmpdir(), 'shots-e2e-hook-'));
let receiver: WebhookReceiver;
let pages: FixtureServer;
let running: ShotsProcess | null = null;
let env: Record<string, string>;

beforeAll(async () => {
  const tls = makeTestTls();
  const caFile = join(dataDir, 'ca.pem');
  writeFileSync(caFile, tls.caPem);
  receiver = await startWebhookReceiver(tls);
  pages = await startFixtureServer();
  env = {
    DATA_DIR: join(dataDir, 'data'),
    ALLOWED_PRIVATE_NETWORKS: '127.0.0.2/32',
    CONCURRENCY: '1',
    WEBHOOK_LEASE_MS: '11000',
    NODE_EXTRA_CA_CERTS: caFile,
  };
});
afterAll(async () => {
  running?.child.kill('SIGKILL');
  await receiver?.close();
  await pages?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('webhook delivery across a crash', () => {
  it('delivers the event again with the same webhook-id after SIGKILL mid-delivery, then never again', async () => {
    // The first delivery is held 4 s by the receiver: the process is killed while it is in flight.
    receiver.on('/hook', (_req, index) => (index === 0 ? { status: 200, delayMs: 4000 } : { status: 204 }));
    running = await startShots(env);
    const account = JSON.parse(await shots(['accounts', 'create', '--plan', 'FREE', '--json'], env)) as {
      apiKey: string;
      webhookSecret: string;
    };
    const auth = { authorization: `Bearer ${account.apiKey}` };
    const submitted = await fetch(`${running.baseUrl}/screenshots/web`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${pages.baseUrl}/simple.html`, webhookUrl: receiver.url('/hook') }),
    });
    const { jobId } = (await submitted.json()) as { jobId: string };
    await until(
      async () => (receiver.at('/hook').length >= 1 ? true : undefined),
      30_000,
      10,
      'the first delivery arriving',
    );
    running.child.kill('SIGKILL');
    await running.exited;

    running = await startShots(env);
    await until(
      async () => (receiver.at('/hook').length >= 2 ? true : undefined),
      40_000,
      50,
      'the delivery again after the restart',
    );
    const log = await until(
      async () => {
        const res = await fetch(`${running!.baseUrl}/jobs/${jobId}/webhooks`, { headers: auth });
        const body = (await res.json()) as { deliveries: { id: string; state: string; attempts: number }[] };
        return body.deliveries[0]?.state === 'delivered' ? body : undefined;
      },
      10_000,
      50,
      'the delivery log saying delivered',
    );
    await new Promise((r) => setTimeout(r, 1500));

    const received = receiver.at('/hook');
    expect(received).toHaveLength(2);
    const verifier = new Webhook(account.webhookSecret);
    const ids = new Set(received.map((r) => r.headers['webhook-id']));
    expect([...ids]).toEqual([log.deliveries[0]!.id]);
    for (const request of received) {
      const event = verifier.verify(request.body, request.headers) as Record<string, unknown>;
      expect(event).toMatchObject({
        event: 'job.completed',
        jobId,
        type: 'WEB',
        status: 'completed',
        resultUrl: `/jobs/${jobId}/result`,
      });
      expect(Object.keys(event).sort()).toEqual([
        'event',
        'jobId',
        'resultUrl',
        'status',
        'timestamp',
        'type',
      ]);
    }
    expect(log.deliveries).toHaveLength(1);

    running.child.kill('SIGTERM');
    expect((await running.exited).code).toBe(0);
    running = null;
  }, 120_000);
});
