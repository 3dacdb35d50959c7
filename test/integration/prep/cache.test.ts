import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureServer } from '../../helpers/fixture-server.js';
import { startFixtureServer } from '../../helpers/fixture-server.js';
import { until } from '../../helpers/poll.js';
import type { WebhookReceiver } from '../../helpers/webhook-receiver.js';
import { makeTestTls, startWebhookReceiver } from '../../helpers/webhook-receiver.js';
import type { PrepService } from '../../helpers/prep-service.js';
import { startPrepService } from '../../helpers/prep-service.js';

// The result cache (CONTRACT §5) through the whole service: a hit completes at once from the stored
// artifact, sends its webhook and counts against the quota; another option misses; TTL 0 turns it off.

let pages: FixtureServer;
let receiver: WebhookReceiver;

beforeAll(async () => {
  pages = await startFixtureServer();
});
afterAll(async () => {
  await receiver?.close();
  await pages?.close();
});

describe('with CACHE_TTL_SECONDS=3600', () => {
  let service: PrepService;
  let account: { apiKey: string; webhookSecret: string };

  beforeAll(async () => {
    const tls = makeTestTls();
    receiver = await startWebhookReceiver(tls);
    service = await startPrepService(
      { CACHE_TTL_SECONDS: '3600', WEBHOOK_RETRY_SCHEDULE: '1,1' },
      { webhookCa: [tls.caPem] },
    );
    account = await service.account('STARTER', { monthlyQuota: 3 });
  });
  afterAll(async () => {
    await service?.close();
  });

  it('completes a hit at once from the stored artifact, sends its webhook, counts it, and misses on another option', async () => {
    const key = account.apiKey;
    const body = { url: `${pages.baseUrl}/simple.html?cache=service`, format: 'jpeg' };
    const first = await service.submit(key, body);
    const firstStatus = await service.finished(key, first);
    expect(firstStatus).toMatchObject({ status: 'completed', attempts: 1 });
    const firstRecord = await service.record(key, first);
    expect(firstRecord).toMatchObject({ cached: false });

    // The same request again, with a webhook: complete as soon as it is accepted.
    const res = await service.post(key, { ...body, webhookUrl: receiver.url('/cached') });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ status: 'queued', estimatedSeconds: 0 });
    const hit = res.json().jobId as string;
    const status = (
      await service.app.inject({ url: `/jobs/${hit}/status`, headers: { authorization: `Bearer ${key}` } })
    ).json();
    expect(status).toMatchObject({ status: 'completed', attempts: 0 });
    const record = await service.record(key, hit);
    expect(record).toMatchObject({
      cached: true,
      cacheKey: firstRecord.cacheKey,
      bytes: firstRecord.bytes,
      contentType: 'image/jpeg',
      capturedAt: firstRecord.capturedAt,
    });
    expect(firstRecord.capturedAt).toBe(firstRecord.completedAt);
    expect(record.metadata).toMatchObject({ finalUrl: firstRecord.metadata.finalUrl });
    expect(record.metadata.capturedAt).toBeUndefined();
    expect((await service.bytes(key, hit)).equals(await service.bytes(key, first))).toBe(true);

    const hook = await until(async () => receiver.at('/cached')[0], 30_000);
    const event = new Webhook(account.webhookSecret).verify(hook.body, hook.headers);
    expect(event).toMatchObject({
      event: 'job.completed',
      jobId: hit,
      status: 'completed',
      resultUrl: `/jobs/${hit}/result`,
    });

    // Another option that changes the output is another capture.
    const other = await service.submit(key, { ...body, blockAds: true });
    expect(await service.finished(key, other)).toMatchObject({ status: 'completed', attempts: 1 });
    const otherRecord = await service.record(key, other);
    expect(otherRecord.cached).toBe(false);
    expect(otherRecord.cacheKey).not.toBe(firstRecord.cacheKey);

    // Three accepted jobs, the cached one included: the quota of 3 is used up.
    const over = await service.post(key, body);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: 'QUOTA_EXCEEDED' });
  });
});

describe('with CACHE_TTL_SECONDS=0', () => {
  let service: PrepService;
  let key: string;

  beforeAll(async () => {
    service = await startPrepService({ CACHE_TTL_SECONDS: '0' });
    key = (await service.account('STARTER')).apiKey;
  });
  afterAll(async () => {
    await service?.close();
  });

  it('captures every request afresh', async () => {
    const body = { url: `${pages.baseUrl}/simple.html?cache=off` };
    const first = await service.submit(key, body);
    expect(await service.finished(key, first)).toMatchObject({ status: 'completed' });
    const second = await service.submit(key, body);
    expect(await service.finished(key, second)).toMatchObject({ status: 'completed', attempts: 1 });
    expect(await service.record(key, second)).toMatchObject({ cached: false });
  });
});
