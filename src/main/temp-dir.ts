import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A temporary folder this process owns, under `DATA_DIR/tmp/`, named after the process (its pid and
 * start time, so a reused pid is not mistaken for it). Made the process's `TMPDIR`, it receives
 * what Chromium and Playwright put in the temporary folder (profiles, `playwright-artifacts-*`,
 * shared memory files) and the video encoder's work files. A process killed with SIGKILL cannot
 * clean up; the next start removes the folders of processes that are gone.
 */
export interface OwnTempDir {
  readonly path: string;
  /** Removes the folder (at a clean shutdown). */
  remove(): void;
}

const PREFIX = 'p';

/** The start time of process `pid` in clock ticks since boot (Linux), or null when unknown or gone. */
function startTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

/** True while process `pid`, started at `started`, runs. */
function alive(pid: number, started: string): boolean {
  const now = startTime(pid);
  if (now !== null) return now === started;
  try {
    process.kill(pid, 0); // not Linux: the pid alone
    return true;
  } catch {
    return false;
  }
}

/** Removes the folders under `parent` whose process is gone; returns how many. */
export function sweepTempDirs(parent: string): number {
  let removed = 0;
  let entries: string[];
  try {
    entries = readdirSync(parent);
  } catch {
    return 0;
  }
  for (const name of entries) {
    const match = /^p(\d+)-(\d+)$/.exec(name);
    if (!match || alive(Number(match[1]), match[2] ?? '')) continue;
    rmSync(join(parent, name), { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}

/** Sweeps `DATA_DIR/tmp/` and makes this process's folder in it. */
export function ownTempDir(dataDir: string): OwnTempDir & { swept: number } {
  const parent = join(dataDir, 'tmp');
  mkdirSync(parent, { recursive: true });
  const swept = sweepTempDirs(parent);
  const path = join(parent, `${PREFIX}${process.pid}-${startTime(process.pid) ?? Date.now()}`);
  mkdirSync(path, { recursive: true, mode: 0o700 });
  return { path, swept, remove: () => rmSync(path, { recursive: true, force: true }) };
}
