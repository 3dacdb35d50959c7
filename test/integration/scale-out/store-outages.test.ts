import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BullMqJobQueue } from '../../../src/adapters/bullmq/bullmq-job-queue.js';
import { PostgresDatabase } from '../../../src/adapters/postgres/postgres-database.js';
import { RedisRateLimiter } from '../../../src/adapters/redis/redis-rate-limiter.js';
import type { TestApi } from '../../helpers/api.js';
import { startTestApi } from '../../helpers/api.js';
import { until } from '../../helpers/poll.js';
import type { TestDatabase } from '../../helpers/services.js';
import { createTestDatabase, dropRedisPrefix, testRedisUrl, uniqueName } from '../../helpers/services.js';
import type { TcpRelay } from '../../helpers/tcp-relay.js';
import { startBlackHole, startTcpRelay } from '../../helpers/tcp-relay.js';

// A `shots api` of a scale-out deployment whose Redis or PostgreSQL goes away: a TCP relay sits
// between it and the real server and is cut, as the reviewer did. Requests that need the lost
// store answer a prompt 503 problem (naming no address), the others keep working, nothing is
// half-created, and all is well again once the store is back.

let database: TestDatabase;
let prefix: string;

beforeAll(async () => {
  database = await createTestDatabase();
  prefix = uniqueName();
});
afterAll(async () => {
  await database?.drop();
  if (prefix) await dropRedisPrefix(prefix);
});

// One key for the file's database: a process with another key is refused (secret-key.ts).
const SECRET_KEY = randomBytes(32).toString('base64url');
const env = (redisUrl: string, databaseUrl: string) => ({
  REDIS_URL: redisUrl,
  DATABASE_URL: databaseUrl,
  REDIS_PREFIX: prefix,
  SECRET_KEY,
});

function submit(api: TestApi, key: string) {
  return api.app.inject({
    method: 'POST',
    url: '/screenshots/web',
    headers: { authorization: `Bearer ${key}` },
    payload: { url: 'http://127.0.0.2:9/page', bypassCache: true },
  });
}

/** `request()`'s answer and how long it took, ms. */
async function timed<T>(request: () => Promise<T>): Promise<{ res: T; ms: number }> {
  const started = Date.now();
  const res = await request();
  return { res, ms: Date.now() - started };
}

/** A 503 problem that names none of the service's addresses. */
function expectUnavailable(
  res: { statusCode: number; headers: Record<string, unknown>; body: string },
  ports: number[],
): void {
  expect(res.statusCode, res.body).toBe(503);
  expect(res.headers['content-type']).toContain('application/problem+json');
  expect(JSON.parse(res.body)).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
  expect(res.body).not.toMatch(/127\.0\.0\.|ECONN|localhost/);
  for (const port of ports) expect(res.body).not.toContain(String(port));
}

/** `shots_queue_jobs{state}` as the api's /metrics reports it. */
async function queueGauge(api: TestApi, state: 'waiting' | 'active'): Promise<string | undefined> {
  const res = await api.app.inject({ url: '/metrics' });
  expect(res.statusCode).toBe(200);
  return new RegExp(`^shots_queue_jobs\\{state="${state}"\\} (\\S+)$`, 'm').exec(res.body)?.[1];
}

async function jobsOf(accountId: string): Promise<number> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM jobs WHERE account_id = $1',
      [accountId],
    );
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

describe('an api whose Redis goes away', () => {
  let relay: TcpRelay;
  let api: TestApi;
  afterEach(async () => {
    await api?.close();
    await relay?.close();
  });

  it('answers submits and /usage with a prompt 503, creates no job, and takes submits again once Redis is back', async () => {
    const redis = new URL(testRedisUrl());
    relay = await startTcpRelay({ host: redis.hostname, port: Number(redis.port || 6379) });
    api = await startTestApi(env(relay.urlFor(testRedisUrl()), database.url));
    const { apiKey, accountId } = await api.account('STARTER', { rateLimit: 100 });
    const first = await submit(api, apiKey);
    expect(first.statusCode, first.body).toBe(202);

    await relay.cut();
    const submitted = await timed(() => submit(api, apiKey));
    expectUnavailable(submitted.res, [relay.port]);
    expect(submitted.res.headers['retry-after']).toBe('5');
    expect(submitted.ms).toBeLessThan(5_000);
    const usage = await timed(() =>
      api.app.inject({ url: '/usage', headers: { authorization: `Bearer ${apiKey}` } }),
    );
    expectUnavailable(usage.res, [relay.port]);
    expect(usage.ms).toBeLessThan(5_000);
    // What needs only PostgreSQL still answers; /metrics too, without the queue's numbers.
    const status = await api.app.inject({
      url: `/jobs/${first.json<{ jobId: string }>().jobId}/status`,
      headers: { authorization: `Bearer ${apiKey}` },
    });
    expect(status.json()).toMatchObject({ status: 'queued' });
    const scraped = await timed(() => queueGauge(api, 'waiting'));
    // Unknown rather than stale (prom-client writes NaN as `Nan`, which Prometheus reads as NaN).
    expect(scraped.res).toMatch(/^nan$/i);
    expect(scraped.ms).toBeLessThan(3_000);
    expect((await api.app.inject({ url: '/readyz' })).statusCode).toBe(503);
    // The refused submit left nothing behind: no job row (no quota unit), no BullMQ job.
    expect(await jobsOf(accountId)).toBe(1);

    await relay.restore();
    const again = await until(async () => {
      const res = await submit(api, apiKey);
      return res.statusCode === 202 ? res : undefined;
    }, 20_000);
    expect(again.json()).toMatchObject({ status: 'queued' });
    expect(await jobsOf(accountId)).toBe(2);
    // Both accepted jobs, and only they, wait in the queue for a worker.
    expect(await queueGauge(api, 'waiting')).toBe('2');
  });

  it('reports the queue depth of the moment at each scrape, without /readyz', async () => {
    const redis = new URL(testRedisUrl());
    relay = await startTcpRelay({ host: redis.hostname, port: Number(redis.port || 6379) });
    const queuePrefix = `${prefix}_gauge`;
    api = await startTestApi({
      ...env(relay.urlFor(testRedisUrl()), database.url),
      REDIS_PREFIX: queuePrefix,
    });
    const { apiKey } = await api.account('STARTER', { rateLimit: 100 });
    expect(await queueGauge(api, 'waiting')).toBe('0');
    for (let i = 0; i < 2; i++) expect((await submit(api, apiKey)).statusCode).toBe(202);
    expect(await queueGauge(api, 'waiting')).toBe('2');
    // The jobs leave the queue (as a worker would take them): the next scrape says so.
    const connection = new Redis(testRedisUrl(), { maxRetriesPerRequest: null });
    const queue = new Queue('captures', { connection, prefix: queuePrefix });
    try {
      await queue.drain(true);
    } finally {
      await queue.close();
      connection.disconnect();
      await dropRedisPrefix(queuePrefix);
    }
    expect(await queueGauge(api, 'waiting')).toBe('0');
    expect(await queueGauge(api, 'active')).toBe('0');
  });
});

describe('an api whose PostgreSQL goes away', () => {
  let relay: TcpRelay;
  let api: TestApi;
  afterEach(async () => {
    await api?.close();
    await relay?.close();
  });

  it('answers with a prompt 503 that names no address, and serves again once PostgreSQL is back', async () => {
    const target = new URL(database.url);
    relay = await startTcpRelay({ host: target.hostname, port: Number(target.port || 5432) });
    api = await startTestApi(env(testRedisUrl(), relay.urlFor(database.url)));
    const { apiKey } = await api.account('STARTER', { rateLimit: 100 });
    const accepted = await submit(api, apiKey);
    expect(accepted.statusCode, accepted.body).toBe(202);
    const statusUrl = accepted.json<{ statusUrl: string }>().statusUrl;
    const auth = { authorization: `Bearer ${apiKey}` };

    await relay.cut();
    const status = await timed(() => api.app.inject({ url: statusUrl, headers: auth }));
    expectUnavailable(status.res, [relay.port, Number(target.port || 5432)]);
    expect(status.ms).toBeLessThan(7_000);
    const submitted = await timed(() => submit(api, apiKey));
    expectUnavailable(submitted.res, [relay.port, Number(target.port || 5432)]);
    expect(submitted.ms).toBeLessThan(7_000);

    await relay.restore();
    const back = await until(async () => {
      const res = await api.app.inject({ url: statusUrl, headers: auth });
      return res.statusCode === 200 ? res : undefined;
    }, 20_000);
    expect(back.json()).toMatchObject({ status: 'queued' });
  });

  it('gives up waiting for a connection after connectTimeoutMs (a server that never answers)', async () => {
    const hole = await startBlackHole();
    const db = new PostgresDatabase({
      connectionString: `postgres://postgres@127.0.0.1:${hole.port}/none`,
      connectTimeoutMs: 500,
    });
    try {
      const started = Date.now();
      const err = await db.query('SELECT 1').catch((e: unknown) => e);
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(err).toMatchObject({ name: 'AppError', code: 'SERVICE_UNAVAILABLE', status: 503 });
      expect((err as Error).message).not.toMatch(/127\.0\.0\.1|postgres:\/\//);
      expect((err as Error).message).not.toContain(String(hole.port));
    } finally {
      await db.close();
      await hole.close();
    }
  });
});

describe('the Redis adapters when Redis goes away', () => {
  /** A BullMQ queue and a rate limiter on one connection (as a process has them) through `port`. */
  function open(port: number) {
    const connection = new Redis(`redis://127.0.0.1:${port}`, { maxRetriesPerRequest: null });
    connection.on('error', () => undefined);
    const queuePrefix = `${prefix}_adapters`;
    const queue = new BullMqJobQueue({
      connection,
      prefix: queuePrefix,
      commandTimeoutMs: 500,
      blockSeconds: 0.5,
    });
    const limiter = new RedisRateLimiter(connection, queuePrefix, { commandTimeoutMs: 500 });
    return {
      queue,
      limiter,
      async close() {
        await queue.disconnect();
        connection.disconnect();
      },
    };
  }

  it('fail enqueue, depth and the rate limit at once while the connection is down; the worker side waits and goes on', async () => {
    const redis = new URL(testRedisUrl());
    const relay = await startTcpRelay({ host: redis.hostname, port: Number(redis.port || 6379) });
    const { queue, limiter, close } = open(relay.port);
    try {
      await queue.enqueue('job_web_before');
      await relay.cut();
      await until(
        async () =>
          (await queue.depth().then(
            () => false,
            () => true,
          )) || undefined,
        5_000,
      );
      for (const call of [
        () => queue.enqueue('job_web_refused'),
        () => queue.depth(),
        () => limiter.consume('acc_1', 10, Date.now()),
        () => limiter.peek('acc_1', 10, Date.now()),
      ]) {
        const { res, ms } = await timed(() => call().catch((e: unknown) => e));
        expect(res).toMatchObject({ name: 'AppError', code: 'SERVICE_UNAVAILABLE', status: 503 });
        expect((res as Error).message).not.toContain(String(relay.port));
        expect(ms).toBeLessThan(1_000);
      }
      // A worker's take waits for Redis rather than failing, and gets the job once it is back.
      const taken = queue.take('wrk_1', 5_000, 10_000);
      await relay.restore();
      expect(await taken).toMatchObject({ jobId: 'job_web_before' });
      await until(
        async () =>
          (await queue.depth().then(
            () => true,
            () => false,
          )) || undefined,
        10_000,
      );
      // The enqueue that failed left no job behind.
      expect(await queue.depth()).toEqual({ waiting: 0, active: 1 });
    } finally {
      await close();
      await relay.close();
    }
  });

  it('give up on a Redis that accepts the connection but does not answer, after commandTimeoutMs', async () => {
    const hole = await startBlackHole();
    const { queue, limiter, close } = open(hole.port);
    try {
      for (const call of [() => queue.enqueue('job_web_x'), () => limiter.consume('acc_1', 10, Date.now())]) {
        const { res, ms } = await timed(() => call().catch((e: unknown) => e));
        expect(res).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
        expect(ms).toBeGreaterThanOrEqual(450);
        expect(ms).toBeLessThan(2_000);
      }
    } finally {
      await close();
      await hole.close();
    }
  });
});
