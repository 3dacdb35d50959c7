import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { imageSize } from 'image-size';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '../../helpers/api.js';
import { startTestApi } from '../../helpers/api.js';
import type { FixtureServer } from '../../helpers/fixture-server.js';
import { startFixtureServer } from '../../helpers/fixture-server.js';
import type { TestDatabase, TestS3 } from '../../helpers/services.js';
import {
  createTestDatabase,
  dropRedisPrefix,
  startTestS3,
  testRedisUrl,
  uniqueName,
} from '../../helpers/services.js';
import { jobClient } from '../../helpers/jobs.js';

// `shots serve` in scale-out mode (in-process): PostgreSQL, BullMQ on Redis, artifacts in S3
// (s3rver on 127.0.0.1: the operator's own S3_ENDPOINT is not SSRF-checked), real Chromium.
let database: TestDatabase;
let prefix: string;
let service: TestS3;
let customer: TestS3;
let pages: FixtureServer;
let api: TestApi;
let key: string;
let accountId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  prefix = uniqueName();
  service = await startTestS3(['shots-artifacts'], '127.0.0.1');
  customer = await startTestS3(['customer']);
  pages = await startFixtureServer();
  api = await startTestApi(
    {
      REDIS_URL: testRedisUrl(),
      DATABASE_URL: database.url,
      REDIS_PREFIX: prefix,
      SECRET_KEY: randomBytes(32).toString('base64url'),
      S3_ENDPOINT: service.endpoint,
      S3_BUCKET: 'shots-artifacts',
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: service.accessKeyId,
      S3_SECRET_ACCESS_KEY: service.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      JOB_RETRY_DELAYS: '1,1',
      NAVIGATION_TIMEOUT_MS: '1500',
      JOB_LEASE_MS: '4000',
    },
    { api: true, worker: true },
  );
  await api.service.start();
  ({ apiKey: key, accountId } = await api.account('BUSINESS'));
});
afterAll(async () => {
  await api?.close();
  await pages?.close();
  await service?.close();
  await customer?.close();
  await database?.drop();
  if (prefix) await dropRedisPrefix(prefix);
});

const { auth, submit, finished } = jobClient(
  () => api.app,
  () => key,
  90_000,
);

describe('shots serve in scale-out mode', () => {
  it('captures through BullMQ and streams the result from S3', async () => {
    const jobId = await submit({ url: `${pages.baseUrl}/simple.html` });
    expect(await finished(jobId)).toMatchObject({ status: 'completed', attempts: 1 });
    const res = await api.app.inject({ url: `/jobs/${jobId}/result`, headers: auth() });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(imageSize(res.rawPayload)).toMatchObject({ width: 1280, height: 720 });
    // The object is in the service bucket, byte for byte, and nothing is under DATA_DIR.
    const stored = readFileSync(
      join(service.directory, 'shots-artifacts', accountId, `${jobId}.png._S3rver_object`),
    );
    expect(stored.equals(res.rawPayload)).toBe(true);
    expect(existsSync(join(api.dataDir, 'artifacts'))).toBe(false);
  });

  it('retries a timed-out attempt as a delayed BullMQ job, then fails after the third', async () => {
    const jobId = await submit({ url: `${pages.baseUrl}/slow` });
    const status = await finished(jobId);
    expect(status).toMatchObject({ status: 'failed', attempts: 3, errorCode: 'NAVIGATION_TIMEOUT' });
    expect(status.error).toMatch(/Navigation timeout of 1500 ms exceeded/);
  });

  it('uploads to the customer bucket and wipes the credentials in PostgreSQL', async () => {
    const secret = `s-${randomBytes(10).toString('hex')}`;
    const jobId = await submit({
      url: `${pages.baseUrl}/simple.html?custom`,
      storage: {
        bucket: 'customer',
        region: 'eu-central-1',
        accessKeyId: 'S3RVER',
        secretAccessKey: secret,
        endpoint: customer.endpoint,
      },
    });
    expect(await finished(jobId)).toMatchObject({ status: 'completed' });
    const uploaded = readFileSync(join(customer.directory, 'customer', `shots/${jobId}.png._S3rver_object`));
    expect(imageSize(uploaded)).toMatchObject({ width: 1280, height: 720 });
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const { rows } = await client.query<{ storage_credentials: string | null; row: string }>(
      `SELECT storage_credentials, jobs::text AS row FROM jobs WHERE id = $1`,
      [jobId],
    );
    await client.end();
    expect(rows[0]!.storage_credentials).toBeNull();
    expect(rows[0]!.row).not.toContain(secret);
  });
});
