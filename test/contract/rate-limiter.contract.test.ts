import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RateLimiterFixture } from '../helpers/contract-adapters.js';
import { RATE_LIMITER_ADAPTERS } from '../helpers/contract-adapters.js';

describe.each(RATE_LIMITER_ADAPTERS)('RateLimiter contract: $name', (adapter) => {
  let s: RateLimiterFixture;
  beforeEach(async () => {
    s = await adapter.open();
  });
  afterEach(async () => {
    await s.close();
  });

  it('allows the limit within a minute, refuses past it, and starts again with the next minute', async () => {
    const minute = Date.UTC(2030, 0, 1, 12, 0);
    const at = minute + 15_000;
    const seen = [];
    for (let i = 0; i < 4; i++) seen.push(await s.limiter.consume('acc_a', 3, at + i));
    expect(seen.map((d) => [d.allowed, d.remaining, d.limit])).toEqual([
      [true, 2, 3],
      [true, 1, 3],
      [true, 0, 3],
      [false, 0, 3],
    ]);
    expect(seen[3]!.resetSeconds).toBe(45);
    const next = await s.limiter.consume('acc_a', 3, minute + 60_000);
    expect(next).toMatchObject({ allowed: true, remaining: 2, resetSeconds: 60 });
  });

  it('counts each key on its own', async () => {
    const at = Date.UTC(2030, 0, 1, 12, 5, 30);
    expect((await s.limiter.consume('acc_b', 1, at)).allowed).toBe(true);
    expect((await s.limiter.consume('acc_b', 1, at)).allowed).toBe(false);
    expect((await s.limiter.consume('acc_c', 1, at)).allowed).toBe(true);
  });

  it('counts concurrent requests exactly', async () => {
    const at = Date.UTC(2030, 0, 1, 12, 10, 1);
    const decisions = await Promise.all(Array.from({ length: 40 }, () => s.limiter.consume('acc_d', 10, at)));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(10);
    expect(
      decisions
        .filter((d) => d.allowed)
        .map((d) => d.remaining)
        .sort((a, b) => a - b),
    ).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('peeks at the window without counting: what the next request would see', async () => {
    const minute = Date.UTC(2030, 0, 1, 13, 0);
    const at = minute + 20_000;
    expect(await s.limiter.peek('acc_e', 3, at)).toEqual({
      allowed: true,
      limit: 3,
      remaining: 3,
      resetSeconds: 40,
    });
    await s.limiter.consume('acc_e', 3, at);
    await s.limiter.consume('acc_e', 3, at);
    for (let i = 0; i < 3; i++)
      expect(await s.limiter.peek('acc_e', 3, at + 1000)).toMatchObject({ allowed: true, remaining: 1 });
    expect(await s.limiter.consume('acc_e', 3, at + 2000)).toMatchObject({ allowed: true, remaining: 0 });
    expect(await s.limiter.consume('acc_e', 3, at + 2000)).toMatchObject({ allowed: false });
    expect(await s.limiter.peek('acc_e', 3, at + 2000)).toEqual({
      allowed: false,
      limit: 3,
      remaining: 0,
      resetSeconds: 38,
    });
    expect(await s.limiter.peek('acc_e', 3, minute + 60_000)).toMatchObject({ allowed: true, remaining: 3 });
    expect(await s.limiter.peek('acc_other', 3, at)).toMatchObject({ remaining: 3 });
  });
});
