import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode } from '../domain/errors.js';
import { AppError, isAppError, validationError } from '../domain/errors.js';
import { BODY_LIMIT_BYTES } from './body-limit.js';
import { fieldProblems } from './validation.js';

const TITLES: Partial<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Content Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: ErrorCode;
  errors?: { field: string; message: string }[];
  [extra: string]: unknown;
}

/** RFC 9457 body of an AppError. 5xx details are replaced so internals never leak. */
export function problemOf(error: AppError): Problem {
  const hidden = error.status >= 500;
  const body: Problem = {
    type: `urn:shots:problem:${error.code.toLowerCase().replace(/_/g, '-')}`,
    title: TITLES[error.status] ?? 'Error',
    status: error.status,
    detail: hidden ? 'Something went wrong on our side; try again shortly.' : error.message,
    code: error.code,
  };
  if (error.errors) body.errors = error.errors;
  if (error.extra) Object.assign(body, error.extra);
  return body;
}

export function sendProblem(reply: FastifyReply, error: AppError): FastifyReply {
  if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
  return reply.status(error.status).type('application/problem+json').send(problemOf(error));
}

/** Maps the router's errors (before any route runs) onto contract codes. */
export function fromFrameworkError(error: FastifyError): AppError {
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return validationError([
        { field: 'path', message: 'is not a valid URL (a % not followed by two hex digits?)' },
      ]);
    case 'FST_ERR_MAX_PARAM_LENGTH':
      // The only path parameters are job ids: one this long cannot exist.
      return new AppError('JOB_NOT_FOUND', 'No job with such an id: it is longer than any job id.');
    default:
      return fromFastifyError(error);
  }
}

/** Maps Fastify's own errors (parsing, validation, body size) onto contract codes. */
export function fromFastifyError(error: FastifyError): AppError {
  if (error.validation) {
    const problems = fieldProblems(error.validation);
    // Header names as they are written (`Idempotency-Key`), not as Node lowercases them.
    if (error.validationContext === 'headers')
      for (const problem of problems)
        problem.field = problem.field.replace(/(^|-)([a-z])/g, (m) => m.toUpperCase());
    return validationError(problems);
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        'Send the body as JSON with Content-Type: application/json.',
      );
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return validationError([{ field: 'body', message: 'the body must be a JSON object' }]);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError(
        'PAYLOAD_TOO_LARGE',
        `The body is larger than ${BODY_LIMIT_BYTES / 1024 ** 2} MiB, more than any valid request takes.`,
      );
    default:
      break;
  }
  if (error.statusCode === 400) {
    return validationError([{ field: 'body', message: `is not valid JSON (${error.message})` }]);
  }
  return new AppError('INTERNAL_ERROR', error.message, { cause: error });
}

export function errorHandler(
  error: FastifyError | AppError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const appError = isAppError(error) ? error : fromFastifyError(error);
  if (appError.status >= 500) request.log.error({ err: error }, 'request failed');
  return sendProblem(reply, appError);
}
