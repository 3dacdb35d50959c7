import type { Account } from '../domain/account.js';
import { effectiveLimits, monthStartUtc } from '../domain/account.js';
import type { CaptureRequest, GatedOption, ProxyLocation, RequestFields } from '../domain/capture-request.js';
import { addressesOf, LIMITS, optionsAbovePlan, requestProblems } from '../domain/capture-request.js';
import type { CaptureSecrets, JobSecrets } from '../domain/capture-spec.js';
import { cacheKeyOf, captureSecretsOf, toCaptureSpec } from '../domain/capture-spec.js';
import type { FieldProblem } from '../domain/errors.js';
import { AppError, validationError } from '../domain/errors.js';
import type { Job } from '../domain/job.js';
import { newJobId } from '../domain/ids.js';
import { MAX_ATTEMPTS } from '../domain/job.js';
import type { Plan } from '../domain/plans.js';
import type { Clock } from '../ports/clock.js';
import type { DeviceCatalog } from '../ports/device-catalog.js';
import type { JobQueue } from '../ports/job-queue.js';
import type { IdempotencyClaim, IdempotencyRecord, JobStore } from '../ports/job-store.js';
import type { SecretBox } from '../ports/secret-box.js';
import type { UrlGuard } from '../ports/url-guard.js';
import type { Estimator } from './estimate.js';
import { checkReplay, idempotencyClaim } from './idempotency.js';

export interface SubmitDeps {
  jobs: JobStore;
  queue: JobQueue;
  urlGuard: UrlGuard;
  clock: Clock;
  estimate: Estimator;
  cacheTtlSeconds: number;
  /** Seals the credentials of a custom `storage` bucket for as long as the job lives. */
  secrets: SecretBox;
  /** Regions with an upstream proxy (PROXY_*); a `proxyLocation` outside them is a 400. Absent: none. */
  proxyLocations?: ReadonlySet<ProxyLocation>;
  /** The presets `device` may name. */
  devices: DeviceCatalog;
}

export interface Accepted {
  jobId: string;
  status: 'queued';
  statusUrl: string;
  estimatedSeconds: number;
  /** True when an `Idempotency-Key` answered with the job an earlier request created. */
  replayed?: boolean;
}

export interface SubmitOptions {
  /**
   * The `Idempotency-Key` header (1–255 characters, checked by the HTTP schema). The same key with
   * the same body (canonical JSON) within 24 hours answers with the first job; with another body,
   * 409 IDEMPOTENCY_KEY_REUSED. Only accepted requests are remembered: a refused one (400, 403,
   * 429) leaves the key free.
   */
  idempotencyKey?: string;
  /**
   * What a lookup of the key just found (the HTTP layer looks before the rate limiter counts):
   * saves looking again. Absent: looked up here. The insert's transaction checks again in any case.
   */
  earlier?: IdempotencyRecord | null;
  /** Skips the cache lookup: the cached artifact was deleted between lookup and insert. Default false. */
  skipCache?: boolean;
}

/**
 * Every problem of `request` that needs no lookup: addresses that are no http(s) URL, fields that
 * do not go together, names, zones, the device and a video's size. `request` may hold only the
 * fields of a body that passed its schema (the others failed it): the HTTP layer then names these
 * problems in the same 400 as the schema's, without asking DNS about a body already refused.
 */
export function lookupFreeProblems(request: RequestFields, devices: DeviceCatalog): FieldProblem[] {
  const problems = requestProblems(request);
  const device = request.device === undefined ? null : devices.get(request.device);
  if (request.device !== undefined && device === null)
    problems.push({ field: 'device', message: 'is not a device of GET /devices' });
  if (request.video) {
    // The viewport and scale factor the capture would use (the URL plays no part in them).
    const spec = toCaptureSpec({ ...request, url: request.url ?? '' }, device);
    const scale = spec.deviceScaleFactor;
    if (
      spec.viewport.width * scale > LIMITS.widthPx.max ||
      spec.viewport.height * scale > LIMITS.heightPx.max
    )
      problems.push({
        field: request.deviceScaleFactor === undefined ? 'device' : 'deviceScaleFactor',
        message: 'a video must stay within 3840×2160 pixels (dimensions × deviceScaleFactor)',
      });
  }
  return problems;
}

/**
 * Every check of a schema-valid request before the plan's: those needing no lookup, the proxy
 * region, then SSRF (DNS) for each address whose shape passed; all problems reported together.
 */
async function checkRequest(deps: SubmitDeps, request: CaptureRequest): Promise<void> {
  const problems = lookupFreeProblems(request, deps.devices);
  if (request.proxyLocation !== undefined && !deps.proxyLocations?.has(request.proxyLocation)) {
    const configured = [...(deps.proxyLocations ?? [])].join(', ') || 'none';
    problems.push({
      field: 'proxyLocation',
      message: `no proxy is configured for ${request.proxyLocation} on this service (configured: ${configured})`,
    });
  }
  const refused = new Set(problems.map((p) => p.field));
  await Promise.all(
    addressesOf(request)
      .filter(({ field }) => !refused.has(field))
      .map(async ({ field, url, httpsOnly }) => {
        const reason = await deps.urlGuard.check(url, { httpsOnly });
        if (reason) problems.push({ field, message: reason });
      }),
  );
  if (problems.length > 0) throw validationError(problems);
}

/** 403 PLAN_UPGRADE_REQUIRED: each option with its own minimum plan, and the plan that allows them all. */
function planUpgradeError(
  above: { options: GatedOption[]; requiredPlan: Plan },
  accountPlan: Plan,
): AppError {
  const needs = above.options.map(({ field, plan }) => `${field} requires plan ${plan} or above`);
  const allowedBy = above.options.length === 1 ? '' : `: plan ${above.requiredPlan} or above allows them all`;
  return new AppError(
    'PLAN_UPGRADE_REQUIRED',
    `${needs.join(', ')}; this account is on ${accountPlan}${allowedBy}.`,
    {
      extra: { requiredPlan: above.requiredPlan },
      errors: above.options.map(({ field, plan }) => ({ field, message: `requires plan ${plan} or above` })),
    },
  );
}

/**
 * Accepts a capture for `account` (already authenticated, billing and rate checked, body schema-valid):
 * idempotent replay → request checks and SSRF (400) → plan (403) → cache → quota (429) → queued job.
 */
export async function submitCapture(
  deps: SubmitDeps,
  account: Account,
  request: CaptureRequest,
  options: SubmitOptions = {},
): Promise<Accepted> {
  const claim =
    options.idempotencyKey === undefined
      ? undefined
      : idempotencyClaim(options.idempotencyKey, request, deps.clock.now(), (plain) =>
          deps.secrets.digest(plain),
        );
  if (claim) {
    const earlier =
      options.earlier !== undefined
        ? options.earlier
        : await deps.jobs.findIdempotencyKey(account.id, claim.key, claim.notBefore);
    if (earlier) return replay(deps, account, earlier, claim);
  }
  await checkRequest(deps, request);
  const above = optionsAbovePlan(request, account.plan);
  if (above) throw planUpgradeError(above, account.plan);
  const now = deps.clock.now();
  const device = request.device === undefined ? null : deps.devices.get(request.device);
  const spec = toCaptureSpec(request, device);
  const captureSecrets = captureSecretsOf(request);
  const cacheKey = cacheKeyOf(
    spec,
    request.storage,
    captureSecrets ? deps.secrets.digest(JSON.stringify(captureSecrets)) : null,
  );
  const job: Job = {
    id: newJobId(),
    accountId: account.id,
    type: 'WEB',
    status: 'queued',
    spec,
    webhookUrl: request.webhookUrl ?? null,
    cacheKey,
    attempts: 0,
    maxAttempts: MAX_ATTEMPTS,
    createdAt: now.toISOString(),
    startedAt: null,
    completedAt: null,
    error: null,
    result: null,
  };
  const { monthlyQuota } = effectiveLimits(account);
  const quota = { monthlyQuota, monthStart: monthStartUtc(now).toISOString() };
  if (request.storage) {
    const { bucket, region, endpoint } = request.storage;
    job.storage = endpoint === undefined ? { bucket, region } : { bucket, region, endpoint };
  }
  const cached =
    request.bypassCache === true || options.skipCache === true
      ? null
      : await findCached(deps, account.id, cacheKey, now);
  if (!cached) job.secretsSealed = sealSecrets(deps.secrets, request, captureSecrets);
  const outcome = await deps.jobs.createWithinQuota(
    cached
      ? {
          ...job,
          status: 'completed',
          startedAt: job.createdAt,
          completedAt: job.createdAt,
          result: { ...cached, cached: true },
        }
      : job,
    quota,
    claim,
  );
  // Retention deleted the cached artifact meanwhile: capture afresh.
  if (outcome === 'cache_gone')
    return submitCapture(deps, account, request, { ...options, earlier: null, skipCache: true });
  if (typeof outcome === 'object') return replay(deps, account, outcome.replay, claim);
  if (outcome === 'quota_exceeded') {
    throw new AppError(
      'QUOTA_EXCEEDED',
      `The monthly quota of ${monthlyQuota} captures is used up; it renews on the first day of next month (UTC).`,
    );
  }
  if (!cached) await deps.queue.enqueue(job.id);
  return {
    jobId: job.id,
    status: 'queued',
    statusUrl: `/jobs/${job.id}/status`,
    estimatedSeconds: cached ? 0 : await deps.estimate(now.getTime()),
  };
}

/** The answer to a request whose `Idempotency-Key` was already used: the first job, or 409. */
async function replay(
  deps: SubmitDeps,
  account: Account,
  earlier: IdempotencyRecord,
  claim: IdempotencyClaim | undefined,
): Promise<Accepted> {
  const jobId = claim ? checkReplay(earlier, claim) : earlier.jobId;
  const job = await deps.jobs.get(jobId, account.id);
  const live = job?.status === 'queued' || job?.status === 'processing';
  return {
    jobId,
    status: 'queued',
    statusUrl: `/jobs/${jobId}/status`,
    estimatedSeconds: live ? await deps.estimate(deps.clock.now().getTime()) : 0,
    replayed: true,
  };
}

/** The job's secrets (capture headers and cookies, bucket credentials) sealed together; null: none. */
function sealSecrets(box: SecretBox, request: CaptureRequest, capture: CaptureSecrets | null): string | null {
  const secrets: JobSecrets = {};
  if (capture) secrets.capture = capture;
  if (request.storage) {
    const { accessKeyId, secretAccessKey } = request.storage;
    secrets.storage = { accessKeyId, secretAccessKey };
  }
  return Object.keys(secrets).length === 0 ? null : box.seal(JSON.stringify(secrets));
}

async function findCached(deps: SubmitDeps, accountId: string, cacheKey: string, now: Date) {
  if (deps.cacheTtlSeconds <= 0) return null;
  const notBefore = new Date(now.getTime() - deps.cacheTtlSeconds * 1000).toISOString();
  const hit = await deps.jobs.findCached(accountId, cacheKey, notBefore);
  if (!hit?.result) return null;
  // A cached job's completion is no capture: the TTL runs from the capture it copies.
  const capturedAt = hit.result.capturedAt ?? hit.completedAt ?? hit.createdAt;
  if (capturedAt < notBefore) return null;
  return { ...hit.result, capturedAt };
}
