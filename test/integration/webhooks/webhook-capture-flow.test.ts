import type { FastifyInstance } from 'fastify';
import { imageSize } from 'image-size';
import pino from 'pino';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../../src/app/accounts.js';
import type { WebhookDeliveriesView } from '../../../src/app/webhook-queries.js';
import type { Service } from '../../../src/main/compose.js';
import { accountDeps, createService, openStores } from '../../../src/main/compose.js';
import { testConfig } from '../../helpers/config.js';
import type { FixtureServer } from '../../helpers/fixture-server.js';
import { startFixtureServer } from '../../helpers/fixture-server.js';
import { until } from '../../helpers/poll.js';
import type { ReceivedWebhook, WebhookReceiver } from '../../helpers/webhook-receiver.js';
import { makeTestTls, startWebhookReceiver } from '../../helpers/webhook-receiver.js';

let pages: FixtureServer;
let receiver: WebhookReceiver;
let service: Service;
let app: FastifyInstance;
let cleanup: () => void;
let account: { apiKey: string; webhookSecret: string };

beforeAll(async () => {
  const tls = makeTestTls();
  pages = await startFixtureServer();
  receiver = await startWebhookReceiver(tls);
  const made = testConfig({
    WEBHOOK_RETRY_SCHEDULE: '1,1,1',
    NAVIGATION_TIMEOUT_MS: '2000',
    WEBHOOK_CONCURRENCY: '2',
  });
  cleanup = () => made.cleanup();
  // `serve`: API and worker in one process, so the webhook dispatcher runs here too.
  service = await createService(made.config, { api: true, worker: true }, pino({ level: 'silent' }), {
    webhookCa: [tls.caPem],
  });
  app = service.app!;
  await service.start();
  const stores = openStores(made.config);
  account = await createAccount(accountDeps(stores), { plan: 'STARTER' });
  stores.close();
});
afterAll(async () => {
  await service?.stop();
  await receiver?.close();
  await pages?.close();
  cleanup?.();
});

async function submit(body: Record<string, unknown>): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/screenshots/web',
    headers: { authorization: `Bearer ${account.apiKey}` },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(202);
  return res.json<{ jobId: string }>().jobId;
}

async function webhookAt(path: string): Promise<ReceivedWebhook> {
  return until(async () => receiver.at(path)[0], 60_000);
}

describe('webhooks through the real capture flow', () => {
  it('sends a signed job.completed whose resultUrl serves the capture with the API key', async () => {
    const jobId = await submit({ url: `${pages.baseUrl}/simple.html`, webhookUrl: receiver.url('/done') });
    const hook = await webhookAt('/done');
    const body = new Webhook(account.webhookSecret).verify(hook.body, hook.headers) as Record<string, string>;
    expect(body).toMatchObject({
      event: 'job.completed',
      jobId,
      type: 'WEB',
      status: 'completed',
      resultUrl: `/jobs/${jobId}/result`,
    });
    const result = await app.inject({
      url: body.resultUrl!,
      headers: { authorization: `Bearer ${account.apiKey}` },
    });
    expect(result.statusCode).toBe(200);
    expect(result.headers['content-type']).toBe('image/png');
    expect(imageSize(result.rawPayload)).toMatchObject({ width: 1280, height: 720 });
    const list = await until(async () => {
      const res = await app.inject({
        url: `/jobs/${jobId}/webhooks`,
        headers: { authorization: `Bearer ${account.apiKey}` },
      });
      const view = res.json<WebhookDeliveriesView>();
      return view.deliveries[0]?.state === 'delivered' ? view : undefined;
    });
    expect(list.deliveries[0]!.id).toBe(hook.headers['webhook-id']);
  });

  it('sends job.failed with the error once the job has failed', async () => {
    const jobId = await submit({
      url: `${pages.baseUrl}/simple.html`,
      element: '#missing',
      webhookUrl: receiver.url('/failed'),
    });
    const hook = await webhookAt('/failed');
    const body = new Webhook(account.webhookSecret).verify(hook.body, hook.headers) as Record<string, string>;
    expect(Object.keys(body)).toEqual([
      'event',
      'jobId',
      'type',
      'status',
      'resultUrl',
      'error',
      'timestamp',
    ]);
    expect(body).toMatchObject({ event: 'job.failed', jobId, status: 'failed' });
    expect(body.error).toContain('#missing');
    expect(receiver.at('/failed')).toHaveLength(1);
  });

  it('reports attempts by outcome, their latency and the backlog in /metrics', async () => {
    receiver.on('/flaky', (_request, n) => ({ status: n === 0 ? 503 : 204 }));
    const jobId = await submit({ url: `${pages.baseUrl}/simple.html`, webhookUrl: receiver.url('/flaky') });
    await until(async () => (receiver.at('/flaky').length >= 2 ? true : undefined), 60_000);
    const metric = async (line: string) => {
      const text = (await app.inject({ url: '/metrics' })).body;
      const found = text.split('\n').find((l) => l.startsWith(`${line} `));
      return found ? Number(found.slice(line.length + 1)) : 0;
    };
    await until(async () =>
      (await metric('shots_webhook_attempts_total{outcome="pending"}')) >= 1 ? true : undefined,
    );
    await until(async () => ((await metric('shots_webhook_backlog{state="due"}')) === 0 ? true : undefined));
    expect(await metric('shots_webhook_attempts_total{outcome="delivered"}')).toBeGreaterThanOrEqual(2);
    expect(await metric('shots_webhook_attempt_duration_seconds_count')).toBeGreaterThanOrEqual(3);
    expect(await metric('shots_webhook_backlog{state="scheduled"}')).toBe(0);
    expect(jobId).toMatch(/^job_web_/);
  });
});
