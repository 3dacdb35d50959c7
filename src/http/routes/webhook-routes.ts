import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import { validationError } from '../../domain/errors.js';
import type { HttpDeps } from '../deps.js';
import { accountOf } from '../deps.js';
import { JobParamsSchema, problems } from '../schemas.js';

const security = [{ bearer: [] }];

const StateSchema = Type.Unsafe<'pending' | 'delivered' | 'failed' | 'gone'>({
  type: 'string',
  enum: ['pending', 'delivered', 'failed', 'gone'],
  description:
    'pending: waiting for its next attempt (or one is in flight); delivered: a 2xx came back; ' +
    'failed: every attempt of the retry schedule failed; gone: the receiver answered 410, no further attempts.',
});

const AttemptSchema = Type.Object({
  attempt: Type.Integer({ minimum: 1 }),
  at: Type.String({ format: 'date-time', description: 'When the attempt started.' }),
  durationMs: Type.Integer({ minimum: 0 }),
  httpStatus: Type.Optional(
    Type.Integer({ description: 'Status the receiver answered, when it answered in time.' }),
  ),
  error: Type.Optional(Type.String({ description: 'Why the attempt did not count as delivered.' })),
  nextAttemptAt: Type.Optional(
    Type.String({ format: 'date-time', description: 'When the next attempt was scheduled.' }),
  ),
});

export const WebhookDeliverySchema = Type.Object({
  id: Type.String({
    description: 'The `webhook-id` header of this delivery, the same on each of its retries.',
    examples: ['msg_2bN3f0rQm1xv5Yt7Lk9cWg'],
  }),
  event: Type.Unsafe<'job.completed' | 'job.failed'>({
    type: 'string',
    enum: ['job.completed', 'job.failed'],
  }),
  url: Type.String(),
  state: StateSchema,
  attempts: Type.Integer({ minimum: 0 }),
  nextAttemptAt: Type.Optional(
    Type.String({ format: 'date-time', description: 'While pending: when the next attempt is due.' }),
  ),
  attemptsLog: Type.Array(AttemptSchema),
});

export const WebhookDeliveriesSchema = Type.Object({
  jobId: Type.String(),
  deliveries: Type.Array(WebhookDeliverySchema, {
    description: 'Oldest first; redeliveries are separate deliveries.',
  }),
});

const DELIVERY_RULES =
  'Each delivery is a signed POST (Standard Webhooks: `webhook-id`, `webhook-timestamp`, `webhook-signature`). ' +
  'It succeeds on a 2xx within 10 s; redirects are not followed; 410 stops it; anything else is retried on the ' +
  'WEBHOOK_RETRY_SCHEDULE (default 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, ±10 %), honouring `Retry-After` ' +
  'on 429/503 up to the largest step, then it is given up (`failed`).';

/** `GET /jobs/{jobId}/webhooks`, `POST /jobs/{jobId}/webhooks/redeliver`. */
export function webhookRoutes(deps: HttpDeps): FastifyPluginAsync {
  return async (app) => {
    // The redeliver POST takes no body; tolerate `Content-Type: application/json` with an empty one.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') return done(null, undefined);
      try {
        done(null, JSON.parse(text));
      } catch {
        done(validationError([{ field: 'body', message: 'is not valid JSON' }]));
      }
    });

    app.get<{ Params: { jobId: string } }>(
      '/jobs/:jobId/webhooks',
      {
        config: { auth: true },
        schema: {
          summary: 'Webhook deliveries of a job and their attempts',
          description: DELIVERY_RULES,
          tags: ['webhooks'],
          security,
          params: JobParamsSchema,
          response: { 200: WebhookDeliveriesSchema, ...problems(401, 404) },
        },
      },
      async (request) => deps.listWebhookDeliveries(accountOf(request), request.params.jobId),
    );

    app.post<{ Params: { jobId: string } }>(
      '/jobs/:jobId/webhooks/redeliver',
      {
        config: { auth: true, metered: true },
        schema: {
          summary: "Send a job's terminal webhook again",
          description:
            'Queues a fresh delivery of the job’s `job.completed` or `job.failed` event, with a new `webhook-id`, ' +
            'to the job’s webhookUrl; no body. Counts against the per-minute limit. 409 `JOB_NOT_READY` while the ' +
            'job is queued or processing; 409 `NO_WEBHOOK` when it was submitted without webhookUrl. ' +
            DELIVERY_RULES,
          tags: ['webhooks'],
          security,
          params: JobParamsSchema,
          response: { 202: WebhookDeliverySchema, ...problems(401, 402, 404, 409, 429) },
        },
      },
      async (request, reply) => {
        const delivery = await deps.redeliverWebhook(accountOf(request), request.params.jobId);
        return reply.status(202).send(delivery);
      },
    );
  };
}
