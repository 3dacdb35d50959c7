import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { BullMqJobQueue } from '../../src/adapters/bullmq/bullmq-job-queue.js';
import { LocalArtifactStore } from '../../src/adapters/local-storage/local-artifact-store.js';
import { MemoryRateLimiter } from '../../src/adapters/memory/memory-rate-limiter.js';
import { PostgresAccountStore } from '../../src/adapters/postgres/postgres-account-store.js';
import { PostgresDatabase } from '../../src/adapters/postgres/postgres-database.js';
import { PostgresJobStore } from '../../src/adapters/postgres/postgres-job-store.js';
import { PostgresOutboxSignal } from '../../src/adapters/postgres/postgres-outbox-signal.js';
import { PostgresWebhookOutbox } from '../../src/adapters/postgres/postgres-webhook-outbox.js';
import { RedisRateLimiter } from '../../src/adapters/redis/redis-rate-limiter.js';
import { S3ArtifactStore } from '../../src/adapters/s3-storage/s3-artifact-store.js';
import { openSqlite } from '../../src/adapters/sqlite/database.js';
import { SqliteAccountStore } from '../../src/adapters/sqlite/sqlite-account-store.js';
import { SqliteJobQueue } from '../../src/adapters/sqlite/sqlite-job-queue.js';
import { SqliteJobStore } from '../../src/adapters/sqlite/sqlite-job-store.js';
import { SqliteOutboxSignal } from '../../src/adapters/sqlite/sqlite-outbox-signal.js';
import { SqliteWebhookOutbox } from '../../src/adapters/sqlite/sqlite-webhook-outbox.js';
import type { AccountStore } from '../../src/ports/account-store.js';
import type { ArtifactStore } from '../../src/ports/artifact-store.js';
import type { JobQueue } from '../../src/ports/job-queue.js';
import type { JobStore } from '../../src/ports/job-store.js';
import type { OutboxSignal } from '../../src/ports/outbox-signal.js';
import type { RateLimiter } from '../../src/ports/rate-limiter.js';
import type { WebhookOutbox } from '../../src/ports/webhook-outbox.js';
import { createTestDatabase, dropRedisPrefix, startTestS3, testRedisUrl, uniqueName } from './services.js';

export interface StoreFixture {
  jobs: JobStore;
  queue: JobQueue;
  accounts: AccountStore;
  outbox: WebhookOutbox;
  /** The outbox signal the stores raise; `ready` resolves once it listens. */
  signal: OutboxSignal;
  signalReady(): Promise<void>;
  /** Webhook outbox rows of a job (event names), to check terminal transitions wrote exactly one. */
  outboxEvents(jobId: string): Promise<string[]>;
  /** A second handle on the same data, as another process would have. */
  reopen(): Promise<{ jobs: JobStore; queue: JobQueue; outbox: WebhookOutbox; close(): Promise<void> }>;
  close(): Promise<void>;
}

/** Every implementation the contract suites run against. Scale-out adapters join this list. */
export const STORE_ADAPTERS: { name: string; open(): Promise<StoreFixture> }[] = [
  {
    name: 'sqlite',
    async open() {
      const dir = mkdtempSync(join(tmpdir(), 'shots-contract-'));
      const file = join(dir, 'shots.db');
      const db = openSqlite(file);
      const signal = new SqliteOutboxSignal();
      return {
        jobs: new SqliteJobStore(db, signal),
        queue: new SqliteJobQueue(db, { pollMs: 20 }),
        accounts: new SqliteAccountStore(db),
        outbox: new SqliteWebhookOutbox(db, signal),
        signal,
        signalReady: async () => undefined,
        outboxEvents: async (jobId) =>
          (
            db.prepare(`SELECT event FROM webhook_deliveries WHERE job_id = ?`).all(jobId) as {
              event: string;
            }[]
          ).map((r) => r.event),
        async reopen() {
          // Another connection of the same process (SQLite has one): its stores raise the same signal.
          const other = openSqlite(file);
          return {
            jobs: new SqliteJobStore(other, signal),
            queue: new SqliteJobQueue(other, { pollMs: 20 }),
            outbox: new SqliteWebhookOutbox(other, signal),
            close: async () => {
              other.close();
            },
          };
        },
        async close() {
          db.close();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  },
  {
    name: 'postgres+bullmq',
    async open() {
      // Its own database and Redis key prefix; a short stalled-job check so expired leases come back quickly.
      const database = await createTestDatabase();
      const prefix = uniqueName();
      const handles: { close(): Promise<void> }[] = [];
      const connect = () => {
        const db = new PostgresDatabase({ connectionString: database.url });
        const redis = new Redis(testRedisUrl(), { maxRetriesPerRequest: null });
        const queue = new BullMqJobQueue({
          connection: redis,
          prefix,
          stalledIntervalMs: 50,
          blockSeconds: 0.5,
        });
        const handle = {
          db,
          jobs: new PostgresJobStore(db),
          queue,
          accounts: new PostgresAccountStore(db),
          outbox: new PostgresWebhookOutbox(db),
          closed: null as Promise<void> | null,
          close() {
            handle.closed ??= (async () => {
              await queue.disconnect();
              await redis.quit();
              await db.close();
            })();
            return handle.closed;
          },
        };
        handles.push(handle);
        return handle;
      };
      const main = connect();
      const signal = new PostgresOutboxSignal({ connectionString: database.url });
      return {
        jobs: main.jobs,
        queue: main.queue,
        accounts: main.accounts,
        outbox: main.outbox,
        signal,
        signalReady: () => signal.ready(),
        outboxEvents: async (jobId) =>
          (
            await main.db.query<{ event: string }>(
              `SELECT event FROM webhook_deliveries WHERE job_id = $1 ORDER BY seq`,
              [jobId],
            )
          ).rows.map((r) => r.event),
        reopen: async () => connect(),
        async close() {
          await signal.close();
          for (const handle of handles) await handle.close();
          await database.drop();
          await dropRedisPrefix(prefix);
        },
      };
    },
  },
];

export interface ArtifactFixture {
  /** The store, with the readiness check both implementations have. */
  artifacts: ArtifactStore & { check(): Promise<void> };
  /** Takes the store away (S3 stops, the folder becomes a file); what no error may name then. */
  breakStore(): Promise<string[]>;
  close(): Promise<void>;
}

/** Every ArtifactStore: a local folder, and S3 (s3rver on loopback). */
export const ARTIFACT_ADAPTERS: { name: string; open(): Promise<ArtifactFixture> }[] = [
  {
    name: 'local',
    async open() {
      const dir = mkdtempSync(join(tmpdir(), 'shots-artifacts-'));
      const root = join(dir, 'store');
      return {
        artifacts: new LocalArtifactStore(root),
        async breakStore() {
          rmSync(root, { recursive: true, force: true });
          writeFileSync(root, 'not a folder');
          return [dir];
        },
        close: async () => rmSync(dir, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 's3',
    async open() {
      const s3 = await startTestS3(['artifacts'], '127.0.0.1');
      let running = true;
      const store = new S3ArtifactStore({
        bucket: 'artifacts',
        region: 'us-east-1',
        accessKeyId: s3.accessKeyId,
        secretAccessKey: s3.secretAccessKey,
        endpoint: s3.endpoint,
        forcePathStyle: true,
        keyPrefix: 'service/',
        checkCacheMs: 0,
      });
      const stop = async (): Promise<void> => {
        if (running) await s3.close();
        running = false;
      };
      return {
        artifacts: store,
        async breakStore() {
          await stop();
          return [s3.endpoint, `${s3.host}:${s3.port}`, String(s3.port), 'service/'];
        },
        async close() {
          store.close();
          await stop();
        },
      };
    },
  },
];

export interface RateLimiterFixture {
  limiter: RateLimiter;
  close(): Promise<void>;
}

/** Every RateLimiter: this process's memory, and Redis (own key prefix). */
export const RATE_LIMITER_ADAPTERS: { name: string; open(): Promise<RateLimiterFixture> }[] = [
  { name: 'memory', open: async () => ({ limiter: new MemoryRateLimiter(), close: async () => undefined }) },
  {
    name: 'redis',
    async open() {
      const prefix = uniqueName();
      const redis = new Redis(testRedisUrl(), { maxRetriesPerRequest: 3 });
      return {
        limiter: new RedisRateLimiter(redis, prefix),
        async close() {
          await redis.quit();
          await dropRedisPrefix(prefix);
        },
      };
    },
  },
];
