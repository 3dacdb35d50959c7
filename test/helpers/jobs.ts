import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { until } from './poll.js';

/**
 * Submitting and following jobs through `app.inject`, for tests that start the service in-process.
 * `app` and `apiKey` are read at call time, so they may be assigned in `beforeAll`.
 */
export function jobClient(app: () => FastifyInstance, apiKey: () => string, timeoutMs = 60_000) {
  const auth = () => ({ authorization: `Bearer ${apiKey()}` });
  return {
    auth,
    /** Submits `body` and expects 202; returns the job id. */
    async submit(body: Record<string, unknown>): Promise<string> {
      const res = await app().inject({
        method: 'POST',
        url: '/screenshots/web',
        headers: auth(),
        payload: body,
      });
      expect(res.statusCode, res.body).toBe(202);
      return res.json<{ jobId: string }>().jobId;
    },
    /** The job's status record once it is completed or failed. */
    async finished(jobId: string) {
      return until(async () => {
        const status = (await app().inject({ url: `/jobs/${jobId}/status`, headers: auth() })).json();
        return status.status === 'completed' || status.status === 'failed' ? status : undefined;
      }, timeoutMs);
    },
  };
}
