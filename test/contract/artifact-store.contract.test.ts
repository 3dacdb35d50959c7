import type { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ArtifactFixture } from '../helpers/contract-adapters.js';
import { ARTIFACT_ADAPTERS } from '../helpers/contract-adapters.js';

async function bytesOf(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

describe.each(ARTIFACT_ADAPTERS)('ArtifactStore contract: $name', (adapter) => {
  let s: ArtifactFixture;
  beforeEach(async () => {
    s = await adapter.open();
  });
  afterEach(async () => {
    await s.close();
  });

  it('stores bytes under a key and streams them back with their size and type', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.alloc(200_000, 7)]);
    await s.artifacts.put('acc_1/job_web_a.png', png, 'image/png');
    const got = await s.artifacts.get('acc_1/job_web_a.png');
    expect(got).not.toBeNull();
    expect(got!.size).toBe(png.length);
    expect(got!.contentType).toBe('image/png');
    expect((await bytesOf(got!.body)).equals(png)).toBe(true);
  });

  it('replaces an artifact written again, and forgets a deleted one', async () => {
    await s.artifacts.put('acc_1/job_web_b.pdf', Buffer.from('first'), 'application/pdf');
    await s.artifacts.put('acc_1/job_web_b.pdf', Buffer.from('second!'), 'application/pdf');
    const got = await s.artifacts.get('acc_1/job_web_b.pdf');
    expect((await bytesOf(got!.body)).toString()).toBe('second!');
    await s.artifacts.delete('acc_1/job_web_b.pdf');
    expect(await s.artifacts.get('acc_1/job_web_b.pdf')).toBeNull();
    await s.artifacts.delete('acc_1/job_web_b.pdf');
  });

  it('answers null for a key never written', async () => {
    expect(await s.artifacts.get('acc_2/job_web_none.webp')).toBeNull();
  });
});

describe.each(ARTIFACT_ADAPTERS)('ArtifactStore contract when the store is gone: $name', (adapter) => {
  let s: ArtifactFixture;
  beforeEach(async () => {
    s = await adapter.open();
  });
  afterEach(async () => {
    await s.close();
  });

  it('is ready while the store answers', async () => {
    await expect(s.artifacts.check()).resolves.toBeUndefined();
  });

  it('fails every call and the readiness check with a 503 that names no address or path', async () => {
    await s.artifacts.put('acc_1/job_web_c.png', Buffer.from('png'), 'image/png');
    const hidden = await s.breakStore();
    const failures = await Promise.all([
      s.artifacts.put('acc_1/job_web_d.png', Buffer.from('png'), 'image/png').catch((e: unknown) => e),
      s.artifacts.get('acc_1/job_web_c.png').catch((e: unknown) => e),
      s.artifacts.delete('acc_1/job_web_c.png').catch((e: unknown) => e),
      s.artifacts.check().catch((e: unknown) => e),
    ]);
    for (const err of failures) {
      expect(err).toMatchObject({ name: 'AppError', code: 'SERVICE_UNAVAILABLE', status: 503 });
      const message = (err as Error).message;
      expect(message).toMatch(/artifact store/);
      for (const secret of [...hidden, 'acc_1', 'job_web_']) expect(message).not.toContain(secret);
      // The details stay with the error, for the server log.
      expect((err as Error).cause).toBeInstanceOf(Error);
    }
  });
});
