import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchChromium } from '../../../src/adapters/playwright/browser/launch-chromium.js';
import { recordScrollingVideo } from '../../../src/adapters/playwright/video/video-recorder.js';
import {
  chromiumProcessesOf,
  stillRunning,
  testChromiumPath,
  waitForNoChromium,
} from '../../helpers/chromium.js';
import type { FixtureServer } from '../../helpers/fixture-server.js';
import { startFixtureServer } from '../../helpers/fixture-server.js';
import { thrownBy } from '../../helpers/capturer.js';
import { ffmpegProcessesOf, probe, waitForExit } from '../../helpers/media.js';

// The recorder's processes and files: nothing is left behind after success, failure or a crash
// of the process that runs it.

let server: FixtureServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let tempDir: string;

beforeAll(async () => {
  server = await startFixtureServer();
  browser = await launchChromium(testChromiumPath());
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  expect(await waitForNoChromium()).toEqual([]);
});
beforeEach(async () => {
  tempDir = mkdtempSync(join(tmpdir(), 'shots-video-lifecycle-'));
  context = await browser.newContext({ viewport: { width: 320, height: 240 } });
  page = await context.newPage();
  await page.goto(`${server.baseUrl}/video/long.html`);
});
afterEach(async () => {
  await context.close();
  rmSync(tempDir, { recursive: true, force: true });
});

const options = (extra: Record<string, unknown> = {}) => ({
  durationSeconds: 1,
  fps: 4,
  maxHeightPx: 16_384,
  signal: new AbortController().signal,
  tempDir,
  ...extra,
});

describe('video recorder lifecycle', () => {
  it('leaves no temporary file and no ffmpeg after a recording', async () => {
    const video = await recordScrollingVideo(context, page, options());
    expect((await probe(video.bytes)).frames).toBe(4);
    expect(readdirSync(tempDir)).toEqual([]);
    expect(ffmpegProcessesOf()).toEqual([]);
  });

  it('removes temporary folders that a dead process left behind long ago, and only those', async () => {
    const old = join(tempDir, 'shots-video-old');
    const recent = join(tempDir, 'shots-video-recent');
    mkdirSync(old);
    mkdirSync(recent);
    const threeHoursAgo = new Date(Date.now() - 3 * 3600_000);
    utimesSync(old, threeHoursAgo, threeHoursAgo);
    await recordScrollingVideo(context, page, options());
    expect(readdirSync(tempDir)).toEqual(['shots-video-recent']);
  });

  it('caps the scroll at maxHeightPx and says how tall the page was', async () => {
    const video = await recordScrollingVideo(context, page, options({ maxHeightPx: 1000 }));
    expect(video).toMatchObject({ scrolledPx: 1000 - 240, fullHeightPx: 8000, width: 320, height: 240 });
  });

  it('fails with an install hint, not retried, when ffmpeg is missing', async () => {
    const err = await thrownBy(() =>
      recordScrollingVideo(context, page, options({ ffmpegPath: '/nonexistent/ffmpeg' })),
    );
    expect(err).toMatchObject({ code: 'CAPTURE_FAILED', retryable: false });
    expect(err.message).toBe(
      '/nonexistent/ffmpeg not found: run npm start once as root, or apt-get install ffmpeg',
    );
    expect(readdirSync(tempDir)).toEqual([]);
  });

  it('fails with the encoder’s exit when ffmpeg stops taking frames', async () => {
    const err = await thrownBy(() =>
      recordScrollingVideo(context, page, options({ ffmpegPath: '/bin/false' })),
    );
    expect(err).toMatchObject({
      code: 'CAPTURE_FAILED',
      message: 'The video encoder (ffmpeg) exited with code 1',
    });
    expect(readdirSync(tempDir)).toEqual([]);
  });

  it('kills ffmpeg and removes its file when the page goes away mid-recording', async () => {
    const recording = recordScrollingVideo(context, page, options({ durationSeconds: 30, fps: 30 }));
    recording.catch(() => undefined);
    const encoders = await waitFor(() => ffmpegProcessesOf());
    await page.close();
    const err = await thrownBy(() => recording);
    expect(err.message).toMatch(/closed/i);
    expect(await waitForExit(encoders, 5000)).toEqual([]);
    expect(readdirSync(tempDir)).toEqual([]);
  });

  it('leaves no ffmpeg behind when the process recording is killed', async () => {
    const script = fileURLToPath(new URL('../../helpers/record-child.ts', import.meta.url));
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', script, `${server.baseUrl}/video/long.html`, tempDir],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    let browsers: number[] = [];
    try {
      const encoders = await waitFor(
        () => (child.exitCode === null ? ffmpegProcessesOf(child.pid) : []),
        45_000,
        () => stderr,
      );
      browsers = chromiumProcessesOf(child.pid ?? -1);
      child.kill('SIGKILL');
      await exited;
      // ffmpeg reads end-of-file on its stdin and exits by itself.
      expect(await waitForExit(encoders, 10_000)).toEqual([]);
      expect(await waitForExit(browsers, 10_000)).toEqual([]);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      for (const pid of stillRunning(browsers)) process.kill(pid, 'SIGKILL');
    }
  });
});

/** Polls `fn` until it returns a non-empty list; fails after `timeoutMs` with `why()` in the message. */
async function waitFor(
  fn: () => number[],
  timeoutMs = 30_000,
  why: () => string = () => '',
): Promise<number[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = fn();
    if (found.length > 0) return found;
    if (Date.now() > deadline) throw new Error(`nothing found within ${timeoutMs} ms ${why()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
