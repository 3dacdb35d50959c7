import type { TSchema } from '@sinclair/typebox';
import { Type } from '@sinclair/typebox';
import { FORMATS, LIMITS, PROXY_LOCATIONS } from '../domain/capture-request.js';
import { JOB_STATUSES } from '../domain/job.js';
import { PLANS } from '../domain/plans.js';

function stringEnum<T extends readonly string[]>(values: T, description: string) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], description });
}

const Text = (description: string) =>
  Type.String({ minLength: 1, maxLength: LIMITS.textLength, description });

/** Body of `POST /screenshots/web` (seed §2.1, CONTRACT §4). The same object validates and documents. */
export const CaptureRequestSchema = Type.Object(
  {
    url: Type.String({
      minLength: 1,
      maxLength: LIMITS.urlLength,
      description: 'Public http(s) URL to capture.',
    }),
    description: Type.Optional(
      Text('Plain-language description of the element to capture; a model picks the selector.'),
    ),
    element: Type.Optional(Text('CSS selector of the element to capture; wins over description.')),
    dimensions: Type.Optional(
      Type.Object(
        {
          width: Type.Integer({
            minimum: LIMITS.widthPx.min,
            maximum: LIMITS.widthPx.max,
            description: 'Viewport width, px.',
          }),
          height: Type.Integer({
            minimum: LIMITS.heightPx.min,
            maximum: LIMITS.heightPx.max,
            description: 'Viewport height, px.',
          }),
        },
        { additionalProperties: false, description: 'Viewport size. Default 1280 x 720.' },
      ),
    ),
    fullPage: Type.Optional(
      Type.Boolean({ description: 'Capture the whole scrollable page (STARTER+). Default false.' }),
    ),
    format: Type.Optional(stringEnum(FORMATS, 'Output format. Default png.')),
    blockAds: Type.Optional(
      Type.Boolean({ description: 'Block ads and trackers (STARTER+). Default false.' }),
    ),
    acceptCookies: Type.Optional(
      Type.Boolean({ description: 'Dismiss cookie banners (STARTER+). Default false.' }),
    ),
    stealth: Type.Optional(Type.Boolean({ description: 'Reduce bot detection (BUSINESS+). Default false.' })),
    proxyLocation: Type.Optional(stringEnum(PROXY_LOCATIONS, 'Region to route through (BUSINESS+).')),
    video: Type.Optional(
      Type.Object(
        {
          duration: Type.Number({
            minimum: LIMITS.videoDurationSeconds.min,
            maximum: LIMITS.videoDurationSeconds.max,
            description: 'Seconds.',
          }),
          fps: Type.Integer({
            minimum: LIMITS.videoFps.min,
            maximum: LIMITS.videoFps.max,
            description: 'Frames per second.',
          }),
        },
        { additionalProperties: false, description: 'Record a scrolling mp4 (GROWTH+).' },
      ),
    ),
    bypassCache: Type.Optional(
      Type.Boolean({ description: 'Capture afresh even when a cached result exists. Default false.' }),
    ),
    storage: Type.Optional(
      Type.Object(
        {
          bucket: Type.String({ minLength: 1, maxLength: 255 }),
          region: Type.String({ minLength: 1, maxLength: 64 }),
          accessKeyId: Type.String({ minLength: 1, maxLength: 256 }),
          secretAccessKey: Type.String({ minLength: 1, maxLength: 512 }),
          endpoint: Type.Optional(
            Type.String({
              minLength: 1,
              maxLength: LIMITS.urlLength,
              description: 'S3-compatible endpoint.',
            }),
          ),
        },
        { additionalProperties: false, description: 'Your own bucket (BUSINESS+).' },
      ),
    ),
    webhookUrl: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: LIMITS.urlLength,
        description: 'HTTPS address told when the job ends.',
      }),
    ),
  },
  { additionalProperties: false },
);

export const AcceptedSchema = Type.Object({
  jobId: Type.String({ examples: ['job_web_3q2-Qz7vYk1bNw0aXf9LhT4s'] }),
  status: Type.Literal('queued'),
  statusUrl: Type.String(),
  estimatedSeconds: Type.Number(),
});

export const JobStatusSchema = Type.Object({
  jobId: Type.String(),
  type: Type.Literal('WEB'),
  status: stringEnum(JOB_STATUSES, 'queued → processing → completed | failed'),
  attempts: Type.Integer(),
  maxAttempts: Type.Integer(),
  createdAt: Type.String({ format: 'date-time' }),
  startedAt: Type.Optional(Type.String({ format: 'date-time' })),
  completedAt: Type.Optional(Type.String({ format: 'date-time' })),
  error: Type.Optional(Type.String()),
  errorCode: Type.Optional(Type.String()),
  resultUrl: Type.Optional(Type.String()),
});

export const ResultRecordSchema = Type.Object({
  jobId: Type.String(),
  type: Type.Literal('WEB'),
  status: Type.Literal('completed'),
  format: Type.String(),
  contentType: Type.String(),
  bytes: Type.Integer(),
  width: Type.Optional(Type.Integer()),
  height: Type.Optional(Type.Integer()),
  durationSeconds: Type.Optional(Type.Number({ description: 'Length of a video in seconds (videos only).' })),
  fps: Type.Optional(Type.Integer({ description: 'Frames per second of a video (videos only).' })),
  createdAt: Type.String(),
  completedAt: Type.String(),
  cached: Type.Boolean(),
  cacheKey: Type.String(),
  metadata: Type.Record(Type.String(), Type.Unknown()),
  storage: Type.Optional(Type.Object({ bucket: Type.String(), region: Type.String(), key: Type.String() })),
});

export const ProblemSchema = Type.Object(
  {
    type: Type.String(),
    title: Type.String(),
    status: Type.Integer(),
    detail: Type.String(),
    code: Type.String(),
    errors: Type.Optional(Type.Array(Type.Object({ field: Type.String(), message: Type.String() }))),
    requiredPlan: Type.Optional(stringEnum(PLANS, 'Lowest plan that allows every requested option.')),
  },
  { additionalProperties: true, description: 'RFC 9457 problem details (application/problem+json).' },
);

export const JobParamsSchema = Type.Object({ jobId: Type.String({ maxLength: 100 }) });

export function problems(...statuses: number[]): Record<number, TSchema> {
  return Object.fromEntries(statuses.map((s) => [s, ProblemSchema]));
}
