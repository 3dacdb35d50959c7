import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { AppError } from '../../domain/errors.js';
import type { ArtifactStore, StoredArtifact } from '../../ports/artifact-store.js';

export interface S3ArtifactStoreOptions {
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** An S3-compatible endpoint (MinIO, R2, …) instead of AWS (S3_ENDPOINT). Operator configuration: not SSRF-checked. */
  endpoint?: string | null;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (S3_FORCE_PATH_STYLE). Default false. */
  forcePathStyle?: boolean;
  /** Key prefix inside the bucket, e.g. `artifacts/`. Default none. */
  keyPrefix?: string;
  /** Deadline of one request (an upload, or a download's response head), ms. Default 60000. */
  requestTimeoutMs?: number;
  /** How long the answer of `check` (a read of a probe object) is reused, ms, so that readiness probes do not hammer S3. Default 5000. */
  checkCacheMs?: number;
  /** Deadline of the read of `check`, ms. Default 3000. */
  checkTimeoutMs?: number;
}

/** Options shared with the customer-bucket client: checksums only where S3 needs them (S3-compatible stores differ). */
export const S3_COMPATIBILITY = {
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
} as const;

/** An object that is not there (a bucket that is not there is a fault of the store, not a missing object). */
function isMissing(err: unknown): boolean {
  return (
    err instanceof S3ServiceException &&
    err.name !== 'NoSuchBucket' &&
    (err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404)
  );
}

/**
 * A failure of the service's own bucket as requests and jobs see it: `503 SERVICE_UNAVAILABLE`
 * naming no endpoint, bucket or key (the cause, which does, is for the server log only).
 */
function storeUnavailable(cause: unknown): AppError {
  return new AppError(
    'SERVICE_UNAVAILABLE',
    "The service's artifact store could not be reached; try again in a few seconds.",
    { cause, retryAfterSeconds: 5 },
  );
}

/**
 * The service's artifacts in an S3 bucket (S3_*), shared by every api and worker process. `get`
 * streams the object: the API passes the stream to the client without holding it in memory. Every
 * failure but a missing object throws `storeUnavailable` (503): S3's own messages name the
 * endpoint and bucket, which are the operator's business, not the customer's.
 */
export class S3ArtifactStore implements ArtifactStore {
  private readonly client: S3Client;
  private readonly prefix: string;
  private lastCheck: { atMs: number; outcome: Promise<void> } | null = null;

  constructor(private readonly options: S3ArtifactStoreOptions) {
    this.prefix = options.keyPrefix ?? '';
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint ?? undefined,
      forcePathStyle: options.forcePathStyle ?? false,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      requestHandler: {
        connectionTimeout: 10_000,
        requestTimeout: options.requestTimeoutMs ?? 60_000,
        throwOnRequestTimeout: true,
      },
      maxAttempts: 3,
      ...S3_COMPATIBILITY,
    });
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    try {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.options.bucket,
          Key: this.prefix + key,
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.length,
        }),
      );
    } catch (err) {
      throw storeUnavailable(err);
    }
  }

  async get(key: string): Promise<StoredArtifact | null> {
    try {
      const out = await this.client.send(
        new GetObjectCommand({ Bucket: this.options.bucket, Key: this.prefix + key }),
      );
      if (!out.Body) return null;
      return {
        body: out.Body as Readable,
        size: out.ContentLength ?? 0,
        contentType: out.ContentType ?? 'application/octet-stream',
      };
    } catch (err) {
      if (isMissing(err)) return null;
      throw storeUnavailable(err);
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await this.client.send(
        new DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.prefix + key }),
      );
    } catch (err) {
      throw storeUnavailable(err);
    }
  }

  /**
   * For readiness: resolves when the store answers a read of an object under the key prefix as it
   * would a result's — found or `NoSuchKey` (a GetObject, which needs only the permission to get
   * objects, as serving results does: not HeadBucket's to list, which a key limited to a prefix of
   * a shared bucket may lack) — else (no answer, no such bucket, credentials or reading refused)
   * rejects with `storeUnavailable`. The answer, either way, is reused for `checkCacheMs` (default
   * 5 s), and probes meanwhile share it.
   */
  check(): Promise<void> {
    const now = Date.now();
    if (!this.lastCheck || now - this.lastCheck.atMs >= (this.options.checkCacheMs ?? 5_000)) {
      const outcome = this.headBucket();
      outcome.catch(() => undefined);
      this.lastCheck = { atMs: now, outcome };
    }
    return this.lastCheck.outcome;
  }

  private async headBucket(): Promise<void> {
    try {
      const found = await this.client.send(
        new GetObjectCommand({ Bucket: this.options.bucket, Key: `${this.prefix}.shots-readiness-probe` }),
        { abortSignal: AbortSignal.timeout(this.options.checkTimeoutMs ?? 3_000) },
      );
      (found.Body as Readable | undefined)?.destroy();
    } catch (err) {
      // No such object, in a bucket that is there and readable: what a ready store answers.
      if (notFoundObject(err)) return;
      throw storeUnavailable(err);
    }
  }

  close(): void {
    this.client.destroy();
  }
}

/** S3's answer to a GET of an object that is not there, in a bucket that is (not `NoSuchBucket`). */
function notFoundObject(err: unknown): boolean {
  const e = err as { name?: string; Code?: string } | null;
  return e?.name === 'NoSuchKey' || e?.Code === 'NoSuchKey';
}
