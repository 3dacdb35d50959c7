import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaywrightCapturer } from '../../../src/adapters/playwright/playwright-capturer.js';
import { scrollPositions } from '../../../src/adapters/playwright/video/video-recorder.js';
import { waitForNoChromium } from '../../helpers/chromium.js';
import type { FixtureServer } from '../../helpers/fixture-server.js';
import { startFixtureServer } from '../../helpers/fixture-server.js';
import { noDeadline, specOf, testCapturer, thrownBy } from '../../helpers/capturer.js';
import {
  decodeFrames,
  ffmpegProcessesOf,
  frameMd5s,
  meanDifference,
  near,
  pixel,
  probe,
  verticalShift,
  waitForExit,
} from '../../helpers/media.js';

// Scrolling videos through the Playwright capturer, checked as a viewer would: ffprobe, decoded
// frames, colours at the top and bottom of the fixture page, and the scroll between frames.

const NAVIGATION_TIMEOUT_MS = 1500;
/** test/fixtures/pages/video/long.html: red band 0–100 px, rows, blue band 7900–8000 px. */
const LONG_PAGE_PX = 8000;
const RED: [number, number, number] = [255, 0, 0];
const BLUE: [number, number, number] = [0, 0, 255];
const GREEN: [number, number, number] = [0, 170, 0];

let server: FixtureServer;
let capturer: PlaywrightCapturer;

beforeAll(async () => {
  server = await startFixtureServer();
  capturer = testCapturer({ navigationTimeoutMs: NAVIGATION_TIMEOUT_MS, concurrency: 1 });
  await capturer.ready();
});

afterAll(async () => {
  await capturer?.close();
  await server?.close();
  expect(ffmpegProcessesOf()).toEqual([]);
  expect(await waitForNoChromium()).toEqual([]);
});

function videoSpec(
  page: string,
  video: { duration: number; fps: number },
  dimensions = { width: 640, height: 360 },
) {
  return specOf({ url: `${server.baseUrl}/video/${page}`, dimensions, video });
}

describe('scrolling video', () => {
  it('scrolls a long page from top to bottom, a new position every frame along the eased curve', async () => {
    // Odd viewport: the video is cut to even sides (yuv420p needs them).
    const viewport = { width: 641, height: 361 };
    const out = await capturer.capture(
      videoSpec('long.html', { duration: 3, fps: 30 }, viewport),
      noDeadline(),
    );
    expect(out).toMatchObject({
      format: 'mp4',
      contentType: 'video/mp4',
      width: 640,
      height: 360,
      video: { durationSeconds: 3, fps: 30 },
    });
    const scrolledPx = LONG_PAGE_PX - viewport.height;
    expect(out.metadata).toMatchObject({ httpStatus: 200, scrolledPx, truncated: false });

    const probed = await probe(out.bytes);
    expect(probed).toMatchObject({
      codec: 'h264',
      pixFmt: 'yuv420p',
      width: 640,
      height: 360,
      fps: 30,
      frames: 90,
      faststart: true,
    });
    expect(Math.abs(probed.durationSeconds - 3)).toBeLessThanOrEqual(1 / 30);
    expect(new Set(await frameMd5s(out.bytes)).size).toBe(90);

    const frames = await decodeFrames(out.bytes, 640, 360);
    expect(frames).toHaveLength(90);
    const first = frames[0]!;
    const last = frames.at(-1)!;
    expect(near(pixel(first, 640, 10, 10), RED)).toBe(true); // the top of the page
    expect(near(pixel(first, 640, 10, 350), BLUE)).toBe(false);
    expect(near(pixel(last, 640, 10, 350), BLUE)).toBe(true); // the bottom of the page
    expect(near(pixel(last, 640, 10, 10), RED)).toBe(false);

    // The picture moves up by the planned step between every two frames: no repeat, no jump.
    const planned = scrollPositions(90, scrolledPx);
    const steps = planned.slice(1).map((y, i) => y - planned[i]!);
    const seen = frames
      .slice(1)
      .map((frame, i) => verticalShift(frames[i]!, frame, 640, 360, Math.max(...steps) + 20));
    for (const [i, shift] of seen.entries()) {
      expect(shift, `frame ${i + 1}`).toBeGreaterThan(0);
      expect(
        Math.abs(shift - steps[i]!),
        `frame ${i + 1}: moved ${shift} px, planned ${steps[i]}`,
      ).toBeLessThanOrEqual(2);
    }
  });

  it("scrolls an app shell's list when its document does not scroll, the header and footer in place", async () => {
    // Before, the video scrolled the document, which does not move: every frame was the first.
    const out = await capturer.capture(
      specOf({
        url: `${server.baseUrl}/app-shell.html`,
        dimensions: { width: 640, height: 360 },
        video: { duration: 2, fps: 5 },
      }),
      noDeadline(),
    );
    // The list: 40 rows of 150 px in 360 − 60 (header) − 40 (footer) px.
    expect(out.metadata).toMatchObject({ scrolledPx: 40 * 150 - 260, truncated: false });
    const frames = await decodeFrames(out.bytes, 640, 360);
    const first = frames[0]!;
    const last = frames.at(-1)!;
    const ROW: [number, number, number] = [40, 150, 90];
    const LAST_ROW: [number, number, number] = [30, 90, 180];
    for (const frame of [first, last]) {
      expect(near(pixel(frame, 640, 320, 30), [255, 0, 255])).toBe(true); // the header
      expect(near(pixel(frame, 640, 320, 340), [255, 255, 0])).toBe(true); // the footer
    }
    expect(near(pixel(first, 640, 320, 240), ROW)).toBe(true);
    expect(near(pixel(last, 640, 320, 240), LAST_ROW)).toBe(true);
  });

  it('holds a page shorter than the viewport still to the end', async () => {
    const out = await capturer.capture(
      videoSpec('short.html', { duration: 2, fps: 5 }, { width: 800, height: 600 }),
      noDeadline(),
    );
    expect(out).toMatchObject({ width: 800, height: 600, video: { durationSeconds: 2, fps: 5 } });
    expect(out.metadata).toMatchObject({ scrolledPx: 0, truncated: false });
    const probed = await probe(out.bytes);
    expect(probed).toMatchObject({
      codec: 'h264',
      pixFmt: 'yuv420p',
      width: 800,
      height: 600,
      fps: 5,
      frames: 10,
    });
    expect(Math.abs(probed.durationSeconds - 2)).toBeLessThanOrEqual(1 / 5);
    const frames = await decodeFrames(out.bytes, 800, 600);
    expect(frames).toHaveLength(10);
    for (const frame of frames) {
      expect(near(pixel(frame, 800, 700, 500), GREEN)).toBe(true);
      expect(meanDifference(frames[0]!, frame)).toBeLessThan(1);
    }
  });

  it('makes the shortest video, 1 s at 1 fps: one frame of the top of the page', async () => {
    const out = await capturer.capture(videoSpec('long.html', { duration: 1, fps: 1 }), noDeadline());
    expect(out).toMatchObject({ width: 640, height: 360, video: { durationSeconds: 1, fps: 1 } });
    const probed = await probe(out.bytes);
    expect(probed).toMatchObject({ codec: 'h264', pixFmt: 'yuv420p', fps: 1, frames: 1 });
    expect(Math.abs(probed.durationSeconds - 1)).toBeLessThanOrEqual(1);
    const [frame] = await decodeFrames(out.bytes, 640, 360);
    expect(near(pixel(frame!, 640, 10, 10), RED)).toBe(true);
  });

  it('makes a 5 s, 24 fps video at 1280×720 with 120 distinct frames', async () => {
    const out = await capturer.capture(
      videoSpec('long.html', { duration: 5, fps: 24 }, { width: 1280, height: 720 }),
      noDeadline(),
    );
    const probed = await probe(out.bytes);
    expect(probed).toMatchObject({
      codec: 'h264',
      pixFmt: 'yuv420p',
      width: 1280,
      height: 720,
      fps: 24,
      frames: 120,
    });
    expect(Math.abs(probed.durationSeconds - 5)).toBeLessThanOrEqual(1 / 24);
    expect(new Set(await frameMd5s(out.bytes)).size).toBe(120);
  });

  it('rounds a fractional duration to whole frames', async () => {
    const out = await capturer.capture(videoSpec('short.html', { duration: 1.5, fps: 3 }), noDeadline());
    // 4.5 frames, to the nearest whole frame: 5 frames, 1.667 s, within a frame of the request.
    expect(out.video).toEqual({ durationSeconds: 1.667, fps: 3 });
    const probed = await probe(out.bytes);
    expect(probed.frames).toBe(5);
    expect(Math.abs(probed.durationSeconds - 1.5)).toBeLessThanOrEqual(1 / 3);
  });

  it('fails a page that never finishes loading with the navigation timeout, starting no encoder', async () => {
    const err = await thrownBy(() =>
      capturer.capture(
        specOf({ url: `${server.baseUrl}/slow`, video: { duration: 2, fps: 10 } }),
        noDeadline(),
      ),
    );
    expect(err).toMatchObject({
      code: 'NAVIGATION_TIMEOUT',
      retryable: true,
      message: `Navigation timeout of ${NAVIGATION_TIMEOUT_MS} ms exceeded`,
    });
    expect(ffmpegProcessesOf()).toEqual([]);
  });

  it('stops a recording at its deadline: CAPTURE_TIMEOUT and ffmpeg killed at once', async () => {
    const controller = new AbortController();
    const capture = capturer.capture(videoSpec('long.html', { duration: 30, fps: 30 }), controller.signal);
    capture.catch(() => undefined);
    const encoders = await until(() => {
      const pids = ffmpegProcessesOf();
      return pids.length > 0 ? pids : undefined;
    }, 30_000);
    controller.abort();
    const err = await thrownBy(() => capture);
    expect(err).toMatchObject({ code: 'CAPTURE_TIMEOUT', retryable: true });
    expect(await waitForExit(encoders, 5000)).toEqual([]);
    expect(ffmpegProcessesOf()).toEqual([]);
    // The slot is free again: the next capture runs.
    const next = await capturer.capture(videoSpec('short.html', { duration: 1, fps: 2 }), noDeadline());
    expect((await probe(next.bytes)).frames).toBe(2);
  });
});

async function until<T>(fn: () => T | undefined, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = fn();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
