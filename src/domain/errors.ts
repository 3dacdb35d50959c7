/** Stable error codes of the contract (CONTRACT §4) and of job-level failures. */
export type ErrorCode =
  | 'VALIDATION_ERROR'
  | 'INVALID_API_KEY'
  | 'PAYMENT_REQUIRED'
  | 'PLAN_UPGRADE_REQUIRED'
  | 'RATE_LIMITED'
  | 'QUOTA_EXCEEDED'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'PAYLOAD_TOO_LARGE'
  | 'URI_TOO_LONG'
  | 'HEADERS_TOO_LARGE'
  | 'REQUEST_TIMEOUT'
  | 'JOB_NOT_FOUND'
  | 'JOB_NOT_READY'
  | 'JOB_FAILED'
  | 'NO_WEBHOOK'
  | 'IDEMPOTENCY_KEY_REUSED'
  | 'NOT_FOUND'
  | 'TARGET_BLOCKED'
  | 'TARGET_UNREACHABLE'
  | 'TARGET_HTTP_ERROR'
  | 'NAVIGATION_TIMEOUT'
  | 'ELEMENT_NOT_FOUND'
  | 'CAPTURE_FAILED'
  | 'CAPTURE_TIMEOUT'
  | 'STORAGE_FAILED'
  | 'SERVICE_UNAVAILABLE'
  | 'INTERNAL_ERROR';

export interface FieldProblem {
  /** Dotted path of the request field, e.g. `dimensions.width`. */
  field: string;
  message: string;
}

const STATUS: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  INVALID_API_KEY: 401,
  PAYMENT_REQUIRED: 402,
  PLAN_UPGRADE_REQUIRED: 403,
  RATE_LIMITED: 429,
  QUOTA_EXCEEDED: 429,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  HEADERS_TOO_LARGE: 431,
  REQUEST_TIMEOUT: 408,
  JOB_NOT_FOUND: 404,
  JOB_NOT_READY: 409,
  JOB_FAILED: 409,
  NO_WEBHOOK: 409,
  IDEMPOTENCY_KEY_REUSED: 409,
  NOT_FOUND: 404,
  TARGET_BLOCKED: 422,
  TARGET_UNREACHABLE: 502,
  TARGET_HTTP_ERROR: 502,
  NAVIGATION_TIMEOUT: 504,
  ELEMENT_NOT_FOUND: 422,
  CAPTURE_FAILED: 500,
  CAPTURE_TIMEOUT: 504,
  STORAGE_FAILED: 502,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL_ERROR: 500,
};

/** Whether a job attempt that failed with this code is worth another attempt. */
const RETRYABLE: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'TARGET_UNREACHABLE',
  'NAVIGATION_TIMEOUT',
  'CAPTURE_FAILED',
  'CAPTURE_TIMEOUT',
  'STORAGE_FAILED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
]);

export interface AppErrorOptions {
  errors?: FieldProblem[];
  /** Extra members for the problem body (e.g. `requiredPlan`). */
  extra?: Record<string, unknown>;
  /** Overrides the default retry decision of the code. */
  retryable?: boolean;
  /** Seconds for a `Retry-After` header. */
  retryAfterSeconds?: number;
  cause?: unknown;
}

/** The one error type of Shots. It carries a contract code; it never logs itself. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly retryable: boolean;
  readonly errors: FieldProblem[] | undefined;
  readonly extra: Record<string, unknown> | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(code: ErrorCode, message: string, options: AppErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = STATUS[code];
    this.retryable = options.retryable ?? RETRYABLE.has(code);
    this.errors = options.errors;
    this.extra = options.extra;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** Duck-typed check that works across module copies and process boundaries. */
export function isAppError(value: unknown): value is AppError {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { name?: unknown }).name === 'AppError' &&
    typeof (value as { code?: unknown }).code === 'string'
  );
}

export function validationError(errors: FieldProblem[]): AppError {
  const detail = errors.map((e) => `${e.field}: ${e.message}`).join('; ');
  return new AppError('VALIDATION_ERROR', detail || 'The request is not valid.', { errors });
}

/** Turns anything thrown into an AppError, keeping the original as `cause`. */
export function toAppError(err: unknown): AppError {
  if (isAppError(err)) return err;
  const message = err instanceof Error ? err.message : String(err);
  return new AppError('INTERNAL_ERROR', message, { cause: err });
}
