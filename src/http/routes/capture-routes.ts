import type { FastifyPluginAsync } from 'fastify';
import type { Account } from '../../domain/account.js';
import type { CaptureRequest } from '../../domain/capture-request.js';
import { AppError } from '../../domain/errors.js';
import type { HttpDeps } from '../deps.js';
import {
  AcceptedSchema,
  CaptureRequestSchema,
  JobParamsSchema,
  JobStatusSchema,
  problems,
  ResultRecordSchema,
} from '../schemas.js';

function accountOf(request: { account?: Account }): Account {
  if (!request.account) throw new AppError('INVALID_API_KEY', 'The API key is missing.');
  return request.account;
}

const security = [{ bearer: [] }];

/** `POST /screenshots/web`, `GET /jobs/{jobId}/status`, `GET /jobs/{jobId}/result`. */
export function captureRoutes(deps: HttpDeps): FastifyPluginAsync {
  return async (app) => {
    app.post<{ Body: CaptureRequest }>(
      '/screenshots/web',
      {
        config: { auth: true, metered: true },
        schema: {
          summary: 'Enqueue a web capture',
          tags: ['captures'],
          security,
          body: CaptureRequestSchema,
          response: { 202: AcceptedSchema, ...problems(400, 401, 402, 403, 415, 429) },
        },
      },
      async (request, reply) => {
        const accepted = await deps.submitCapture(accountOf(request), request.body);
        return reply.status(202).header('location', accepted.statusUrl).send(accepted);
      },
    );

    app.get<{ Params: { jobId: string } }>(
      '/jobs/:jobId/status',
      {
        // Polled often: its request log lines only at warn and above.
        logLevel: 'warn',
        config: { auth: true },
        schema: {
          summary: 'Status of a job',
          tags: ['jobs'],
          security,
          params: JobParamsSchema,
          response: { 200: JobStatusSchema, ...problems(401, 404) },
        },
      },
      async (request) => deps.getJobStatus(accountOf(request), request.params.jobId),
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
          response: { 200: ResultRecordSchema, ...problems(401, 404, 409) },
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
