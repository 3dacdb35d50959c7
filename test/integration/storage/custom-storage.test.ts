import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import Database from 'better-sqlite3';
import { imageSize } from 'image-size';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '../../helpers/api.js';
import { startTestApi } from '../../helpers/api.js';
import type { FixtureServer } from '../../helpers/fixture-server.js';
import { startFixtureServer } from '../../helpers/fixture-server.js';
import type { TestS3 } from '../../helpers/services.js';
import { startTestS3 } from '../../helpers/services.js';
import { jobClient } from '../../helpers/jobs.js';

// The BUSINESS `storage` option on the embedded default: the customer's bucket is s3rver on
// 127.0.0.2 (the one private address the tests allow), reached through its `endpoint`.
let api: TestApi;
let pages: FixtureServer;
let bucket: TestS3;
let key: string;
const secret = `customer-secret-${randomBytes(12).toString('hex')}`;

beforeAll(async () => {
  pages = await startFixtureServer();
  bucket = await startTestS3(['customer-shots']);
  api = await startTestApi(
    { JOB_RETRY_DELAYS: '0,0', CACHE_TTL_SECONDS: '3600', LOG_LEVEL: 'silent' },
    { api: true, worker: true },
  );
  await api.service.start();
  key = (await api.account('BUSINESS')).apiKey;
});
afterAll(async () => {
  await api?.close();
  await bucket?.close();
  await pages?.close();
});

const { auth, submit, finished } = jobClient(
  () => api.app,
  () => key,
  90_000,
);

function storage(overrides: Record<string, string> = {}) {
  return {
    bucket: 'customer-shots',
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: secret,
    endpoint: bucket.endpoint,
    ...overrides,
  };
}

/** Every row of the SQLite file as text, and the file's raw bytes (WAL included). */
function databaseDump(): string {
  const file = join(api.dataDir, 'shots.db');
  const db = new Database(file, { readonly: true });
  try {
    const rows = db.prepare('SELECT * FROM jobs').all();
    const raw = readdirSync(api.dataDir)
      .filter((f) => f.startsWith('shots.db'))
      .map((f) => readFileSync(join(api.dataDir, f)).toString('latin1'))
      .join('');
    return JSON.stringify(rows) + raw;
  } finally {
    db.close();
  }
}

describe('custom storage (the customer bucket)', () => {
  it('uploads the result to the bucket, names it in the record, and drops the credentials', async () => {
    const jobId = await submit({ url: `${pages.baseUrl}/simple.html`, storage: storage() });
    const status = await finished(jobId);
    expect(status).toMatchObject({ status: 'completed', attempts: 1 });

    const record = (
      await api.app.inject({
        url: `/jobs/${jobId}/result`,
        headers: { ...auth(), accept: 'application/json' },
      })
    ).json();
    expect(record.storage).toEqual({
      bucket: 'customer-shots',
      region: 'us-east-1',
      key: `shots/${jobId}.png`,
    });
    const served = (await api.app.inject({ url: `/jobs/${jobId}/result`, headers: auth() })).rawPayload;

    const client = new S3Client({
      endpoint: bucket.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    const object = await client.send(
      new GetObjectCommand({ Bucket: 'customer-shots', Key: `shots/${jobId}.png` }),
    );
    const uploaded = Buffer.from(await object.Body!.transformToByteArray());
    client.destroy();
    expect(object.ContentType).toBe('image/png');
    expect(uploaded.equals(served)).toBe(true);
    expect(imageSize(uploaded)).toMatchObject({ width: 1280, height: 720, type: 'png' });

    // No secret anywhere: status, record, database (the sealed copy is wiped with the terminal state).
    for (const body of [JSON.stringify(status), JSON.stringify(record)]) expect(body).not.toContain(secret);
    const dump = databaseDump();
    expect(dump).toContain(jobId);
    expect(dump).not.toContain(secret);
    const db = new Database(join(api.dataDir, 'shots.db'), { readonly: true });
    const row = db.prepare('SELECT storage, storage_credentials FROM jobs WHERE id = ?').get(jobId) as {
      storage: string;
      storage_credentials: string | null;
    };
    db.close();
    expect(row.storage_credentials).toBeNull();
    expect(JSON.parse(row.storage)).toEqual({
      bucket: 'customer-shots',
      region: 'us-east-1',
      endpoint: bucket.endpoint,
    });
  });

  it('serves an identical request of the same bucket from cache, naming the same object', async () => {
    const body = { url: `${pages.baseUrl}/simple.html?cached`, storage: storage() };
    const first = await submit(body);
    expect((await finished(first)).status).toBe('completed');
    const second = await submit(body);
    const record = (
      await api.app.inject({
        url: `/jobs/${second}/result`,
        headers: { ...auth(), accept: 'application/json' },
      })
    ).json();
    expect(record).toMatchObject({
      cached: true,
      storage: { bucket: 'customer-shots', key: `shots/${first}.png` },
    });
  });

  it('fails at once, not retried, when the bucket refuses the credentials', async () => {
    const jobId = await submit({
      url: `${pages.baseUrl}/simple.html`,
      bypassCache: true,
      storage: storage({ accessKeyId: 'NOT-A-KEY' }),
    });
    const status = await finished(jobId);
    expect(status).toMatchObject({ status: 'failed', attempts: 1, errorCode: 'STORAGE_FAILED' });
    expect(status.error).toMatch(/customer-shots.*InvalidAccessKeyId \(HTTP 403\)/);
    expect(JSON.stringify(status)).not.toContain(secret);
  });

  it('retries an upload that could not connect, then fails with STORAGE_FAILED', async () => {
    // A port nobody listens on, on the allowed address: the connection is refused each time.
    const closed = `http://127.0.0.2:${bucket.port === 9 ? 10 : 9}`;
    const jobId = await submit({
      url: `${pages.baseUrl}/simple.html`,
      bypassCache: true,
      storage: storage({ endpoint: closed }),
    });
    const status = await finished(jobId);
    expect(status).toMatchObject({ status: 'failed', attempts: 3, errorCode: 'STORAGE_FAILED' });
    expect(status.error).toMatch(/Upload to bucket "customer-shots" \(us-east-1\) failed: ECONNREFUSED/);
  });

  it('refuses a storage endpoint in a blocked network at submit', async () => {
    const res = await api.app.inject({
      method: 'POST',
      url: '/screenshots/web',
      headers: auth(),
      payload: {
        url: `${pages.baseUrl}/simple.html`,
        storage: storage({ endpoint: 'http://127.0.0.1:9000' }),
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([expect.objectContaining({ field: 'storage.endpoint' })]);
  });
});
