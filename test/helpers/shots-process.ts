import type { ChildProcess } from 'node:child_process';
import { execFile, spawn } from 'node:child_process';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const BIN = fileURLToPath(new URL('../../bin/shots.js', import.meta.url));
/** The launcher users run (`bin/shots`): it picks the allocator, then runs bin/shots.js. */
export const LAUNCHER = fileURLToPath(new URL('../../bin/shots', import.meta.url));
const run = promisify(execFile);

export interface ShotsProcess {
  child: ChildProcess;
  baseUrl: string;
  /** Every log line so far. */
  logs: string[];
  /** Resolves with the exit code / signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Starts the built `shots` program (`serve` by default) as users do, through `bin/shots` (with
 * `nodeArgs`: node bin/shots.js, without the launcher), and waits until it listens.
 */
export async function startShots(
  env: Record<string, string>,
  command = 'serve',
  timeoutMs = 60_000,
  nodeArgs: string[] = [],
): Promise<ShotsProcess> {
  const [file, args] =
    nodeArgs.length > 0 ? [process.execPath, [...nodeArgs, BIN, command]] : [LAUNCHER, [command]];
  const child = spawn(file, args, {
    env: {
      ...process.env,
      // The launcher runs `node` from PATH: this one.
      PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}`,
      LOG_LEVEL: 'info',
      PORT: '0',
      HOST: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`shots did not start:\n${logs.join('\n')}`)), timeoutMs);
    let buffer = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        logs.push(line);
        try {
          const entry = JSON.parse(line) as { msg?: string; url?: string | null };
          if (entry.msg === 'shots is running') {
            clearTimeout(timer);
            resolve(entry.url ?? '');
          }
        } catch {
          // not JSON
        }
      }
    });
    child.stderr.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
    void exited.then(({ code, signal }) =>
      reject(new Error(`shots exited (${code ?? signal}):\n${logs.join('\n')}`)),
    );
  });
  return { child, baseUrl, logs, exited };
}

/** Runs a one-shot `shots …` command and returns its stdout. */
export async function shots(args: string[], env: Record<string, string>): Promise<string> {
  const { stdout } = await run(process.execPath, [BIN, ...args], {
    env: { ...process.env, ...env },
    timeout: 60_000,
  });
  return stdout;
}
