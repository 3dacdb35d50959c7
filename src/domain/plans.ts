/** Subscription tiers, lowest first (CONTRACT §3). */
export const PLANS = ['FREE', 'STARTER', 'GROWTH', 'BUSINESS', 'ENTERPRISE'] as const;
export type Plan = (typeof PLANS)[number];

export interface PlanLimits {
  /** Accepted jobs per calendar month (UTC). */
  monthlyQuota: number;
  /** Capture submissions per minute. */
  rateLimitPerMinute: number;
}

export const PLAN_LIMITS: Readonly<Record<Plan, PlanLimits>> = Object.freeze({
  FREE: { monthlyQuota: 100, rateLimitPerMinute: 10 },
  STARTER: { monthlyQuota: 2_000, rateLimitPerMinute: 40 },
  GROWTH: { monthlyQuota: 10_000, rateLimitPerMinute: 80 },
  BUSINESS: { monthlyQuota: 50_000, rateLimitPerMinute: 150 },
  ENTERPRISE: { monthlyQuota: 250_000, rateLimitPerMinute: 600 },
});

export function isPlan(value: string): value is Plan {
  return (PLANS as readonly string[]).includes(value);
}

export function planRank(plan: Plan): number {
  return PLANS.indexOf(plan);
}

/** True when `plan` is `required` or a tier above it. */
export function planAtLeast(plan: Plan, required: Plan): boolean {
  return planRank(plan) >= planRank(required);
}
