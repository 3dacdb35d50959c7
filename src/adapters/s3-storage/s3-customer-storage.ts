import type { LookupAddress, LookupOptions } from 'node:dns';
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { AppError } from '../../domain/errors.js';
import type { CustomerBucket, CustomerStorage } from '../../ports/customer-storage.js';
import type { HostChecker } from '../../ports/host-checker.js';
import { S3_COMPATIBILITY } from './s3-artifact-store.js';

export interface S3CustomerStorageOptions {
  /** Resolves a host and checks its addresses against the SSRF policy (the URL guard). */
  hosts: HostChecker;
  /** Deadline of one upload, ms. Default 60000. */
  timeoutMs?: number;
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** Marks a refusal by the SSRF policy, to tell it from a network error. */
const SSRF_CODE = 'ESHOTSBLOCKED';

/**
 * A `lookup` for the upload's agents: every connection resolves the host through the SSRF checker
 * and goes to exactly the address it checked, so DNS rebinding gains nothing.
 */
function guardedLookup(hosts: HostChecker) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    hosts.resolveAndCheck(hostname).then(
      (check) => {
        if ('blocked' in check) {
          const err: NodeJS.ErrnoException = new Error(`refused by SSRF protection: ${check.blocked}`);
          err.code = check.unresolvable ? 'ENOTFOUND' : SSRF_CODE;
          callback(err, '', 4);
        } else if (options.all) callback(null, [{ address: check.address, family: check.family }]);
        else callback(null, check.address, check.family);
      },
      (err: unknown) => callback(err as NodeJS.ErrnoException, '', 4),
    );
  };
}

function codeOf(err: unknown): string | undefined {
  if (!(err instanceof Error)) return undefined;
  const own = (err as NodeJS.ErrnoException).code;
  if (own) return own;
  return err.cause instanceof Error ? codeOf(err.cause) : undefined;
}

/**
 * What an upload failure means, as STORAGE_FAILED. The store refusing the credentials or the bucket
 * (any 4xx but 408/429) and an address the SSRF policy blocks are not retried; network errors,
 * timeouts, throttling and 5xx are. The message names the bucket and S3's error code, never a secret.
 */
export function storageError(
  err: unknown,
  target: Pick<CustomerBucket, 'bucket' | 'region'>,
  signal?: AbortSignal,
): AppError {
  const where = `bucket "${target.bucket}" (${target.region})`;
  if (err instanceof S3ServiceException) {
    const status = err.$metadata.httpStatusCode ?? 0;
    const permanent = status >= 400 && status < 500 && status !== 408 && status !== 429;
    const hint =
      status === 403 || /AccessKey|Signature|AccessDenied/.test(err.name)
        ? ': check the access key, the secret and the bucket policy'
        : '';
    return new AppError(
      'STORAGE_FAILED',
      `Upload to ${where} refused: ${err.name} (HTTP ${status})${hint}.`,
      {
        retryable: !permanent,
      },
    );
  }
  const code = codeOf(err);
  if (code === SSRF_CODE) {
    const reason = err instanceof Error ? err.message : String(err);
    return new AppError('STORAGE_FAILED', `Upload to ${where} ${reason}.`, { retryable: false, cause: err });
  }
  if (signal?.aborted)
    return new AppError('STORAGE_FAILED', `Upload to ${where} was cut short (the attempt's deadline).`, {
      cause: err,
    });
  if (code === 'ENOTFOUND') {
    // The store's host does not exist (a region or endpoint that is not there): no retry heals it.
    return new AppError(
      'STORAGE_FAILED',
      `Upload to ${where} failed: its host does not exist; check the region and endpoint.`,
      {
        retryable: false,
        cause: err,
      },
    );
  }
  const why =
    err instanceof Error && err.name === 'TimeoutError'
      ? 'timed out'
      : `failed: ${code ?? (err instanceof Error ? err.name : 'error')}`;
  return new AppError('STORAGE_FAILED', `Upload to ${where} ${why}; it is retried.`, { cause: err });
}

/**
 * Uploads results to customers' own buckets (AWS S3, or an S3-compatible `endpoint`, path-style).
 * Each upload has its own client and agents: the credentials live only for the call, and every
 * connection goes through the SSRF-checking lookup; an IP-literal endpoint is checked before.
 */
export function createS3CustomerStorage(options: S3CustomerStorageOptions): CustomerStorage {
  const timeoutMs = options.timeoutMs ?? 60_000;
  return {
    async upload(target, key, bytes, contentType, signal) {
      const lookup = guardedLookup(options.hosts);
      let client: S3Client | null = null;
      try {
        if (target.endpoint !== undefined) {
          // Node skips `lookup` for an IP literal: check the endpoint's host here too.
          const check = await options.hosts.resolveAndCheck(new URL(target.endpoint).hostname);
          if ('blocked' in check) {
            const err: NodeJS.ErrnoException = new Error(`refused by SSRF protection: ${check.blocked}`);
            err.code = check.unresolvable ? 'ENOTFOUND' : SSRF_CODE;
            throw err;
          }
        }
        client = new S3Client({
          region: target.region,
          endpoint: target.endpoint,
          forcePathStyle: target.endpoint !== undefined,
          credentials: { accessKeyId: target.accessKeyId, secretAccessKey: target.secretAccessKey },
          requestHandler: {
            connectionTimeout: 10_000,
            requestTimeout: timeoutMs,
            throwOnRequestTimeout: true,
            httpAgent: new HttpAgent({ lookup }),
            httpsAgent: new HttpsAgent({ lookup }),
          },
          maxAttempts: 2,
          ...S3_COMPATIBILITY,
        });
        await client.send(
          new PutObjectCommand({
            Bucket: target.bucket,
            Key: key,
            Body: bytes,
            ContentType: contentType,
            ContentLength: bytes.length,
          }),
          { abortSignal: signal },
        );
      } catch (err) {
        throw storageError(err, target, signal);
      } finally {
        client?.destroy();
      }
    },
  };
}
