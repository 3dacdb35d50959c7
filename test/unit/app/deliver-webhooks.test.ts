import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from '../../../src/adapters/webhook-http/https-webhook-sender.js';
import { newWebhookSecret } from '../../../src/app/accounts.js';
import { verdictAfter } from '../../../src/app/deliver-webhooks.js';
import { signedHeaders, webhookPayload, webhookTimestamp } from '../../../src/app/webhook-message.js';

const SCHEDULE = [5, 300, 1800, 7200, 18000, 36000, 36000];
const NOW = Date.parse('2025-03-01T10:00:00.000Z');
const mid = () => 0.5;

function delaySeconds(verdict: ReturnType<typeof verdictAfter>): number {
  if (verdict.state !== 'pending') throw new Error(`not pending: ${verdict.state}`);
  return (verdict.nextAttemptAt.getTime() - NOW) / 1000;
}

describe('verdictAfter', () => {
  it('delivers on any 2xx and stops at 410', () => {
    for (const status of [200, 201, 202, 204, 299]) {
      expect(
        verdictAfter({
          attempt: 1,
          result: { httpStatus: status },
          schedule: SCHEDULE,
          nowMs: NOW,
          random: mid,
        }),
      ).toEqual({ state: 'delivered' });
    }
    expect(
      verdictAfter({ attempt: 1, result: { httpStatus: 410 }, schedule: SCHEDULE, nowMs: NOW, random: mid }),
    ).toEqual({ state: 'gone' });
  });

  it('follows the schedule step of the attempt, with at most ±10 % jitter', () => {
    SCHEDULE.forEach((step, i) => {
      const at = (random: () => number) =>
        delaySeconds(
          verdictAfter({
            attempt: i + 1,
            result: { httpStatus: 500 },
            schedule: SCHEDULE,
            nowMs: NOW,
            random,
          }),
        );
      expect(at(mid)).toBeCloseTo(step, 3);
      expect(at(() => 0)).toBeCloseTo(step * 0.9, 3);
      expect(at(() => 0.999999)).toBeLessThanOrEqual(step * 1.1);
      expect(at(() => 0.999999)).toBeGreaterThan(step * 1.099);
    });
  });

  it('treats 3xx, other 4xx/5xx and no response alike, and gives up after the last step', () => {
    for (const result of [{ httpStatus: 302 }, { httpStatus: 404 }, { httpStatus: 500 }, {}]) {
      expect(
        delaySeconds(verdictAfter({ attempt: 2, result, schedule: SCHEDULE, nowMs: NOW, random: mid })),
      ).toBe(300);
      expect(verdictAfter({ attempt: 8, result, schedule: SCHEDULE, nowMs: NOW, random: mid })).toEqual({
        state: 'failed',
      });
    }
    expect(
      verdictAfter({ attempt: 1, result: { httpStatus: 500 }, schedule: [], nowMs: NOW, random: mid }),
    ).toEqual({ state: 'failed' });
  });

  it('honours Retry-After on 429 and 503, never shortening the step, up to the largest step', () => {
    const after = (httpStatus: number, retryAfterSeconds: number, attempt = 1) =>
      delaySeconds(
        verdictAfter({
          attempt,
          result: { httpStatus, retryAfterSeconds },
          schedule: SCHEDULE,
          nowMs: NOW,
          random: mid,
        }),
      );
    expect(after(429, 120)).toBe(120);
    expect(after(503, 120)).toBe(120);
    expect(after(503, 1)).toBe(5);
    expect(after(429, 10 * 86400)).toBe(36000);
    expect(after(500, 120)).toBe(5);
    expect(after(429, 120, 3)).toBe(1800);
  });
});

describe('webhook message', () => {
  it('formats timestamps without milliseconds', () => {
    expect(webhookTimestamp('2025-03-01T10:00:03.987Z')).toBe('2025-03-01T10:00:03Z');
    expect(webhookTimestamp('2025-03-01T10:00:03Z')).toBe('2025-03-01T10:00:03Z');
  });

  it('builds the flat body of both events', () => {
    const delivery = { jobId: 'job_web_abc', occurredAt: '2025-03-01T10:00:03.987Z' };
    const done = webhookPayload(
      { ...delivery, event: 'job.completed' },
      { type: 'WEB', error: { code: 'X', message: 'stale retry error' } },
    );
    expect(done).toEqual({
      event: 'job.completed',
      jobId: 'job_web_abc',
      type: 'WEB',
      status: 'completed',
      resultUrl: '/jobs/job_web_abc/result',
      timestamp: '2025-03-01T10:00:03Z',
    });
    const failed = webhookPayload(
      { ...delivery, event: 'job.failed' },
      {
        type: 'WEB',
        error: { code: 'NAVIGATION_TIMEOUT', message: 'Navigation timeout of 30000 ms exceeded' },
      },
    );
    expect(JSON.stringify(failed)).toBe(
      '{"event":"job.failed","jobId":"job_web_abc","type":"WEB","status":"failed","resultUrl":"/jobs/job_web_abc/result",' +
        '"error":"Navigation timeout of 30000 ms exceeded","timestamp":"2025-03-01T10:00:03Z"}',
    );
  });

  it('signs id.timestamp.body per secret, newest first, in unix seconds', () => {
    const [newer, older] = [newWebhookSecret(), newWebhookSecret()];
    const at = new Date(Date.now() - 1500);
    const headers = signedHeaders('msg_1', '{"a":1}', [newer, older], at);
    expect(headers['webhook-id']).toBe('msg_1');
    expect(headers['webhook-timestamp']).toBe(String(Math.floor(at.getTime() / 1000)));
    const [first, second] = headers['webhook-signature'].split(' ');
    expect(first).toBe(
      new Webhook(newer).sign('msg_1', new Date(Math.floor(at.getTime() / 1000) * 1000), '{"a":1}'),
    );
    expect(() =>
      new Webhook(older).verify('{"a":1}', { ...headers, 'webhook-signature': second! }),
    ).not.toThrow();
    expect(() => signedHeaders('msg_1', '{}', [], at)).toThrow();
  });
});

describe('parseRetryAfter', () => {
  it('reads delay seconds and HTTP dates, and ignores garbage', () => {
    expect(parseRetryAfter('120', NOW)).toBe(120);
    expect(parseRetryAfter(' 0 ', NOW)).toBe(0);
    expect(parseRetryAfter(new Date(NOW + 90_000).toUTCString(), NOW)).toBe(90);
    expect(parseRetryAfter(new Date(NOW - 90_000).toUTCString(), NOW)).toBe(0);
    expect(parseRetryAfter('soon', NOW)).toBeUndefined();
    expect(parseRetryAfter('-5', NOW)).toBeUndefined();
    expect(parseRetryAfter(undefined, NOW)).toBeUndefined();
  });
});
