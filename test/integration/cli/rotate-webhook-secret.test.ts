import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../../src/app/accounts.js';
import type { CliHost } from '../../../src/cli/program.js';
import { buildProgram } from '../../../src/cli/program.js';
import type { Config } from '../../../src/config/config.js';
import { accountDeps, openStores } from '../../../src/main/compose.js';
import { testConfig } from '../../helpers/config.js';

let config: Config;
let cleanup: (() => void) | undefined;

beforeAll(() => {
  const made = testConfig();
  config = made.config;
  cleanup = () => made.cleanup();
});
afterAll(() => cleanup?.());

/** Runs `shots …` against the test DATA_DIR; returns what it printed. */
async function shots(...args: string[]): Promise<string[]> {
  const printed: string[] = [];
  const host: CliHost = {
    serve: () => Promise.reject(new Error('not in this test')),
    async withAccounts(fn) {
      const stores = openStores(config);
      try {
        return await fn(accountDeps(stores));
      } finally {
        stores.close();
      }
    },
    print: (text) => void printed.push(text),
    progress: () => undefined,
    defaultApiKey: () => undefined,
  };
  await buildProgram(host, '0.0.0')
    .exitOverride()
    .parseAsync(['node', 'shots', ...args]);
  return printed;
}

async function sealedSecrets(accountId: string): Promise<string[]> {
  const stores = openStores(config);
  try {
    return (await stores.accounts.getWebhookSecrets(accountId)).map((s) => stores.secrets.open(s));
  } finally {
    stores.close();
  }
}

describe('shots accounts rotate-webhook-secret', () => {
  it('prints a new secret once; old and new sign for 24 hours', async () => {
    const stores = openStores(config);
    const created = await createAccount(accountDeps(stores), { plan: 'FREE' });
    stores.close();
    const [line] = await shots('accounts', 'rotate-webhook-secret', created.accountId, '--json');
    const rotated = JSON.parse(line!) as {
      accountId: string;
      webhookSecret: string;
      previousSecretsExpireAt: string;
    };
    expect(rotated.accountId).toBe(created.accountId);
    expect(rotated.webhookSecret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const hours = (Date.parse(rotated.previousSecretsExpireAt) - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    expect(await sealedSecrets(created.accountId)).toEqual([rotated.webhookSecret, created.webhookSecret]);

    const [text] = await shots(
      'accounts',
      'rotate-webhook-secret',
      created.accountId,
      '--overlap-hours',
      '0',
    );
    const newest = /new webhook secret: (whsec_\S+)/.exec(text!)?.[1];
    expect(newest).toBeDefined();
    expect(await sealedSecrets(created.accountId)).toEqual([newest]);
  });

  it('fails for an unknown account', async () => {
    await expect(shots('accounts', 'rotate-webhook-secret', 'acc_nope')).rejects.toThrow(
      /No account acc_nope/,
    );
  });
});
