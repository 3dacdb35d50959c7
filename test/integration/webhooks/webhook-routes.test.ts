import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookAttemptView, WebhookDeliveriesView } from '../../../src/app/webhook-queries.js';
import type { Service } from '../../../src/main/compose.js';
import { createService } from '../../../src/main/compose.js';
import type { WebhookHarness } from '../../helpers/webhook-harness.js';
import { openWebhookHarness } from '../../helpers/webhook-harness.js';
import type { WebhookReceiver } from '../../helpers/webhook-receiver.js';
import { makeTestTls, startWebhookReceiver } from '../../helpers/webhook-receiver.js';

let receiver: WebhookReceiver;
let h: WebhookHarness;
let service: Service;
let app: FastifyInstance;
let account: { accountId: string; apiKey: string; webhookSecret: string };

beforeAll(async () => {
  const tls = makeTestTls();
  receiver = await startWebhookReceiver(tls);
  h = openWebhookHarness(tls.caPem);
  // The API role alone; the harness's dispatcher plays the worker process on the same database.
  service = await createService(h.config, { api: true, worker: false }, pino({ level: 'silent' }));
  app = service.app!;
  account = await h.account();
  h.startDispatcher();
});
afterAll(async () => {
  await service?.stop();
  await h?.close();
  await receiver?.close();
});

const auth = (key = account.apiKey) => ({ authorization: `Bearer ${key}` });

describe('GET /jobs/{jobId}/webhooks', () => {
  it('lists the delivery and each attempt', async () => {
    receiver.on('/list', (_r, i) => ({ status: i === 0 ? 500 : 200 }));
    const jobId = await h.finishedJob(account.accountId, receiver.url('/list'));
    await h.waitFor(jobId, account.accountId, (d) => d[0]?.state === 'delivered');
    const res = await app.inject({ url: `/jobs/${jobId}/webhooks`, headers: auth() });
    expect(res.statusCode).toBe(200);
    const body = res.json<WebhookDeliveriesView>();
    expect(Object.keys(body)).toEqual(['jobId', 'deliveries']);
    expect(body.jobId).toBe(jobId);
    expect(body.deliveries).toHaveLength(1);
    const delivery = body.deliveries[0]!;
    expect(delivery).toMatchObject({
      event: 'job.completed',
      url: receiver.url('/list'),
      state: 'delivered',
      attempts: 2,
    });
    expect(delivery.id).toBe(receiver.at('/list')[0]!.headers['webhook-id']);
    expect(delivery.nextAttemptAt).toBeUndefined();
    const [first, second] = delivery.attemptsLog as [WebhookAttemptView, WebhookAttemptView];
    expect(first).toMatchObject({ attempt: 1, httpStatus: 500 });
    expect(first.error).toMatch(/500/);
    expect(Date.parse(first.nextAttemptAt!)).toBeGreaterThan(Date.parse(first.at));
    expect(typeof first.durationMs).toBe('number');
    expect(second).toEqual({ attempt: 2, at: second.at, durationMs: second.durationMs, httpStatus: 200 });
  });

  it('shows a pending delivery with its next attempt time', async () => {
    receiver.on('/pending', () => ({ status: 503 }));
    const jobId = await h.finishedJob(account.accountId, receiver.url('/pending'));
    await h.waitFor(jobId, account.accountId, (d) => d[0]?.attempts === 1);
    const [delivery] = (await app.inject({ url: `/jobs/${jobId}/webhooks`, headers: auth() })).json()
      .deliveries;
    expect(delivery.state).toBe('pending');
    expect(delivery.nextAttemptAt).toBe(delivery.attemptsLog[0].nextAttemptAt);
  });

  it('answers 404 JOB_NOT_FOUND for a job of another account, and 401 without a key', async () => {
    const jobId = await h.finishedJob(account.accountId, receiver.url('/private'));
    const other = await h.account();
    const res = await app.inject({ url: `/jobs/${jobId}/webhooks`, headers: auth(other.apiKey) });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'JOB_NOT_FOUND' });
    const redeliver = await app.inject({
      method: 'POST',
      url: `/jobs/${jobId}/webhooks/redeliver`,
      headers: auth(other.apiKey),
    });
    expect(redeliver.statusCode).toBe(404);
    expect((await app.inject({ url: `/jobs/${jobId}/webhooks` })).statusCode).toBe(401);
  });

  it('lists nothing for a job without webhookUrl', async () => {
    const jobId = await h.finishedJob(account.accountId, null);
    const res = await app.inject({ url: `/jobs/${jobId}/webhooks`, headers: auth() });
    expect(res.json()).toEqual({ jobId, deliveries: [] });
  });
});

describe('POST /jobs/{jobId}/webhooks/redeliver', () => {
  it('queues a fresh delivery with a new webhook-id and sends it', async () => {
    const jobId = await h.finishedJob(account.accountId, receiver.url('/again'), { failed: 'boom' });
    const [original] = await h.waitFor(jobId, account.accountId, (d) => d[0]?.state === 'delivered');
    const res = await app.inject({
      method: 'POST',
      url: `/jobs/${jobId}/webhooks/redeliver`,
      headers: { ...auth(), 'content-type': 'application/json' },
    });
    expect(res.statusCode, res.body).toBe(202);
    const queued = res.json();
    expect(queued).toMatchObject({
      event: 'job.failed',
      url: receiver.url('/again'),
      state: 'pending',
      attempts: 0,
      attemptsLog: [],
    });
    expect(queued.id).not.toBe(original!.id);
    const list = await h.waitFor(
      jobId,
      account.accountId,
      (d) => d.length === 2 && d[1]!.state === 'delivered',
    );
    expect(list.map((d) => d.id)).toEqual([original!.id, queued.id]);
    const hooks = receiver.at('/again');
    expect(hooks.map((x) => x.headers['webhook-id'])).toEqual([original!.id, queued.id]);
    expect(hooks[1]!.body).toBe(hooks[0]!.body);
  });

  it('answers 409 JOB_NOT_READY while the job is not finished', async () => {
    const jobId = await h.queuedJob(account.accountId, receiver.url('/never'));
    const res = await app.inject({
      method: 'POST',
      url: `/jobs/${jobId}/webhooks/redeliver`,
      headers: auth(),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'JOB_NOT_READY', status: 409 });
  });

  it('answers 409 NO_WEBHOOK when the job has no webhookUrl', async () => {
    const jobId = await h.finishedJob(account.accountId, null);
    const res = await app.inject({
      method: 'POST',
      url: `/jobs/${jobId}/webhooks/redeliver`,
      headers: auth(),
    });
    expect(res.statusCode).toBe(409);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(res.json()).toMatchObject({ code: 'NO_WEBHOOK', status: 409 });
    expect(res.json().detail).toMatch(/webhookUrl/);
  });
});

describe('OpenAPI', () => {
  it('documents both routes', async () => {
    const doc = (await app.inject({ url: '/openapi.json' })).json();
    expect(doc.paths['/jobs/{jobId}/webhooks'].get.responses['200']).toBeDefined();
    expect(doc.paths['/jobs/{jobId}/webhooks/redeliver'].post.responses['202']).toBeDefined();
    expect(doc.paths['/jobs/{jobId}/webhooks/redeliver'].post.responses['409']).toBeDefined();
  });
});
