// The two deployments of Shots, for tests that must hold in both: embedded (SQLite and a local
// folder) and scale-out (PostgreSQL, BullMQ/Redis, artifacts in S3 on s3rver).
import { randomBytes } from 'node:crypto';
import type { TestS3 } from './services.js';
import { createTestDatabase, dropRedisPrefix, startTestS3, testRedisUrl, uniqueName } from './services.js';

export interface ModeEnv {
  /** Environment of the mode (DATA_DIR comes from testConfig). */
  env: Record<string, string>;
  /** The service's S3 (scale-out only): where artifacts are kept. */
  s3: TestS3 | null;
  close(): Promise<void>;
}

export interface Mode {
  name: 'embedded' | 'scale-out';
  /** Whether several API processes may share the mode's stores (scale-out). */
  shared: boolean;
  open(): Promise<ModeEnv>;
}

export const MODES: Mode[] = [
  {
    name: 'embedded',
    shared: false,
    open: async () => ({ env: {}, s3: null, close: async () => undefined }),
  },
  {
    name: 'scale-out',
    shared: true,
    async open() {
      const database = await createTestDatabase();
      const prefix = uniqueName();
      const s3 = await startTestS3(['shots-artifacts'], '127.0.0.1');
      return {
        env: {
          REDIS_URL: testRedisUrl(),
          DATABASE_URL: database.url,
          REDIS_PREFIX: prefix,
          SECRET_KEY: randomBytes(32).toString('base64url'),
          S3_ENDPOINT: s3.endpoint,
          S3_BUCKET: 'shots-artifacts',
          S3_REGION: 'us-east-1',
          S3_ACCESS_KEY_ID: s3.accessKeyId,
          S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
          S3_FORCE_PATH_STYLE: 'true',
          AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
        },
        s3,
        async close() {
          await s3.close();
          await database.drop();
          await dropRedisPrefix(prefix);
        },
      };
    },
  },
];
