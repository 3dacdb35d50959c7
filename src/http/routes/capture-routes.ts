import { Type } from '@sinclair/typebox';
import type { FastifyError, FastifyPluginAsync, FastifyReply } from 'fastify';
import { IDEMPOTENCY_KEY_MAX_LENGTH } from '../../app/idempotency.js';
import type { CaptureRequest } from '../../domain/capture-request.js';
import type { HttpDeps } from '../deps.js';
import { accountOf } from '../deps.js';
import {
  AcceptedSchema,
  CaptureRequestSchema,
  DeviceSchema,
  JobParamsSchema,
  JobStatusSchema,
  problems,
  ResultResponseSchema,
} from '../schemas.js';
import { submitSchemaError } from '../submit-problems.js';

const security = [{ bearer: [] }];

/** `Idempotency-Key` of `POST /screenshots/web` (CONTRACT §4b). */
const IdempotencyHeadersSchema = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: IDEMPOTENCY_KEY_MAX_LENGTH,
      description:
        'Makes the submit safe to retry: the same key with the same body (compared as canonical JSON) within 24 hours ' +
        'answers with the first job (202, same jobId, header `Idempotent-Replayed: true`), without a second quota unit ' +
        'or rate-limit unit; with a different body, 409 IDEMPOTENCY_KEY_REUSED. Keys are per account. Only accepted ' +
        'requests are remembered: after a 4xx the key is still free.',
    }),
  ),
});

/** `waitSeconds` of `GET /jobs/{jobId}/status` (CONTRACT §4b). */
const StatusQuerySchema = Type.Object({
  waitSeconds: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 30,
      description:
        'Long-poll: hold the answer until the job is completed or failed, or this many seconds have passed. Default 0.',
    }),
  ),
});

/** Query strings arrive as text: a whole number becomes a number before validation (the rest is refused). */
async function wholeNumberQuery(request: { query: unknown }): Promise<void> {
  const query = request.query as Record<string, unknown>;
  const raw = query.waitSeconds;
  if (typeof raw === 'string' && /^-?\d{1,9}$/.test(raw)) query.waitSeconds = Number(raw);
}

/** An AbortSignal that aborts when the client disconnects before the answer is sent. */
function disconnectSignal(reply: FastifyReply): { signal: AbortSignal; release(): void } {
  const controller = new AbortController();
  const onClose = (): void => {
    if (!reply.raw.writableEnded) controller.abort();
  };
  reply.raw.once('close', onClose);
  return { signal: controller.signal, release: () => reply.raw.off('close', onClose) };
}

/** `POST /screenshots/web`, `GET /jobs/{jobId}/status`, `GET /jobs/{jobId}/result`. */
export function captureRoutes(deps: HttpDeps): FastifyPluginAsync {
  return async (app) => {
    app.post<{ Body: CaptureRequest; Headers: { 'idempotency-key'?: string } }>(
      '/screenshots/web',
      {
        config: { auth: true, metered: true, idempotent: true },
        // A body that fails its schema reaches the handler, which adds the later checks' problems.
        attachValidation: true,
        schema: {
          summary: 'Enqueue a web capture',
          tags: ['captures'],
          security,
          headers: IdempotencyHeadersSchema,
          body: CaptureRequestSchema,
          response: { 202: AcceptedSchema, ...problems(400, 401, 402, 403, 409, 413, 415, 429, 500, 503) },
        },
      },
      async (request, reply) => {
        if (request.validationError)
          throw submitSchemaError(
            request.validationError as FastifyError,
            request.body,
            deps.devices(),
            request.headers['idempotency-key'],
          );
        const key = request.headers['idempotency-key'];
        const { replayed, notQueued, ...accepted } = await deps.submitCapture(
          accountOf(request),
          request.body,
          key === undefined ? undefined : { key, earlier: request.idempotentEarlier },
        );
        if (notQueued !== undefined)
          request.log.warn(
            { err: notQueued, jobId: accepted.jobId },
            'job accepted but not queued (the queue failed); the sweep of unfinished jobs queues it',
          );
        if (replayed) reply.header('idempotent-replayed', 'true');
        return reply.status(202).header('location', accepted.statusUrl).send(accepted);
      },
    );

    app.get(
      '/devices',
      {
        schema: {
          summary: 'Device presets for `device`',
          description:
            'Every preset a capture may name in `device`, with its viewport and scale factor. No key needed.',
          tags: ['captures'],
          response: { 200: Type.Object({ devices: Type.Array(DeviceSchema) }) },
        },
      },
      async () => ({
        devices: deps.devices().map(({ name, viewport, deviceScaleFactor, isMobile }) => ({
          name,
          viewport,
          deviceScaleFactor,
          isMobile,
        })),
      }),
    );

    app.get<{ Params: { jobId: string }; Querystring: { waitSeconds?: number } }>(
      '/jobs/:jobId/status',
      {
        // Polled often: its request log lines only at warn and above.
        logLevel: 'warn',
        config: { auth: true },
        preValidation: wholeNumberQuery,
        schema: {
          summary: 'Status of a job',
          description:
            'With `waitSeconds` (0–30), the answer is held until the job is completed or failed, or until that many ' +
            'seconds have passed, whichever comes first: one request instead of a polling loop.',
          tags: ['jobs'],
          security,
          params: JobParamsSchema,
          querystring: StatusQuerySchema,
          response: { 200: JobStatusSchema, ...problems(400, 401, 404, 503) },
        },
      },
      async (request, reply) => {
        const waitSeconds = request.query.waitSeconds ?? 0;
        if (waitSeconds === 0) return deps.getJobStatus(accountOf(request), request.params.jobId);
        const client = disconnectSignal(reply);
        try {
          return await deps.getJobStatus(
            accountOf(request),
            request.params.jobId,
            waitSeconds,
            client.signal,
          );
        } finally {
          client.release();
        }
      },
    );

    app.get<{ Params: { jobId: string } }>(
      '/jobs/:jobId/result',
      {
        config: { auth: true },
        schema: {
          summary: 'Result of a completed job',
          description:
            'The artifact bytes with their Content-Type by default; the JSON result record with `Accept: application/json`.',
          tags: ['jobs'],
          security,
          params: JobParamsSchema,
          response: { 200: ResultResponseSchema, ...problems(401, 404, 409, 503) },
        },
      },
      async (request, reply) => {
        const account = accountOf(request);
        if (/\bapplication\/json\b/i.test(request.headers.accept ?? ''))
          return deps.getResultRecord(account, request.params.jobId);
        const artifact = await deps.getResultArtifact(account, request.params.jobId);
        return reply
          .type(artifact.contentType)
          .header('content-length', String(artifact.size))
          .header('cache-control', 'private, max-age=86400')
          .send(artifact.body);
      },
    );
  };
}
