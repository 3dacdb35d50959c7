import { randomBytes } from 'node:crypto';
import type { CaptureSpec, OutputFormat } from './capture-request.js';

export const JOB_STATUSES = ['queued', 'processing', 'completed', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export type JobType = 'WEB';

/** Attempts in all before a job ends `failed` (CONTRACT §5). */
export const MAX_ATTEMPTS = 3;

export function isTerminal(status: JobStatus): boolean {
  switch (status) {
    case 'completed':
    case 'failed':
      return true;
    case 'queued':
    case 'processing':
      return false;
    default: {
      const never: never = status;
      return never;
    }
  }
}

/** `job_web_` + 24 random URL-safe characters. */
export function newJobId(): string {
  return `job_web_${randomBytes(18).toString('base64url')}`;
}

export const JOB_ID_PATTERN = /^job_web_[A-Za-z0-9_-]{20,64}$/;

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
  metadata: Record<string, unknown>;
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
   * The bucket's credentials sealed by the SecretBox (`{accessKeyId, secretAccessKey}` as JSON).
   * Held only while the job lives: the store wipes them in the transaction that ends the job.
   */
  storageCredentialsSealed?: string | null;
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
