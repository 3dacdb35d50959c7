import { describe, expect, it } from 'vitest';
import {
  brandList,
  userAgentMetadataOf,
  userAgentOverrideOf,
} from '../../../src/adapters/playwright/prep/client-hints.js';

// The client hints that go with a request's own user agent (CONTRACT §4a `userAgent`): a
// Chromium-based agent's, read from the agent itself; none for any other.

const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const header = (brands: { brand: string; version: string }[]): string =>
  brands.map((b) => `"${b.brand}";v="${b.version}"`).join(', ');

describe('brandList', () => {
  it('is the list real Chrome sends, GREASE brand and order included', () => {
    // As Chrome 119, 120 and the running Chromium 156 send them.
    expect(header(brandList({ name: 'Google Chrome', version: '119' }, '119', false))).toBe(
      '"Google Chrome";v="119", "Chromium";v="119", "Not?A_Brand";v="24"',
    );
    expect(header(brandList({ name: 'Google Chrome', version: '120' }, '120', false))).toBe(
      '"Not_A Brand";v="8", "Chromium";v="120", "Google Chrome";v="120"',
    );
    expect(header(brandList({ name: 'HeadlessChrome', version: '156' }, '156.0.8078.108', false))).toBe(
      '"Not:A-Brand";v="8", "Chromium";v="156", "HeadlessChrome";v="156"',
    );
    expect(brandList({ name: 'Google Chrome', version: '120.0.6099.71' }, '120.0.6099.71', true)).toEqual([
      { brand: 'Not_A Brand', version: '8.0.0.0' },
      { brand: 'Chromium', version: '120.0.6099.71' },
      { brand: 'Google Chrome', version: '120.0.6099.71' },
    ]);
  });
});

describe('userAgentMetadataOf', () => {
  it('reads a desktop Chrome: brands, version, platform, not mobile', () => {
    expect(userAgentMetadataOf(CHROME_MAC)).toMatchObject({
      brands: [
        { brand: 'Not_A Brand', version: '8' },
        { brand: 'Chromium', version: '120' },
        { brand: 'Google Chrome', version: '120' },
      ],
      fullVersion: '120.0.0.0',
      platform: 'macOS',
      mobile: false,
      architecture: 'x86',
      formFactors: ['Desktop'],
    });
  });

  it('reads Chrome on an Android phone and tablet, Edge and Opera', () => {
    expect(
      userAgentMetadataOf(
        'Mozilla/5.0 (Linux; Android 8.0.0; SM-G965U Build/R16NW) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/159.0.8154.6 Mobile Safari/537.36',
      ),
    ).toMatchObject({
      platform: 'Android',
      platformVersion: '8.0.0',
      model: 'SM-G965U',
      mobile: true,
      formFactors: ['Mobile'],
    });
    expect(
      userAgentMetadataOf(
        'Mozilla/5.0 (Linux; Android 8.1.0; SM-T837A) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/159.0.8154.6 Safari/537.36',
      ),
    ).toMatchObject({ platform: 'Android', mobile: false, formFactors: ['Tablet'] });
    const edge = userAgentMetadataOf(
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91',
    );
    expect(edge?.brands).toContainEqual({ brand: 'Microsoft Edge', version: '120' });
    expect(edge).toMatchObject({
      platform: 'Windows',
      platformVersion: '10.0.0',
      fullVersion: '120.0.2210.91',
    });
    const opera = userAgentMetadataOf(`${CHROME_MAC} OPR/106.0.0.0`);
    expect(opera?.brands).toContainEqual({ brand: 'Opera', version: '106' });
    expect(opera?.brands).toContainEqual({ brand: 'Chromium', version: '120' });
  });

  it('gives none for agents that send no client hints: Firefox, Safari, Chrome on iOS, a bot', () => {
    for (const ua of [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1',
      'Mozilla/5.0 ShotsTest/1.0',
    ]) {
      expect(userAgentMetadataOf(ua), ua).toBeNull();
    }
  });
});

describe('userAgentOverrideOf', () => {
  it('sets navigator.platform after the agent and Accept-Language after the locale, where given', () => {
    expect(userAgentOverrideOf(CHROME_MAC, 'de-DE')).toMatchObject({
      userAgent: CHROME_MAC,
      acceptLanguage: 'de-DE',
      platform: 'MacIntel',
      userAgentMetadata: { platform: 'macOS' },
    });
    expect(userAgentOverrideOf('Mozilla/5.0 ShotsTest/1.0', null)).toEqual({
      userAgent: 'Mozilla/5.0 ShotsTest/1.0',
    });
  });
});
