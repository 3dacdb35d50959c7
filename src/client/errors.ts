import type { ErrorCode } from '../domain/errors.js';
import type { Plan } from '../domain/plans.js';
import type { JobStatus, Problem } from './types.js';

/** A request field the service refused, and why (`errors[]` of a problem). */
export interface FieldError {
  /** Dotted path of the field, e.g. `dimensions.width`. */
  field: string;
  message: string;
}

/**
 * Codes a `ShotsError` carries: the service's own (CONTRACT §4), and three of the client's:
 * `NETWORK_ERROR` (no answer), `TIMEOUT` (no answer in time, or a job not finished in time) and
 * `BAD_RESPONSE` (an answer that is not what the contract says).
 */
export type ShotsErrorCode =
  ErrorCode | 'IDEMPOTENCY_KEY_REUSED' | 'NETWORK_ERROR' | 'TIMEOUT' | 'BAD_RESPONSE' | (string & {});

export interface ShotsErrorInit {
  status: number;
  code: ShotsErrorCode;
  detail: string;
  errors?: FieldError[];
  retryAfterSeconds?: number;
  problem?: Problem;
  job?: JobStatus;
  cause?: unknown;
}

/**
 * Every failure of the client: an error answer of the service (its RFC 9457 problem), a failed
 * job, or no usable answer at all. `message` reads `400 VALIDATION_ERROR: … (url: must be …)`.
 */
export class ShotsError extends Error {
  /** HTTP status of the answer; `0` when none came (network error, timeout). */
  readonly status: number;
  /** The problem's `code` (e.g. `VALIDATION_ERROR`, `RATE_LIMITED`, `JOB_FAILED`). */
  readonly code: ShotsErrorCode;
  /** The problem's `detail`: what happened and what to do. */
  readonly detail: string;
  /** One entry per refused field (400, 403); empty otherwise. */
  readonly errors: FieldError[];
  /** From the `Retry-After` header (429, 503), seconds. */
  readonly retryAfterSeconds: number | undefined;
  /** `403 PLAN_UPGRADE_REQUIRED`: the lowest plan that allows every requested option. */
  readonly requiredPlan: Plan | undefined;
  /** The whole problem body, when the service sent one. */
  readonly problem: Problem | undefined;
  /** `JOB_FAILED` from `capture()`/`waitFor()`: the failed job's status record. */
  readonly job: JobStatus | undefined;

  constructor(init: ShotsErrorInit) {
    const fields = (init.errors ?? []).map((e) => `${e.field}: ${e.message}`).join('; ');
    const prefix = init.status > 0 ? `${init.status} ${init.code}` : init.code;
    super(`${prefix}: ${init.detail}${fields ? ` (${fields})` : ''}`, { cause: init.cause });
    this.name = 'ShotsError';
    this.status = init.status;
    this.code = init.code;
    this.detail = init.detail;
    this.errors = init.errors ?? [];
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.requiredPlan = init.problem?.requiredPlan;
    this.problem = init.problem;
    this.job = init.job;
  }
}

/** `Retry-After` as seconds: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterOf(headers: Headers, nowMs = Date.now()): number | undefined {
  const value = headers.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - nowMs) / 1000));
}

function isProblem(value: unknown): value is Problem {
  const v = value as Partial<Problem> | null;
  return typeof v === 'object' && v !== null && typeof v.code === 'string' && typeof v.status === 'number';
}

/** The ShotsError of an error answer, from its problem body when it has one. */
export async function errorOfResponse(response: Response): Promise<ShotsError> {
  const text = await response.text().catch(() => '');
  let body: unknown = undefined;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: a proxy's page, say
  }
  const retryAfterSeconds = retryAfterOf(response.headers);
  if (isProblem(body)) {
    return new ShotsError({
      status: response.status,
      code: body.code,
      detail: body.detail,
      errors: body.errors ?? [],
      problem: body,
      ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
    });
  }
  return new ShotsError({
    status: response.status,
    code: response.status >= 500 ? 'INTERNAL_ERROR' : 'BAD_RESPONSE',
    detail: `HTTP ${response.status} without a problem body: ${text.slice(0, 200)}`,
    ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
  });
}
