import { join } from 'node:path';
import { Redis } from 'ioredis';
import { BullMqJobQueue } from '../adapters/bullmq/bullmq-job-queue.js';
import { AesSecretBox } from '../adapters/crypto/secret-box.js';
import { LocalArtifactStore } from '../adapters/local-storage/local-artifact-store.js';
import { MemoryRateLimiter } from '../adapters/memory/memory-rate-limiter.js';
import { PostgresAccountStore } from '../adapters/postgres/postgres-account-store.js';
import { PostgresDatabase } from '../adapters/postgres/postgres-database.js';
import { PostgresJobStore } from '../adapters/postgres/postgres-job-store.js';
import { PostgresOutboxSignal } from '../adapters/postgres/postgres-outbox-signal.js';
import { PostgresWebhookOutbox } from '../adapters/postgres/postgres-webhook-outbox.js';
import { RedisRateLimiter } from '../adapters/redis/redis-rate-limiter.js';
import { S3ArtifactStore } from '../adapters/s3-storage/s3-artifact-store.js';
import { openSqlite } from '../adapters/sqlite/database.js';
import { SqliteAccountStore } from '../adapters/sqlite/sqlite-account-store.js';
import { SqliteJobQueue } from '../adapters/sqlite/sqlite-job-queue.js';
import { SqliteJobStore } from '../adapters/sqlite/sqlite-job-store.js';
import { SqliteOutboxSignal } from '../adapters/sqlite/sqlite-outbox-signal.js';
import { SqliteWebhookOutbox } from '../adapters/sqlite/sqlite-webhook-outbox.js';
import type { Config } from '../config/config.js';
import type { AccountStore } from '../ports/account-store.js';
import type { ArtifactStore } from '../ports/artifact-store.js';
import type { JobQueue } from '../ports/job-queue.js';
import type { JobStore } from '../ports/job-store.js';
import type { OutboxSignal } from '../ports/outbox-signal.js';
import type { RateLimiter } from '../ports/rate-limiter.js';
import type { SecretBox } from '../ports/secret-box.js';
import type { WebhookOutbox } from '../ports/webhook-outbox.js';
import { PendingSecretBox, resolveDatabaseSecretKey, resolveSecretKey } from './secret-key.js';
import { within } from './within.js';

/** Every store of one process, picked from the configuration. */
export interface Stores {
  secrets: SecretBox;
  accounts: AccountStore;
  jobs: JobStore;
  queue: JobQueue;
  outbox: WebhookOutbox;
  /** Raised by the job store and outbox when a job ends or a delivery is queued (in any process). */
  signal: OutboxSignal;
  artifacts: ArtifactStore;
  /** Per-minute limits: this process's memory when embedded, Redis (shared by every API process) in scale-out. */
  rateLimiter: RateLimiter;
  /**
   * Resolves once every store answers (migrations run, Redis reachable, and in scale-out without
   * SECRET_KEY the sealing key read from PostgreSQL: `secrets` works only after it); rejects with
   * the reason otherwise.
   */
  ready(): Promise<void>;
  /** For `/readyz`: a query to the database and a ping to Redis. */
  ping(): Promise<{ database: string }>;
  /** Starts closing every connection; SQLite closes at once. Use `closeAndWait` to wait for the rest. */
  close(): void;
  closeAndWait(): Promise<void>;
}

export interface OpenStoresOptions {
  /** Background errors of connections (a Redis or PostgreSQL restart …); they reconnect by themselves. */
  onError?: (err: Error, source: string) => void;
}

function artifactStore(config: Config): { artifacts: ArtifactStore; close(): void } {
  const { s3Bucket, s3Region, s3AccessKeyId, s3SecretAccessKey } = config;
  if (s3Bucket && s3Region && s3AccessKeyId && s3SecretAccessKey) {
    const s3 = new S3ArtifactStore({
      bucket: s3Bucket,
      region: s3Region,
      accessKeyId: s3AccessKeyId,
      secretAccessKey: s3SecretAccessKey,
      endpoint: config.s3Endpoint,
      forcePathStyle: config.s3ForcePathStyle,
    });
    return { artifacts: s3, close: () => s3.close() };
  }
  return { artifacts: new LocalArtifactStore(join(config.dataDir, 'artifacts')), close: () => undefined };
}

/** The embedded default: one SQLite file under DATA_DIR; one process serves it. */
function openEmbedded(config: Config, secrets: SecretBox): Stores {
  const db = openSqlite(join(config.dataDir, 'shots.db'));
  const storage = artifactStore(config);
  const close = (): void => {
    if (!db.open) return;
    db.close();
    storage.close();
  };
  const signal = new SqliteOutboxSignal();
  return {
    secrets,
    accounts: new SqliteAccountStore(db),
    jobs: new SqliteJobStore(db, signal),
    queue: new SqliteJobQueue(db),
    outbox: new SqliteWebhookOutbox(db, signal),
    signal,
    artifacts: storage.artifacts,
    rateLimiter: new MemoryRateLimiter(),
    ready: async () => undefined,
    ping: async () => {
      db.prepare('SELECT 1').get();
      return { database: 'ok' };
    },
    close,
    closeAndWait: async () => close(),
  };
}

/**
 * Scale-out (REDIS_URL and DATABASE_URL): jobs, accounts and the webhook outbox in PostgreSQL, the
 * queue on BullMQ, rate limits in Redis. Connections open on first use. The sealing key is
 * SECRET_KEY, or, without it, the deployment's key kept in PostgreSQL: read (or made) by `ready()`.
 */
function openScaleOut(
  config: Config,
  redisUrl: string,
  databaseUrl: string,
  options: OpenStoresOptions,
): Stores {
  // SECRET_KEY seals at once; without it the deployment's key is read (or made) by `ready()`.
  const secrets = new PendingSecretBox();
  if (config.secretKey) secrets.setKey(config.secretKey);
  const onError = (source: string) => (err: Error) => options.onError?.(err, source);
  const db = new PostgresDatabase({ connectionString: databaseUrl, onError: onError('postgres') });
  // BullMQ needs `maxRetriesPerRequest: null`: commands wait for a reconnect instead of failing.
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: null, lazyConnect: true });
  redis.on('error', onError('redis'));
  const queue = new BullMqJobQueue({
    connection: redis,
    prefix: config.redisPrefix,
    leaseMs: config.leaseMs,
    onError: onError('bullmq'),
  });
  const signal = new PostgresOutboxSignal({
    connectionString: databaseUrl,
    onError: onError('postgres listen'),
  });
  const storage = artifactStore(config);
  let closing: Promise<void> | null = null;
  const closeAndWait = (): Promise<void> => {
    closing ??= (async () => {
      storage.close();
      await within(signal.close(), 2000, 'the PostgreSQL listener did not close within 2 s').catch(
        onError('postgres listen'),
      );
      // Bounded: a Redis or PostgreSQL that is down must not hold the process open.
      await within(queue.disconnect(), 5000, 'BullMQ did not close within 5 s').catch(onError('bullmq'));
      if (redis.status === 'ready')
        await within(redis.quit(), 2000, 'Redis did not close within 2 s').catch(() => undefined);
      redis.disconnect();
      await within(db.close(), 5000, 'PostgreSQL did not close within 5 s').catch(onError('postgres'));
    })();
    return closing;
  };
  return {
    secrets,
    accounts: new PostgresAccountStore(db),
    jobs: new PostgresJobStore(db),
    queue,
    outbox: new PostgresWebhookOutbox(db),
    signal,
    artifacts: storage.artifacts,
    rateLimiter: new RedisRateLimiter(redis, config.redisPrefix),
    async ready() {
      try {
        const database = async (): Promise<void> => {
          await db.ready();
          secrets.setKey(await resolveDatabaseSecretKey(config.secretKey, db));
        };
        await within(database(), 30_000, 'PostgreSQL (DATABASE_URL) did not answer within 30 s');
        await within(redis.ping(), 30_000, 'Redis (REDIS_URL) did not answer within 30 s');
      } catch (err) {
        await closeAndWait();
        throw err;
      }
    },
    async ping() {
      await within(db.query('SELECT 1'), 3000, 'PostgreSQL did not answer within 3 s');
      await within(redis.ping(), 3000, 'Redis did not answer within 3 s');
      return { database: 'ok' };
    },
    close: () => void closeAndWait(),
    closeAndWait,
  };
}

/** Picks the stores from the configuration: scale-out when REDIS_URL and DATABASE_URL are set, else embedded. */
export function openStores(config: Config, options: OpenStoresOptions = {}): Stores {
  if (config.redisUrl !== null && config.databaseUrl !== null) {
    return openScaleOut(config, config.redisUrl, config.databaseUrl, options);
  }
  return openEmbedded(config, new AesSecretBox(resolveSecretKey(config.secretKey, config.dataDir)));
}
