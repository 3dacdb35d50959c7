import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { AppError } from '../../../domain/errors.js';
import { evaluateIsolated } from '../browser/isolated-world.js';
import { scrollContainerOf } from '../capture/scroll-container.js';
import type { H264Encoder } from './ffmpeg.js';
import { ffmpegTool, probeVideo, startH264Encoder } from './ffmpeg.js';

/*
 * How the scrolling video is made: deterministic frame stepping. For frame i of N the page is
 * scrolled to scrollPositions(N, …)[i], the compositor paints it and DevTools hands back a JPEG of
 * the viewport (`Page.captureScreenshot`, which waits for a fresh frame); the JPEG goes to
 * ffmpeg's stdin as frame i of an image stream at `fps`. The video's timing is the frame count,
 * never the capture speed: a slow machine makes the same video, only later.
 *
 * Measured on this 2-core machine (headless shell 156, 1280×720, 5 s at 24 fps of an 8000 px page;
 * the scroll between frames read back from the video by image registration; "jitter" is the mean
 * change of that step from frame to frame, 1.6 px being the easing curve itself). Quiet machine
 * (load ~1) / shared machine (load 5–8):
 *
 * | approach                                     | wall            | repeated frames | jitter         |
 * |----------------------------------------------|-----------------|-----------------|----------------|
 * | stepping + Page.captureScreenshot (chosen)   | 4.2–4.6 / 5.7 s | 0 / 0           | 1.6 / 1.6 px   |
 * | stepping + HeadlessExperimental.beginFrame   | 2.9 s / –       | 0               | 1.6 px         |
 * | Page.startScreencast, resampled to fps       | 6.5 / 7.1 s     | 0 / 4           | 24.7 / 34.9 px |
 * | screenshots at wall-clock slots              | 5.3 / 5.9 s     | 7 / 21          | 18.8 px, jumps |
 * | Playwright recordVideo (VP9 25 fps) → H.264  | 6.3 / 8.2 s     | 0 / 12          | – / 43.8 px    |
 *
 * beginFrame needs `--enable-begin-frame-control`, under which ordinary screenshots of the same
 * browser hang: it would need a browser of its own. The real-time approaches stutter (frames
 * picked from a 60 Hz stream, or late) and get worse under load; stepping only gets slower.
 * recordVideo also needs Playwright's own ffmpeg build and encodes twice. PNG frames instead of
 * JPEG: same video, 5.2 s instead of 4.5 s.
 */

/** JPEG quality of each frame (the H.264 encode after it is the lossy step that shows). */
const FRAME_JPEG_QUALITY = 90;
/** Allowance per frame for the capture deadline: fixed part and part per megapixel of viewport, in ms. */
const FRAME_ALLOWANCE_MS = 20;
const FRAME_ALLOWANCE_MS_PER_MEGAPIXEL = 80;
/**
 * Allowance for the preparation (lazy-content scroll, settling) and the encoder's last frames, in
 * ms — and the margin for a machine busy with other work: 180 frames at 1280×720 took 28–33 s in
 * clean CI runs here and 37 s with other work on both cores, when this was 15 s and the whole
 * allowance 37 s.
 */
const FIXED_ALLOWANCE_MS = 30_000;

/** Name prefix of a recording's temporary folder. */
const TEMP_PREFIX = 'shots-video-';
/**
 * A temporary folder older than this belongs to a process that died mid-recording (no recording
 * lasts that long: the capture deadline is at most CAPTURE_TIMEOUT_MS plus videoAllowanceMs).
 */
const STALE_TEMP_MS = 2 * 3600_000;

/** The video a spec asks for. */
export interface VideoSpec {
  durationSeconds: number;
  fps: number;
}

/**
 * How much longer than a screenshot a video may take before its capture deadline, in ms: about
 * twice what frame capture and encoding measured here (~36 ms per frame at 1280×720 alone, ~55 ms
 * with two captures at once; ~300 ms at 3840×2160), plus preparation and encoding tail.
 */
export function videoAllowanceMs(video: VideoSpec, viewport: { width: number; height: number }): number {
  const frames = frameCount(video);
  const megapixels = (viewport.width * viewport.height) / 1e6;
  const perFrameMs = FRAME_ALLOWANCE_MS + FRAME_ALLOWANCE_MS_PER_MEGAPIXEL * megapixels;
  return FIXED_ALLOWANCE_MS + Math.ceil(frames * perFrameMs);
}

/** Frames of a video: `durationSeconds × fps` to the nearest whole frame, at least one. */
export function frameCount(video: VideoSpec): number {
  return Math.max(1, Math.round(video.durationSeconds * video.fps));
}

/**
 * The scroll offset of each of `frames` frames, from 0 to `maxScrollPx`: eased in and out
 * (cosine), over a floor of 1 px per frame, so that when the page is long enough every frame
 * shows a new position and the motion never stops mid-way. A page with less room than frames
 * scrolls linearly (some positions repeat: there are not enough pixels); one with none stays at 0.
 */
export function scrollPositions(frames: number, maxScrollPx: number): number[] {
  const max = Math.max(0, Math.floor(maxScrollPx));
  if (frames <= 1) return frames === 1 ? [0] : [];
  const linearPx = Math.min(max, frames - 1);
  const easedPx = max - linearPx;
  return Array.from({ length: frames }, (_, i) => {
    const t = i / (frames - 1);
    return Math.round(linearPx * t) + Math.round((easedPx * (1 - Math.cos(Math.PI * t))) / 2);
  });
}

/** Options of {@link recordScrollingVideo}. */
export interface ScrollingVideoOptions extends VideoSpec {
  /** The document is scrolled no further than this height, in CSS px (config `MAX_FULL_PAGE_HEIGHT_PX`). */
  maxHeightPx: number;
  /** Aborting stops the recording: ffmpeg is killed and the call rejects. */
  signal: AbortSignal;
  /** Device pixels per CSS pixel of the page (its deviceScaleFactor); the video is that much larger. Default 1. */
  scale?: number;
  /** `ffmpeg` and `ffprobe` executables; default Debian's, else `PATH`. */
  ffmpegPath?: string;
  ffprobePath?: string;
  /** Folder for the temporary mp4; default the system's temporary folder. */
  tempDir?: string;
}

/** A finished recording. */
export interface ScrollingVideo {
  /** The mp4 file's bytes. */
  bytes: Buffer;
  /** Pixel size of the video: the viewport's, each side rounded down to an even number. */
  width: number;
  height: number;
  /** `frames / fps` (to the millisecond): the requested duration to the nearest whole frame. */
  durationSeconds: number;
  fps: number;
  frames: number;
  /** How far the video scrolls, in CSS px. */
  scrolledPx: number;
  /** The document's height when it is taller than `maxHeightPx` (the video stops there). */
  fullHeightPx?: number;
}

/**
 * Records `page` scrolled from top to bottom over `durationSeconds` at `fps` into an H.264 mp4
 * (see the top of this file). Frames are streamed to ffmpeg one at a time with backpressure; the
 * mp4 is written to a temporary folder (removed afterwards), which `+faststart` needs. Folders
 * left by a process that died mid-recording are removed by a later recording.
 *
 * @throws AppError `CAPTURE_FAILED` when ffmpeg is missing or fails; any error of the page (closed
 *   context, crash) as it comes, after ffmpeg was killed.
 */
export async function recordScrollingVideo(
  context: BrowserContext,
  page: Page,
  options: ScrollingVideoOptions,
): Promise<ScrollingVideo> {
  const frames = frameCount(options);
  const { documentHeightPx, viewportHeightPx } = await evaluateIsolated(page, () => ({
    documentHeightPx: Math.ceil(
      Math.max(document.documentElement?.scrollHeight ?? 0, document.body ? document.body.scrollHeight : 0),
    ),
    viewportHeightPx: window.innerHeight,
  }));
  // An app shell's document does not scroll: its scroll container is scrolled instead.
  const container = await scrollContainerOf(page);
  const contentHeightPx = container ? viewportHeightPx + container.hiddenPx : documentHeightPx;
  const scrolledPx = Math.max(0, Math.min(contentHeightPx, options.maxHeightPx) - viewportHeightPx);
  const positions = scrollPositions(frames, scrolledPx);
  const scrollTo = container
    ? async (top: number): Promise<number> => {
        await container.scrollTo(top);
        return 0;
      }
    : async (top: number): Promise<number> => {
        await evaluateIsolated(
          page,
          (y: number) => window.scrollTo({ top: y, left: 0, behavior: 'instant' }),
          top,
        );
        return top;
      };
  const parent = options.tempDir ?? tmpdir();
  await removeStaleTempDirs(parent);
  const dir = await mkdtemp(join(parent, TEMP_PREFIX));
  const outputPath = join(dir, 'video.mp4');
  let cdp: CDPSession | null = null;
  let encoder: H264Encoder | null = null;
  try {
    cdp = await context.newCDPSession(page);
    options.signal.throwIfAborted();
    encoder = startH264Encoder({
      ffmpegPath: options.ffmpegPath ?? ffmpegTool('ffmpeg'),
      fps: options.fps,
      outputPath,
      signal: options.signal,
    });
    const viewport = { width: page.viewportSize()?.width ?? 0, height: viewportHeightPx };
    await streamFrames(
      scrollTo,
      cdp,
      encoder,
      positions,
      { viewport, scale: options.scale ?? 1 },
      options.signal,
    );
    await encoder.finish();
    const probe = await probeVideo(options.ffprobePath ?? ffmpegTool('ffprobe'), outputPath);
    if (probe.codec !== 'h264' || probe.width <= 0 || probe.height <= 0) {
      throw new AppError(
        'CAPTURE_FAILED',
        `The encoder produced an unexpected video (${probe.codec} ${probe.width}×${probe.height})`,
      );
    }
    return {
      bytes: await readFile(outputPath),
      width: probe.width,
      height: probe.height,
      durationSeconds: Math.round((frames / options.fps) * 1000) / 1000,
      fps: options.fps,
      frames,
      scrolledPx,
      ...(contentHeightPx > options.maxHeightPx ? { fullHeightPx: contentHeightPx } : {}),
    };
  } finally {
    await encoder?.kill();
    await cdp?.detach().catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  }
}

/** Removes the temporary folders that recordings of dead processes left in `parent`. */
async function removeStaleTempDirs(parent: string): Promise<void> {
  const names = await readdir(parent).catch(() => []);
  for (const name of names.filter((n) => n.startsWith(TEMP_PREFIX))) {
    const path = join(parent, name);
    const info = await stat(path).catch(() => null);
    if (info && Date.now() - info.mtimeMs > STALE_TEMP_MS)
      await rm(path, { recursive: true, force: true }).catch(() => undefined);
  }
}

/**
 * Scrolls to each position (the document, or an app shell's scroll container: `scrollTo` says
 * where the viewport then is in the document), captures the viewport and hands the frame to the
 * encoder. The next frame is captured while the encoder takes the previous one; never more than
 * one frame waits.
 */
async function streamFrames(
  scrollTo: (top: number) => Promise<number>,
  cdp: CDPSession,
  encoder: H264Encoder,
  positions: readonly number[],
  frame: { viewport: { width: number; height: number }; scale: number },
  signal: AbortSignal,
): Promise<void> {
  let pending: Promise<void> = Promise.resolve();
  let previousY: number | null = null;
  /** Where the viewport is in the document (0 while a scroll container is scrolled). */
  let documentY = 0;
  for (const y of positions) {
    signal.throwIfAborted();
    if (y !== previousY) {
      documentY = await scrollTo(y);
      previousY = y;
    }
    const { data } = await cdp.send('Page.captureScreenshot', {
      format: 'jpeg',
      quality: FRAME_JPEG_QUALITY,
      optimizeForSpeed: true,
      captureBeyondViewport: false,
      // The viewport at the page's own pixel ratio (without a clip DevTools gives CSS pixels).
      clip: {
        x: 0,
        y: documentY,
        width: frame.viewport.width,
        height: frame.viewport.height,
        scale: frame.scale,
      },
    });
    await pending;
    pending = encoder.write(Buffer.from(data, 'base64'));
    // Marks the promise handled while the next frame is captured; it is awaited just above.
    pending.catch(() => undefined);
  }
  await pending;
}
