import type { Plan } from './plans.js';
import { PLAN_LIMITS } from './plans.js';

export type BillingStatus = 'active' | 'lapsed';

export interface Account {
  id: string;
  name: string;
  plan: Plan;
  billing: BillingStatus;
  /** Per-account override of the plan's monthly quota; null = plan default. */
  monthlyQuotaOverride: number | null;
  /** Per-account override of the plan's per-minute limit; null = plan default. */
  rateLimitOverride: number | null;
  createdAt: string;
}

export function effectiveLimits(account: Account): { monthlyQuota: number; rateLimitPerMinute: number } {
  const defaults = PLAN_LIMITS[account.plan];
  return {
    monthlyQuota: account.monthlyQuotaOverride ?? defaults.monthlyQuota,
    rateLimitPerMinute: account.rateLimitOverride ?? defaults.rateLimitPerMinute,
  };
}

/** First instant of the calendar month (UTC) that contains `now`. */
export function monthStartUtc(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}
