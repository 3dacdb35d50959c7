import type { Account, BillingStatus } from '../domain/account.js';
import { effectiveLimits, monthStartUtc } from '../domain/account.js';
import type { Plan } from '../domain/plans.js';
import type { Clock } from '../ports/clock.js';
import type { JobStore } from '../ports/job-store.js';
import type { RateLimiter } from '../ports/rate-limiter.js';

/** `GET /usage` (CONTRACT §4b): the numbers the quota and the per-minute limit enforce, right now. */
export interface UsageView {
  plan: Plan;
  billing: BillingStatus;
  /** The calendar month (UTC) the quota counts: `start` inclusive, `end` exclusive, ISO times. */
  period: { start: string; end: string };
  /** Accepted jobs this month that did not end `failed`, against the monthly quota. */
  quota: { limit: number; used: number; remaining: number };
  /** The current one-minute window of capture submissions; `resetSeconds` until the next one. */
  rateLimit: { limit: number; remaining: number; resetSeconds: number };
}

export interface UsageDeps {
  jobs: JobStore;
  rateLimiter: RateLimiter;
  clock: Clock;
}

/** The account's plan, billing, quota and per-minute window; reads only (nothing is counted). */
export async function getUsage(deps: UsageDeps, account: Account): Promise<UsageView> {
  const now = deps.clock.now();
  const start = monthStartUtc(now);
  const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
  const limits = effectiveLimits(account);
  const [used, window] = await Promise.all([
    deps.jobs.usedThisMonth(account.id, start.toISOString()),
    deps.rateLimiter.peek(account.id, limits.rateLimitPerMinute, now.getTime()),
  ]);
  return {
    plan: account.plan,
    billing: account.billing,
    period: { start: start.toISOString(), end: end.toISOString() },
    quota: { limit: limits.monthlyQuota, used, remaining: Math.max(0, limits.monthlyQuota - used) },
    rateLimit: { limit: window.limit, remaining: window.remaining, resetSeconds: window.resetSeconds },
  };
}
