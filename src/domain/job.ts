import type { CaptureMetadata } from './capture-metadata.js';
import type { OutputFormat } from './capture-request.js';
import type { CaptureSpec } from './capture-spec.js';

export const JOB_STATUSES = ['queued', 'processing', 'completed', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export type JobType = 'WEB';

/** Attempts in all before a job ends `failed` (CONTRACT §5). */
export const MAX_ATTEMPTS = 3;

export interface JobResult {
  format: OutputFormat;
  contentType: string;
  bytes: number;
  width?: number;
  height?: number;
  /** Length in seconds and frames per second of a video; absent for images and pdf. */
  durationSeconds?: number;
  fps?: number;
  /** Where the artifact lives in the artifact store. */
  artifactKey: string;
  cached: boolean;
  /**
   * ISO time of the capture that made the artifact: the job's own completion, or for a result
   * served from cache, the original capture's (the cache TTL runs from it). Absent on results
   * stored before it existed.
   */
  capturedAt?: string;
  metadata: CaptureMetadata;
  /** Customer bucket the artifact was uploaded to (no secrets). */
  storage?: { bucket: string; region: string; key: string };
}

export interface JobError {
  code: string;
  message: string;
}

/** Error of a job whose every attempt was cut short by a stopped worker. */
export const INTERRUPTED_ERROR: JobError = {
  code: 'CAPTURE_FAILED',
  message: 'The capture was interrupted on every attempt (the worker stopped); giving up.',
};

export interface Job {
  id: string;
  accountId: string;
  type: JobType;
  status: JobStatus;
  spec: CaptureSpec;
  webhookUrl: string | null;
  cacheKey: string;
  attempts: number;
  maxAttempts: number;
  createdAt: string;
  startedAt: string | null;
  completedAt: string | null;
  error: JobError | null;
  result: JobResult | null;
  /** Customer bucket the result also goes to (BUSINESS+ `storage`); no secrets. Absent: none. */
  storage?: StorageTargetRef | null;
  /**
   * The job's secrets sealed by the SecretBox (`JobSecrets` as JSON: header and cookie values
   * of the capture, the bucket's credentials). Held only while the job lives: the store wipes them
   * in the transaction that ends the job. Absent: none.
   */
  secretsSealed?: string | null;
}

/** Where a job's customer bucket is, without its credentials. */
export interface StorageTargetRef {
  bucket: string;
  region: string;
  endpoint?: string;
}

export function contentTypeOf(format: OutputFormat): string {
  switch (format) {
    case 'png':
      return 'image/png';
    case 'jpeg':
      return 'image/jpeg';
    case 'webp':
      return 'image/webp';
    case 'pdf':
      return 'application/pdf';
    case 'mp4':
      return 'video/mp4';
    default: {
      const never: never = format;
      return never;
    }
  }
}
