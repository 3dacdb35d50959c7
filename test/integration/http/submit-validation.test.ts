import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '../../helpers/api.js';
import { startTestApi } from '../../helpers/api.js';

let api: TestApi;
let key: string;
let freeKey: string;

beforeAll(async () => {
  api = await startTestApi();
  key = (await api.account('ENTERPRISE')).apiKey;
  freeKey = (await api.account('FREE')).apiKey;
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

  it('validates before gating: a bad body on a low plan is a 400', async () => {
    const res = await post({ url: 'http://127.0.0.1/', fullPage: true }, freeKey);
    expect(res.statusCode).toBe(400);
  });
});

describe('body size', () => {
  it('answers 413 to a body over 256 KiB', async () => {
    const res = await post({ url: 'http://127.0.0.2/', css: 'x'.repeat(270_000) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', status: 413 });
  });
});
