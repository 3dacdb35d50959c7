import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookHarness } from '../../helpers/webhook-harness.js';
import { openWebhookHarness } from '../../helpers/webhook-harness.js';
import type { WebhookReceiver } from '../../helpers/webhook-receiver.js';
import { makeTestTls, startWebhookReceiver } from '../../helpers/webhook-receiver.js';

let receiver: WebhookReceiver;
let h: WebhookHarness;

beforeAll(async () => {
  const tls = makeTestTls();
  receiver = await startWebhookReceiver(tls);
  h = openWebhookHarness(tls.caPem);
});
afterAll(async () => {
  await h?.close();
  await receiver?.close();
});

describe('webhook dispatcher', () => {
  it('delivers what was pending before it started, four at a time', async () => {
    const { accountId } = await h.account();
    const answerMs = 600;
    receiver.on('/slowish', () => ({ delayMs: answerMs }));
    const jobs = await Promise.all(
      Array.from({ length: 8 }, () => h.finishedJob(accountId, receiver.url('/slowish'))),
    );
    const started = Date.now();
    h.startDispatcher();
    for (const jobId of jobs) await h.waitFor(jobId, accountId, (d) => d[0]?.state === 'delivered');
    const elapsed = Date.now() - started;
    const arrivals = receiver.at('/slowish').map((r) => r.at);
    expect(arrivals).toHaveLength(8);
    const overlap = Math.max(
      ...arrivals.map((a) => arrivals.filter((b) => b <= a && b + answerMs > a).length),
    );
    expect(overlap).toBe(4);
    expect(elapsed).toBeLessThan(8 * answerMs);
  });
});
