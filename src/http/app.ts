import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import Fastify from 'fastify';
import { assertBillingActive } from '../app/accounts.js';
import { AppError } from '../domain/errors.js';
import { BODY_LIMIT_BYTES } from './body-limit.js';
import { answerClientError } from './client-errors.js';
import type { HttpDeps } from './deps.js';
import { errorHandler, fromFrameworkError, sendProblem } from './problem.js';
import { captureRoutes } from './routes/capture-routes.js';
import { opsRoutes } from './routes/ops-routes.js';
import { playgroundRoutes } from './routes/playground-routes.js';
import { OPTION_HINT_KEYWORDS } from './option-hints.js';
import { usageRoutes } from './routes/usage-routes.js';
import { webhookRoutes } from './routes/webhook-routes.js';

export interface BuildAppOptions {
  logger?: FastifyServerOptions['loggerInstance'] | boolean;
  /**
   * The service's public address (PUBLIC_BASE_URL), e.g. `https://shots.example.com`: the OpenAPI
   * document's `servers` entry, so that generated clients and the docs page call it absolutely.
   * Unset: relative to wherever the document was fetched from.
   */
  publicBaseUrl?: string | null;
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
    // The largest valid capture request, whatever its characters and however they are escaped.
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: true,
    // Ids longer than this are refused by the router itself (mapped to 404 below).
    routerOptions: { maxParamLength: 512 },
    // Errors raised before routing answer as problems too (CONTRACT §4): the HTTP parser's …
    clientErrorHandler: answerClientError,
    // … and the router's.
    frameworkErrors: (error, _request, reply) => {
      void sendProblem(reply, fromFrameworkError(error));
    },
    ajv: {
      customOptions: {
        removeAdditional: false,
        coerceTypes: false,
        allErrors: true,
        useDefaults: false,
        keywords: OPTION_HINT_KEYWORDS,
      },
    },
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        ...OPENAPI_INFO,
        description: `${OPENAPI_INFO.description} Try it in the [playground](${options.publicBaseUrl?.replace(/\/+$/, '') ?? ''}/).`,
        version: deps.version,
      },
      ...(options.publicBaseUrl ? { servers: [{ url: options.publicBaseUrl.replace(/\/+$/, '') }] } : {}),
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
    // A retry of a submit already accepted (its Idempotency-Key was used) costs no unit of the limit.
    if (config.idempotent) {
      const key = request.headers['idempotency-key'];
      request.idempotentEarlier = await deps.findIdempotentSubmit(request.account, key);
      if (request.idempotentEarlier) return;
    }
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
  await app.register(
    playgroundRoutes({ publicBaseUrl: options.publicBaseUrl ?? null, version: deps.version }),
  );
  await app.register(usageRoutes(deps));
  // Long-polls answer at once when the server closes, instead of holding the close for up to 30 s.
  app.addHook('preClose', async () => deps.releaseWaiters());
  return app;
}
