import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
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
}

/** Options shared with the customer-bucket client: checksums only where S3 needs them (S3-compatible stores differ). */
export const S3_COMPATIBILITY = {
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
} as const;

function isMissing(err: unknown): boolean {
  return (
    err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404)
  );
}

/**
 * The service's artifacts in an S3 bucket (S3_*), shared by every api and worker process. `get`
 * streams the object: the API passes the stream to the client without holding it in memory.
 */
export class S3ArtifactStore implements ArtifactStore {
  private readonly client: S3Client;
  private readonly prefix: string;

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
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.options.bucket,
        Key: this.prefix + key,
        Body: bytes,
        ContentType: contentType,
        ContentLength: bytes.length,
      }),
    );
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
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.prefix + key }));
  }

  close(): void {
    this.client.destroy();
  }
}
