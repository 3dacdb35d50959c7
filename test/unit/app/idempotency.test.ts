import { describe, expect, it } from 'vitest';
import { canonicalJson, requestHash } from '../../../src/app/idempotency.js';

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
    expect(requestHash(a)).toMatch(/^[0-9a-f]{64}$/);
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
