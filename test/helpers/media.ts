import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** What a viewer sees of a video: ffprobe's reading after decoding every frame. */
export interface Probed {
  codec: string;
  pixFmt: string;
  width: number;
  height: number;
  /** `r_frame_rate` as a number. */
  fps: number;
  durationSeconds: number;
  /** Frames actually decoded (`-count_frames`). */
  frames: number;
  /** The `+faststart` layout: the `moov` index comes before `mdat`. */
  faststart: boolean;
}

/** Writes `bytes` to a temp file for the duration of `fn`. */
export async function withFile<T>(bytes: Buffer, fn: (file: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'shots-video-test-'));
  const file = join(dir, 'video.mp4');
  writeFileSync(file, bytes);
  try {
    return await fn(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Probes an mp4 with ffprobe, decoding it to count frames. */
export async function probe(bytes: Buffer): Promise<Probed> {
  return withFile(bytes, async (file) => {
    const { stdout } = await run('ffprobe', [
      ...['-v', 'error', '-select_streams', 'v:0', '-count_frames', '-of', 'json'],
      ...[
        '-show_entries',
        'stream=codec_name,pix_fmt,width,height,r_frame_rate,nb_read_frames:format=duration',
      ],
      file,
    ]);
    const json = JSON.parse(stdout);
    const stream = json.streams[0];
    const [num, den] = String(stream.r_frame_rate).split('/').map(Number);
    return {
      codec: stream.codec_name,
      pixFmt: stream.pix_fmt,
      width: stream.width,
      height: stream.height,
      fps: num! / den!,
      durationSeconds: Number(json.format.duration),
      frames: Number(stream.nb_read_frames),
      faststart: topLevelBoxes(bytes).join(',').replace(/,free/g, '').startsWith('ftyp,moov,mdat'),
    };
  });
}

/** Types of the top-level boxes of an mp4, in file order. */
export function topLevelBoxes(bytes: Buffer): string[] {
  const types: string[] = [];
  for (let at = 0; at + 8 <= bytes.length;) {
    let size = bytes.readUInt32BE(at);
    types.push(bytes.toString('latin1', at + 4, at + 8));
    if (size === 1) size = Number(bytes.readBigUInt64BE(at + 8));
    if (size === 0) break;
    at += size;
  }
  return types;
}

/** MD5 of every decoded frame, in order (`ffmpeg -f framemd5`). */
export async function frameMd5s(bytes: Buffer): Promise<string[]> {
  return withFile(bytes, async (file) => {
    const { stdout } = await run('ffmpeg', ['-v', 'error', '-i', file, '-f', 'framemd5', '-'], {
      maxBuffer: 16 << 20,
    });
    return stdout
      .split('\n')
      .filter((line) => line.trim() !== '' && !line.startsWith('#'))
      .map((line) => line.split(',').at(-1)!.trim());
  });
}

/** Every frame decoded to RGB24 (small videos only: width × height × 3 bytes a frame). */
export async function decodeFrames(bytes: Buffer, width: number, height: number): Promise<Buffer[]> {
  return withFile(bytes, async (file) => {
    const { stdout } = await run(
      'ffmpeg',
      ['-v', 'error', '-i', file, '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'],
      {
        encoding: 'buffer',
        maxBuffer: 1 << 30,
      },
    );
    const size = width * height * 3;
    return Array.from({ length: stdout.length / size }, (_, i) => stdout.subarray(i * size, (i + 1) * size));
  });
}

/** RGB of one pixel of a decoded RGB24 frame. */
export function pixel(frame: Buffer, width: number, x: number, y: number): [number, number, number] {
  const at = (y * width + x) * 3;
  return [frame[at]!, frame[at + 1]!, frame[at + 2]!];
}

/** Mean absolute difference of two RGB24 frames (0–255): ~0 for the same picture re-encoded. */
export function meanDifference(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

/** True when every channel is within `tolerance` of `expected`. */
export function near(
  actual: [number, number, number],
  expected: [number, number, number],
  tolerance = 24,
): boolean {
  return expected.every((v, i) => Math.abs(actual[i]! - v) <= tolerance);
}

/** Pids of the live `ffmpeg` processes descending from `rootPid` (this process by default), from /proc. */
export function ffmpegProcessesOf(rootPid: number = process.pid): number[] {
  const table = new Map<number, { ppid: number; comm: string }>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const [state, ppid] = stat.slice(close + 2).split(' ');
      if (state !== 'Z' && state !== 'X')
        table.set(Number(name), { ppid: Number(ppid), comm: stat.slice(stat.indexOf('(') + 1, close) });
    } catch {
      // ended while we looked
    }
  }
  const found: number[] = [];
  const queue = [rootPid];
  while (queue.length > 0) {
    const parent = queue.shift();
    for (const [pid, info] of table) {
      if (info.ppid !== parent) continue;
      queue.push(pid);
      if (info.comm === 'ffmpeg') found.push(pid);
    }
  }
  return found;
}

/** True while `pid` runs (a zombie counts as ended). */
export function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}

/** Waits until none of `pids` runs; returns those still running after `timeoutMs`. */
export async function waitForExit(pids: readonly number[], timeoutMs = 10_000): Promise<number[]> {
  const until = Date.now() + timeoutMs;
  let left = pids.filter(isAlive);
  while (left.length > 0 && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    left = left.filter(isAlive);
  }
  return left;
}

/**
 * How far the picture moved up from frame `a` to frame `b` (RGB24, same size), in pixels, found
 * by trying every shift up to `maxShift` and keeping the one whose overlap differs least.
 */
export function verticalShift(a: Buffer, b: Buffer, width: number, height: number, maxShift: number): number {
  let best = 0;
  let bestError = Infinity;
  for (let shift = 0; shift <= Math.min(maxShift, height - 20); shift += 1) {
    let error = 0;
    let count = 0;
    for (let y = 0; y + shift < height; y += 3) {
      for (let x = 4; x < width; x += 16) {
        const pa = ((y + shift) * width + x) * 3;
        const pb = (y * width + x) * 3;
        error +=
          Math.abs(a[pa]! - b[pb]!) + Math.abs(a[pa + 1]! - b[pb + 1]!) + Math.abs(a[pa + 2]! - b[pb + 2]!);
        count += 1;
      }
    }
    if (error / count < bestError) {
      bestError = error / count;
      best = shift;
    }
  }
  return best;
}
