/** A customer's own bucket (the BUSINESS+ `storage` option), credentials included: held only for the upload. */
export interface CustomerBucket {
  bucket: string;
  region: string;
  /** An S3-compatible store (MinIO, R2, …) instead of AWS; SSRF-checked at submit and at upload. */
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * Uploads results to customers' buckets. An implementation connects only to addresses that pass the
 * SSRF policy (checked at connection time, so DNS rebinding gains nothing), gives up after its deadline,
 * and never logs, returns or keeps the credentials.
 */
export interface CustomerStorage {
  /**
   * Puts `bytes` under `key`. Throws an AppError `STORAGE_FAILED`: retryable for network errors,
   * timeouts and 5xx; not retryable when the store refused the credentials or the bucket (403,
   * `InvalidAccessKeyId`, `SignatureDoesNotMatch`, `NoSuchBucket` …) or the address is blocked.
   */
  upload(
    target: CustomerBucket,
    key: string,
    bytes: Buffer,
    contentType: string,
    signal?: AbortSignal,
  ): Promise<void>;
}
