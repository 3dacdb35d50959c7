import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { expect } from 'vitest';
import { createAccount } from '../../src/app/accounts.js';
import type { Config } from '../../src/config/config.js';
import type { Plan } from '../../src/domain/plans.js';
import type { ServiceOptions } from '../../src/main/compose.js';
import { accountDeps, createService, openStores } from '../../src/main/compose.js';
import { testConfig } from './config.js';
import { until } from './poll.js';

/** A JSON body of the API, read field by field by the tests. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** `serve` in this process (API and worker) on a temp DATA_DIR, driven over `app.inject`. */
export interface PrepService {
  config: Config;
  app: FastifyInstance;
  account(
    plan: Plan,
    options?: { monthlyQuota?: number },
  ): Promise<{ apiKey: string; webhookSecret: string }>;
  /** POST /screenshots/web; the raw response. */
  post(apiKey: string, body: Record<string, unknown>): Promise<{ statusCode: number; json: () => Json }>;
  /** POST /screenshots/web that must answer 202; the job id. */
  submit(apiKey: string, body: Record<string, unknown>): Promise<string>;
  /** Waits for the job to end; its status record. */
  finished(apiKey: string, jobId: string): Promise<Json>;
  /** The result record (`Accept: application/json`). */
  record(apiKey: string, jobId: string): Promise<Json>;
  /** The artifact's bytes. */
  bytes(apiKey: string, jobId: string): Promise<Buffer>;
  close(): Promise<void>;
}

export async function startPrepService(
  env: Record<string, string>,
  options: ServiceOptions = {},
): Promise<PrepService> {
  const made = testConfig({ JOB_RETRY_DELAYS: '0,0', NAVIGATION_TIMEOUT_MS: '10000', ...env });
  const service = await createService(
    made.config,
    { api: true, worker: true },
    pino({ level: 'silent' }),
    options,
  );
  await service.start();
  const app = service.app!;
  const auth = (apiKey: string) => ({ authorization: `Bearer ${apiKey}` });
  const post: PrepService['post'] = async (apiKey, body) => {
    const res = await app.inject({
      method: 'POST',
      url: '/screenshots/web',
      headers: auth(apiKey),
      payload: body,
    });
    return { statusCode: res.statusCode, json: () => res.json() };
  };
  return {
    config: made.config,
    app,
    async account(plan, accountOptions = {}) {
      const stores = openStores(made.config);
      try {
        return await createAccount(accountDeps(stores), { plan, ...accountOptions });
      } finally {
        stores.close();
      }
    },
    post,
    async submit(apiKey, body) {
      const res = await app.inject({
        method: 'POST',
        url: '/screenshots/web',
        headers: auth(apiKey),
        payload: body,
      });
      expect(res.statusCode, res.body).toBe(202);
      return res.json<{ jobId: string }>().jobId;
    },
    finished: (apiKey, jobId) =>
      until(async () => {
        const status = (await app.inject({ url: `/jobs/${jobId}/status`, headers: auth(apiKey) })).json();
        return status.status === 'completed' || status.status === 'failed' ? status : undefined;
      }, 90_000),
    record: async (apiKey, jobId) =>
      (
        await app.inject({
          url: `/jobs/${jobId}/result`,
          headers: { ...auth(apiKey), accept: 'application/json' },
        })
      ).json(),
    bytes: async (apiKey, jobId) =>
      (await app.inject({ url: `/jobs/${jobId}/result`, headers: auth(apiKey) })).rawPayload,
    async close() {
      await service.stop();
      made.cleanup();
    },
  };
}
