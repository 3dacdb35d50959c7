import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Keys look like `shots_sk_` + 43 URL-safe characters (256 random bits). */
const KEY_PREFIX = 'shots_sk_';
const KEY_PATTERN = /^shots_sk_[A-Za-z0-9_-]{43}$/;

export function hashApiKey(apiKey: string): string {
  return createHash('sha256').update(apiKey).digest('hex');
}

export function newApiKey(): { keyId: string; apiKey: string; keyHash: string } {
  const apiKey = KEY_PREFIX + randomBytes(32).toString('base64url');
  return { keyId: `key_${randomBytes(9).toString('base64url')}`, apiKey, keyHash: hashApiKey(apiKey) };
}

/** The key of an `Authorization: Bearer …` header, or null when the header is absent or malformed. */
export function bearerKey(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  const key = match?.[1];
  return key && KEY_PATTERN.test(key) ? key : null;
}

/** Constant-time comparison of two hex digests. */
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
