import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { until } from '../helpers/poll.js';
import type { ShotsProcess } from '../helpers/shots-process.js';
import { startShots } from '../helpers/shots-process.js';

// Chromium's profile and Playwright's artifacts folders live in a folder the process owns under
// DATA_DIR/tmp; a SIGKILLed process leaves it behind, and the next start removes it.

const dataDir = mkdtempSync(join(tmpdir(), 'shots-e2e-tmp-'));
const env = { DATA_DIR: dataDir, ALLOWED_PRIVATE_NETWORKS: '127.0.0.2/32', CONCURRENCY: '1' };
let running: ShotsProcess | null = null;

afterAll(() => {
  running?.child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** The process folders under DATA_DIR/tmp and what each holds. */
function tempFolders(): Record<string, string[]> {
  const parent = join(dataDir, 'tmp');
  return Object.fromEntries(readdirSync(parent).map((name) => [name, readdirSync(join(parent, name))]));
}

describe('temporary folders of shots serve', () => {
  it('keeps Chromium profiles under DATA_DIR/tmp and sweeps those of a killed process at the next start', async () => {
    running = await startShots(env);
    const first = `p${running.child.pid}-`;
    const held = tempFolders();
    expect(Object.keys(held)).toHaveLength(1);
    const [folder, contents] = Object.entries(held)[0]!;
    expect(folder.startsWith(first)).toBe(true);
    expect(contents.some((name) => name.startsWith('playwright_chromiumdev_profile-'))).toBe(true);
    expect(contents.some((name) => name.startsWith('playwright-artifacts-'))).toBe(true);

    running.child.kill('SIGKILL');
    await running.exited;
    // Nothing cleaned up after a SIGKILL: the folder is still there, profile and all.
    expect(Object.keys(tempFolders())).toEqual([folder]);

    running = await startShots(env);
    const after = tempFolders();
    expect(existsSync(join(dataDir, 'tmp', folder))).toBe(false);
    expect(Object.keys(after)).toHaveLength(1);
    expect(Object.keys(after)[0]!.startsWith(`p${running.child.pid}-`)).toBe(true);
    expect(running.logs.join('\n')).toContain('removed temporary folders of dead processes');

    // A clean stop removes the process's own folder.
    running.child.kill('SIGTERM');
    expect((await running.exited).code).toBe(0);
    running = null;
    await until(async () => Object.keys(tempFolders()).length === 0 || undefined, 5000);
  });
});
