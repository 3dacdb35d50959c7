import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDnsServer } from '../../helpers/egress-dns-server.js';
import { startTestDnsServer } from '../../helpers/egress-dns-server.js';
import type { WebhookHarness } from '../../helpers/webhook-harness.js';
import { openWebhookHarness } from '../../helpers/webhook-harness.js';
import type { TestTls, WebhookReceiver } from '../../helpers/webhook-receiver.js';
import { makeTestTls, startWebhookReceiver } from '../../helpers/webhook-receiver.js';

let tls: TestTls;
let dns: TestDnsServer;
let receiver: WebhookReceiver;
let h: WebhookHarness;
let accountId: string;

beforeAll(async () => {
  tls = makeTestTls();
  dns = await startTestDnsServer();
  receiver = await startWebhookReceiver(tls);
  h = openWebhookHarness(tls.caPem, { DNS_SERVERS: dns.address });
  accountId = (await h.account()).accountId;
  h.startDispatcher();
});
afterAll(async () => {
  await h?.close();
  await receiver?.close();
  await dns?.close();
});

describe('webhook host names', () => {
  it('connects to the address it checked and verifies the certificate against the name', async () => {
    dns.set('hooks.test', { A: [['127.0.0.2']] });
    const jobId = await h.finishedJob(accountId, receiver.url('/named', 'hooks.test'));
    const [delivery] = await h.waitFor(jobId, accountId, (d) => d[0]?.state === 'delivered');
    expect(delivery!.attemptsLog[0]).toMatchObject({ httpStatus: 200, error: null });
    expect(receiver.at('/named')[0]!.headers.host).toBe(`hooks.test:${receiver.port}`);
  });

  it('looks the name up once per attempt: an answer that changes after the check is never used', async () => {
    dns.rebind('rebind.test', '127.0.0.2', '127.0.0.1');
    const jobId = await h.finishedJob(accountId, receiver.url('/rebind', 'rebind.test'));
    await h.waitFor(jobId, accountId, (d) => d[0]?.state === 'delivered');
    expect(dns.queries('rebind.test')).toBe(1);
  });

  it('refuses at attempt time a name that now resolves to a blocked address', async () => {
    dns.set('hooks.test', { A: [['127.0.0.1']] });
    const jobId = await h.finishedJob(accountId, receiver.url('/moved', 'hooks.test'));
    const [delivery] = await h.waitFor(jobId, accountId, (d) => (d[0]?.attempts ?? 0) >= 1);
    expect(delivery!.state).toBe('pending');
    expect(delivery!.attemptsLog[0]!.error).toMatch(/hooks\.test resolves to 127\.0\.0\.1 \(loopback\)/);
    expect(receiver.at('/moved')).toHaveLength(0);
  });

  it('fails an attempt whose certificate does not name the host', async () => {
    dns.set('other.test', { A: [['127.0.0.2']] });
    const jobId = await h.finishedJob(accountId, receiver.url('/wrong-name', 'other.test'));
    const [delivery] = await h.waitFor(jobId, accountId, (d) => (d[0]?.attempts ?? 0) >= 1);
    expect(delivery!.attemptsLog[0]!.error).toMatch(/other\.test|altnames|ERR_TLS_CERT_ALTNAME_INVALID/i);
    expect(receiver.at('/wrong-name')).toHaveLength(0);
  });
});
