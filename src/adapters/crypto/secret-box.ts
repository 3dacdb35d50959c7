import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import type { SecretBox } from '../../ports/secret-box.js';

/** AES-256-GCM with a key derived from the service's secret key. Output: `v1.<iv>.<tag>.<data>` (base64url). */
export class AesSecretBox implements SecretBox {
  private readonly key: Buffer;
  private readonly digestKey: Buffer;

  constructor(secretKey: string) {
    this.key = createHash('sha256').update(secretKey).digest();
    // A key of its own for digests, so that they and the ciphertexts never share one.
    this.digestKey = createHmac('sha256', this.key).update('shots digest v1').digest();
  }

  digest(plain: string): string {
    return createHmac('sha256', this.digestKey).update(plain).digest('base64url');
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), data]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  open(sealed: string): string {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }
}
