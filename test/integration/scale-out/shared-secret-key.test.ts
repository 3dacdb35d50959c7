import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AesSecretBox } from '../../../src/adapters/crypto/secret-box.js';
import { PostgresDatabase } from '../../../src/adapters/postgres/postgres-database.js';
import type { Config } from '../../../src/config/config.js';
import type { Stores } from '../../../src/main/compose.js';
import { createAccount } from '../../../src/app/accounts.js';
import { accountDeps, createService, openStores } from '../../../src/main/compose.js';
import { resolveDatabaseSecretKey } from '../../../src/main/secret-key.js';
import { testConfig } from '../../helpers/config.js';
import type { TestDatabase } from '../../helpers/services.js';
import { createTestDatabase, dropRedisPrefix, testRedisUrl, uniqueName } from '../../helpers/services.js';

// Scale-out without SECRET_KEY: every process (api, worker, CLI) seals with one generated key kept
// in PostgreSQL, made by whichever comes first. SECRET_KEY, when set, wins and the database's is not used.
let prefix: string;
const databases: TestDatabase[] = [];
const cleanups: (() => void)[] = [];

beforeAll(() => {
  prefix = uniqueName();
});
afterAll(async () => {
  for (const cleanup of cleanups) cleanup();
  for (const database of databases) await database.drop();
  await dropRedisPrefix(prefix);
});

async function freshDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase();
  databases.push(database);
  return database;
}

/** The configuration of one scale-out process on `databaseUrl` (each with its own DATA_DIR). */
function scaleOutConfig(databaseUrl: string, env: Record<string, string> = {}): Config {
  const made = testConfig({
    REDIS_URL: testRedisUrl(),
    DATABASE_URL: databaseUrl,
    REDIS_PREFIX: prefix,
    ...env,
  });
  cleanups.push(() => made.cleanup());
  return made.config;
}

async function storedKeys(databaseUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ value: string }>(
      `SELECT value FROM settings WHERE name = 'secret_key'`,
    );
    return rows.map((r) => r.value);
  } finally {
    await client.end();
  }
}

async function withStores<T>(configs: Config[], fn: (stores: Stores[]) => Promise<T>): Promise<T> {
  const opened = configs.map((config) => openStores(config));
  try {
    await Promise.all(opened.map((s) => s.ready()));
    return await fn(opened);
  } finally {
    await Promise.all(opened.map((s) => s.closeAndWait()));
  }
}

describe('the sealing key in scale-out without SECRET_KEY', () => {
  it('is one key for processes starting together on a fresh database (separate pools)', async () => {
    const database = await freshDatabase();
    const pools = Array.from({ length: 4 }, () => new PostgresDatabase({ connectionString: database.url }));
    try {
      const keys = await Promise.all(pools.map((db) => resolveDatabaseSecretKey(null, db)));
      expect(new Set(keys).size).toBe(1);
      expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(await storedKeys(database.url)).toEqual([keys[0]]);
    } finally {
      await Promise.all(pools.map((db) => db.close()));
    }
  });

  it('opens in one process what another sealed', async () => {
    const database = await freshDatabase();
    await withStores([scaleOutConfig(database.url), scaleOutConfig(database.url)], async ([a, b]) => {
      const sealed = a!.secrets.seal('whsec_shared');
      expect(b!.secrets.open(sealed)).toBe('whsec_shared');
      expect(a!.secrets.open(b!.secrets.seal('bucket-credentials'))).toBe('bucket-credentials');
      expect(a!.secrets.digest('x')).toBe(b!.secrets.digest('x'));
      // The key is the database's: a process started later (a CLI, another machine) opens it too.
      const [key] = await storedKeys(database.url);
      expect(new AesSecretBox(key!).open(sealed)).toBe('whsec_shared');
    });
  });

  it('is not used when SECRET_KEY is set', async () => {
    const database = await freshDatabase();
    const secretKey = randomBytes(32).toString('base64url');
    await withStores([scaleOutConfig(database.url, { SECRET_KEY: secretKey })], async ([withKey]) => {
      expect(await storedKeys(database.url)).toEqual([]);
      const sealed = withKey!.secrets.seal('whsec_apart');
      expect(new AesSecretBox(secretKey).open(sealed)).toBe('whsec_apart');
    });
    await withStores([scaleOutConfig(database.url, { SECRET_KEY: secretKey })], async ([again]) => {
      expect(again!.secrets.open(again!.secrets.seal('whsec_again'))).toBe('whsec_again');
    });
  });

  it('refuses a process whose key is not the one this database was sealed with, before it seals anything', async () => {
    const database = await freshDatabase();
    const secretKey = randomBytes(32).toString('base64url');
    await withStores([scaleOutConfig(database.url, { SECRET_KEY: secretKey })], async () => undefined);
    // SECRET_KEY left out of one process's environment (an operator's shell running a command) …
    const without = openStores(scaleOutConfig(database.url));
    await expect(without.ready()).rejects.toThrow(/sealed with another key: set SECRET_KEY/);
    await without.closeAndWait();
    // … or another value: refused, and no key of the database's own was made.
    const other = openStores(
      scaleOutConfig(database.url, { SECRET_KEY: randomBytes(32).toString('base64url') }),
    );
    await expect(other.ready()).rejects.toThrow(/sealed with another key/);
    await other.closeAndWait();
    expect(await storedKeys(database.url)).toEqual([]);
  });

  it('refuses a process without SECRET_KEY on a database whose accounts were sealed before the key check', async () => {
    const database = await freshDatabase();
    const secretKey = randomBytes(32).toString('base64url');
    await withStores([scaleOutConfig(database.url, { SECRET_KEY: secretKey })], async ([stores]) => {
      await createAccount(accountDeps(stores!), { plan: 'FREE' });
    });
    // A database from before the key check: accounts, no settings.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query('DELETE FROM settings');
    await client.end();
    const without = openStores(scaleOutConfig(database.url));
    await expect(without.ready()).rejects.toThrow(/sealed with another key/);
    await without.closeAndWait();
    expect(await storedKeys(database.url)).toEqual([]);
  });

  it('makes the service warn once at start, without the key; SECRET_KEY set: no warning', async () => {
    const start = async (env: Record<string, string>): Promise<{ msg: string }[]> => {
      // A database of its own each: a key check made by one key refuses another.
      const database = await freshDatabase();
      const lines: string[] = [];
      const sink = new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(...chunk.toString().split('\n').filter(Boolean));
          done();
        },
      });
      const service = await createService(
        scaleOutConfig(database.url, env),
        { api: true, worker: false },
        pino({ level: 'info' }, sink),
      );
      await service.stop();
      const key = (await storedKeys(database.url))[0];
      if (key) for (const line of lines) expect(line).not.toContain(key);
      return lines.map((line) => JSON.parse(line) as { msg: string });
    };
    const logged = await start({});
    const warnings = logged.filter((l) => l.msg.includes('SECRET_KEY'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.msg).toMatch(/kept in the database .*beside what it seals/);
    expect(warnings[0]!.msg).toMatch(/Set SECRET_KEY, the same on every api and worker process/);
    const quiet = await start({ SECRET_KEY: randomBytes(32).toString('base64url') });
    expect(quiet.filter((l) => l.msg.includes('SECRET_KEY'))).toEqual([]);
  });
});
