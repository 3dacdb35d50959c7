import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3ArtifactStore } from '../../../src/adapters/s3-storage/s3-artifact-store.js';
import type { TestS3 } from '../../helpers/services.js';
import { startTestS3 } from '../../helpers/services.js';

// /readyz's question to the service's S3 store: a read under its key prefix, as serving a result
// does — not a HeadBucket, which needs the permission to list the bucket.

let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3(['shots-artifacts'], '127.0.0.1');
});
afterAll(async () => {
  await s3?.close();
});

function store(bucket: string, keyPrefix?: string): S3ArtifactStore {
  return new S3ArtifactStore({
    bucket,
    region: 'us-east-1',
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    endpoint: s3.endpoint,
    forcePathStyle: true,
    checkCacheMs: 0,
    ...(keyPrefix !== undefined ? { keyPrefix } : {}),
  });
}

describe('S3 artifact store readiness', () => {
  it('is ready when its bucket answers a read, with or without a key prefix', async () => {
    for (const s of [store('shots-artifacts'), store('shots-artifacts', 'tenant-a/')]) {
      await expect(s.check()).resolves.toBeUndefined();
      s.close();
    }
  });

  it('is not ready when its bucket is not there, and says so without naming it', async () => {
    const s = store('no-such-bucket');
    const err = await s.check().catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'SERVICE_UNAVAILABLE', status: 503 });
    expect((err as Error).message).not.toContain('no-such-bucket');
    s.close();
  });
});
