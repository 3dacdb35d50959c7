import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresDatabase } from '../../../src/adapters/postgres/postgres-database.js';
import { POSTGRES_MIGRATIONS } from '../../../src/adapters/postgres/postgres-migrations.js';
import type { TestApi } from '../../helpers/api.js';
import { startTestApi } from '../../helpers/api.js';
import type { TestDatabase } from '../../helpers/services.js';
import { createTestDatabase, dropRedisPrefix, testRedisUrl, uniqueName } from '../../helpers/services.js';

// Two `shots api` processes of one scale-out deployment (in-process here): one PostgreSQL database,
// one Redis key prefix, no worker. Whatever one accepts, the other sees and counts.
let database: TestDatabase;
let prefix: string;
let a: TestApi;
let b: TestApi;

beforeAll(async () => {
  database = await createTestDatabase();
  prefix = uniqueName();
  const env = {
    REDIS_URL: testRedisUrl(),
    DATABASE_URL: database.url,
    REDIS_PREFIX: prefix,
    SECRET_KEY: randomBytes(32).toString('base64url'),
  };
  [a, b] = await Promise.all([startTestApi(env), startTestApi(env)]);
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await database?.drop();
  await dropRedisPrefix(prefix);
});

function submit(
  api: TestApi,
  key: string,
  body: Record<string, unknown> = { url: 'http://127.0.0.2:9/page' },
) {
  return api.app.inject({
    method: 'POST',
    url: '/screenshots/web',
    headers: { authorization: `Bearer ${key}` },
    payload: { bypassCache: true, ...body },
  });
}

describe('scale-out API processes', () => {
  it('share accounts, keys and jobs through PostgreSQL', async () => {
    const { apiKey } = await a.account('STARTER');
    const res = await submit(b, apiKey);
    expect(res.statusCode, res.body).toBe(202);
    const { jobId } = res.json<{ jobId: string }>();
    const status = await a.app.inject({
      url: `/jobs/${jobId}/status`,
      headers: { authorization: `Bearer ${apiKey}` },
    });
    expect(status.json()).toMatchObject({ jobId, status: 'queued', attempts: 0, maxAttempts: 3 });
    const ready = await a.app.inject({ url: '/readyz' });
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.body).toMatch(/1 waiting/);
  });

  it('counts the monthly quota across processes, atomically', async () => {
    const { apiKey } = await a.account('STARTER', { monthlyQuota: 5, rateLimit: 1000 });
    const answers = await Promise.all(
      Array.from({ length: 14 }, (_, i) => submit(i % 2 === 0 ? a : b, apiKey)),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 202)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(9);
    for (const r of answers.filter((x) => x.statusCode === 429))
      expect(r.json()).toMatchObject({ code: 'QUOTA_EXCEEDED' });
  });

  it('shares the per-minute rate limit through Redis', async () => {
    const { apiKey } = await a.account('STARTER', { rateLimit: 4 });
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await submit(i % 2 === 0 ? a : b, apiKey));
    expect(answers.map((r) => r.statusCode)).toEqual([202, 202, 202, 202, 429, 429]);
    expect(answers[4]!.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(answers[4]!.headers['ratelimit-limit']).toBe('4');
    expect(answers[3]!.headers['ratelimit-remaining']).toBe('0');
  });

  it('seals custom storage credentials while the job waits: no secret in the database', async () => {
    const { apiKey } = await a.account('BUSINESS');
    const secret = `secret-${randomBytes(12).toString('hex')}`;
    const res = await submit(a, apiKey, {
      url: 'http://127.0.0.2:9/page',
      storage: { bucket: 'theirs', region: 'eu-west-1', accessKeyId: 'AKIAEXAMPLE', secretAccessKey: secret },
    });
    expect(res.statusCode, res.body).toBe(202);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ storage: unknown; storage_credentials: string; row: string }>(
        `SELECT storage, storage_credentials, jobs::text AS row FROM jobs WHERE id = $1`,
        [res.json<{ jobId: string }>().jobId],
      );
      expect(rows[0]!.storage).toEqual({ bucket: 'theirs', region: 'eu-west-1' });
      expect(rows[0]!.storage_credentials).toMatch(/^v1\./);
      expect(rows[0]!.row).not.toContain(secret);
      expect(rows[0]!.row).not.toContain('AKIAEXAMPLE');
    } finally {
      await client.end();
    }
  });
});

describe('PostgreSQL migrations', () => {
  it('run once when several processes start together', async () => {
    const fresh = await createTestDatabase();
    const dbs = Array.from({ length: 4 }, () => new PostgresDatabase({ connectionString: fresh.url }));
    try {
      await Promise.all(dbs.map((db) => db.ready()));
      const { rows } = await dbs[0]!.query<{ version: number }>(
        'SELECT version FROM shots_migrations ORDER BY version',
      );
      expect(rows.map((r) => r.version)).toEqual(POSTGRES_MIGRATIONS.map((_, i) => i + 1));
    } finally {
      for (const db of dbs) await db.close();
      await fresh.drop();
    }
  });
});
