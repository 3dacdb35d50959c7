import { readdirSync, readFileSync } from 'node:fs';
import { findChromium } from '../../src/adapters/playwright/browser/find-chromium.js';

/**
 * The Chromium the tests use: `CHROMIUM_PATH` when set, else the headless shell, else
 * `/usr/bin/chromium`. Throws the capturer's own "Chromium not found …" error otherwise, so a
 * machine without Chromium fails the browser tests loudly instead of skipping them.
 */
export function testChromiumPath(): string {
  return findChromium(process.env.CHROMIUM_PATH?.trim() || null);
}

/** Parent pid and command name of every process, read from /proc. */
function processTable(): Map<number, { ppid: number; comm: string }> {
  const table = new Map<number, { ppid: number; comm: string }>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // "pid (comm) state ppid …": comm may hold spaces and parentheses; it ends at the last ')'.
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      const [state, ppid] = stat.slice(close + 2).split(' ');
      if (state !== 'Z' && state !== 'X') table.set(Number(name), { ppid: Number(ppid), comm });
    } catch {
      // the process ended while we looked
    }
  }
  return table;
}

/** Pids of the Chromium processes descending from `rootPid` (this test process by default). */
export function chromiumProcessesOf(rootPid: number = process.pid): number[] {
  const table = processTable();
  const found: number[] = [];
  const queue = [rootPid];
  while (queue.length > 0) {
    const parent = queue.shift();
    for (const [pid, info] of table) {
      if (info.ppid !== parent) continue;
      queue.push(pid);
      if (/chrom/i.test(info.comm)) found.push(pid);
    }
  }
  return found;
}

/** Those of `pids` still running (zombies count as ended). */
export function stillRunning(pids: readonly number[]): number[] {
  const table = processTable();
  return pids.filter((pid) => table.has(pid));
}

/**
 * Waits until no Chromium process descends from this process and none of `known` runs (a
 * renderer orphaned by a dead browser leaves our tree); returns the ones left after `timeoutMs`.
 */
export async function waitForNoChromium(timeoutMs = 5000, known: readonly number[] = []): Promise<number[]> {
  const until = Date.now() + timeoutMs;
  const left = (): number[] => [...new Set([...chromiumProcessesOf(), ...stillRunning(known)])];
  let pids = left();
  while (pids.length > 0 && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    pids = left();
  }
  return pids;
}

/** The Chromium processes descending from `rootPid` (this process by default), with their `--type` (null: a browser). */
export function chromiumProcessTypes(rootPid: number = process.pid): { pid: number; type: string | null }[] {
  return chromiumProcessesOf(rootPid).map((pid) => {
    let type: string | null = null;
    try {
      // Chromium's children rewrite their command line as one space-separated string.
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/);
      type = args.find((a) => a.startsWith('--type='))?.slice('--type='.length) ?? null;
    } catch {
      // it ended while we looked
    }
    return { pid, type };
  });
}

/** SIGKILLs this process's browsers (`browser`) or their page renderers (`renderer`); returns how many. */
export function killChromium(what: 'browser' | 'renderer'): number {
  const victims = chromiumProcessTypes().filter((p) =>
    what === 'browser' ? p.type === null : p.type === 'renderer',
  );
  for (const { pid } of victims) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  return victims.length;
}
