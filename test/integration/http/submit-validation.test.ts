import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '../../helpers/api.js';
import { startTestApi } from '../../helpers/api.js';
import { BODY_LIMIT_BYTES } from '../../../src/http/body-limit.js';

let api: TestApi;
let key: string;
let freeKey: string;
let starterKey: string;

beforeAll(async () => {
  api = await startTestApi();
  key = (await api.account('ENTERPRISE')).apiKey;
  freeKey = (await api.account('FREE')).apiKey;
  starterKey = (await api.account('STARTER')).apiKey;
});
afterAll(async () => {
  await api.close();
});

function post(body: unknown, apiKey = key, contentType = 'application/json') {
  return api.app.inject({
    method: 'POST',
    url: '/screenshots/web',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': contentType },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

function fields(response: { json(): unknown }): string[] {
  return ((response.json() as { errors?: { field: string }[] }).errors ?? []).map((e) => e.field).sort();
}

describe('POST /screenshots/web validation', () => {
  it('accepts a bare url with 202, a job id, a status link and Location', async () => {
    const res = await post({ url: 'http://127.0.0.2:9/page' });
    expect(res.statusCode).toBe(202);
    const body = res.json();
    expect(body.jobId).toMatch(/^job_web_[A-Za-z0-9_-]{20,}$/);
    expect(body.status).toBe('queued');
    expect(body.statusUrl).toBe(`/jobs/${body.jobId}/status`);
    expect(res.headers.location).toBe(body.statusUrl);
    expect(typeof body.estimatedSeconds).toBe('number');
    expect(body.estimatedSeconds).toBeGreaterThan(0);
    expect(res.headers['ratelimit-limit']).toBe('600');
  });

  it.each([
    ['missing url', {}, ['url']],
    ['url not a string', { url: 42 }, ['url']],
    ['unknown field', { url: 'http://127.0.0.2/', colour: 'red' }, ['colour']],
    ['format outside the enum', { url: 'http://127.0.0.2/', format: 'gif' }, ['format']],
    [
      'dimensions out of range',
      { url: 'http://127.0.0.2/', dimensions: { width: 50, height: 5000 } },
      ['dimensions.height', 'dimensions.width'],
    ],
    [
      'dimensions not whole',
      { url: 'http://127.0.0.2/', dimensions: { width: 800.5, height: 600 } },
      ['dimensions.width'],
    ],
    [
      'dimensions missing height',
      { url: 'http://127.0.0.2/', dimensions: { width: 800 } },
      ['dimensions.height'],
    ],
    [
      'video out of range',
      { url: 'http://127.0.0.2/', video: { duration: 31, fps: 0 } },
      ['video.duration', 'video.fps'],
    ],
    [
      'booleans as strings',
      { url: 'http://127.0.0.2/', fullPage: 'yes', bypassCache: 1 },
      ['bypassCache', 'fullPage'],
    ],
    [
      'proxyLocation outside the enum',
      { url: 'http://127.0.0.2/', proxyLocation: 'mars' },
      ['proxyLocation'],
    ],
    [
      'storage incomplete',
      { url: 'http://127.0.0.2/', storage: { bucket: 'b' } },
      ['storage.accessKeyId', 'storage.region', 'storage.secretAccessKey'],
    ],
    ['empty element', { url: 'http://127.0.0.2/', element: '' }, ['element']],
    ['several problems at once', { format: 'bmp', extra: 1 }, ['extra', 'format', 'url']],
  ])('rejects %s with 400 naming the fields', async (_name, body, expected) => {
    const res = await post(body);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    const problem = res.json();
    expect(problem).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', title: 'Bad Request' });
    expect(typeof problem.type).toBe('string');
    expect(typeof problem.detail).toBe('string');
    expect(fields(res)).toEqual(expected);
  });

  it.each([
    ['loopback', 'http://127.0.0.1:8080/'],
    ['private network', 'http://10.0.0.1/'],
    ['cloud metadata', 'http://169.254.169.254/latest/meta-data/'],
    ['IPv6 loopback', 'http://[::1]/'],
    ['decimal IPv4', 'http://2130706433/'],
    ['localhost', 'http://localhost:8080/'],
    ['a file URL', 'file:///etc/passwd'],
    ['not a URL', 'not a url'],
  ])('blocks %s with 400 on url (SSRF)', async (_name, url) => {
    const res = await post({ url });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expect(fields(res)).toEqual(['url']);
  });

  it('requires an https webhook and checks its address', async () => {
    const plain = await post({ url: 'http://127.0.0.2/', webhookUrl: 'http://127.0.0.2/hook' });
    expect(plain.statusCode).toBe(400);
    expect(fields(plain)).toEqual(['webhookUrl']);
    const internal = await post({ url: 'http://127.0.0.2/', webhookUrl: 'https://10.1.2.3/hook' });
    expect(internal.statusCode).toBe(400);
    expect(fields(internal)).toEqual(['webhookUrl']);
  });

  it('answers 415 to a body that is not JSON, and 400 to JSON that is not an object', async () => {
    const text = await post('url=http://127.0.0.2/', key, 'text/plain');
    expect(text.statusCode).toBe(415);
    expect(text.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const array = await post([{ url: 'http://127.0.0.2/' }]);
    expect(array.statusCode).toBe(400);
    expect(fields(array)).toEqual(['body']);
    const broken = await post('{"url": ');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe('VALIDATION_ERROR');
  });

  it('answers 403 PLAN_UPGRADE_REQUIRED naming each option and the plan needed', async () => {
    const res = await post(
      { url: 'http://127.0.0.2/', fullPage: true, stealth: true, video: { duration: 2, fps: 5 } },
      freeKey,
    );
    expect(res.statusCode).toBe(403);
    const problem = res.json();
    expect(problem.code).toBe('PLAN_UPGRADE_REQUIRED');
    expect(problem.requiredPlan).toBe('BUSINESS');
    expect(fields(res)).toEqual(['fullPage', 'stealth', 'video']);
  });

  it('names each option with its own minimum plan when options of different tiers are combined', async () => {
    const res = await post(
      { url: 'http://127.0.0.2/', video: { duration: 2, fps: 10 }, stealth: true },
      starterKey,
    );
    expect(res.statusCode).toBe(403);
    const problem = res.json();
    expect(problem.requiredPlan).toBe('BUSINESS');
    expect(problem.errors).toEqual([
      { field: 'video', message: 'requires plan GROWTH or above' },
      { field: 'stealth', message: 'requires plan BUSINESS or above' },
    ]);
    expect(problem.detail).toBe(
      'video requires plan GROWTH or above, stealth requires plan BUSINESS or above; ' +
        'this account is on STARTER: plan BUSINESS or above allows them all.',
    );
  });

  it.each([
    ['a scheme that is not http(s)', { url: 'ftp://x', quality: 500 }, ['quality', 'url']],
    [
      'combinations that cannot work',
      {
        url: 'http://x/',
        quality: 50,
        clip: { x: 0, y: 0, width: 10, height: 10 },
        fullPage: true,
        delayMs: -1,
      },
      ['clip', 'delayMs', 'quality'],
    ],
    [
      'a webhook that is not https, and an unknown device',
      { url: 'http://x/', webhookUrl: 'http://hooks.test/', device: 'Nokia 3310', extra: 1 },
      ['device', 'extra', 'webhookUrl'],
    ],
    [
      'a cookie of another domain',
      { url: 'http://x.test/', cookies: [{ name: 'a', value: 'b', domain: 'y.test' }], format: 'gif' },
      ['cookies.0.domain', 'format'],
    ],
  ])('names the later checks’ problems with the schema’s: %s', async (_name, body, expected) => {
    // http://x/ does not resolve: no lookup is made for a body that already failed.
    const res = await post(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expect(fields(res)).toEqual(expected);
  });

  it('names a bad Idempotency-Key together with the body’s problems', async () => {
    const res = await api.app.inject({
      method: 'POST',
      url: '/screenshots/web',
      headers: {
        authorization: `Bearer ${key}`,
        'content-type': 'application/json',
        'idempotency-key': 'k'.repeat(256),
      },
      payload: JSON.stringify({ url: 'ftp://x' }),
    });
    expect(res.statusCode).toBe(400);
    expect(fields(res)).toEqual(['Idempotency-Key', 'url']);
  });

  it('names a bad Idempotency-Key when the body fails its schema too', async () => {
    const send = (payload: string, idempotencyKey: string) =>
      api.app.inject({
        method: 'POST',
        url: '/screenshots/web',
        headers: {
          authorization: `Bearer ${key}`,
          'content-type': 'application/json',
          'idempotency-key': idempotencyKey,
        },
        payload,
      });
    const res = await send(JSON.stringify({ url: 5, delayMs: 'x' }), 'k'.repeat(256));
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors as { field: string; message: string }[];
    expect(errors.map((e) => e.field).sort()).toEqual(['Idempotency-Key', 'delayMs', 'url']);
    expect(errors.find((e) => e.field === 'Idempotency-Key')?.message).toBe('must be at most 255 characters');
    // A body that is no object, and a good key: only the body is named.
    const array = await send('[1]', 'k');
    expect(fields(array)).toEqual(['body']);
    const both = await send('[1]', 'k'.repeat(256));
    expect(fields(both).sort()).toEqual(['Idempotency-Key', 'body']);
  });

  it('says "an array", "an object" and "a whole number" with the right article', async () => {
    const res = await post({ url: 'http://127.0.0.2/', hideSelectors: '.ad', clip: 5, delayMs: 'x' });
    const messages = Object.fromEntries(
      (res.json().errors as { field: string; message: string }[]).map((e) => [e.field, e.message]),
    );
    expect(messages).toEqual({
      hideSelectors: 'must be an array',
      clip: 'must be an object',
      delayMs: 'must be a whole number',
    });
  });

  it('validates before gating: a bad body on a low plan is a 400', async () => {
    const res = await post({ url: 'http://127.0.0.1/', fullPage: true }, freeKey);
    expect(res.statusCode).toBe(400);
  });
});

/** JSON as a client that escapes everything outside ASCII writes it (Python's json.dumps): 6 bytes a unit. */
function asciiJson(body: unknown): string {
  return JSON.stringify(body).replace(
    /[\u007f-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

describe('body size', () => {
  it('accepts css and javascript at their 65,536-character maximum in 3-byte characters', async () => {
    const code = '€'.repeat(65_536);
    const payload = JSON.stringify({ url: 'http://127.0.0.2/', format: 'jpeg', css: code, javascript: code });
    expect(Buffer.byteLength(payload)).toBeGreaterThan(390_000);
    const res = await post(payload);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(202);
  });

  it('accepts a request with every field at its maximum, escaped as \\uXXXX pairs', async () => {
    const wide = (n: number) => '😀'.repeat(n); // one code point, 4 bytes of UTF-8, 12 as escapes
    const latin = (n: number) => 'ÿ'.repeat(n); // what header values may hold beyond ASCII
    const body = {
      url: `http://127.0.0.2:9/${'€'.repeat(2048 - 19)}`,
      description: wide(500),
      element: wide(500),
      fullPage: true,
      format: 'jpeg',
      quality: 100,
      blockAds: true,
      acceptCookies: true,
      stealth: true,
      bypassCache: true,
      storage: {
        bucket: `b${'a'.repeat(61)}b`,
        region: 'eu-west-1',
        accessKeyId: wide(256),
        secretAccessKey: wide(512),
      },
      deviceScaleFactor: 2.5,
      device: 'iPhone 13',
      darkMode: true,
      disableAnimations: true,
      waitUntil: 'domcontentloaded',
      waitForSelector: wide(1000),
      delayMs: 10_000,
      hideSelectors: Array.from({ length: 50 }, () => wide(1000)),
      clickSelector: wide(1000),
      css: wide(65_536),
      javascript: wide(65_536),
      userAgent: latin(512),
      headers: Object.fromEntries(
        Array.from({ length: 20 }, (_, i) => [`X-${i}-`.padEnd(1024, 'a'), latin(1024)]),
      ),
      cookies: Array.from({ length: 50 }, (_, i) => ({
        name: `c${i}`.padEnd(1024, 'a'),
        value: wide(1024),
        domain: '127.0.0.2',
        path: `/${wide(1023)}`,
        secure: true,
        httpOnly: false,
        sameSite: 'Strict',
      })),
      blockResources: [
        'image',
        'media',
        'font',
        'stylesheet',
        'script',
        'xhr',
        'fetch',
        'websocket',
        'other',
      ],
      timezone: 'America/Argentina/ComodRivadavia',
      locale: 'en-US',
      geolocation: { latitude: -89.123456789, longitude: -179.123456789, accuracy: 12345.6789 },
      failOnHttpError: true,
    };
    const payload = asciiJson(body);
    expect(payload.length).toBeGreaterThan(3 * 1024 ** 2);
    const res = await post(payload);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(202);
  });

  it('answers 413 problem+json to a body larger than any valid request', async () => {
    const res = await post({ url: 'http://127.0.0.2/', css: 'x'.repeat(BODY_LIMIT_BYTES) });
    expect(res.statusCode).toBe(413);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', status: 413, title: 'Content Too Large' });
  });
});
