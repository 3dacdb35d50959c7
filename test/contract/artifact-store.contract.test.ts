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
