import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '../../helpers/api.js';
import { startTestApi } from '../../helpers/api.js';

// Every field of CONTRACT §4a validated, each problem named in errors[].field; plan gating of
// javascript, headers and cookies; GET /devices; the OpenAPI document lists every field.

let api: TestApi;
let key: string;
let freeKey: string;
const URL_OK = 'http://127.0.0.2:9/page';

beforeAll(async () => {
  api = await startTestApi();
  key = (await api.account('ENTERPRISE')).apiKey;
  freeKey = (await api.account('FREE')).apiKey;
});
afterAll(async () => {
  await api.close();
});

function post(body: unknown, apiKey = key) {
  return api.app.inject({
    method: 'POST',
    url: '/screenshots/web',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

function fields(response: { json(): unknown }): string[] {
  return ((response.json() as { errors?: { field: string }[] }).errors ?? []).map((e) => e.field).sort();
}

const ALL_FIELDS = {
  deviceScaleFactor: 2,
  device: 'Pixel 5',
  darkMode: true,
  disableAnimations: true,
  waitUntil: 'networkidle',
  waitForSelector: '#main',
  delayMs: 500,
  hideSelectors: ['.ad', '#cookie'],
  clickSelector: 'button.more',
  css: 'body { color: red }',
  javascript: 'document.title = "x"',
  userAgent: 'Mozilla/5.0 Test',
  headers: { 'X-Api-Token': 'abc', Authorization: 'Bearer t' },
  cookies: [{ name: 'sid', value: 'v', path: '/', secure: false, httpOnly: true, sameSite: 'Lax' }],
  quality: 70,
  format: 'jpeg',
  blockResources: ['image', 'font'],
  timezone: 'Europe/Paris',
  locale: 'fr-FR',
  geolocation: { latitude: 48.85, longitude: 2.35, accuracy: 10 },
  failOnHttpError: true,
};

describe('capture controls of §4a', () => {
  it('accepts every field together', async () => {
    const res = await post({ url: URL_OK, ...ALL_FIELDS });
    expect(res.statusCode, res.body).toBe(202);
    const pdf = await post({
      url: URL_OK,
      format: 'pdf',
      pdf: {
        paperFormat: 'Letter',
        landscape: true,
        marginPx: 20,
        printBackground: false,
        scale: 0.8,
        pageRanges: '1-3, 5',
        mediaType: 'screen',
      },
    });
    expect(pdf.statusCode, pdf.body).toBe(202);
    const clip = await post({
      url: URL_OK,
      clip: { x: 0, y: 100, width: 300, height: 200 },
      omitBackground: true,
      format: 'webp',
    });
    expect(clip.statusCode, clip.body).toBe(202);
  });

  it.each([
    ['deviceScaleFactor out of range', { deviceScaleFactor: 4 }, ['deviceScaleFactor']],
    ['unknown device', { device: 'Nokia 3310' }, ['device']],
    ['waitUntil outside the enum', { waitUntil: 'idle' }, ['waitUntil']],
    ['an over-long waitForSelector', { waitForSelector: 'a'.repeat(1001) }, ['waitForSelector']],
    ['delayMs out of range', { delayMs: 10_001 }, ['delayMs']],
    [
      'too many hideSelectors',
      { hideSelectors: Array.from({ length: 51 }, (_, i) => `.a${i}`) },
      ['hideSelectors'],
    ],
    ['an over-long css', { css: 'x'.repeat(65_537) }, ['css']],
    ['an over-long userAgent', { userAgent: 'u'.repeat(513) }, ['userAgent']],
    ['a forbidden header', { headers: { Host: 'evil.test' } }, ['headers.Host']],
    ['a proxy header', { headers: { 'Proxy-Authorization': 'x' } }, ['headers.Proxy-Authorization']],
    ['a cookie header', { headers: { cookie: 'a=b' } }, ['headers.cookie']],
    ['a header with a line break', { headers: { 'X-A': 'a\r\nX-B: b' } }, ['headers.X-A']],
    ['a header name that is no token', { headers: { 'X A': 'v' } }, ['headers.X A']],
    ['a header name over 1,024 characters', { headers: { [`X-${'a'.repeat(1023)}`]: 'v' } }, ['headers']],
    [
      'too many headers',
      { headers: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`X-${i}`, 'v'])) },
      ['headers'],
    ],
    [
      'a cookie of another domain',
      { cookies: [{ name: 'a', value: 'b', domain: 'example.com' }] },
      ['cookies.0.domain'],
    ],
    ['a cookie without a value', { cookies: [{ name: 'a' }] }, ['cookies.0.value']],
    ['a cookie with a bad path', { cookies: [{ name: 'a', value: 'b', path: 'x' }] }, ['cookies.0.path']],
    [
      'an unknown sameSite',
      { cookies: [{ name: 'a', value: 'b', sameSite: 'Loose' }] },
      ['cookies.0.sameSite'],
    ],
    ['quality with png', { quality: 80 }, ['quality']],
    ['quality with pdf', { quality: 80, format: 'pdf' }, ['quality']],
    ['quality out of range', { quality: 0, format: 'jpeg' }, ['quality']],
    ['omitBackground with jpeg', { omitBackground: true, format: 'jpeg' }, ['omitBackground']],
    ['clip with element', { clip: { x: 0, y: 0, width: 10, height: 10 }, element: '#a' }, ['clip']],
    ['clip with fullPage', { clip: { x: 0, y: 0, width: 10, height: 10 }, fullPage: true }, ['clip']],
    ['clip without size', { clip: { x: 0, y: 0, width: 0, height: 10 } }, ['clip.width']],
    ['an unknown resource type', { blockResources: ['document'] }, ['blockResources.0']],
    ['a repeated resource type', { blockResources: ['image', 'image'] }, ['blockResources']],
    ['a bad time zone', { timezone: 'Mars/Olympus' }, ['timezone']],
    ['a bad locale', { locale: 'not a locale!' }, ['locale']],
    ['geolocation out of range', { geolocation: { latitude: 91, longitude: 0 } }, ['geolocation.latitude']],
    ['pdf without format pdf', { pdf: { landscape: true } }, ['pdf']],
    ['pdf with element', { format: 'pdf', element: '#a', pdf: {} }, ['pdf']],
    ['an unknown paper format', { format: 'pdf', pdf: { paperFormat: 'A0' } }, ['pdf.paperFormat']],
    ['bad page ranges', { format: 'pdf', pdf: { pageRanges: 'first two' } }, ['pdf.pageRanges']],
    ['pdf margin out of range', { format: 'pdf', pdf: { marginPx: 201 } }, ['pdf.marginPx']],
    ['an unknown pdf option', { format: 'pdf', pdf: { paper: 'A4' } }, ['pdf.paper']],
    [
      'a video over 3840×2160 pixels',
      { video: { duration: 2, fps: 10 }, dimensions: { width: 1920, height: 1080 }, deviceScaleFactor: 3 },
      ['deviceScaleFactor'],
    ],
  ])('refuses %s with 400 naming the field', async (_name, body, expected) => {
    const res = await post({ url: URL_OK, ...body });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', status: 400 });
    expect(fields(res)).toEqual([...expected].sort());
  });

  it('accepts a cookie for a parent domain but not for a public suffix', async () => {
    const target = 'https://shop.example.co.uk/';
    // The URL does not resolve here; only the cookie's own problem is asked about.
    const parent = await post({ url: target, cookies: [{ name: 'a', value: 'b', domain: 'example.co.uk' }] });
    expect(fields(parent)).not.toContain('cookies.0.domain');
    const suffix = await post({ url: target, cookies: [{ name: 'a', value: 'b', domain: 'co.uk' }] });
    expect(fields(suffix)).toContain('cookies.0.domain');
  });

  it('gates javascript, headers and cookies at STARTER, with requiredPlan', async () => {
    const res = await post(
      { url: URL_OK, javascript: '1', headers: { 'X-A': 'b' }, cookies: [{ name: 'a', value: 'b' }] },
      freeKey,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'PLAN_UPGRADE_REQUIRED', requiredPlan: 'STARTER' });
    expect(fields(res)).toEqual(['cookies', 'headers', 'javascript']);
    const free = await post(
      { url: URL_OK, deviceScaleFactor: 2, darkMode: true, css: 'a{}', delayMs: 10 },
      freeKey,
    );
    expect(free.statusCode, free.body).toBe(202);
  });
});

describe('GET /devices', () => {
  it('lists the presets with their viewport and scale factor, without a key', async () => {
    const res = await api.app.inject({ url: '/devices' });
    expect(res.statusCode).toBe(200);
    const { devices } = res.json<{
      devices: { name: string; viewport: object; deviceScaleFactor: number; isMobile: boolean }[];
    }>();
    expect(devices.length).toBeGreaterThan(50);
    expect(devices.find((d) => d.name === 'iPhone 13')).toEqual({
      name: 'iPhone 13',
      viewport: { width: 390, height: 664 },
      deviceScaleFactor: 3,
      isMobile: true,
    });
  });
});

describe('the OpenAPI document', () => {
  it('documents every §4a field of the request', async () => {
    const doc = (await api.app.inject({ url: '/openapi.json' })).json();
    const properties = Object.keys(
      doc.paths['/screenshots/web'].post.requestBody.content['application/json'].schema.properties,
    );
    for (const field of [...Object.keys(ALL_FIELDS), 'omitBackground', 'clip', 'pdf'])
      expect(properties).toContain(field);
    expect(doc.paths['/devices'].get).toBeDefined();
  });
});
