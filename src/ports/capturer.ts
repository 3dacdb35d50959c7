import type { CaptureSpec, OutputFormat } from '../domain/capture-request.js';

export interface CaptureOutput {
  bytes: Buffer;
  format: OutputFormat;
  contentType: string;
  /** Pixel size of an image or video; absent for pdf. */
  width?: number;
  height?: number;
  /** Length in seconds and frames per second of a video (`mp4`); absent otherwise. */
  video?: { durationSeconds: number; fps: number };
  /** `finalUrl`, `httpStatus` and whatever the capture wants to report (e.g. `truncated`). */
  metadata: { finalUrl: string; httpStatus: number | null } & Record<string, unknown>;
}

/**
 * Turns a capture spec into bytes. Failures are AppErrors: `NAVIGATION_TIMEOUT`, `TARGET_UNREACHABLE`,
 * `CAPTURE_FAILED`, `CAPTURE_TIMEOUT` (retryable), `ELEMENT_NOT_FOUND`, `TARGET_BLOCKED` (not).
 */
export interface Capturer {
  /** Aborting `signal` ends the capture promptly with `CAPTURE_TIMEOUT`. */
  capture(spec: CaptureSpec, signal: AbortSignal): Promise<CaptureOutput>;
  /** Resolves once the capturer can take work (browsers launched). */
  ready(): Promise<void>;
  close(): Promise<void>;
}
