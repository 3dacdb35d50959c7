import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../helpers/services.js';
import { createTestDatabase, freePort } from '../helpers/services.js';
import { LAUNCHER } from '../helpers/shots-process.js';

// A scale-out process whose Redis cannot be reached at start gives up on its own after the probe's
// 5 s, with one message naming REDIS_URL's host:port (never its password), instead of retrying for
// ever. A process still running after 30 s is killed, and the test fails (no exit code). How long
// start-up takes besides depends on the machine's load, so no tighter bound is asserted here.
let database: TestDatabase;
const dataDir = mkdtempSync(join(tmpdir(), 'shots-e2e-redis-'));

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Runs `bin/shots <role>`; resolves with how it ended, or kills it after `limitMs`. */
function run(
  role: string,
  env: Record<string, string>,
  limitMs: number,
): Promise<{ code: number | null; ms: number; stdout: string; stderr: string }> {
  const started = Date.now();
  const child = spawn(LAUNCHER, [role], {
    env: {
      ...process.env,
      PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}`,
      SECRET_KEY: '',
      LOG_LEVEL: 'info',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), limitMs);
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, ms: Date.now() - started, stdout, stderr });
    }),
  );
}

describe('scale-out start with Redis out of reach', () => {
  it.each(['api', 'worker', 'serve'])(
    'shots %s gives up and exits non-zero, naming host:port',
    async (role) => {
      const port = await freePort();
      const ended = await run(
        role,
        { REDIS_URL: `redis://:hunter2@127.0.0.1:${port}/7`, DATABASE_URL: database.url },
        30_000,
      );
      expect(ended.code, ended.stderr).not.toBe(0);
      expect(ended.code, `still running after ${ended.ms} ms`).not.toBeNull();
      expect(ended.stderr).toContain(`Redis at 127.0.0.1:${port} (REDIS_URL) cannot be reached`);
      expect(ended.stderr).toContain('ECONNREFUSED');
      expect(ended.stderr).toContain('(tried for 5 s)');
      expect(ended.stderr.trim().split('\n')).toHaveLength(1);
      expect(ended.stderr + ended.stdout).not.toContain('hunter2');
      expect(ended.stdout).not.toContain('store connection error');
    },
  );
});
