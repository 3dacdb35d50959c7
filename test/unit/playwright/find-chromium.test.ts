import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_CANDIDATES, findChromium } from '../../../src/adapters/playwright/browser/find-chromium.js';

const only =
  (...present: string[]) =>
  (path: string): boolean =>
    present.includes(path);

describe('findChromium', () => {
  it('prefers the headless shell, then the full browser', () => {
    expect(CHROMIUM_CANDIDATES[0]).toBe('/usr/lib/chromium/chromium-headless-shell');
    expect(findChromium(null, CHROMIUM_CANDIDATES, only(...CHROMIUM_CANDIDATES))).toBe(
      CHROMIUM_CANDIDATES[0],
    );
    expect(findChromium(null, CHROMIUM_CANDIDATES, only('/usr/bin/chromium'))).toBe('/usr/bin/chromium');
  });

  it('uses the configured path and nothing else', () => {
    expect(
      findChromium(
        '/opt/chrome/chrome',
        CHROMIUM_CANDIDATES,
        only('/opt/chrome/chrome', '/usr/bin/chromium'),
      ),
    ).toBe('/opt/chrome/chrome');
    expect(() => findChromium('/opt/missing', CHROMIUM_CANDIDATES, only('/usr/bin/chromium'))).toThrow(
      'Chromium not found at /opt/missing: run npm start once as root, or apt-get install chromium-headless-shell chromium',
    );
  });

  it('says where it looked and how to install when nothing is there', () => {
    let error: unknown;
    try {
      findChromium(null, CHROMIUM_CANDIDATES, only());
    } catch (err) {
      error = err;
    }
    expect(error).toMatchObject({
      code: 'CAPTURE_FAILED',
      retryable: false,
      message:
        'Chromium not found at /usr/lib/chromium/chromium-headless-shell or /usr/bin/chromium: run npm start once as root, or apt-get install chromium-headless-shell chromium',
    });
  });

  it('checks real files by default: present and executable', () => {
    const dir = mkdtempSync(join(tmpdir(), 'shots-find-chromium-'));
    try {
      const plain = join(dir, 'plain');
      const runnable = join(dir, 'runnable');
      writeFileSync(plain, '', { mode: 0o644 });
      writeFileSync(runnable, '#!/bin/sh\n', { mode: 0o755 });
      expect(() => findChromium(join(dir, 'missing'))).toThrow(
        `Chromium not found at ${join(dir, 'missing')}`,
      );
      expect(() => findChromium(dir)).toThrow('Chromium not found'); // a directory
      expect(() => findChromium(plain)).toThrow('Chromium not found'); // no execute bit (root too)
      expect(findChromium(runnable)).toBe(runnable);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
