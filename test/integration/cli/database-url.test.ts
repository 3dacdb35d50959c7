import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '../../../src/main/compose.js';
import { createService } from '../../../src/main/compose.js';
import { testConfig } from '../../helpers/config.js';
import type { TestDatabase } from '../../helpers/services.js';
import {
  createTestDatabase,
  dropRedisPrefix,
  freePort,
  testRedisUrl,
  uniqueName,
} from '../../helpers/services.js';
import { shots } from '../../helpers/shots-process.js';

// `shots accounts …` and `shots keys …` (the built program, as users run it) need only the
// database: DATABASE_URL alone is enough, and with REDIS_URL too Redis is not touched. A server of
// the deployment, started without SECRET_KEY, shares their accounts, keys and sealing key.
let database: TestDatabase;
let prefix: string;
const dataDir = mkdtempSync(join(tmpdir(), 'shots-cli-db-'));

beforeAll(async () => {
  database = await createTestDatabase();
  prefix = uniqueName();
});
afterAll(async () => {
  await database?.drop();
  if (prefix) await dropRedisPrefix(prefix);
  rmSync(dataDir, { recursive: true, force: true });
});

/** The environment of the CLI: what the test names, nothing inherited that would change the mode. */
function cliEnv(env: Record<string, string>): Record<string, string> {
  return { REDIS_URL: '', DATABASE_URL: '', SECRET_KEY: '', DATA_DIR: dataDir, ...env };
}

/** Runs `shots …` expecting it to fail; returns its exit code and stderr. */
async function failing(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stderr: string }> {
  try {
    await shots(args, cliEnv(env));
  } catch (err) {
    const { code, stderr } = err as { code: number; stderr: string };
    return { code, stderr };
  }
  throw new Error(`shots ${args.join(' ')} succeeded`);
}

describe('the account commands on DATABASE_URL', () => {
  it('work with DATABASE_URL alone, and a scale-out server shares what they made', async () => {
    const env = cliEnv({ DATABASE_URL: database.url });
    const created = JSON.parse(await shots(['accounts', 'create', '--plan', 'FREE', '--json'], env)) as {
      accountId: string;
      apiKey: string;
      webhookSecret: string;
      plan: string;
    };
    expect(created).toMatchObject({ plan: 'FREE', accountId: expect.stringMatching(/^acc_/) as string });
    const key = JSON.parse(await shots(['keys', 'create', created.accountId, '--json'], env)) as {
      keyId: string;
      apiKey: string;
    };
    expect(await shots(['keys', 'revoke', key.keyId], env)).toContain(`revoked ${key.keyId}`);
    const updated = JSON.parse(
      await shots(['accounts', 'update', created.accountId, '--plan', 'STARTER', '--json'], env),
    ) as { plan: string };
    expect(updated.plan).toBe('STARTER');
    // Nothing of the embedded mode was made: no SQLite file, no secret.key.
    expect(readdirSync(dataDir)).toEqual([]);

    const { config, cleanup } = testConfig({
      REDIS_URL: testRedisUrl(),
      DATABASE_URL: database.url,
      REDIS_PREFIX: prefix,
    });
    let service: Service | null = null;
    try {
      service = await createService(config, { api: true, worker: false }, pino({ level: 'silent' }));
      const usage = await service.app!.inject({
        url: '/usage',
        headers: { authorization: `Bearer ${created.apiKey}` },
      });
      expect(usage.statusCode, usage.body).toBe(200);
      expect(usage.json()).toMatchObject({ plan: 'STARTER' });
      const revoked = await service.app!.inject({
        url: '/usage',
        headers: { authorization: `Bearer ${key.apiKey}` },
      });
      expect(revoked.statusCode).toBe(401);
      // The webhook secret the CLI sealed opens with the server's key: one key in the database.
      const [sealed] = await service.stores.accounts.getWebhookSecrets(created.accountId);
      expect(service.stores.secrets.open(sealed!)).toBe(created.webhookSecret);
    } finally {
      await service?.stop();
      cleanup();
    }
  });

  it('work with REDIS_URL and DATABASE_URL set, without touching Redis', async () => {
    const env = cliEnv({
      DATABASE_URL: database.url,
      // Nothing listens there: a command that used Redis would fail or hang.
      REDIS_URL: `redis://:hunter2@127.0.0.1:${await freePort()}/7`,
    });
    const started = Date.now();
    const created = JSON.parse(await shots(['accounts', 'create', '--plan', 'FREE', '--json'], env)) as {
      accountId: string;
    };
    const key = JSON.parse(await shots(['keys', 'create', created.accountId, '--json'], env)) as {
      keyId: string;
    };
    expect(key.keyId).toBeTruthy();
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('refuse REDIS_URL without DATABASE_URL; the server roles still want both', async () => {
    const lone = await failing(['accounts', 'create', '--plan', 'FREE', '--json'], {
      REDIS_URL: 'redis://:hunter2@127.0.0.1:6379',
    });
    expect(lone.code).not.toBe(0);
    expect(lone.stderr).toMatch(/REDIS_URL is set without DATABASE_URL/);
    expect(lone.stderr).not.toContain('hunter2');
    for (const role of ['api', 'worker', 'serve']) {
      const refused = await failing([role], { DATABASE_URL: database.url });
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toMatch(/REDIS_URL and DATABASE_URL go together/);
    }
  });
});
