import pino from 'pino';
import type { CreatedAccount } from '../../src/app/accounts.js';
import { createAccount, rotateWebhookSecret } from '../../src/app/accounts.js';
import type { Config } from '../../src/config/config.js';
import type { Plan } from '../../src/domain/plans.js';
import type { Service, Stores } from '../../src/main/compose.js';
import { accountDeps, createService, openStores } from '../../src/main/compose.js';
import { testConfig } from './config.js';

/** `shots serve` in this process, listening on a loopback port, for clients that speak HTTP. */
export interface LiveService {
  /** `http://127.0.0.1:PORT`. */
  baseUrl: string;
  config: Config;
  /** A new account; its key, ids and webhook secret. */
  account(plan: Plan, options?: { monthlyQuota?: number; rateLimit?: number }): Promise<CreatedAccount>;
  /** A new webhook secret; the old one keeps signing for `overlapSeconds`. */
  rotateSecret(accountId: string, overlapSeconds: number): Promise<string>;
  close(): Promise<void>;
}

/**
 * API and worker in one process (`shots serve`) on a temp DATA_DIR, fixtures on 127.0.0.2 allowed,
 * webhook receivers trusted through `webhookCa` (the test CA).
 */
export async function startLiveService(
  env: Record<string, string> = {},
  options: { webhookCa?: string; publicBaseUrl?: string } = {},
): Promise<LiveService> {
  const made = testConfig({
    WEBHOOK_RETRY_SCHEDULE: '1,1,1',
    JOB_RETRY_DELAYS: '0,0',
    ...(options.publicBaseUrl ? { PUBLIC_BASE_URL: options.publicBaseUrl } : {}),
    ...env,
  });
  const service: Service = await createService(
    made.config,
    { api: true, worker: true },
    pino({ level: 'silent' }),
    {
      ...(options.webhookCa ? { webhookCa: [options.webhookCa] } : {}),
    },
  );
  const { url } = await service.start();
  const stores: Stores = openStores(made.config);
  return {
    baseUrl: url!.replace('0.0.0.0', '127.0.0.1'),
    config: made.config,
    account: (plan, opts = {}) => createAccount(accountDeps(stores), { plan, ...opts }),
    rotateSecret: async (accountId, overlapSeconds) =>
      (await rotateWebhookSecret(accountDeps(stores), accountId, { overlapSeconds })).webhookSecret,
    async close() {
      await service.stop();
      await stores.closeAndWait();
      made.cleanup();
    },
  };
}
