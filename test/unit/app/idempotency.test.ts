import { describe, expect, it } from 'vitest';
import { AesSecretBox } from '../../../src/adapters/crypto/secret-box.js';
import {
  canonicalJson,
  checkReplay,
  idempotencyClaim,
  legacyRequestHash,
  requestHash as keyedHash,
} from '../../../src/app/idempotency.js';

const box = new AesSecretBox('test secret key');
const requestHash = (body: unknown): string => keyedHash(body, (plain) => box.digest(plain));

// "The same body" of an Idempotency-Key: the same JSON value, whatever its key order or spacing.
describe('canonical JSON of a request body', () => {
  it('sorts keys at every depth and drops insignificant white space', () => {
    const a = JSON.parse(
      '{"url":"https://a.test/","dimensions":{"width":800,"height":600},"hideSelectors":["b","a"]}',
    );
    const b = JSON.parse(
      ' { "hideSelectors" : ["b","a"], "dimensions":{"height":600,"width":800}, "url":"https://a.test/" } ',
    );
    expect(canonicalJson(a)).toBe(
      '{"dimensions":{"height":600,"width":800},"hideSelectors":["b","a"],"url":"https://a.test/"}',
    );
    expect(requestHash(a)).toBe(requestHash(b));
    expect(requestHash(a)).toMatch(/^k1\.[\w-]{43}$/);
  });

  it('tells apart bodies that differ in a value, an array order or a type', () => {
    const base = { url: 'https://a.test/', fullPage: true, hideSelectors: ['a', 'b'] };
    const hashes = [
      base,
      { ...base, fullPage: false },
      { ...base, hideSelectors: ['b', 'a'] },
      { ...base, fullPage: 'true' },
      { ...base, extra: null },
      { url: 'https://a.test/', fullPage: true, hideSelectors: ['a', 'b'], 'a"b': 1 },
    ].map(requestHash);
    expect(new Set(hashes).size).toBe(hashes.length);
    expect(canonicalJson({ 'a"b': '\u00e9\n' })).toBe('{"a\\"b":"\u00e9\\n"}');
  });
});

// A body may hold secrets (capture headers and cookies, bucket credentials): what is stored of it
// is keyed with the service's secret key, so it cannot be tested against guesses without that key.
describe('stored request hashes', () => {
  const body = { url: 'https://a.test/', headers: { authorization: 'Bearer abc' } };

  it('are keyed: another secret key gives another hash, and none is the plain SHA-256', () => {
    const other = new AesSecretBox('another key');
    expect(requestHash(body)).not.toBe(keyedHash(body, (plain) => other.digest(plain)));
    expect(requestHash(body)).not.toContain(legacyRequestHash(body));
  });

  it('replays the same body, refuses another, and honours a record made before hashes were keyed', () => {
    const now = new Date('2026-11-25T00:00:00Z');
    const claim = idempotencyClaim('k', body, now, (plain) => box.digest(plain));
    const record = (requestHash: string) => ({ jobId: 'job-1', requestHash, createdAt: now.toISOString() });
    expect(checkReplay(record(requestHash(body)), claim)).toBe('job-1');
    expect(checkReplay(record(legacyRequestHash(body)), claim)).toBe('job-1');
    expect(() => checkReplay(record(requestHash({ ...body, url: 'https://b.test/' })), claim)).toThrow(
      /different request body/,
    );
    expect(() => checkReplay(record(legacyRequestHash({ url: 'https://b.test/' })), claim)).toThrow(
      /different request body/,
    );
  });
});
