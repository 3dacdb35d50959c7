import { execFile, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { join } from 'node:path';
import { AppError } from '../../../domain/errors.js';

/** Where Debian's `ffmpeg` package puts its programs; looked up first, then `PATH`. */
const DEBIAN_BIN = '/usr/bin';
/** Last bytes of ffmpeg's stderr kept for error messages. */
const STDERR_KEEP_BYTES = 4096;
/** Bound of one `ffprobe` call, in ms. */
const PROBE_TIMEOUT_MS = 15_000;

/**
 * The path of `ffmpeg` or `ffprobe`: Debian's in `/usr/bin` when it is there, else the bare name
 * (looked up on `PATH` when started).
 */
export function ffmpegTool(name: 'ffmpeg' | 'ffprobe'): string {
  const candidate = join(DEBIAN_BIN, name);
  try {
    accessSync(candidate, constants.X_OK);
    return candidate;
  } catch {
    return name;
  }
}

/** The error of a tool that could not be started, with how to install it. */
function notStarted(path: string, error: Error): AppError {
  const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
  const why = missing
    ? 'not found: run npm start once as root, or apt-get install ffmpeg'
    : `could not start: ${error.message}`;
  return new AppError('CAPTURE_FAILED', `${path} ${why}`, { cause: error, retryable: false });
}

/** Options of {@link startH264Encoder}. */
export interface H264EncoderOptions {
  /** The `ffmpeg` executable. */
  ffmpegPath: string;
  /** Frames per second of the input frames and of the video. */
  fps: number;
  /** The mp4 file to write (must be a seekable file: `+faststart` rewrites its head at the end). */
  outputPath: string;
  /** Aborting kills ffmpeg at once (SIGKILL). */
  signal: AbortSignal;
  /** x264 preset; default `veryfast`. */
  preset?: string;
  /** x264 constant rate factor (0–51, lower is better); default 20. */
  crf?: number;
}

/** A running ffmpeg that turns JPEG frames written to its stdin into an H.264 mp4. */
export interface H264Encoder {
  /** Process id of ffmpeg (for tests and logs). */
  readonly pid: number | undefined;
  /**
   * Hands one JPEG frame to ffmpeg; resolves once its stdin takes more (backpressure: await it
   * before writing the next frame). Rejects when ffmpeg has died or was killed.
   */
  write(jpeg: Buffer): Promise<void>;
  /** Ends the input and resolves once ffmpeg has written the whole file; rejects when it fails. */
  finish(): Promise<void>;
  /** Kills ffmpeg (SIGKILL) if it still runs and resolves once it has exited. Safe to call twice. */
  kill(): Promise<void>;
}

/**
 * ffmpeg arguments: a stream of JPEG images at `fps` (each image is one frame, so the video's
 * timing comes from the frame count, not from how fast frames arrive) → H.264 (x264 veryfast,
 * CRF 20: ~0.4 MB for 5 s of scrolling at 1280×720), yuv420p, cropped to even sides (yuv420p
 * needs them), `+faststart` (the index first: playable while downloading), no audio.
 */
export function h264Arguments(
  options: Pick<H264EncoderOptions, 'fps' | 'outputPath' | 'preset' | 'crf'>,
): string[] {
  return [
    ...['-hide_banner', '-loglevel', 'error'],
    ...['-f', 'image2pipe', '-framerate', String(options.fps), '-c:v', 'mjpeg', '-i', 'pipe:0'],
    ...['-vf', 'crop=trunc(iw/2)*2:trunc(ih/2)*2:0:0'],
    ...['-c:v', 'libx264', '-preset', options.preset ?? 'veryfast', '-crf', String(options.crf ?? 20)],
    // Memory: no B-frames, a short lookahead, two threads. Measured on 4 s of scrolling: ffmpeg's
    // peak RSS 112 MB at 1280×720 and 420 MB at 3840×2160 (170 / 873 MB with x264's defaults),
    // the same file size within 2 %, less CPU. It does not grow with the video's length.
    ...['-threads', '2', '-bf', '0', '-x264-params', 'rc-lookahead=5:sync-lookahead=0'],
    ...['-pix_fmt', 'yuv420p', '-r', String(options.fps), '-movflags', '+faststart', '-an'],
    ...['-y', options.outputPath],
  ];
}

/**
 * Starts ffmpeg encoding JPEG frames from its stdin into `outputPath`. ffmpeg is a child of this
 * process with its stdin a pipe: should this process die, ffmpeg reads end-of-file and exits on
 * its own; on abort it is killed.
 */
export function startH264Encoder(options: H264EncoderOptions): H264Encoder {
  const child = spawn(options.ffmpegPath, h264Arguments(options), { stdio: ['pipe', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-STDERR_KEEP_BYTES);
  });
  // EPIPE when ffmpeg dies while a frame is written: reported by write()/finish() through `exited`.
  child.stdin?.on('error', () => undefined);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; error?: Error }>(
    (resolve) => {
      child.once('error', (error) => resolve({ code: null, signal: null, error }));
      child.once('close', (code, signal) => resolve({ code, signal }));
    },
  );
  const failure = async (): Promise<AppError> => {
    const { code, signal, error } = await exited;
    if (error) return notStarted(options.ffmpegPath, error);
    const how = signal !== null ? `was killed (${signal})` : `exited with code ${String(code)}`;
    const detail = stderr.trim().split('\n').slice(-3).join(' / ');
    return new AppError('CAPTURE_FAILED', `The video encoder (ffmpeg) ${how}${detail ? `: ${detail}` : ''}`);
  };
  const kill = async (): Promise<void> => {
    if (isRunning(child)) child.kill('SIGKILL');
    await exited;
  };
  const onAbort = (): void => void kill();
  if (options.signal.aborted) onAbort();
  else options.signal.addEventListener('abort', onAbort, { once: true });
  void exited.then(() => options.signal.removeEventListener('abort', onAbort));

  return {
    pid: child.pid,
    async write(jpeg) {
      const stdin = child.stdin;
      if (!stdin || !isRunning(child) || stdin.destroyed) throw await failure();
      if (stdin.write(jpeg)) return;
      // Wait for room, or for ffmpeg to go away (then the write cannot succeed).
      const drained = await new Promise<boolean>((resolve) => {
        const settle = (ok: boolean) => (): void => {
          stdin.off('drain', onDrain);
          child.off('close', onGone).off('error', onGone);
          resolve(ok);
        };
        const onDrain = settle(true);
        const onGone = settle(false);
        stdin.once('drain', onDrain);
        child.once('close', onGone).once('error', onGone);
      });
      if (!drained) throw await failure();
    },
    async finish() {
      child.stdin?.end();
      const { code, error } = await exited;
      if (error || code !== 0) throw await failure();
    },
    kill,
  };
}

function isRunning(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

/** What `ffprobe` reads from a video file's headers (no decoding). */
export interface VideoProbe {
  codec: string;
  pixelFormat: string;
  width: number;
  height: number;
  /** Container duration in seconds. */
  durationSeconds: number;
  /** Average frame rate in frames per second. */
  fps: number;
  /** Frame count from the container's index; null when it has none. */
  frames: number | null;
}

/** Probes the first video stream of `file` with `ffprobe`. */
export async function probeVideo(ffprobePath: string, file: string): Promise<VideoProbe> {
  const args = [
    ...['-v', 'error', '-select_streams', 'v:0', '-of', 'json'],
    ...['-show_entries', 'stream=codec_name,pix_fmt,width,height,avg_frame_rate,nb_frames:format=duration'],
    file,
  ];
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile(ffprobePath, args, { timeout: PROBE_TIMEOUT_MS, killSignal: 'SIGKILL' }, (err, out, errOut) => {
      if (!err) resolve(out);
      else if (typeof err.code === 'string') reject(notStarted(ffprobePath, err));
      else
        reject(
          new AppError(
            'CAPTURE_FAILED',
            `ffprobe could not read the video: ${errOut.trim() || err.message}`,
            { cause: err },
          ),
        );
    });
  });
  const parsed = JSON.parse(stdout) as {
    streams?: {
      codec_name?: string;
      pix_fmt?: string;
      width?: number;
      height?: number;
      avg_frame_rate?: string;
      nb_frames?: string;
    }[];
    format?: { duration?: string };
  };
  const stream = parsed.streams?.[0];
  if (!stream) throw new AppError('CAPTURE_FAILED', 'The encoded video has no video stream');
  const [num, den] = (stream.avg_frame_rate ?? '0/1').split('/').map(Number);
  return {
    codec: stream.codec_name ?? '',
    pixelFormat: stream.pix_fmt ?? '',
    width: stream.width ?? 0,
    height: stream.height ?? 0,
    durationSeconds: Number(parsed.format?.duration ?? 0),
    fps: den ? (num ?? 0) / den : 0,
    frames: stream.nb_frames !== undefined ? Number(stream.nb_frames) : null,
  };
}
