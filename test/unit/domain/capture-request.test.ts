import { describe, expect, it } from 'vitest';
import { optionsAbovePlan } from '../../../src/domain/capture-request.js';
import { cacheKeyOf, completeSpec, toCaptureSpec } from '../../../src/domain/capture-spec.js';
import { planAtLeast } from '../../../src/domain/plans.js';
import type { CaptureRequest } from '../../../src/domain/capture-request.js';
import {
  cookieDomainProblem,
  requestProblems,
  urlShapeProblem,
} from '../../../src/domain/capture-request.js';
import type { CaptureSpec } from '../../../src/domain/capture-spec.js';

describe('plan gating', () => {
  it('orders the tiers FREE < STARTER < GROWTH < BUSINESS < ENTERPRISE', () => {
    expect(planAtLeast('STARTER', 'STARTER')).toBe(true);
    expect(planAtLeast('ENTERPRISE', 'BUSINESS')).toBe(true);
    expect(planAtLeast('GROWTH', 'BUSINESS')).toBe(false);
    expect(planAtLeast('FREE', 'STARTER')).toBe(false);
  });

  it('names every option above the plan and the lowest plan covering them all', () => {
    const above = optionsAbovePlan(
      { url: 'https://a.test', fullPage: true, video: { duration: 2, fps: 10 }, stealth: true },
      'FREE',
    );
    expect(above).toEqual({
      options: [
        { field: 'fullPage', plan: 'STARTER' },
        { field: 'video', plan: 'GROWTH' },
        { field: 'stealth', plan: 'BUSINESS' },
      ],
      requiredPlan: 'BUSINESS',
    });
    expect(optionsAbovePlan({ url: 'https://a.test', fullPage: true, blockAds: true }, 'STARTER')).toBeNull();
    expect(optionsAbovePlan({ url: 'https://a.test', video: { duration: 2, fps: 10 } }, 'STARTER')).toEqual({
      options: [{ field: 'video', plan: 'GROWTH' }],
      requiredPlan: 'GROWTH',
    });
  });

  it('names each option with its own minimum plan when options of different tiers are combined', () => {
    const above = optionsAbovePlan(
      { url: 'https://a.test', video: { duration: 2, fps: 10 }, stealth: true },
      'STARTER',
    );
    expect(above?.options).toEqual([
      { field: 'video', plan: 'GROWTH' },
      { field: 'stealth', plan: 'BUSINESS' },
    ]);
    expect(above?.requiredPlan).toBe('BUSINESS');
  });

  it('does not gate options that are switched off', () => {
    expect(optionsAbovePlan({ url: 'https://a.test', fullPage: false, stealth: false }, 'FREE')).toBeNull();
  });
});

describe('capture spec and cache key', () => {
  it('applies the defaults of the seed', () => {
    const spec = toCaptureSpec({ url: 'https://a.test/' });
    expect(spec.viewport).toEqual({ width: 1280, height: 720 });
    expect(spec.format).toBe('png');
    expect(spec.fullPage).toBe(false);
  });

  it('lets element win over description', () => {
    const spec = toCaptureSpec({ url: 'https://a.test/', element: '#x', description: 'the logo' });
    expect(spec.element).toBe('#x');
    expect(spec.description).toBeNull();
  });

  it('keys the cache on the canonical URL and every output option, not on the webhook', () => {
    const a = cacheKeyOf(toCaptureSpec({ url: 'HTTPS://A.test:443/p', webhookUrl: 'https://x.test' }));
    const b = cacheKeyOf(toCaptureSpec({ url: 'https://a.test/p' }));
    const c = cacheKeyOf(toCaptureSpec({ url: 'https://a.test/p', format: 'jpeg' }));
    expect(a).toBe(b);
    expect(c).not.toBe(b);
  });
});

describe('capture controls (§4a)', () => {
  it('keys the cache on every control: delayMs alone makes another capture', () => {
    const base = cacheKeyOf(toCaptureSpec({ url: 'https://a.test/' }));
    expect(cacheKeyOf(toCaptureSpec({ url: 'https://a.test/', delayMs: 10 }))).not.toBe(base);
    expect(cacheKeyOf(toCaptureSpec({ url: 'https://a.test/', darkMode: true }))).not.toBe(base);
    // Secret values enter as a digest only: other values, another key.
    const spec = toCaptureSpec({ url: 'https://a.test/', headers: { 'X-A': 'one' } });
    expect(cacheKeyOf(spec, undefined, 'digest-1')).not.toBe(cacheKeyOf(spec, undefined, 'digest-2'));
  });

  it('keeps secret values out of the spec, names only', () => {
    const spec = toCaptureSpec({
      url: 'https://a.test/',
      headers: { 'X-Token': 'secret-1' },
      cookies: [{ name: 'sid', value: 'secret-2' }],
    });
    expect(spec).toMatchObject({ headerNames: ['X-Token'], cookieNames: ['sid'] });
    expect(JSON.stringify(spec)).not.toMatch(/secret-/);
  });

  it('lets explicit dimensions, scale and user agent win over a device preset', () => {
    const phone = {
      name: 'Phone',
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 3,
      isMobile: true,
      hasTouch: true,
      userAgent: 'PhoneUA',
    };
    expect(toCaptureSpec({ url: 'https://a.test/', device: 'Phone' }, phone)).toMatchObject({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 3,
      isMobile: true,
      userAgent: 'PhoneUA',
      device: 'Phone',
    });
    expect(
      toCaptureSpec(
        {
          url: 'https://a.test/',
          device: 'Phone',
          dimensions: { width: 800, height: 600 },
          deviceScaleFactor: 1,
          userAgent: 'Mine',
        },
        phone,
      ),
    ).toMatchObject({
      viewport: { width: 800, height: 600 },
      deviceScaleFactor: 1,
      userAgent: 'Mine',
      isMobile: true,
    });
  });

  it('gives a spec stored before the controls existed their defaults', () => {
    const old = { ...toCaptureSpec({ url: 'https://a.test/' }) } as Partial<CaptureSpec>;
    delete old.hideSelectors;
    delete old.deviceScaleFactor;
    expect(completeSpec(old as CaptureSpec)).toMatchObject({ hideSelectors: [], deviceScaleFactor: 1 });
  });

  it('allows cookies for the host and its parent domains, never a public suffix or another site', () => {
    expect(cookieDomainProblem('shop.example.co.uk', 'shop.example.co.uk')).toBeNull();
    expect(cookieDomainProblem('.example.co.uk', 'shop.example.co.uk')).toBeNull();
    expect(cookieDomainProblem('co.uk', 'shop.example.co.uk')).toMatch(/public suffix/);
    expect(cookieDomainProblem('github.io', 'me.github.io')).toMatch(/public suffix/);
    expect(cookieDomainProblem('example.com', 'shop.example.co.uk')).toMatch(/parent domain/);
    expect(cookieDomainProblem('0.0.2', '127.0.0.2')).toMatch(/public suffix/);
  });

  it('names each combination that cannot work', () => {
    const fields = (request: Partial<CaptureRequest>) =>
      requestProblems({ url: 'https://a.test/', ...request }).map((p) => p.field);
    expect(fields({ quality: 50 })).toEqual(['quality']);
    expect(fields({ quality: 50, format: 'webp' })).toEqual([]);
    expect(fields({ omitBackground: true, format: 'pdf' })).toEqual(['omitBackground']);
    expect(fields({ clip: { x: 0, y: 0, width: 5, height: 5 }, description: 'logo' })).toEqual(['clip']);
    expect(fields({ pdf: {} })).toEqual(['pdf']);
    expect(fields({ timezone: 'Europe/Nowhere', locale: '??' })).toEqual(['timezone', 'locale']);
    expect(fields({ headers: { Connection: 'close', 'X-Ok': 'fine' } })).toEqual(['headers.Connection']);
  });

  it('names cookie fields with dots, as every other field path', () => {
    const problems = requestProblems({
      url: 'https://a.test/',
      cookies: [
        { name: 'ok', value: 'v' },
        { name: 'bad name', value: 'a;b', domain: 'other.test', path: 'x', sameSite: 'None', secure: false },
      ],
    }).map((p) => p.field);
    expect(problems).toEqual([
      'cookies.1.name',
      'cookies.1.value',
      'cookies.1.domain',
      'cookies.1.path',
      'cookies.1.secure',
    ]);
  });

  it('refuses an address that is no http(s) URL without any lookup, and a webhook that is not https', () => {
    const fields = (request: Partial<CaptureRequest>) => requestProblems(request).map((p) => p.field);
    expect(fields({ url: 'ftp://x' })).toEqual(['url']);
    expect(fields({ url: 'https://user:pw@a.test/' })).toEqual(['url']);
    expect(fields({ url: 'http://a.test/', webhookUrl: 'http://hooks.test/' })).toEqual(['webhookUrl']);
    expect(fields({ url: 'http://a.test/', webhookUrl: 'https://hooks.test/' })).toEqual([]);
    expect(urlShapeProblem('file:///etc/passwd', false)).toBe(
      'Only http and https URLs are allowed, not file.',
    );
  });

  it('checks the fields present when others are missing (a body that failed its schema)', () => {
    const problems = requestProblems({ fullPage: true, clip: { x: 0, y: 0, width: 5, height: 5 } });
    expect(problems.map((p) => p.field)).toEqual(['clip']);
    expect(requestProblems({ cookies: [{ name: 'a', value: 'b', domain: 'x.test' }] })).toEqual([]);
  });
});
