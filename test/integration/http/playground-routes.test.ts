import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPTION_GROUPS } from '../../../src/http/option-hints.js';
import { OPTION_PLANS } from '../../../src/domain/capture-request.js';
import type { TestApi } from '../../helpers/api.js';
import { startTestApi } from '../../helpers/api.js';

let api: TestApi;
let plain: TestApi;

beforeAll(async () => {
  api = await startTestApi({ PUBLIC_BASE_URL: 'https://shots.example.test/' });
  plain = await startTestApi();
});
afterAll(async () => {
  await api?.close();
  await plain?.close();
});

describe('GET / and the playground assets', () => {
  it('serves the page with a policy that keeps every asset on this service', async () => {
    const res = await plain.app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.body).toContain('<meta name="shots-public-base-url" content="" />');
    expect(res.body).toContain('<a href="/docs">API docs</a>');
    // Nothing from elsewhere: every src and href is this service's own path.
    for (const [, url] of res.body.matchAll(/(?:src|href)="([^"]*)"/g)) expect(url).toMatch(/^\//);
  });

  it('makes its links absolute with PUBLIC_BASE_URL', async () => {
    const res = await api.app.inject({ url: '/' });
    expect(res.body).toContain('<meta name="shots-public-base-url" content="https://shots.example.test" />');
    expect(res.body).toContain('<a href="https://shots.example.test/docs">API docs</a>');
    const doc = (await api.app.inject({ url: '/openapi.json' })).json<{ info: { description: string } }>();
    expect(doc.info.description).toContain('[playground](https://shots.example.test/)');
    const plainDoc = (await plain.app.inject({ url: '/openapi.json' })).json<{
      info: { description: string };
    }>();
    expect(plainDoc.info.description).toContain('[playground](/)');
  });

  it('serves its style sheet, icon and the compiled browser code, and nothing else', async () => {
    const css = await plain.app.inject({ url: '/playground/playground.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect((await plain.app.inject({ url: '/playground/favicon.svg' })).headers['content-type']).toBe(
      'image/svg+xml',
    );
    for (const path of ['/playground/js/playground/main.js', '/playground/js/client/shots.js']) {
      const js = await plain.app.inject({ url: path });
      expect(js.statusCode, path).toBe(200);
      expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    }
    for (const path of [
      '/playground/js/main/index.js',
      '/playground/js/playground/..%2F..%2Fmain%2Findex.js',
      '/playground/js/client/shots.js.map',
      '/playground/index.html',
    ]) {
      const res = await plain.app.inject({ url: path });
      expect(res.statusCode, path).toBe(404);
      expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    }
  });

  it('annotates every request field with its group and the plan it needs', async () => {
    const doc = (await plain.app.inject({ url: '/openapi.json' })).json<{
      paths: Record<string, { post: { requestBody: { content: Record<string, { schema: unknown }> } } }>;
    }>();
    const schema = doc.paths['/screenshots/web']!.post.requestBody.content['application/json']!.schema as {
      properties: Record<string, { 'x-group'?: string; 'x-plan'?: string }>;
    };
    const fields = Object.entries(schema.properties);
    expect(fields.length).toBeGreaterThanOrEqual(14);
    for (const [name, property] of fields) {
      expect(OPTION_GROUPS, name).toContain(property['x-group']);
      expect(property['x-plan'], name).toBe(OPTION_PLANS[name]);
    }
    expect(schema.properties.url!['x-group']).toBe('target');
    expect(schema.properties.video).toMatchObject({ 'x-group': 'video', 'x-plan': 'GROWTH' });
  });
});
