import { Script } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { createStealth, stealthTimezone } from '../../../src/adapters/playwright/prep/stealth.js';

// The stealth profile: a generated desktop Chrome, made consistent with the browser that runs.

const stealth = createStealth();

/** The fingerprint object the init script hands to fingerprint-injector. */
function fingerprintIn(script: string): {
  screen: Record<string, number>;
  navigator: Record<string, unknown>;
} {
  const match = /const fp=(\{.*?\}); \(function inject/s.exec(script);
  expect(match, 'the injector script embeds the fingerprint').not.toBeNull();
  return JSON.parse(match![1]!) as { screen: Record<string, number>; navigator: Record<string, unknown> };
}

describe('stealth profile', () => {
  it('claims the running Chromium version as a desktop Chrome, in the user agent and the client hints', () => {
    const profile = stealth.profile('156.0.8078.79', { width: 1280, height: 720 });
    expect(profile.userAgent).toMatch(
      /^Mozilla\/5\.0 \(Windows NT 10\.0; Win64; x64\) .* Chrome\/156\.0\.0\.0 Safari\/537\.36$/,
    );
    expect(profile.contextOptions).toMatchObject({ userAgent: profile.userAgent, locale: 'en-US' });
    const headers = profile.contextOptions.extraHTTPHeaders ?? {};
    expect(headers['sec-ch-ua']).toContain('"Google Chrome";v="156"');
    expect(headers['sec-ch-ua']).toContain('"Chromium";v="156"');
    expect(headers['sec-ch-ua-platform']).toBe('"Windows"');
    const fp = fingerprintIn(profile.initScript);
    expect(fp.navigator).toMatchObject({
      userAgent: profile.userAgent,
      platform: 'Win32',
      languages: ['en-US', 'en'],
    });
    expect(fp.navigator.userAgentData).toMatchObject({ uaFullVersion: '156.0.8078.79', platform: 'Windows' });
  });

  it('never claims a software renderer (SwiftShader) for its graphics card, which gives a headless browser away', () => {
    // The generator's data holds a few such cards (about 3 in 1,000 draws): over 1,500 profiles,
    // one would show up almost surely without the redraw.
    for (let i = 0; i < 1500; i += 1) {
      const { initScript } = stealth.profile('156.0.8078.79', { width: 1280, height: 720 });
      expect(initScript).not.toMatch(/swiftshader|llvmpipe/i);
    }
  }, 60_000);

  it('fits the window and screen around the requested viewport, at pixel ratio 1', () => {
    for (const viewport of [
      { width: 1280, height: 720 },
      { width: 3840, height: 2160 },
      { width: 390, height: 844 },
    ]) {
      const { screen } = fingerprintIn(stealth.profile('156.0.8078.79', viewport).initScript);
      expect(screen).toMatchObject({
        outerWidth: viewport.width,
        outerHeight: viewport.height + 85,
        devicePixelRatio: 1,
        innerWidth: 0,
        innerHeight: 0,
      });
      expect(screen.width).toBeGreaterThanOrEqual(viewport.width);
      expect(screen.availHeight).toBeGreaterThanOrEqual(screen.outerHeight!);
    }
  });

  it('adds the headless fixes (PDF plugins, window.chrome, notification permission) before the injector', () => {
    const { initScript } = stealth.profile('156.0.8078.79', { width: 1280, height: 720 });
    expect(initScript.indexOf('Chrome PDF Viewer')).toBeGreaterThan(-1);
    expect(initScript.indexOf('Chrome PDF Viewer')).toBeLessThan(initScript.indexOf('const fp='));
    expect(initScript).toContain("Object.defineProperty(window, 'chrome'");
  });

  it('sets the same browser natively through CDP: user agent, languages, platform and full client hints', () => {
    const profile = stealth.profile('156.0.8078.79', { width: 1280, height: 720 });
    expect(profile.userAgentOverride).toMatchObject({
      userAgent: profile.userAgent,
      acceptLanguage: 'en-US,en',
      platform: 'Win32',
      userAgentMetadata: {
        platform: 'Windows',
        fullVersion: '156.0.8078.79',
        architecture: 'x86',
        bitness: '64',
        mobile: false,
        formFactors: ['Desktop'],
      },
    });
    expect(profile.userAgentOverride.userAgentMetadata.brands).toContainEqual({
      brand: 'Google Chrome',
      version: '156',
    });
    expect(profile.contextOptions.extraHTTPHeaders?.['accept-language']).toBe('en-US,en;q=0.9');
  });

  it('wraps the page’s workers after the injector, with the same fingerprint', () => {
    const { initScript } = stealth.profile('156.0.8078.79', { width: 1280, height: 720 });
    const fp = fingerprintIn(initScript);
    const workers = initScript.slice(initScript.indexOf('function wrapWorkers'));
    expect(initScript.indexOf('function wrapWorkers')).toBeGreaterThan(initScript.indexOf('const fp='));
    expect(workers).toContain(JSON.stringify(JSON.stringify(fp.navigator.platform)).slice(1, -1));
    // The whole init script parses as one script (parts joined without a missing semicolon).
    expect(() => new Script(initScript)).not.toThrow();
  });

  it('lets the request’s user agent and locale replace the generated ones, platform included', () => {
    const userAgent =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
    const profile = stealth.profile(
      '156.0.8078.79',
      { width: 1280, height: 720 },
      { userAgent, locale: 'de-DE' },
    );
    expect(profile.userAgent).toBe(userAgent);
    expect(profile.userAgentOverride).toMatchObject({
      userAgent,
      platform: 'MacIntel',
      acceptLanguage: 'de-DE,de',
      userAgentMetadata: { platform: 'macOS', platformVersion: '' },
    });
    expect(fingerprintIn(profile.initScript).navigator).toMatchObject({
      userAgent,
      platform: 'MacIntel',
      language: 'de-DE',
      languages: ['de-DE', 'de'],
    });
  });

  it('takes its time zone from proxyLocation, and America/New_York without one', () => {
    expect(stealthTimezone('us-east')).toBe('America/New_York');
    expect(stealthTimezone('eu-west')).toBe('Europe/London');
    expect(stealthTimezone('ap-southeast')).toBe('Asia/Singapore');
    expect(stealthTimezone(null)).toBe('America/New_York');
    const profile = stealth.profile(
      '156.0.8078.79',
      { width: 1280, height: 720 },
      { proxyLocation: 'ap-southeast' },
    );
    expect(profile.contextOptions.timezoneId).toBe('Asia/Singapore');
  });
});
