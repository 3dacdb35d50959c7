import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { createAccount, updateAccount } from '../../src/app/accounts.js';
import type { Config } from '../../src/config/config.js';
import type { Plan } from '../../src/domain/plans.js';
import type { Service, ServiceOptions } from '../../src/main/compose.js';
import { accountDeps, createService, openStores } from '../../src/main/compose.js';
import { testConfig } from './config.js';

export interface TestApi {
  config: Config;
  dataDir: string;
  service: Service;
  app: FastifyInstance;
  /** A new account on `plan`; returns its key and ids. */
  account(
    plan: Plan,
    options?: { monthlyQuota?: number; rateLimit?: number },
  ): Promise<{ accountId: string; apiKey: string; webhookSecret: string }>;
  setBilling(accountId: string, billing: 'active' | 'lapsed'): Promise<void>;
  close(): Promise<void>;
}

/** The service on a temp DATA_DIR, with the roles asked for (API only by default). */
export async function startTestApi(
  env: Record<string, string> = {},
  roles = { api: true, worker: false },
  options: ServiceOptions = {},
): Promise<TestApi> {
  const { config, dataDir, cleanup } = testConfig(env);
  const service = await createService(config, roles, pino({ level: 'silent' }), options);
  const stores = openStores(config);
  return {
    config,
    dataDir,
    service,
    app: service.app!,
    account: (plan, options = {}) => createAccount(accountDeps(stores), { plan, ...options }),
    setBilling: async (accountId, billing) => {
      await updateAccount(accountDeps(stores), accountId, { billing });
    },
    async close() {
      await service.stop();
      stores.close();
      cleanup();
    },
  };
}
