// Redis, PostgreSQL and an S3-compatible server for the scale-out and storage tests. The global
// set-up uses the machine's own Redis (127.0.0.1:6379) and PostgreSQL (127.0.0.1:5432) when they
// answer, else starts throwaway ones from the Debian binaries; tests read TEST_REDIS_URL and
// TEST_DATABASE_URL and make their own database and key prefix on them.
import type { ChildProcess } from 'node:child_process';
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { createServer, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';

export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';
export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

/** Redis of the tests (set by the global set-up). */
export function testRedisUrl(): string {
  return process.env.TEST_REDIS_URL ?? DEFAULT_REDIS_URL;
}

/** A PostgreSQL URL whose user may create databases (set by the global set-up). */
export function testAdminDatabaseUrl(): string {
  return process.env.TEST_DATABASE_URL ?? DEFAULT_DATABASE_URL;
}

/** `shots_test_` + random: a database name or Redis key prefix of one test. */
export function uniqueName(): string {
  return `shots_test_${randomBytes(6).toString('hex')}`;
}

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: testAdminDatabaseUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A fresh, empty database on the test server; `drop()` removes it (closing whatever is still connected). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = uniqueName();
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(testAdminDatabaseUrl());
  url.pathname = `/${name}`;
  return {
    name,
    url: url.href,
    drop: () => admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

/** Deletes every Redis key under `prefix`. */
export async function dropRedisPrefix(prefix: string): Promise<void> {
  const redis = new Redis(testRedisUrl(), { maxRetriesPerRequest: 3 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.unlink(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

// ---------------------------------------------------------------------------------------------
// S3-compatible server (s3rver) on loopback

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;

export interface TestS3 {
  /** `http://<host>:<port>` */
  endpoint: string;
  host: string;
  port: number;
  /** Credentials s3rver accepts. */
  accessKeyId: string;
  secretAccessKey: string;
  /** Where the objects are kept: `<directory>/<bucket>/<key>._S3rver_object`. */
  directory: string;
  close(): Promise<void>;
}

/** s3rver on `host` (default 127.0.0.2, the address the tests exempt from SSRF blocking) with these buckets. */
export async function startTestS3(buckets: string[], host = '127.0.0.2'): Promise<TestS3> {
  const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;
  const directory = mkdtempSync(join(tmpdir(), 'shots-s3-'));
  const server = new S3rver({
    address: host,
    port: 0,
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  const { port } = await server.run();
  return {
    endpoint: `http://${host}:${port}`,
    host,
    port,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    directory,
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Global set-up: the machine's services, or throwaway ones

/** Whether something accepts TCP connections on host:port. */
export function answers(host: string, port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (ok: boolean): void => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('error', () => done(false));
    socket.connect(port, host, () => done(true));
  });
}

/** A loopback port nothing listens on (at the moment it is asked for). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} did not start within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function startThrowawayRedis(): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('error', () => undefined);
  await waitFor(() => answers('127.0.0.1', port), 'redis-server (apt-get install redis-server)');
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** `initdb` and `pg_ctl` of the newest PostgreSQL installed from Debian packages, else from PATH. */
function postgresBin(name: string): string {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
    for (const v of versions) if (existsSync(join(root, v, 'bin', name))) return join(root, v, 'bin', name);
  }
  return name;
}

async function startThrowawayPostgres(): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'shots-pg-'));
  const data = join(dir, 'data');
  // initdb refuses to run as root: run the server as the `postgres` user then.
  const asRoot = process.getuid?.() === 0;
  const run = (bin: string, args: string[]): void => {
    const cmd = asRoot
      ? ['runuser', ['-u', 'postgres', '--', postgresBin(bin), ...args]]
      : [postgresBin(bin), args];
    execFileSync(cmd[0] as string, cmd[1] as string[], { stdio: 'pipe' });
  };
  chmodSync(dir, 0o777);
  try {
    run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  } catch (err) {
    throw new Error(
      `cannot start a throwaway PostgreSQL (apt-get install postgresql): ${(err as Error).message}`,
      { cause: err },
    );
  }
  run('pg_ctl', [
    '-D',
    data,
    '-w',
    '-l',
    join(dir, 'log'),
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * For the global set-up: TEST_REDIS_URL and TEST_DATABASE_URL, pointing at the machine's Redis and
 * PostgreSQL when they answer on their usual ports (or at what those variables already name), else
 * at throwaway instances started here and stopped by `stop()`. SHOTS_TEST_THROWAWAY_SERVICES=1
 * forces the throwaway ones.
 */
export async function ensureTestServices(): Promise<{ env: Record<string, string>; stop(): Promise<void> }> {
  const env: Record<string, string> = {};
  const stops: (() => Promise<void>)[] = [];
  const forceThrowaway = process.env.SHOTS_TEST_THROWAWAY_SERVICES === '1';
  const redisUrl = new URL(process.env.TEST_REDIS_URL ?? DEFAULT_REDIS_URL);
  if (!forceThrowaway && (await answers(redisUrl.hostname, Number(redisUrl.port || 6379)))) {
    env.TEST_REDIS_URL = redisUrl.href;
  } else {
    const redis = await startThrowawayRedis();
    env.TEST_REDIS_URL = redis.url;
    stops.push(redis.stop);
  }
  const dbUrl = new URL(process.env.TEST_DATABASE_URL ?? DEFAULT_DATABASE_URL);
  if (!forceThrowaway && (await answers(dbUrl.hostname, Number(dbUrl.port || 5432)))) {
    env.TEST_DATABASE_URL = dbUrl.href;
  } else {
    const postgres = await startThrowawayPostgres();
    env.TEST_DATABASE_URL = postgres.url;
    stops.push(postgres.stop);
  }
  return {
    env,
    async stop() {
      for (const stop of stops.reverse()) await stop().catch(() => undefined);
    },
  };
}
