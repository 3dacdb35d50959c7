import { createHash } from 'node:crypto';
import type { Plan } from './plans.js';
import { planAtLeast, planRank } from './plans.js';

export const FORMATS = ['png', 'jpeg', 'webp', 'pdf'] as const;
export type ImageFormat = (typeof FORMATS)[number];
/** What a job produces: one of the request formats, or a video when `video` is set. */
export type OutputFormat = ImageFormat | 'mp4';

export const PROXY_LOCATIONS = ['us-east', 'eu-west', 'ap-southeast'] as const;
export type ProxyLocation = (typeof PROXY_LOCATIONS)[number];

/** Bounds of CONTRACT §4. */
export const LIMITS = Object.freeze({
  widthPx: { min: 100, max: 3840 },
  heightPx: { min: 100, max: 2160 },
  videoDurationSeconds: { min: 1, max: 30 },
  videoFps: { min: 1, max: 30 },
  urlLength: 2048,
  textLength: 500,
});

export const DEFAULT_VIEWPORT = Object.freeze({ width: 1280, height: 720 });

export interface StorageTarget {
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  endpoint?: string;
}

/** The body of `POST /screenshots/web` after schema validation (seed §2.1). */
export interface CaptureRequest {
  url: string;
  description?: string;
  element?: string;
  dimensions?: { width: number; height: number };
  fullPage?: boolean;
  format?: ImageFormat;
  blockAds?: boolean;
  acceptCookies?: boolean;
  stealth?: boolean;
  proxyLocation?: ProxyLocation;
  video?: { duration: number; fps: number };
  bypassCache?: boolean;
  storage?: StorageTarget;
  webhookUrl?: string;
}

/** The plan each gated option needs (seed §2.1); an option is gated only when it is switched on. */
export const OPTION_PLANS: Readonly<Record<string, Plan>> = Object.freeze({
  fullPage: 'STARTER',
  blockAds: 'STARTER',
  acceptCookies: 'STARTER',
  video: 'GROWTH',
  stealth: 'BUSINESS',
  proxyLocation: 'BUSINESS',
  storage: 'BUSINESS',
});

/** Options of `request` that are above `plan`, with the lowest plan that covers all of them. */
export function optionsAbovePlan(
  request: CaptureRequest,
  plan: Plan,
): { fields: string[]; requiredPlan: Plan } | null {
  const used: Record<string, boolean> = {
    fullPage: request.fullPage === true,
    blockAds: request.blockAds === true,
    acceptCookies: request.acceptCookies === true,
    video: request.video !== undefined,
    stealth: request.stealth === true,
    proxyLocation: request.proxyLocation !== undefined,
    storage: request.storage !== undefined,
  };
  const fields: string[] = [];
  let requiredPlan: Plan = plan;
  for (const [field, needed] of Object.entries(OPTION_PLANS)) {
    if (!used[field] || planAtLeast(plan, needed)) continue;
    fields.push(field);
    if (planRank(needed) > planRank(requiredPlan)) requiredPlan = needed;
  }
  return fields.length === 0 ? null : { fields, requiredPlan };
}

/** The capture a worker performs: the request with its defaults applied and nothing secret in it. */
export interface CaptureSpec {
  url: string;
  viewport: { width: number; height: number };
  fullPage: boolean;
  format: OutputFormat;
  element: string | null;
  description: string | null;
  blockAds: boolean;
  acceptCookies: boolean;
  stealth: boolean;
  proxyLocation: ProxyLocation | null;
  video: { durationSeconds: number; fps: number } | null;
}

export function toCaptureSpec(request: CaptureRequest): CaptureSpec {
  return {
    url: request.url,
    viewport: request.dimensions ?? { ...DEFAULT_VIEWPORT },
    fullPage: request.fullPage ?? false,
    format: request.video ? 'mp4' : (request.format ?? 'png'),
    element: request.element ?? null,
    // `element` wins over `description` (seed §3.1 rule 5).
    description: request.element ? null : (request.description ?? null),
    blockAds: request.blockAds ?? false,
    acceptCookies: request.acceptCookies ?? false,
    stealth: request.stealth ?? false,
    proxyLocation: request.proxyLocation ?? null,
    video: request.video ? { durationSeconds: request.video.duration, fps: request.video.fps } : null,
  };
}

/**
 * Cache key of a capture: every field of the spec that changes the output, over the canonical URL.
 * Custom storage is part of it (the artifact lands elsewhere); the webhook address is not.
 */
export function cacheKeyOf(
  spec: CaptureSpec,
  storage?: Pick<StorageTarget, 'bucket' | 'region' | 'endpoint'>,
): string {
  const canonical = { ...spec, url: new URL(spec.url).href, storage: storage ?? null };
  return createHash('sha256').update(JSON.stringify(canonical)).digest('base64url').slice(0, 32);
}
