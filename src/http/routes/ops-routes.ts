import type { FastifyPluginAsync } from 'fastify';
import type { HttpDeps } from '../deps.js';
import { AppError } from '../../domain/errors.js';
import { sendProblem } from '../problem.js';

/** Liveness, readiness, Prometheus metrics and the OpenAPI document. */
export function opsRoutes(deps: HttpDeps): FastifyPluginAsync {
  return async (app) => {
    app.get('/healthz', { logLevel: 'warn', schema: { hide: true } }, async () => ({
      status: 'ok',
      version: deps.version,
    }));

    app.get('/readyz', { logLevel: 'warn', schema: { hide: true } }, async (_request, reply) => {
      try {
        return { status: 'ready', checks: await deps.readiness() };
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        return sendProblem(reply, new AppError('SERVICE_UNAVAILABLE', `Not ready: ${reason}`));
      }
    });

    app.get('/metrics', { logLevel: 'warn', schema: { hide: true } }, async (_request, reply) =>
      reply.type(deps.metrics.contentType).send(await deps.metrics.render()),
    );

    app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  };
}
