import { createHash } from 'node:crypto';
import type { Account } from '../domain/account.js';
import { AppError } from '../domain/errors.js';
import type { IdempotencyClaim, IdempotencyRecord, JobStore } from '../ports/job-store.js';

/** How long an `Idempotency-Key` answers with the job it created: 24 hours (CONTRACT §4b). */
export const IDEMPOTENCY_WINDOW_SECONDS = 24 * 3600;

/** Longest `Idempotency-Key` accepted, characters. */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

/**
 * JSON with every object's keys sorted, recursively, and no insignificant white space: two bodies
 * that parse to the same value have the same canonical text, whatever their key order or spacing.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The unkeyed SHA-256 (hex) of the canonical JSON of a request body: what records made before
 * request hashes were keyed hold; they lapse within the 24-hour window and are still honoured.
 */
export function legacyRequestHash(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}

/**
 * What "the same body" means: a keyed digest (HMAC, the service's secret key) of the body's
 * canonical JSON. Keyed, because a body may carry secrets (capture headers and cookies, bucket
 * credentials): a plain hash stored in the database could be tested against guesses of them.
 */
export function requestHash(body: unknown, digest: (plain: string) => string): string {
  return `k1.${digest(canonicalJson(body))}`;
}

/** ISO time before which a record of a key has lapsed, at `now`. */
const windowStart = (now: Date): string =>
  new Date(now.getTime() - IDEMPOTENCY_WINDOW_SECONDS * 1000).toISOString();

/** The claim of `key` for this body at `now`: a record older than the window has lapsed. */
export function idempotencyClaim(
  key: string,
  body: unknown,
  now: Date,
  digest: (plain: string) => string,
): IdempotencyClaim & { legacyHash: () => string } {
  return {
    key,
    requestHash: requestHash(body, digest),
    notBefore: windowStart(now),
    legacyHash: () => legacyRequestHash(body),
  };
}

/** A key of the right length (1–255 characters); anything else is refused by the schema later. */
export function isWellFormedKey(key: unknown): key is string {
  return typeof key === 'string' && key.length >= 1 && key.length <= IDEMPOTENCY_KEY_MAX_LENGTH;
}

/**
 * The record of `key` when the account used it within its window: such a submit is a retry of one
 * already accepted, and costs no unit of the per-minute limit. Null for a new key or a malformed one.
 */
export async function findIdempotentSubmit(
  deps: { jobs: JobStore; clock: { now(): Date } },
  account: Account,
  key: unknown,
): Promise<IdempotencyRecord | null> {
  if (!isWellFormedKey(key)) return null;
  return deps.jobs.findIdempotencyKey(account.id, key, windowStart(deps.clock.now()));
}

/** The earlier job when the body is the same; 409 IDEMPOTENCY_KEY_REUSED when it is not. */
export function checkReplay(
  record: IdempotencyRecord,
  claim: IdempotencyClaim & { legacyHash?: () => string },
): string {
  const same =
    record.requestHash === claim.requestHash ||
    (/^[0-9a-f]{64}$/.test(record.requestHash) && record.requestHash === claim.legacyHash?.());
  if (!same) {
    throw new AppError(
      'IDEMPOTENCY_KEY_REUSED',
      `This Idempotency-Key was used with a different request body at ${record.createdAt} (job ${record.jobId}). ` +
        'A key stands for one request for 24 hours: send a new key for a new request.',
    );
  }
  return record.jobId;
}
