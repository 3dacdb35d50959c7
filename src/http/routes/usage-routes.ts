import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import { PLANS } from '../../domain/plans.js';
import type { HttpDeps } from '../deps.js';
import { accountOf } from '../deps.js';
import { problems } from '../schemas.js';

const Count = (description: string) => Type.Integer({ minimum: 0, description });

/** `GET /usage` (CONTRACT §4b). */
export const UsageSchema = Type.Object({
  plan: Type.Unsafe<(typeof PLANS)[number]>({ type: 'string', enum: [...PLANS] }),
  billing: Type.Unsafe<'active' | 'lapsed'>({
    type: 'string',
    enum: ['active', 'lapsed'],
    description: 'lapsed: submissions answer 402; reading jobs and usage still works.',
  }),
  period: Type.Object(
    {
      start: Type.String({ format: 'date-time', description: 'First instant of the calendar month (UTC).' }),
      end: Type.String({ format: 'date-time', description: 'First instant of the next month (exclusive).' }),
    },
    { description: 'The calendar month (UTC) the quota counts.' },
  ),
  quota: Type.Object(
    {
      limit: Count('Accepted jobs allowed this month (plan default or the account override).'),
      used: Count(
        'Jobs accepted this month, cached ones included; a job that ended failed gave its unit back.',
      ),
      remaining: Count('limit − used, never below 0; at 0, submissions answer 429 QUOTA_EXCEEDED.'),
    },
    { description: 'Monthly quota.' },
  ),
  rateLimit: Type.Object(
    {
      limit: Count('Capture submissions per minute.'),
      remaining: Count('Submissions left in the current one-minute window.'),
      resetSeconds: Type.Integer({ minimum: 1, description: 'Seconds until the next window starts.' }),
    },
    { description: 'The per-minute limit, as `RateLimit-*` headers report it; reading it counts nothing.' },
  ),
});

/** `GET /usage`: the account's limits and how much of them is used, right now. */
export function usageRoutes(deps: HttpDeps): FastifyPluginAsync {
  return async (app) => {
    app.get(
      '/usage',
      {
        logLevel: 'warn',
        config: { auth: true },
        schema: {
          summary: 'Plan, quota and per-minute limit of the API key’s account',
          description:
            'The same numbers the limits enforce. Needs a valid key; works for a lapsed account too, and is not ' +
            'counted against the per-minute limit.',
          tags: ['account'],
          security: [{ bearer: [] }],
          response: { 200: UsageSchema, ...problems(401, 503) },
        },
      },
      async (request) => deps.getUsage(accountOf(request)),
    );
  };
}
