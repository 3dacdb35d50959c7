import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAddressPolicy } from '../../../src/adapters/egress/address-policy.js';
import type { HostCheck, HostChecker } from '../../../src/ports/host-checker.js';
import { createUrlGuard } from '../../../src/adapters/egress/url-guard.js';
import { createS3CustomerStorage } from '../../../src/adapters/s3-storage/s3-customer-storage.js';
import { AppError } from '../../../src/domain/errors.js';
import type { TestS3 } from '../../helpers/services.js';
import { startTestS3 } from '../../helpers/services.js';

// The upload's connection goes only to an address the SSRF policy allows, checked when it connects.
let allowed: TestS3; // 127.0.0.2: exempted, as in every test
let internal: TestS3; // 127.0.0.1: blocked loopback, must receive nothing

const guard = createUrlGuard({ policy: createAddressPolicy({ allowedPrivateNetworks: ['127.0.0.2/32'] }) });
const png = Buffer.from('89504e470d0a1a0a0000', 'hex');

beforeAll(async () => {
  allowed = await startTestS3(['b']);
  internal = await startTestS3(['b'], '127.0.0.1');
});
afterAll(async () => {
  await allowed?.close();
  await internal?.close();
});

function target(endpoint: string) {
  return { bucket: 'b', region: 'us-east-1', endpoint, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
}

const objectFile = (s3: TestS3, key: string): string => join(s3.directory, 'b', `${key}._S3rver_object`);

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('S3 customer storage', () => {
  it('uploads to an allowed endpoint', async () => {
    await createS3CustomerStorage({ hosts: guard }).upload(
      target(allowed.endpoint),
      'shots/ok.png',
      png,
      'image/png',
    );
    expect(existsSync(objectFile(allowed, 'shots/ok.png'))).toBe(true);
  });

  it('refuses a blocked address without connecting, not retryable', async () => {
    for (const endpoint of [internal.endpoint, `http://localhost:${internal.port}`]) {
      const err = await failure(
        createS3CustomerStorage({ hosts: guard }).upload(target(endpoint), 'shots/x.png', png, 'image/png'),
      );
      expect(err).toMatchObject({ code: 'STORAGE_FAILED', retryable: false });
      expect(err.message).toMatch(/refused by SSRF protection/);
    }
    expect(existsSync(objectFile(internal, 'shots/x.png'))).toBe(false);
  });

  it('checks the address again when it connects: a name that rebinds to a blocked address is refused', async () => {
    // First answer (the check before the upload): the allowed address; then a blocked one.
    let calls = 0;
    const rebinding: HostChecker = {
      async resolveAndCheck(host): Promise<HostCheck> {
        calls += 1;
        if (host !== 'bucket.rebind.test') return guard.resolveAndCheck(host);
        return calls === 1
          ? { address: '127.0.0.2', family: 4, addresses: ['127.0.0.2'] }
          : { blocked: 'bucket.rebind.test resolves to 127.0.0.1 (loopback)' };
      },
    };
    const endpoint = `http://bucket.rebind.test:${internal.port}`;
    const err = await failure(
      createS3CustomerStorage({ hosts: rebinding }).upload(target(endpoint), 'shots/r.png', png, 'image/png'),
    );
    expect(err).toMatchObject({ code: 'STORAGE_FAILED', retryable: false });
    expect(calls).toBeGreaterThanOrEqual(2);
    expect(existsSync(objectFile(internal, 'shots/r.png'))).toBe(false);
  });

  it('does not retry a missing bucket; retries a refused connection', async () => {
    const missing = await failure(
      createS3CustomerStorage({ hosts: guard }).upload(
        { ...target(allowed.endpoint), bucket: 'nope' },
        'k.png',
        png,
        'image/png',
      ),
    );
    expect(missing).toMatchObject({ code: 'STORAGE_FAILED', retryable: false });
    expect(missing.message).toMatch(/NoSuchBucket \(HTTP 404\)/);
    const refused = await failure(
      createS3CustomerStorage({ hosts: guard }).upload(
        target('http://127.0.0.2:9'),
        'k.png',
        png,
        'image/png',
      ),
    );
    expect(refused).toMatchObject({ code: 'STORAGE_FAILED', retryable: true });
  });

  it('does not retry an endpoint whose host does not exist, nor refused credentials', async () => {
    const nowhere = await failure(
      createS3CustomerStorage({ hosts: guard }).upload(
        target('http://no-such-store.invalid:9000'),
        'k.png',
        png,
        'image/png',
      ),
    );
    expect(nowhere).toMatchObject({ code: 'STORAGE_FAILED', retryable: false });
    expect(nowhere.message).toMatch(/host does not exist/);
    const badKey = await failure(
      createS3CustomerStorage({ hosts: guard }).upload(
        { ...target(allowed.endpoint), accessKeyId: 'WRONG', secretAccessKey: 'WRONG' },
        'k.png',
        png,
        'image/png',
      ),
    );
    expect(badKey).toMatchObject({ code: 'STORAGE_FAILED', retryable: false });
  });
});
