import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDnsServer } from '../../helpers/egress-dns-server.js';
import { startTestDnsServer } from '../../helpers/egress-dns-server.js';
import type { TestUpstreamProxy } from '../../helpers/egress-upstream-proxy.js';
import { startTestUpstreamProxy } from '../../helpers/egress-upstream-proxy.js';
import type { FixtureServer } from '../../helpers/fixture-server.js';
import { startFixtureServer } from '../../helpers/fixture-server.js';
import { countColour, countOtherThan, decodePng } from '../../helpers/png.js';
import type { PrepService } from '../../helpers/prep-service.js';
import { startPrepService } from '../../helpers/prep-service.js';

// blockAds through the whole service: the news fixture loads from well-known ad and tracker hosts,
// which the service's own resolver (DNS_SERVERS) maps to the fixture server on 127.0.0.2.

const AD_HOSTS = [
  'pagead2.googlesyndication.com',
  'tpc.googlesyndication.com',
  'securepubads.g.doubleclick.net',
  'ad.doubleclick.net',
  'static.criteo.net',
  'www.googletagmanager.com',
  'static.hotjar.com',
  'sb.scorecardresearch.com',
];
/** What the news page fetches from those hosts: 4 ads (2 scripts, an image, a frame) and 4 trackers. */
const AD_PATHS = [
  '/prep/adnet/adsbygoogle.js',
  '/prep/adnet/gpt.js',
  '/prep/adnet/frame.html',
  '/img.svg?id=doubleclick-banner&w=300&h=100&color=%23ff0000',
  '/prep/trackers/analytics.js',
  '/prep/trackers/gtm.js',
  '/prep/trackers/hotjar.js',
  '/img.svg?id=scorecard-beacon&w=1&h=1',
];
const RED: [number, number, number] = [255, 0, 0];
const HEADLINE_BLUE: [number, number, number] = [0x1a, 0x4f, 0xd6];

let dns: TestDnsServer;
let upstream: TestUpstreamProxy;
let pages: FixtureServer;
let service: PrepService;
let key: string;

beforeAll(async () => {
  dns = await startTestDnsServer();
  for (const host of AD_HOSTS) dns.set(host, { A: [['127.0.0.2']] });
  pages = await startFixtureServer();
  upstream = await startTestUpstreamProxy('eu', 'secret');
  service = await startPrepService({ DNS_SERVERS: dns.address, PROXY_EU_WEST: upstream.url });
  key = (await service.account('STARTER')).apiKey;
});
afterAll(async () => {
  await service?.close();
  await upstream?.close();
  await pages?.close();
  await dns?.close();
});

/** Captures the news page; what the fixture server was asked for during the capture. */
async function captureNews(body: Record<string, unknown>) {
  const before = pages.requests.length;
  const jobId = await service.submit(key, {
    url: `${pages.baseUrl}/prep/news.html`,
    bypassCache: true,
    ...body,
  });
  expect(await service.finished(key, jobId)).toMatchObject({ status: 'completed' });
  const pixels = decodePng(await service.bytes(key, jobId));
  return { record: await service.record(key, jobId), pixels, requested: pages.requests.slice(before) };
}

describe('blockAds', () => {
  it('without it, the ads and trackers of the page load and show (the control)', async () => {
    const { record, pixels, requested } = await captureNews({});
    expect(requested).toEqual(expect.arrayContaining(AD_PATHS));
    expect(countColour(pixels, RED)).toBeGreaterThan(100_000);
    expect(record.metadata).not.toHaveProperty('blockedAds');
  });

  it('blocks every ad and tracker request, hides the ad slots, and counts the blocked requests', async () => {
    const { record, pixels, requested } = await captureNews({ blockAds: true });
    for (const path of AD_PATHS) expect(requested, `${path} reached the server`).not.toContain(path);
    expect(requested).toContain('/prep/news.html');
    // Not one red pixel: network filters stopped the ads that scripts, images and frames bring,
    // element hiding removed the slots of the page's own markup.
    expect(countColour(pixels, RED)).toBe(0);
    expect(countColour(pixels, HEADLINE_BLUE)).toBeGreaterThan(20_000);
    // The blocked image and frame are collapsed, not left as empty or broken boxes: the side column is blank.
    expect(countOtherThan(pixels, [255, 255, 255], [940, 70, 1280, 720])).toBe(0);
    expect(record.metadata).toMatchObject({
      httpStatus: 200,
      blockedAds: AD_PATHS.length,
      blockedRequests: 0,
    });
  });

  it('works together with acceptCookies, stealth and proxyLocation', async () => {
    const business = (await service.account('BUSINESS')).apiKey;
    const before = upstream.connects.length;
    const jobId = await service.submit(business, {
      url: `${pages.baseUrl}/prep/news.html?all=1`,
      blockAds: true,
      acceptCookies: true,
      stealth: true,
      proxyLocation: 'eu-west',
    });
    expect(await service.finished(business, jobId)).toMatchObject({ status: 'completed' });
    expect(countColour(decodePng(await service.bytes(business, jobId)), RED)).toBe(0);
    const { metadata } = await service.record(business, jobId);
    expect(metadata).toMatchObject({ blockedAds: AD_PATHS.length, consent: { cmp: null, action: 'none' } });
    expect(metadata.stealth.userAgent).toMatch(/ Chrome\/\d+\.0\.0\.0 /);
    expect(upstream.connects.slice(before)).toContain(new URL(pages.baseUrl).host);
  });

  it('keeps the built engine under DATA_DIR for the next start', () => {
    const files = readdirSync(join(service.config.dataDir, 'cache'));
    expect(files.filter((name) => /^adblock-[0-9a-f]+\.bin$/.test(name))).toHaveLength(1);
  });

  it('is refused below STARTER', async () => {
    const free = (await service.account('FREE')).apiKey;
    const res = await service.post(free, { url: `${pages.baseUrl}/prep/news.html`, blockAds: true });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'PLAN_UPGRADE_REQUIRED', requiredPlan: 'STARTER' });
  });
});
