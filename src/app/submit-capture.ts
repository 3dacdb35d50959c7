import type { Account } from '../domain/account.js';
import { effectiveLimits, monthStartUtc } from '../domain/account.js';
import type { CaptureRequest, ProxyLocation } from '../domain/capture-request.js';
import { cacheKeyOf, optionsAbovePlan, toCaptureSpec } from '../domain/capture-request.js';
import type { FieldProblem } from '../domain/errors.js';
import { AppError, validationError } from '../domain/errors.js';
import type { Job } from '../domain/job.js';
import { MAX_ATTEMPTS, newJobId } from '../domain/job.js';
import type { Clock } from '../ports/clock.js';
import type { JobQueue } from '../ports/job-queue.js';
import type { JobStore } from '../ports/job-store.js';
import type { SecretBox } from '../ports/secret-box.js';
import type { UrlGuard } from '../ports/url-guard.js';
import type { Estimator } from './estimate.js';

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
}

export interface Accepted {
  jobId: string;
  status: 'queued';
  statusUrl: string;
  estimatedSeconds: number;
}

/** SSRF checks of every address in the request, all problems reported together. */
async function checkAddresses(deps: SubmitDeps, request: CaptureRequest): Promise<void> {
  const checks: [string, string, boolean][] = [['url', request.url, false]];
  if (request.webhookUrl !== undefined) checks.push(['webhookUrl', request.webhookUrl, true]);
  if (request.storage?.endpoint !== undefined)
    checks.push(['storage.endpoint', request.storage.endpoint, false]);
  const problems: FieldProblem[] = [];
  if (request.proxyLocation !== undefined && !deps.proxyLocations?.has(request.proxyLocation)) {
    const configured = [...(deps.proxyLocations ?? [])].join(', ') || 'none';
    problems.push({
      field: 'proxyLocation',
      message: `no proxy is configured for ${request.proxyLocation} on this service (configured: ${configured})`,
    });
  }
  await Promise.all(
    checks.map(async ([field, url, httpsOnly]) => {
      const reason = await deps.urlGuard.check(url, { httpsOnly });
      if (reason) problems.push({ field, message: reason });
    }),
  );
  if (problems.length > 0) throw validationError(problems);
}

/**
 * Accepts a capture for `account` (already authenticated, billing and rate checked, body schema-valid):
 * SSRF (400) → plan (403) → cache → quota (429) → queued job.
 */
export async function submitCapture(
  deps: SubmitDeps,
  account: Account,
  request: CaptureRequest,
): Promise<Accepted> {
  await checkAddresses(deps, request);
  const above = optionsAbovePlan(request, account.plan);
  if (above) {
    throw new AppError(
      'PLAN_UPGRADE_REQUIRED',
      `${above.fields.join(', ')} ${above.fields.length === 1 ? 'requires' : 'require'} plan ${above.requiredPlan} or above; this account is on ${account.plan}.`,
      {
        extra: { requiredPlan: above.requiredPlan },
        errors: above.fields.map((field) => ({
          field,
          message: `requires plan ${above.requiredPlan} or above`,
        })),
      },
    );
  }
  const now = deps.clock.now();
  const spec = toCaptureSpec(request);
  const cacheKey = cacheKeyOf(spec, request.storage);
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
  const cached = request.bypassCache === true ? null : await findCached(deps, account.id, cacheKey, now);
  if (request.storage && !cached) {
    const { accessKeyId, secretAccessKey } = request.storage;
    job.storageCredentialsSealed = deps.secrets.seal(JSON.stringify({ accessKeyId, secretAccessKey }));
  }
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
  );
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

async function findCached(deps: SubmitDeps, accountId: string, cacheKey: string, now: Date) {
  if (deps.cacheTtlSeconds <= 0) return null;
  const notBefore = new Date(now.getTime() - deps.cacheTtlSeconds * 1000).toISOString();
  const hit = await deps.jobs.findCached(accountId, cacheKey, notBefore);
  if (!hit?.result) return null;
  // A cached job's completion is no capture: the TTL runs from the capture it copies (capturedAt).
  const original = hit.result.metadata.capturedAt;
  const capturedAt =
    hit.result.cached && typeof original === 'string' ? original : (hit.completedAt ?? hit.createdAt);
  if (capturedAt < notBefore) return null;
  return { ...hit.result, metadata: { ...hit.result.metadata, capturedAt } };
}
