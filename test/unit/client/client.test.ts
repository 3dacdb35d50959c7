import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { retryAfterOf } from '../../../src/client/errors.js';
import { Shots, ShotsError, verifyWebhook } from '../../../src/client/index.js';

const SECRET = 'whsec_' + Buffer.from('a test secret of thirty-two bytes').toString('base64');

function signed(body: string, at = new Date()) {
  const id = 'msg_unit_1';
  const signature = new Webhook(SECRET).sign(id, at, body);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signature,
  };
}

const BODY = JSON.stringify({
  event: 'job.completed',
  jobId: 'job_web_x',
  type: 'WEB',
  status: 'completed',
  resultUrl: '/jobs/job_web_x/result',
  timestamp: '2026-01-01T00:00:00Z',
});

describe('verifyWebhook', () => {
  it('accepts a Standard Webhooks signature from a string, bytes, Headers or Node headers', () => {
    const headers = signed(BODY);
    const event = verifyWebhook(BODY, headers, SECRET);
    expect(event.jobId).toBe('job_web_x');
    expect(verifyWebhook(Buffer.from(BODY), new Headers(headers), SECRET)).toEqual(event);
    const nodeStyle = { ...headers, 'Webhook-Id': undefined, 'x-forwarded-for': ['a', 'b'] };
    expect(verifyWebhook(BODY, nodeStyle, SECRET)).toEqual(event);
  });

  it('refuses an old timestamp, a changed body and a missing secret with INVALID_SIGNATURE', () => {
    const old = signed(BODY, new Date(Date.now() - 10 * 60_000));
    for (const [body, headers, secret] of [
      [BODY, old, SECRET],
      [BODY.replace('x', 'y'), signed(BODY), SECRET],
      [BODY, signed(BODY), []],
    ] as const) {
      let thrown: unknown;
      try {
        verifyWebhook(body, headers, secret);
      } catch (err) {
        thrown = err;
      }
      expect(thrown).toBeInstanceOf(ShotsError);
      expect(thrown).toMatchObject({ status: 401, code: 'INVALID_SIGNATURE' });
    }
  });
});

describe('ShotsError and Retry-After', () => {
  it('reads Retry-After as seconds or as a date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterOf(new Headers({ 'retry-after': '17' }), now)).toBe(17);
    expect(retryAfterOf(new Headers({ 'retry-after': 'Thu, 01 Jan 2026 00:00:30 GMT' }), now)).toBe(30);
    expect(retryAfterOf(new Headers({ 'retry-after': 'soon' }), now)).toBeUndefined();
    expect(retryAfterOf(new Headers(), now)).toBeUndefined();
  });

  it('says the status, code, detail and every field in its message', () => {
    const err = new ShotsError({
      status: 400,
      code: 'VALIDATION_ERROR',
      detail: 'The request is not valid.',
      errors: [
        { field: 'url', message: 'is required' },
        { field: 'dimensions.width', message: 'must be at least 100' },
      ],
    });
    expect(err.message).toBe(
      '400 VALIDATION_ERROR: The request is not valid. (url: is required; dimensions.width: must be at least 100)',
    );
    expect(new ShotsError({ status: 0, code: 'NETWORK_ERROR', detail: 'down' }).message).toBe(
      'NETWORK_ERROR: down',
    );
  });
});

describe('new Shots()', () => {
  it('wants an http(s) base URL (or none, in a page of the service) and a key', () => {
    expect(() => new Shots({ baseUrl: 'localhost:8080', apiKey: 'k' })).toThrow(
      /baseUrl must be an http\(s\) URL/,
    );
    expect(() => new Shots({ baseUrl: 'http://localhost:8080', apiKey: '' })).toThrow(/apiKey/);
    expect(() => new Shots({ baseUrl: '', apiKey: 'k' })).not.toThrow();
  });
});
