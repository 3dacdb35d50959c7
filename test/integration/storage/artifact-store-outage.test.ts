import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../../src/app/accounts.js';
import type { Service } from '../../../src/main/compose.js';
import { accountDeps, createService, openStores } from '../../../src/main/compose.js';
import { testConfig } from '../../helpers/config.js';
import type { FixtureServer } from '../../helpers/fixture-server.js';
import { startFixtureServer } from '../../helpers/fixture-server.js';
import { jobClient } from '../../helpers/jobs.js';
import { until } from '../../helpers/poll.js';
import type { TestS3 } from '../../helpers/services.js';
import { startTestS3 } from '../../helpers/services.js';
import type { TcpRelay } from '../../helpers/tcp-relay.js';
import { startTcpRelay } from '../../helpers/tcp-relay.js';
import type { WebhookReceiver } from '../../helpers/webhook-receiver.js';
import { makeTestTls, startWebhookReceiver } from '../../helpers/webhook-receiver.js';

// `shots serve` with its artifacts in S3 (s3rver behind a TCP relay), real Chromium. The relay is
// cut, as the reviewer did: /readyz says so, /result answers a 503 problem, and a capture fails
// with STORAGE_FAILED after its three attempts — in its status, its webhook and the 409 of
// /result, the service's own S3 address appears nowhere.

let s3: TestS3;
let relay: TcpRelay;
let pages: FixtureServer;
let receiver: WebhookReceiver;
let service: Service;
let app: FastifyInstance;
let cleanup: () => void;
let apiKey: string;

beforeAll(async () => {
  const tls = makeTestTls();
  s3 = await startTestS3(['shots-artifacts'], '127.0.0.1');
  relay = await startTcpRelay({ host: s3.host, port: s3.port });
  pages = await startFixtureServer();
  receiver = await startWebhookReceiver(tls);
  const made = testConfig({
    S3_ENDPOINT: `http://127.0.0.1:${relay.port}`,
    S3_BUCKET: 'shots-artifacts',
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
    JOB_RETRY_DELAYS: '0,0',
    WEBHOOK_RETRY_SCHEDULE: '1,1,1',
  });
  cleanup = () => made.cleanup();
  service = await createService(made.config, { api: true, worker: true }, pino({ level: 'silent' }), {
    webhookCa: [tls.caPem],
  });
  app = service.app!;
  await service.start();
  const stores = openStores(made.config);
  ({ apiKey } = await createAccount(accountDeps(stores), { plan: 'STARTER' }));
  stores.close();
});
afterAll(async () => {
  await service?.stop();
  await relay?.close();
  await receiver?.close();
  await pages?.close();
  await s3?.close();
  cleanup?.();
});

const { auth, submit, finished } = jobClient(
  () => app,
  () => apiKey,
);

/** The service's own S3 address, in any of the shapes a message could give it. */
function expectNoStoreAddress(text: string): void {
  for (const secret of [String(relay.port), String(s3.port), 'shots-artifacts', 'ECONNREFUSED'])
    expect(text).not.toContain(secret);
}

describe("the service's artifact store going away", () => {
  it('makes /readyz unready and /result a 503 problem, naming no address', async () => {
    const ready = await app.inject({ url: '/readyz' });
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json()).toMatchObject({ checks: { artifacts: 'ok' } });
    const jobId = await submit({ url: `${pages.baseUrl}/simple.html` });
    expect(await finished(jobId)).toMatchObject({ status: 'completed' });

    await relay.cut();
    const result = await app.inject({ url: `/jobs/${jobId}/result`, headers: auth() });
    expect(result.statusCode, result.body).toBe(503);
    expect(result.headers['content-type']).toContain('application/problem+json');
    expect(result.json()).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    expectNoStoreAddress(result.body);
    // The record needs no artifact: it still answers.
    const record = await app.inject({
      url: `/jobs/${jobId}/result`,
      headers: { ...auth(), accept: 'application/json' },
    });
    expect(record.statusCode).toBe(200);
    // Readiness reuses the bucket check's answer for a few seconds, then says the store is gone.
    const unready = await until(async () => {
      const res = await app.inject({ url: '/readyz' });
      return res.statusCode === 503 ? res : undefined;
    }, 10_000);
    expect(unready.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expectNoStoreAddress(unready.body);
  });

  it('fails a capture with STORAGE_FAILED after three attempts, its webhook and 409 naming no address', async () => {
    await relay.cut();
    const jobId = await submit({
      url: `${pages.baseUrl}/simple.html?gone`,
      webhookUrl: receiver.url('/failed'),
    });
    const status = await finished(jobId);
    const error =
      "The capture was taken but could not be stored: the service's artifact store could not be reached.";
    expect(status).toMatchObject({ status: 'failed', attempts: 3, errorCode: 'STORAGE_FAILED', error });
    const conflict = await app.inject({ url: `/jobs/${jobId}/result`, headers: auth() });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toMatchObject({ code: 'JOB_FAILED', detail: error });
    expectNoStoreAddress(conflict.body);
    const hook = await until(async () => receiver.at('/failed')[0], 30_000);
    expect(JSON.parse(hook.body)).toMatchObject({ event: 'job.failed', jobId, error });
    expectNoStoreAddress(hook.body);
  });
});
