import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { chromiumProcessesOf } from '../helpers/chromium.js';
import type { ShotsProcess } from '../helpers/shots-process.js';
import { startShots } from '../helpers/shots-process.js';

// bin/shots, the launcher users run, puts the service on jemalloc (or glibc with two arenas), and
// Chromium keeps the environment it would have had without the launcher.

const dataDir = mkdtempSync(join(tmpdir(), 'shots-e2e-launcher-'));
const running: ShotsProcess[] = [];

afterAll(async () => {
  for (const proc of running) {
    proc.child.kill('SIGTERM');
    await proc.exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

/** Starts `bin/shots serve` with `SHOTS_MALLOC` set as given (unset: undefined). */
async function serve(malloc: string | undefined): Promise<ShotsProcess> {
  const env: Record<string, string> = {
    DATA_DIR: join(dataDir, malloc ?? 'default'),
    ALLOWED_PRIVATE_NETWORKS: '127.0.0.2/32',
    CONCURRENCY: '1',
  };
  if (malloc !== undefined) env.SHOTS_MALLOC = malloc;
  const proc = await startShots(env);
  running.push(proc);
  return proc;
}

const maps = (pid: number): string => readFileSync(`/proc/${pid}/maps`, 'utf8');
/** The environment a process was started with (what it exec'd with, not later changes). */
const environ = (pid: number): string[] => readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
const runningLine = (proc: ShotsProcess): Record<string, unknown> =>
  JSON.parse(proc.logs.find((line) => line.includes('"shots is running"')) ?? '{}') as Record<
    string,
    unknown
  >;

describe('bin/shots', () => {
  it('runs the service on jemalloc by default, and Chromium without it', async () => {
    const proc = await serve(undefined);
    const pid = proc.child.pid ?? 0;
    expect(maps(pid)).toContain('libjemalloc.so.2');
    expect(runningLine(proc)).toMatchObject({ malloc: 'jemalloc' });
    const chromium = chromiumProcessesOf(pid);
    expect(chromium.length).toBeGreaterThan(0);
    for (const child of chromium) {
      expect(maps(child)).not.toContain('libjemalloc');
      expect(
        environ(child).filter((v) => v.startsWith('LD_PRELOAD=') || v.startsWith('SHOTS_MALLOC')),
      ).toEqual([]);
    }
  });

  it('runs glibc with two arenas on SHOTS_MALLOC=arena-max, and Chromium with its defaults', async () => {
    const proc = await serve('arena-max');
    const pid = proc.child.pid ?? 0;
    expect(maps(pid)).not.toContain('libjemalloc');
    expect(environ(pid)).toContain('MALLOC_ARENA_MAX=2');
    expect(runningLine(proc)).toMatchObject({ malloc: 'arena-max' });
    for (const child of chromiumProcessesOf(pid)) expect(environ(child)).not.toContain('MALLOC_ARENA_MAX=2');
  });

  it('keeps the system allocator on SHOTS_MALLOC=system, and refuses an unknown value', async () => {
    const proc = await serve('system');
    const pid = proc.child.pid ?? 0;
    expect(maps(pid)).not.toContain('libjemalloc');
    expect(environ(pid).filter((v) => v.startsWith('MALLOC_ARENA_MAX='))).toEqual([]);
    expect(runningLine(proc)).toMatchObject({ malloc: 'system' });
    expect(proc.logs.filter((line) => line.includes('system allocator'))).toEqual([]);
    await expect(serve('tcmalloc')).rejects.toThrow(/SHOTS_MALLOC must be jemalloc, arena-max or system/);
  });

  it('is what the service asks for when started without it (node bin/shots.js)', async () => {
    const proc = await startShots(
      { DATA_DIR: join(dataDir, 'bare'), ALLOWED_PRIVATE_NETWORKS: '127.0.0.2/32', CONCURRENCY: '1' },
      'serve',
      60_000,
      ['--max-old-space-size=2048'],
    );
    running.push(proc);
    expect(runningLine(proc)).toMatchObject({ malloc: 'system' });
    const warning = proc.logs
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((entry) => String(entry.msg).includes('system allocator'));
    expect(warning).toMatchObject({
      level: 40,
      msg: expect.stringMatching(/start the service with bin\/shots/),
    });
  });
});
