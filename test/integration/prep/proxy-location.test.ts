import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordingServer } from '../../helpers/egress-fixtures.js';
import { startRecordingServer } from '../../helpers/egress-fixtures.js';
import type { TestUpstreamProxy } from '../../helpers/egress-upstream-proxy.js';
import { startTestUpstreamProxy } from '../../helpers/egress-upstream-proxy.js';
import type { FixtureServer } from '../../helpers/fixture-server.js';
import { startFixtureServer } from '../../helpers/fixture-server.js';
import type { PrepService } from '../../helpers/prep-service.js';
import { startPrepService } from '../../helpers/prep-service.js';

// proxyLocation through the whole service: eu-west goes out through a local upstream proxy that
// records every tunnel, chained behind the SSRF egress proxy; ap-southeast has wrong credentials;
// us-east has no proxy configured.

let pages: FixtureServer;
let upstream: TestUpstreamProxy;
let canary: RecordingServer;
let service: PrepService;
let key: string;

beforeAll(async () => {
  pages = await startFixtureServer();
  canary = await startRecordingServer('127.0.0.1');
  upstream = await startTestUpstreamProxy('eu-user', 'p@ss word');
  const wrong = new URL(upstream.url);
  wrong.password = 'wrong';
  service = await startPrepService({
    PROXY_EU_WEST: upstream.url,
    PROXY_AP_SOUTHEAST: wrong.href,
    NAVIGATION_TIMEOUT_MS: '5000',
  });
  key = (await service.account('BUSINESS')).apiKey;
});
afterAll(async () => {
  await service?.close();
  await upstream?.close();
  await canary?.close();
  await pages?.close();
});

const fixtureAuthority = (): string => new URL(pages.baseUrl).host;

describe('proxyLocation', () => {
  it('sends every connection of the capture through the region’s proxy, with its credentials', async () => {
    const before = upstream.connects.length;
    const jobId = await service.submit(key, {
      url: `${pages.baseUrl}/prep/proxied.html`,
      proxyLocation: 'eu-west',
    });
    expect(await service.finished(key, jobId)).toMatchObject({ status: 'completed' });
    const tunnels = upstream.connects.slice(before);
    // The page and its image, each asked of the proxy by the address the egress checked.
    expect(tunnels.length).toBeGreaterThanOrEqual(1);
    expect(new Set(tunnels)).toEqual(new Set([fixtureAuthority()]));
    expect(upstream.refused()).toBe(0);
    expect(pages.requests).toContain('/img.svg?id=proxied&w=200&h=100');
  });

  it('keeps every SSRF check in front of the proxy: a private subresource never reaches it', async () => {
    const before = upstream.connects.length;
    const jobId = await service.submit(key, {
      url: `${pages.baseUrl}/prep/proxied.html?canary=${canary.port}`,
      proxyLocation: 'eu-west',
    });
    expect(await service.finished(key, jobId)).toMatchObject({ status: 'completed' });
    expect((await service.record(key, jobId)).metadata).toMatchObject({ blockedRequests: 1 });
    expect(upstream.connects.slice(before).every((target) => target === fixtureAuthority())).toBe(true);
    expect(canary.connections()).toBe(0);
  });

  it('does not use any proxy without proxyLocation', async () => {
    const before = upstream.connects.length;
    const jobId = await service.submit(key, { url: `${pages.baseUrl}/prep/proxied.html?direct=1` });
    expect(await service.finished(key, jobId)).toMatchObject({ status: 'completed' });
    expect(upstream.connects.length).toBe(before);
  });

  it('refuses a region without a configured proxy at submit time, naming proxyLocation', async () => {
    const res = await service.post(key, {
      url: `${pages.baseUrl}/prep/proxied.html`,
      proxyLocation: 'us-east',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      errors: [{ field: 'proxyLocation', message: expect.stringContaining('us-east') }],
    });
  });

  it('fails the job, saying so, when the region’s proxy refuses the credentials', async () => {
    const jobId = await service.submit(key, {
      url: `${pages.baseUrl}/prep/proxied.html?wrong=1`,
      proxyLocation: 'ap-southeast',
    });
    const status = await service.finished(key, jobId);
    expect(status).toMatchObject({ status: 'failed', errorCode: 'TARGET_UNREACHABLE' });
    expect(status.error).toContain('The upstream proxy refused the tunnel (HTTP 407)');
    expect(upstream.refused()).toBeGreaterThan(0);
  });

  it('is refused below BUSINESS', async () => {
    const starter = (await service.account('STARTER')).apiKey;
    const res = await service.post(starter, {
      url: `${pages.baseUrl}/prep/proxied.html`,
      proxyLocation: 'eu-west',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'PLAN_UPGRADE_REQUIRED', requiredPlan: 'BUSINESS' });
  });
});
