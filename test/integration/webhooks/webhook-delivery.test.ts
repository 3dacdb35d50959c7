import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rotateWebhookSecret } from '../../../src/app/accounts.js';
import { accountDeps } from '../../../src/main/compose.js';
import type { WebhookHarness } from '../../helpers/webhook-harness.js';
import { openWebhookHarness } from '../../helpers/webhook-harness.js';
import type { ReceivedWebhook, TestTls, WebhookReceiver } from '../../helpers/webhook-receiver.js';
import { makeTestTls, startWebhookReceiver } from '../../helpers/webhook-receiver.js';

let tls: TestTls;
let receiver: WebhookReceiver;
let h: WebhookHarness;
let account: { accountId: string; webhookSecret: string };
let path = 0;

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A fresh path on the receiver for each test. */
const nextPath = () => `/hook-${++path}`;

beforeAll(async () => {
  tls = makeTestTls();
  receiver = await startWebhookReceiver(tls);
  h = openWebhookHarness(tls.caPem);
  account = await h.account();
  h.startDispatcher();
});
afterEach(async () => {
  // Every test leaves a running dispatcher behind it, whatever it stopped or reopened.
  await h.stopDispatcher();
  h.startDispatcher();
});
afterAll(async () => {
  await h?.close();
  await receiver?.close();
});

function verify(secret: string, hook: ReceivedWebhook): unknown {
  return new Webhook(secret).verify(hook.body, hook.headers);
}

async function received(p: string, count: number, timeoutMs = 15_000): Promise<ReceivedWebhook[]> {
  const until = Date.now() + timeoutMs;
  while (receiver.at(p).length < count) {
    if (Date.now() > until) throw new Error(`${p} received ${receiver.at(p).length} of ${count} requests`);
    await sleep(25);
  }
  return receiver.at(p);
}

describe('webhook body and signature', () => {
  it('POSTs the flat job.completed body, signed with the account secret', async () => {
    const p = nextPath();
    const jobId = await h.finishedJob(account.accountId, receiver.url(p));
    const [hook] = await received(p, 1);
    const body = JSON.parse(hook!.body) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['event', 'jobId', 'type', 'status', 'resultUrl', 'timestamp']);
    expect(body).toMatchObject({
      event: 'job.completed',
      jobId,
      type: 'WEB',
      status: 'completed',
      resultUrl: `/jobs/${jobId}/result`,
    });
    expect(body.timestamp).toMatch(TIMESTAMP);
    const job = await h.stores().jobs.get(jobId, account.accountId);
    expect(body.timestamp).toBe(job!.completedAt!.replace(/\.\d{3}Z$/, 'Z'));
    expect(hook!.headers['content-type']).toBe('application/json');
    expect(hook!.headers['webhook-id']).toMatch(/^msg_[A-Za-z0-9_-]{20,}$/);
    expect(Math.abs(Number(hook!.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(10);
    expect(hook!.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(verify(account.webhookSecret, hook!)).toEqual(body);
    const [delivery] = await h.waitFor(jobId, account.accountId, (d) => d[0]?.state === 'delivered');
    expect(delivery).toMatchObject({
      id: hook!.headers['webhook-id'],
      event: 'job.completed',
      url: receiver.url(p),
      attempts: 1,
    });
  });

  it('adds the error to job.failed', async () => {
    const p = nextPath();
    const jobId = await h.finishedJob(account.accountId, receiver.url(p), {
      failed: 'Navigation timeout of 30000 ms exceeded',
    });
    const [hook] = await received(p, 1);
    const body = verify(account.webhookSecret, hook!) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual([
      'event',
      'jobId',
      'type',
      'status',
      'resultUrl',
      'error',
      'timestamp',
    ]);
    expect(body).toMatchObject({
      event: 'job.failed',
      jobId,
      type: 'WEB',
      status: 'failed',
      resultUrl: `/jobs/${jobId}/result`,
      error: 'Navigation timeout of 30000 ms exceeded',
    });
    expect(body.timestamp).toMatch(TIMESTAMP);
  });

  it('fails verification when the body is tampered with or the secret is wrong', async () => {
    const p = nextPath();
    await h.finishedJob(account.accountId, receiver.url(p));
    const [hook] = await received(p, 1);
    expect(() =>
      verify(account.webhookSecret, { ...hook!, body: hook!.body.replace('completed', 'failed') }),
    ).toThrow();
    expect(() =>
      verify(account.webhookSecret, { ...hook!, headers: { ...hook!.headers, 'webhook-id': 'msg_other' } }),
    ).toThrow();
    const other = await h.account();
    expect(() => verify(other.webhookSecret, hook!)).toThrow();
  });

  it('signs with both secrets during a rotation overlap, and with the new one only after it', async () => {
    const own = await h.account();
    const rotated = await rotateWebhookSecret(accountDeps(h.stores()), own.accountId);
    expect(rotated.webhookSecret).toMatch(/^whsec_/);
    expect(Date.parse(rotated.previousSecretsExpireAt) - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    const p = nextPath();
    await h.finishedJob(own.accountId, receiver.url(p));
    const [hook] = await received(p, 1);
    const signatures = hook!.headers['webhook-signature']!.split(' ');
    expect(signatures).toHaveLength(2);
    const only = (signature: string) => ({
      ...hook!,
      headers: { ...hook!.headers, 'webhook-signature': signature },
    });
    expect(() => verify(rotated.webhookSecret, only(signatures[0]!))).not.toThrow();
    expect(() => verify(own.webhookSecret, only(signatures[1]!))).not.toThrow();
    expect(() => verify(own.webhookSecret, only(signatures[0]!))).toThrow();
    expect(() => verify(rotated.webhookSecret, hook!)).not.toThrow();
    expect(() => verify(own.webhookSecret, hook!)).not.toThrow();

    const again = await rotateWebhookSecret(accountDeps(h.stores()), own.accountId, { overlapSeconds: 0 });
    const q = nextPath();
    await h.finishedJob(own.accountId, receiver.url(q));
    const [next] = await received(q, 1);
    expect(next!.headers['webhook-signature']!.split(' ')).toHaveLength(1);
    expect(() => verify(again.webhookSecret, next!)).not.toThrow();
    expect(() => verify(rotated.webhookSecret, next!)).toThrow();
  });
});

describe('outcomes and retries', () => {
  it('retries after 500s with the same webhook-id and fresh signatures, and stops after the 2xx', async () => {
    const p = nextPath();
    receiver.on(p, (_r, i) => ({ status: i < 2 ? 500 : 204 }));
    const jobId = await h.finishedJob(account.accountId, receiver.url(p));
    const hooks = await received(p, 3);
    const [delivery] = await h.waitFor(jobId, account.accountId, (d) => d[0]?.state === 'delivered');
    expect(new Set(hooks.map((x) => x.headers['webhook-id']))).toEqual(new Set([delivery!.id]));
    expect(new Set(hooks.map((x) => x.headers['webhook-signature'])).size).toBe(3);
    expect(new Set(hooks.map((x) => x.headers['webhook-timestamp'])).size).toBe(3);
    for (const hook of hooks) expect(() => verify(account.webhookSecret, hook)).not.toThrow();
    expect(new Set(hooks.map((x) => x.body)).size).toBe(1);
    expect(delivery!.attempts).toBe(3);
    expect(delivery!.attemptsLog.map((a) => a.httpStatus)).toEqual([500, 500, 204]);
    const [first] = delivery!.attemptsLog;
    expect(Date.parse(first!.nextAttemptAt!) - Date.parse(first!.at)).toBeGreaterThanOrEqual(1800);
    expect(Date.parse(first!.nextAttemptAt!) - Date.parse(first!.at)).toBeLessThanOrEqual(2400);
    expect(hooks[1]!.at - hooks[0]!.at).toBeGreaterThanOrEqual(1700);
    await sleep(2600);
    expect(receiver.at(p)).toHaveLength(3);
  });

  it('counts an answer after 12 s as a failure, then delivers on the next attempt', async () => {
    const p = nextPath();
    receiver.on(p, (_r, i) => (i === 0 ? { status: 200, delayMs: 12_000 } : { status: 200 }));
    const jobId = await h.finishedJob(account.accountId, receiver.url(p));
    const [delivery] = await h.waitFor(jobId, account.accountId, (d) => d[0]?.state === 'delivered', 30_000);
    const [slow, fast] = delivery!.attemptsLog;
    expect(slow).toMatchObject({ attempt: 1, httpStatus: null });
    expect(slow!.error).toMatch(/no response within 10000 ms/);
    expect(slow!.durationMs).toBeGreaterThanOrEqual(9900);
    expect(slow!.durationMs).toBeLessThan(12_000);
    expect(fast).toMatchObject({ attempt: 2, httpStatus: 200, error: null });
  }, 45_000);

  it('does not follow a 302; the redirect target receives nothing', async () => {
    const p = nextPath();
    const target = nextPath();
    receiver.on(p, () => ({ status: 302, headers: { location: receiver.url(target) } }));
    const jobId = await h.finishedJob(account.accountId, receiver.url(p));
    const [delivery] = await h.waitFor(jobId, account.accountId, (d) => (d[0]?.attempts ?? 0) >= 2);
    expect(delivery!.state).toBe('pending');
    expect(delivery!.attemptsLog[0]).toMatchObject({ httpStatus: 302 });
    expect(delivery!.attemptsLog[0]!.error).toMatch(/redirects are not followed/);
    expect(receiver.at(target)).toHaveLength(0);
  });

  it('stops at 410 Gone', async () => {
    const p = nextPath();
    receiver.on(p, () => ({ status: 410 }));
    const jobId = await h.finishedJob(account.accountId, receiver.url(p));
    const [delivery] = await h.waitFor(jobId, account.accountId, (d) => d[0]?.state === 'gone');
    expect(delivery).toMatchObject({ attempts: 1 });
    expect(delivery!.nextAttemptAt).toBeNull();
    await sleep(2600);
    expect(receiver.at(p)).toHaveLength(1);
  });

  it('gives up after the last step of the schedule and records it', async () => {
    const p = nextPath();
    receiver.on(p, () => ({ status: 503 }));
    const jobId = await h.finishedJob(account.accountId, receiver.url(p));
    const [delivery] = await h.waitFor(jobId, account.accountId, (d) => d[0]?.state === 'failed', 20_000);
    expect(delivery!.attempts).toBe(4);
    expect(delivery!.attemptsLog.map((a) => a.nextAttemptAt === null)).toEqual([false, false, false, true]);
    expect(receiver.at(p)).toHaveLength(4);
  }, 30_000);
});

describe('SSRF at attempt time', () => {
  it('refuses a webhook that points to a blocked address, without connecting, and records why', async () => {
    const loopback = await startWebhookReceiver(tls, '127.0.0.1');
    try {
      const jobId = await h.finishedJob(account.accountId, loopback.url('/hook'));
      const [delivery] = await h.waitFor(jobId, account.accountId, (d) => (d[0]?.attempts ?? 0) >= 1);
      expect(delivery!.attemptsLog[0]!.error).toMatch(/SSRF.*127\.0\.0\.1.*loopback/);
      expect(delivery!.attemptsLog[0]!.httpStatus).toBeNull();
      expect(loopback.connections()).toBe(0);
    } finally {
      await loopback.close();
    }
  });

  it('refuses a plain-http webhook URL', async () => {
    const jobId = await h.finishedJob(account.accountId, `http://127.0.0.2:${receiver.port}/plain`);
    const [delivery] = await h.waitFor(jobId, account.accountId, (d) => (d[0]?.attempts ?? 0) >= 1);
    expect(delivery!.attemptsLog[0]!.error).toMatch(/must use https/);
    expect(receiver.at('/plain')).toHaveLength(0);
  });
});

describe('durability', () => {
  it('finishes a pending delivery after a restart, once', async () => {
    const p = nextPath();
    receiver.on(p, (_r, i) => ({ status: i === 0 ? 500 : 200 }));
    const jobId = await h.finishedJob(account.accountId, receiver.url(p));
    await h.waitFor(jobId, account.accountId, (d) => d[0]?.attempts === 1);
    await h.reopen();
    h.startDispatcher();
    const [delivery] = await h.waitFor(jobId, account.accountId, (d) => d[0]?.state === 'delivered');
    expect(delivery!.attempts).toBe(2);
    await sleep(500);
    expect(receiver.at(p).map((x) => x.headers['webhook-id'])).toEqual([delivery!.id, delivery!.id]);
  });

  it('sends a delivery whose dispatcher died mid-attempt again, with the same webhook-id', async () => {
    await h.stopDispatcher();
    const p = nextPath();
    const jobId = await h.finishedJob(account.accountId, receiver.url(p));
    // A dispatcher claims the row and dies before recording anything: only its lease is left.
    const [claimed] = await h.stores().outbox.claimDue(Date.now(), 10, 1000);
    expect(claimed?.jobId).toBe(jobId);
    await h.reopen();
    h.startDispatcher();
    await sleep(500);
    expect(receiver.at(p)).toHaveLength(0); // the lease still holds
    const [hook] = await received(p, 1, 5000);
    expect(hook!.headers['webhook-id']).toBe(claimed!.id);
    const [delivery] = await h.waitFor(jobId, account.accountId, (d) => d[0]?.state === 'delivered');
    expect(delivery!.attemptsLog).toHaveLength(1);
    await sleep(300);
    expect(receiver.at(p)).toHaveLength(1);
  });

  it('gives an interrupted attempt back on stop; the next dispatcher sends it again', async () => {
    const p = nextPath();
    receiver.on(p, (_r, i) => (i === 0 ? { delayMs: 5000 } : {}));
    const jobId = await h.finishedJob(account.accountId, receiver.url(p));
    await received(p, 1);
    await h.stopDispatcher(); // drains 200 ms, then interrupts and releases the claim
    expect((await h.deliveries(jobId, account.accountId))[0]).toMatchObject({
      state: 'pending',
      attempts: 0,
    });
    await h.reopen();
    h.startDispatcher();
    const [delivery] = await h.waitFor(jobId, account.accountId, (d) => d[0]?.state === 'delivered');
    expect(delivery!.attemptsLog).toHaveLength(1);
    const ids = receiver.at(p).map((x) => x.headers['webhook-id']);
    expect(ids).toEqual([delivery!.id, delivery!.id]);
  });

  it('writes no delivery for a job without webhookUrl', async () => {
    const jobId = await h.finishedJob(account.accountId, null);
    expect(await h.deliveries(jobId, account.accountId)).toEqual([]);
  });
});
