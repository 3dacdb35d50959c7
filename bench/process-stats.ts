import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { chromiumProcessesOf } from '../test/helpers/chromium.js';

/** Resident set of process `pid`, in MB (VmRSS). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** Proportional set size of process `pid`, in MB (shared pages split among their sharers). */
export function pssMb(pid: number): number {
  try {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    return Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0) / 1024;
  } catch {
    return 0; // it ended while we looked
  }
}

/** Open file descriptors of process `pid`. */
export function openFds(pid: number): number {
  return readdirSync(`/proc/${pid}/fd`).length;
}

/** Chromium under process `pid`: how many processes, and their PSS in MB. */
export function chromiumOf(pid: number): { processes: number; pssMb: number } {
  const pids = chromiumProcessesOf(pid);
  return { processes: pids.length, pssMb: pids.reduce((sum, p) => sum + pssMb(p), 0) };
}

/** Bytes under `dir` (files only). */
export function folderBytes(dir: string): number {
  let total = 0;
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return 0;
  }
  for (const name of entries) {
    const path = join(dir, name);
    try {
      const st = statSync(path);
      total += st.isDirectory() ? folderBytes(path) : st.size;
    } catch {
      // removed while we looked
    }
  }
  return total;
}

/** The p-th percentile (0–100) of `values`, nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? NaN;
}
