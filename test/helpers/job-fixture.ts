import { toCaptureSpec } from '../../src/domain/capture-spec.js';
import type { Job, JobResult } from '../../src/domain/job.js';
import { newJobId } from '../../src/domain/ids.js';
import { MAX_ATTEMPTS } from '../../src/domain/job.js';

/** A queued job of `accountId` with a webhook, as the submit use-case would create it. */
export function newJob(accountId: string, overrides: Partial<Job> = {}): Job {
  return {
    id: newJobId(),
    accountId,
    type: 'WEB',
    status: 'queued',
    spec: toCaptureSpec({ url: 'https://example.test/' }),
    webhookUrl: 'https://hooks.test/x',
    cacheKey: 'k1',
    attempts: 0,
    maxAttempts: MAX_ATTEMPTS,
    createdAt: new Date().toISOString(),
    startedAt: null,
    completedAt: null,
    error: null,
    result: null,
    ...overrides,
  };
}

/** A quota no contract test reaches. */
export const OPEN_QUOTA = { monthlyQuota: 1000, monthStart: '2000-01-01T00:00:00.000Z' };

/** The result of a completed png capture. */
export const PNG_RESULT: JobResult = {
  format: 'png',
  contentType: 'image/png',
  bytes: 10,
  artifactKey: 'a/b.png',
  cached: false,
  metadata: { finalUrl: 'https://example.com/', httpStatus: 200 },
};
