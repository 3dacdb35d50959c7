import type { CaptureMetadata } from '../domain/capture-metadata.js';
import type { OutputFormat } from '../domain/capture-request.js';
import type { CaptureSecrets, CaptureSpec } from '../domain/capture-spec.js';

export interface CaptureOutput {
  bytes: Buffer;
  format: OutputFormat;
  contentType: string;
  /** Pixel size of an image or video; absent for pdf. */
  width?: number;
  height?: number;
  /** Length in seconds and frames per second of a video (`mp4`); absent otherwise. */
  video?: { durationSeconds: number; fps: number };
  metadata: CaptureMetadata;
}

/**
 * Turns a capture spec into bytes. Failures are AppErrors: `NAVIGATION_TIMEOUT`, `TARGET_UNREACHABLE`,
 * `CAPTURE_FAILED`, `CAPTURE_TIMEOUT` (retryable), `ELEMENT_NOT_FOUND`, `TARGET_BLOCKED` (not).
 */
export interface Capturer {
  /**
   * How long a capture of `spec` may take, in ms: navigation, page preparation and the shot, plus
   * for a video its frames and encoding. The caller stops the capture when it runs out — the one
   * deadline of an attempt.
   */
  deadlineMs(spec: CaptureSpec): number;
  /**
   * Aborting `signal` ends the capture promptly: it rejects with the signal's reason when that is
   * an AppError, else with a retryable `CAPTURE_TIMEOUT`. `secrets` are the values of the spec's
   * `headerNames` and `cookieNames`: used for this capture only, never logged or reported.
   */
  capture(spec: CaptureSpec, signal: AbortSignal, secrets?: CaptureSecrets): Promise<CaptureOutput>;
  /** Resolves once the capturer can take work (browsers launched). */
  ready(): Promise<void>;
  close(): Promise<void>;
}
