import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import Fastify from 'fastify';
import { assertBillingActive } from '../app/accounts.js';
import { AppError } from '../domain/errors.js';
import type { HttpDeps } from './deps.js';
import { errorHandler, sendProblem } from './problem.js';
import { captureRoutes } from './routes/capture-routes.js';
import { opsRoutes } from './routes/ops-routes.js';
import { webhookRoutes } from './routes/webhook-routes.js';

export interface BuildAppOptions {
  logger?: FastifyServerOptions['loggerInstance'] | boolean;
}

const OPENAPI_INFO = {
  title: 'Shots — screenshot capture API',
  description:
    'Asynchronous web captures: POST a URL, get a job id, poll its status or receive a signed webhook, then fetch the result. ' +
    'All errors are RFC 9457 problem+json with a stable `code`.',
  version: '1.0.0',
};

/** The whole HTTP interface of CONTRACT §4 over the given use-cases. Does not listen. */
export async function buildApp(deps: HttpDeps, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    ...(typeof options.logger === 'object'
      ? { loggerInstance: options.logger }
      : { logger: options.logger ?? false }),
    bodyLimit: 64 * 1024,
    trustProxy: true,
    ajv: {
      customOptions: { removeAdditional: false, coerceTypes: false, allErrors: true, useDefaults: false },
    },
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { ...OPENAPI_INFO, version: deps.version },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'API key' } } },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  // Only JSON bodies are understood; anything else is a 415 (Fastify would parse text/plain).
  app.removeContentTypeParser(['text/plain']);
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler((request, reply) =>
    sendProblem(
      reply,
      new AppError('NOT_FOUND', `No route ${request.method} ${request.url.split('?')[0] ?? ''}.`),
    ),
  );

  // Checks in the order of CONTRACT §4: key (401), billing (402), per-minute limit (429); then body (415/400).
  app.addHook('onRequest', async (request, reply) => {
    const config = request.routeOptions.config;
    if (!config.auth) return;
    request.account = await deps.authenticate(request.headers.authorization);
    if (!config.metered) return;
    assertBillingActive(request.account);
    const rate = await deps.consumeRate(request.account, Date.now());
    reply.header('ratelimit-limit', String(rate.limit));
    reply.header('ratelimit-remaining', String(rate.remaining));
    reply.header('ratelimit-reset', String(rate.resetSeconds));
    if (!rate.allowed) {
      throw new AppError(
        'RATE_LIMITED',
        `More than ${rate.limit} capture requests in a minute; retry in ${rate.resetSeconds} s.`,
        {
          retryAfterSeconds: rate.resetSeconds,
        },
      );
    }
  });

  app.addHook('onResponse', async (request, reply) => {
    deps.metrics.observeRequest(
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });

  await app.register(captureRoutes(deps));
  await app.register(webhookRoutes(deps));
  await app.register(opsRoutes(deps));
  return app;
}
