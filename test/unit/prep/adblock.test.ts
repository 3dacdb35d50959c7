import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Request } from '@ghostery/adblocker';
import type { FiltersEngine } from '@ghostery/adblocker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAdblockEngine,
  DEFAULT_FILTER_LIST_DIR,
} from '../../../src/adapters/playwright/prep/adblock.js';

// The engine on the filter lists that ship in assets/filters (EasyList + EasyPrivacy).

const PAGE = 'http://127.0.0.2:4000/prep/news.html';
const on = (host: string, path: string): string => `http://${host}:4000${path}`;

let cacheDir: string;
let engine: FiltersEngine;

function verdict(
  url: string,
  type: 'script' | 'image' | 'sub_frame' | 'xmlhttprequest' | 'stylesheet',
): boolean {
  return engine.match(Request.fromRawDetails({ url, sourceUrl: PAGE, type })).match;
}

beforeAll(async () => {
  cacheDir = mkdtempSync(join(tmpdir(), 'shots-adblock-'));
  engine = await createAdblockEngine({ cacheDir }).get();
});
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

describe('ad-block engine on the shipped lists', () => {
  it.each([
    ['ad script', on('pagead2.googlesyndication.com', '/prep/adnet/adsbygoogle.js'), 'script'],
    ['ad tag', on('securepubads.g.doubleclick.net', '/prep/adnet/gpt.js'), 'script'],
    ['ad image', on('ad.doubleclick.net', '/img.svg?id=doubleclick-banner'), 'image'],
    ['ad frame', on('tpc.googlesyndication.com', '/prep/adnet/frame.html'), 'sub_frame'],
    ['analytics', on('static.criteo.net', '/prep/trackers/analytics.js'), 'script'],
    [
      'analytics (HSTS-preloaded, so not in the fixture)',
      'https://www.google-analytics.com/analytics.js',
      'script',
    ],
    ['tag manager', on('www.googletagmanager.com', '/prep/trackers/gtm.js'), 'script'],
    ['session recorder', on('static.hotjar.com', '/prep/trackers/hotjar.js'), 'script'],
    ['beacon', on('sb.scorecardresearch.com', '/img.svg?id=scorecard-beacon'), 'image'],
  ] as const)('blocks the %s of the news fixture', (_name, url, type) => {
    expect(verdict(url, type)).toBe(true);
  });

  it.each([
    ['a first-party image', 'http://127.0.0.2:4000/img.svg?id=photo', 'image'],
    ['a first-party stylesheet', 'http://127.0.0.2:4000/prep/site.css', 'stylesheet'],
    ['a CDN script', 'https://cdn.jsdelivr.net/npm/lodash@4/lodash.min.js', 'script'],
    ['an API call', 'https://api.example.com/v1/articles', 'xmlhttprequest'],
  ] as const)('lets %s through', (_name, url, type) => {
    expect(verdict(url, type)).toBe(false);
  });

  it('hides the ad slots of the page markup with element-hiding rules', () => {
    const { styles } = engine.getCosmeticsFilters({
      url: PAGE,
      hostname: '127.0.0.2',
      domain: '',
      classes: ['ad-slot', 'adsbygoogle', 'content'],
      ids: ['div-gpt-ad-1700000000000-0', 'headline'],
      hrefs: [],
      getBaseRules: true,
      getRulesFromHostname: true,
      getRulesFromDOM: true,
    });
    expect(styles).toContain('.ad-slot');
    expect(styles).toContain('[id^="div-gpt-ad"]');
    expect(styles).toContain('ins.adsbygoogle[data-ad-client]');
    expect(styles).not.toContain('#headline');
  });

  it('writes the built engine to the cache folder and loads the same engine from it', async () => {
    const files = readdirSync(cacheDir).filter((name) => name.endsWith('.bin'));
    expect(files).toHaveLength(1);
    const again = createAdblockEngine({ cacheDir });
    const cached = await again.get();
    expect(again.info()).toMatchObject({ source: 'cache' });
    expect(again.info()?.engineBytes).toBeGreaterThan(1_000_000);
    const request = Request.fromRawDetails({
      url: on('ad.doubleclick.net', '/x.png'),
      sourceUrl: PAGE,
      type: 'image',
    });
    expect(cached.match(request).match).toBe(true);
  });

  it('parses the lists again when the cache file is damaged', async () => {
    const [file] = readdirSync(cacheDir).filter((name) => name.endsWith('.bin'));
    writeFileSync(join(cacheDir, file!), 'not an engine');
    const again = createAdblockEngine({ cacheDir });
    await again.get();
    expect(again.info()).toMatchObject({ source: 'parsed' });
  });

  it('says how to get the lists when the folder has none', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'shots-no-lists-'));
    try {
      await expect(createAdblockEngine({ filterListDir: empty }).get()).rejects.toMatchObject({
        code: 'CAPTURE_FAILED',
        retryable: false,
        message: expect.stringContaining('scripts/refresh-filter-lists.mjs'),
      });
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('reads the lists from assets/filters by default', () => {
    expect(
      readdirSync(DEFAULT_FILTER_LIST_DIR).filter((name) => name.endsWith('.txt')).length,
    ).toBeGreaterThan(0);
  });
});
