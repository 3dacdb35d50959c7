import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Shots, ShotsError, verifyWebhook } from '../../../src/client/index.js';
import type { FixtureServer } from '../../helpers/fixture-server.js';
import { startFixtureServer } from '../../helpers/fixture-server.js';
import type { LiveService } from '../../helpers/live-service.js';
import { startLiveService } from '../../helpers/live-service.js';
import { until } from '../../helpers/poll.js';
import type { ReceivedWebhook, WebhookReceiver } from '../../helpers/webhook-receiver.js';
import { makeTestTls, startWebhookReceiver } from '../../helpers/webhook-receiver.js';

let pages: FixtureServer;
let receiver: WebhookReceiver;
let live: LiveService;

beforeAll(async () => {
  const tls = makeTestTls();
  pages = await startFixtureServer();
  receiver = await startWebhookReceiver(tls);
  live = await startLiveService({}, { webhookCa: tls.caPem });
});
afterAll(async () => {
  await live?.close();
  await receiver?.close();
  await pages?.close();
});

async function nth(path: string, index: number): Promise<ReceivedWebhook> {
  return until(async () => receiver.at(path)[index], 60_000);
}

function refused(fn: () => unknown): ShotsError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ShotsError);
    return err as ShotsError;
  }
  throw new Error('verifyWebhook accepted it');
}

describe('webhooks through the client', () => {
  it('verifies real deliveries, lists them, and redelivers', async () => {
    const account = await live.account('STARTER');
    const shots = new Shots({ baseUrl: live.baseUrl, apiKey: account.apiKey });
    const done = await shots.capture({
      url: `${pages.baseUrl}/simple.html`,
      webhookUrl: receiver.url('/client'),
    });
    const hook = await nth('/client', 0);

    const event = verifyWebhook(hook.body, hook.headers, account.webhookSecret);
    expect(event).toMatchObject({
      event: 'job.completed',
      jobId: done.jobId,
      type: 'WEB',
      status: 'completed',
      resultUrl: `/jobs/${done.jobId}/result`,
    });
    // The same check from bytes and from a Fetch API Headers object.
    const asHeaders = new Headers(hook.headers);
    expect(verifyWebhook(new TextEncoder().encode(hook.body), asHeaders, account.webhookSecret)).toEqual(
      event,
    );

    expect(
      refused(() =>
        verifyWebhook(hook.body, hook.headers, 'whsec_' + btoa('another secret 32 bytes long..')),
      ),
    ).toMatchObject({
      status: 401,
      code: 'INVALID_SIGNATURE',
    });
    expect(
      refused(() =>
        verifyWebhook(hook.body.replace('completed', 'failed'), hook.headers, account.webhookSecret),
      ).code,
    ).toBe('INVALID_SIGNATURE');
    const unsigned = { ...hook.headers };
    delete unsigned['webhook-signature'];
    expect(refused(() => verifyWebhook(hook.body, unsigned, account.webhookSecret)).code).toBe(
      'INVALID_SIGNATURE',
    );

    const listed = await until(async () => {
      const list = await shots.webhooks(done.jobId);
      return list.deliveries[0]?.state === 'delivered' ? list : undefined;
    });
    expect(listed.deliveries).toHaveLength(1);
    expect(listed.deliveries[0]).toMatchObject({
      id: hook.headers['webhook-id'],
      event: 'job.completed',
      attempts: 1,
    });

    const again = await shots.redeliver(done.jobId);
    expect(again.id).not.toBe(hook.headers['webhook-id']);
    const second = await nth('/client', 1);
    expect(second.headers['webhook-id']).toBe(again.id);
    expect(verifyWebhook(second.body, second.headers, account.webhookSecret)).toMatchObject({
      jobId: done.jobId,
    });
    const both = await until(async () => {
      const list = await shots.webhooks(done.jobId);
      return list.deliveries.every((d) => d.state === 'delivered') && list.deliveries.length === 2
        ? list
        : undefined;
    });
    expect(both.deliveries.map((d) => d.id)).toEqual([hook.headers['webhook-id'], again.id]);
  });

  it('during a secret rotation, either secret verifies (or a list of them)', async () => {
    const account = await live.account('STARTER');
    const shots = new Shots({ baseUrl: live.baseUrl, apiKey: account.apiKey });
    const rotated = await live.rotateSecret(account.accountId, 3600);
    await shots.capture({ url: `${pages.baseUrl}/simple.html`, webhookUrl: receiver.url('/rotation') });
    const hook = await nth('/rotation', 0);
    expect(hook.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    const event = verifyWebhook(hook.body, hook.headers, account.webhookSecret);
    expect(verifyWebhook(hook.body, hook.headers, rotated)).toEqual(event);
    const stale = 'whsec_' + btoa('a secret that signs nothing here');
    expect(verifyWebhook(hook.body, hook.headers, [stale, rotated])).toEqual(event);
    expect(refused(() => verifyWebhook(hook.body, hook.headers, [stale])).code).toBe('INVALID_SIGNATURE');
  });
});
