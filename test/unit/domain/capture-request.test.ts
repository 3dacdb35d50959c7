import { describe, expect, it } from 'vitest';
import { cacheKeyOf, optionsAbovePlan, toCaptureSpec } from '../../../src/domain/capture-request.js';
import { planAtLeast } from '../../../src/domain/plans.js';

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
    expect(above).toEqual({ fields: ['fullPage', 'video', 'stealth'], requiredPlan: 'BUSINESS' });
    expect(optionsAbovePlan({ url: 'https://a.test', fullPage: true, blockAds: true }, 'STARTER')).toBeNull();
    expect(optionsAbovePlan({ url: 'https://a.test', video: { duration: 2, fps: 10 } }, 'STARTER')).toEqual({
      fields: ['video'],
      requiredPlan: 'GROWTH',
    });
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
