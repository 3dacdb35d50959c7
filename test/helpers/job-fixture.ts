import { toCaptureSpec } from '../../src/domain/capture-request.js';
import type { Job } from '../../src/domain/job.js';
import { MAX_ATTEMPTS, newJobId } from '../../src/domain/job.js';

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
