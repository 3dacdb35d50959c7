import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../../src/adapters/playwright/browser/launch-chromium.js';
import { testChromiumPath } from '../../helpers/chromium.js';
import type { LiveService } from '../../helpers/live-service.js';
import { startLiveService } from '../../helpers/live-service.js';

let live: LiveService;
let browser: Browser;

beforeAll(async () => {
  live = await startLiveService();
  browser = await launchChromium(testChromiumPath());
});
afterAll(async () => {
  await browser?.close();
  await live?.close();
});

/** Fields of the kinds CONTRACT §4a adds, as TypeBox writes them into /openapi.json. */
const LATER_FIELDS = {
  deviceScaleFactor: {
    type: 'number',
    minimum: 1,
    maximum: 3,
    description: 'Pixel ratio.',
    'x-group': 'viewport',
  },
  device: { type: 'string', maxLength: 100, 'x-group': 'viewport', 'x-choices-from': '/devices' },
  waitUntil: {
    anyOf: [
      { const: 'load', type: 'string' },
      { const: 'domcontentloaded', type: 'string' },
      { const: 'networkidle', type: 'string' },
    ],
    'x-group': 'waiting',
  },
  hideSelectors: { type: 'array', items: { type: 'string' }, maxItems: 50, 'x-group': 'preparation' },
  blockResources: {
    type: 'array',
    items: { type: 'string', enum: ['image', 'font', 'script'] },
    'x-group': 'preparation',
  },
  headers: {
    type: 'object',
    patternProperties: { '^(.*)$': { type: 'string' } },
    'x-group': 'preparation',
    'x-plan': 'STARTER',
  },
  css: { type: 'string', maxLength: 65536, 'x-group': 'preparation' },
  pdf: {
    type: 'object',
    properties: {
      landscape: { type: 'boolean' },
      printBackground: { type: 'boolean', default: true },
      marginPx: { type: 'integer', minimum: 0, maximum: 200 },
    },
    'x-group': 'pdf',
  },
  somethingNew: { type: 'boolean', description: 'A field nobody grouped.' },
};

async function openWithLaterFields(): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const errors: string[] = [];
  page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
  page.on('pageerror', (e) => errors.push(e.message));
  const doc = (await (await fetch(`${live.baseUrl}/openapi.json`)).json()) as {
    paths: Record<
      string,
      { post: { requestBody: { content: Record<string, { schema: { properties: object } }> } } }
    >;
  };
  const body = doc.paths['/screenshots/web']!.post.requestBody.content['application/json']!.schema;
  body.properties = { ...body.properties, ...LATER_FIELDS };
  await page.route('**/openapi.json', (route) => route.fulfill({ json: doc }));
  await page.route('**/devices', (route) =>
    route.fulfill({ json: { devices: [{ name: 'iPhone 15' }, { name: 'Pixel 7' }] } }),
  );
  await page.goto(`${live.baseUrl}/`);
  await page.waitForSelector('#submit:not([disabled])');
  return { page, errors };
}

const requestJson = async (page: Page) =>
  JSON.parse((await page.textContent('#request-json'))!) as Record<string, unknown>;

describe('the form follows the request schema', () => {
  it('groups fields by x-group, shows x-plan, and sends what each control holds', async () => {
    const { page, errors } = await openWithLaterFields();
    const groupOf = (id: string) => page.$eval(`#${id}`, (n) => n.closest('details')?.dataset.group ?? 'top');
    expect(await groupOf('opt-url')).toBe('top');
    expect(await groupOf('opt-format')).toBe('output');
    expect(await groupOf('opt-deviceScaleFactor')).toBe('viewport');
    expect(await groupOf('opt-waitUntil')).toBe('waiting');
    expect(await groupOf('opt-pdf-landscape')).toBe('pdf');
    expect(await groupOf('opt-somethingNew')).toBe('other');
    expect(await page.textContent('[data-path="fullPage"] .plan')).toBe('STARTER+');
    expect(await page.textContent('[data-path="headers"] .plan')).toBe('STARTER+');
    expect(
      await page.$$eval('#opt-device-choices option', (o) => o.map((x) => (x as HTMLOptionElement).value)),
    ).toEqual(['iPhone 15', 'Pixel 7']);

    for (const summary of ['Waiting', 'Page preparation', 'PDF', 'Other options'])
      await page.click(`summary:has-text("${summary}")`);
    await page.fill('#opt-url', 'https://example.com/');
    await page.fill('#opt-deviceScaleFactor', '2');
    await page.fill('#opt-device', 'Pixel 7');
    await page.selectOption('#opt-waitUntil', { label: 'networkidle' });
    await page.fill('#opt-hideSelectors', '.banner\n\n#chat  ');
    await page.check('#opt-blockResources-0');
    await page.check('#opt-blockResources-2');
    await page.fill('#opt-headers', '{"x-trace": "abc"}');
    await page.fill('#opt-css', 'body { color: red }');
    await page.uncheck('#opt-pdf-printBackground');
    await page.fill('#opt-pdf-marginPx', '12');
    await page.check('#opt-somethingNew');
    expect(await requestJson(page)).toEqual({
      url: 'https://example.com/',
      deviceScaleFactor: 2,
      device: 'Pixel 7',
      waitUntil: 'networkidle',
      hideSelectors: ['.banner', '#chat'],
      blockResources: ['image', 'script'],
      headers: { 'x-trace': 'abc' },
      css: 'body { color: red }',
      pdf: { printBackground: false, marginPx: 12 },
      somethingNew: true,
    });
    expect(await page.textContent('details[data-group="preparation"] .count')).toBe('(4 set)');
    expect(await page.$eval('#opt-css', (n) => n.tagName)).toBe('TEXTAREA');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('refuses to send a JSON field that does not parse, and says so next to it', async () => {
    const { page, errors } = await openWithLaterFields();
    await page.fill('#api-key', 'shots_sk_whatever');
    await page.fill('#opt-url', 'https://example.com/');
    await page.click('summary:has-text("Page preparation")');
    await page.fill('#opt-headers', '{"x-trace": ');
    const posts: string[] = [];
    page.on('request', (r) => void (r.method() === 'POST' && posts.push(r.url())));
    await page.click('#submit');
    expect(await page.textContent('#opt-headers-error')).toBe('is not valid JSON');
    expect(await page.textContent('#problem h3')).toBe('Fix the marked fields');
    expect(posts).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
});
