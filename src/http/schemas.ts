import type { TSchema } from '@sinclair/typebox';
import { Type } from '@sinclair/typebox';
import {
  FORMATS,
  LIMITS,
  PAPER_FORMATS,
  PROXY_LOCATIONS,
  RESOURCE_TYPES,
  SAME_SITE,
  WAIT_UNTIL,
} from '../domain/capture-request.js';
import { JOB_STATUSES } from '../domain/job.js';
import { PLANS } from '../domain/plans.js';
import { withOptionHints } from './option-hints.js';

function stringEnum<T extends readonly string[]>(values: T, description: string) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], description });
}

const Text = (description: string) =>
  Type.String({ minLength: 1, maxLength: LIMITS.textLength, description });

const Selector = (description: string) =>
  Type.String({ minLength: 1, maxLength: LIMITS.selectorLength, description });

/** The capture controls of CONTRACT §4a: every one optional, none changing a request that does not use it. */
const CaptureControls = {
  deviceScaleFactor: Type.Optional(
    Type.Number({
      minimum: LIMITS.deviceScaleFactor.min,
      maximum: LIMITS.deviceScaleFactor.max,
      description: 'Pixel ratio: the image is dimensions × this many pixels. Default 1 (or the device’s).',
    }),
  ),
  device: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 100,
      description:
        'A device preset from GET /devices (viewport, scale factor, mobile, touch, user agent); explicit dimensions, deviceScaleFactor and userAgent win.',
    }),
  ),
  darkMode: Type.Optional(Type.Boolean({ description: 'prefers-color-scheme: dark. Default false.' })),
  disableAnimations: Type.Optional(
    Type.Boolean({
      description:
        'CSS animations and transitions stopped, prefers-reduced-motion: reduce, videos paused, caret hidden. Default false.',
    }),
  ),
  waitUntil: Type.Optional(
    stringEnum(WAIT_UNTIL, 'Navigation milestone to reach before the capture. Default load.'),
  ),
  waitForSelector: Type.Optional(
    Selector(
      'Capture once an element matches and is visible; not within NAVIGATION_TIMEOUT_MS → ELEMENT_NOT_FOUND (not retried).',
    ),
  ),
  delayMs: Type.Optional(
    Type.Integer({
      minimum: LIMITS.delayMs.min,
      maximum: LIMITS.delayMs.max,
      description: 'Extra wait after the page is ready, ms. Default 0.',
    }),
  ),
  hideSelectors: Type.Optional(
    Type.Array(Selector('A CSS selector.'), {
      maxItems: LIMITS.hideSelectors,
      description:
        'Matching elements, inside open shadow roots too, get visibility: hidden !important before the capture.',
    }),
  ),
  clickSelector: Type.Optional(
    Selector('Clicked (if present and visible) before the capture; then the page settles again.'),
  ),
  css: Type.Optional(
    Type.String({
      maxLength: LIMITS.codeLength,
      description: 'A style sheet added to the page before the capture.',
    }),
  ),
  javascript: Type.Optional(
    Type.String({
      maxLength: LIMITS.codeLength,
      description:
        'Run in the page after load, before the capture, as the body of an async function (a returned promise is awaited, within the capture deadline). STARTER+.',
    }),
  ),
  userAgent: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: LIMITS.userAgentLength,
      description: 'The User-Agent to present.',
    }),
  ),
  headers: Type.Optional(
    Type.Record(
      Type.String({ minLength: 1, maxLength: LIMITS.headerLength }),
      Type.String({ maxLength: LIMITS.headerLength }),
      {
        maxProperties: LIMITS.headers,
        // The key schema above does not reach the JSON schema of a record: names are bounded here.
        propertyNames: { minLength: 1, maxLength: LIMITS.headerLength },
        description:
          "Extra request headers for the target's own origin only (never third parties); secret. host, content-length, connection, transfer-encoding, proxy-* and cookie are refused. STARTER+.",
      },
    ),
  ),
  cookies: Type.Optional(
    Type.Array(
      Type.Object(
        {
          name: Type.String({ minLength: 1, maxLength: LIMITS.headerLength }),
          value: Type.String({ maxLength: LIMITS.headerLength }),
          domain: Type.Optional(Type.String({ minLength: 1, maxLength: 253 })),
          path: Type.Optional(Type.String({ minLength: 1, maxLength: LIMITS.headerLength })),
          secure: Type.Optional(Type.Boolean()),
          httpOnly: Type.Optional(Type.Boolean()),
          sameSite: Type.Optional(stringEnum(SAME_SITE, 'Default Lax.')),
        },
        { additionalProperties: false },
      ),
      {
        maxItems: LIMITS.cookies,
        description:
          "Set before navigation; domain defaults to the target's host and must be it or a parent domain (not a public suffix). Values are secret. STARTER+.",
      },
    ),
  ),
  omitBackground: Type.Optional(
    Type.Boolean({
      description: 'png/webp with a transparent background where the page has none. Default false.',
    }),
  ),
  quality: Type.Optional(
    Type.Integer({
      minimum: LIMITS.quality.min,
      maximum: LIMITS.quality.max,
      description: 'jpeg/webp quality. Default 90; refused with png, pdf and video.',
    }),
  ),
  clip: Type.Optional(
    Type.Object(
      {
        x: Type.Number({ minimum: 0 }),
        y: Type.Number({ minimum: 0 }),
        width: Type.Number({ minimum: 1 }),
        height: Type.Number({ minimum: 1 }),
      },
      {
        additionalProperties: false,
        description:
          'Capture this rectangle of the document, CSS px; not with element, description or fullPage.',
      },
    ),
  ),
  blockResources: Type.Optional(
    Type.Array(stringEnum(RESOURCE_TYPES, 'A Chromium resource type.'), {
      uniqueItems: true,
      maxItems: RESOURCE_TYPES.length,
      description: 'Requests of these types are aborted.',
    }),
  ),
  timezone: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 64,
      description: 'IANA time zone of the page, e.g. Europe/Paris.',
    }),
  ),
  locale: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 35,
      description: 'BCP 47 tag: navigator.language, Accept-Language and formatting, e.g. de-DE.',
    }),
  ),
  geolocation: Type.Optional(
    Type.Object(
      {
        latitude: Type.Number({ minimum: -90, maximum: 90 }),
        longitude: Type.Number({ minimum: -180, maximum: 180 }),
        accuracy: Type.Optional(Type.Number({ minimum: 0 })),
      },
      { additionalProperties: false, description: 'Granted to the page and reported to it.' },
    ),
  ),
  failOnHttpError: Type.Optional(
    Type.Boolean({
      description:
        'A target answering 4xx/5xx fails the job (TARGET_HTTP_ERROR: 4xx not retried, 5xx retried) instead of capturing the error page. Default false.',
    }),
  ),
  pdf: Type.Optional(
    Type.Object(
      {
        paperFormat: Type.Optional(stringEnum(PAPER_FORMATS, 'Default A4.')),
        landscape: Type.Optional(Type.Boolean()),
        marginPx: Type.Optional(Type.Integer({ minimum: LIMITS.marginPx.min, maximum: LIMITS.marginPx.max })),
        printBackground: Type.Optional(Type.Boolean({ description: 'Default true.' })),
        scale: Type.Optional(Type.Number({ minimum: LIMITS.pdfScale.min, maximum: LIMITS.pdfScale.max })),
        pageRanges: Type.Optional(
          Type.String({ minLength: 1, maxLength: 200, description: 'e.g. 1-5, 8, 11-13' }),
        ),
        mediaType: Type.Optional(stringEnum(['screen', 'print'] as const, 'Default print.')),
      },
      {
        additionalProperties: false,
        description: 'Only with format pdf: a paginated document as the browser prints it.',
      },
    ),
  ),
};

/** A device preset of `GET /devices`. */
export const DeviceSchema = Type.Object({
  name: Type.String(),
  viewport: Type.Object({ width: Type.Integer(), height: Type.Integer() }),
  deviceScaleFactor: Type.Number(),
  isMobile: Type.Boolean(),
});

/** Body of `POST /screenshots/web` (seed §2.1, CONTRACT §4). The same object validates and documents. */
const CaptureRequestObject = Type.Object(
  {
    url: Type.String({
      minLength: 1,
      maxLength: LIMITS.urlLength,
      description: 'Public http(s) URL to capture.',
    }),
    description: Type.Optional(
      Text('Plain-language description of the element to capture; a model picks the selector.'),
    ),
    element: Type.Optional(
      Text(
        "CSS selector of the element to capture (the document's first match, else the first inside an open shadow root); wins over description.",
      ),
    ),
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
    ...CaptureControls,
  },
  { additionalProperties: false },
);

/** The request schema, each field annotated with `x-group` and `x-plan` for the playground (option-hints.ts). */
export const CaptureRequestSchema = withOptionHints(CaptureRequestObject);

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

const open = { additionalProperties: true };
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/**
 * The result record's `metadata`: every key a capture may report (the domain's `CaptureMetadata`,
 * which the compiler checks against this schema in `src/client/types.ts`); a key that does not apply
 * to a capture is absent. Open to keys added later.
 */
export const CaptureMetadataSchema = Type.Object(
  {
    finalUrl: Type.String({ description: "The page's URL after redirects." }),
    httpStatus: Nullable(
      Type.Integer({ description: 'Status code of the main document; null when none was seen.' }),
    ),
    truncated: Type.Optional(
      Type.Boolean({ description: 'Full page, element or video: the page was cut at the height cap.' }),
    ),
    fullHeightPx: Type.Optional(
      Type.Integer({ description: "With truncated: the page's whole height, CSS px." }),
    ),
    blockedRequests: Type.Optional(
      Type.Integer({ description: 'Requests of the page refused by the SSRF egress checks.' }),
    ),
    blockedAds: Type.Optional(Type.Integer({ description: 'blockAds: requests the ad blocker stopped.' })),
    consent: Type.Optional(
      Type.Object(
        {
          cmp: Nullable(Type.String()),
          action: stringEnum(['optIn', 'hidden', 'failed', 'none'] as const, 'What was done about it.'),
        },
        { ...open, description: 'acceptCookies: the consent platform found and what was done about it.' },
      ),
    ),
    stealth: Type.Optional(
      Type.Object(
        { userAgent: Type.String() },
        { ...open, description: 'stealth: the browser the page was shown.' },
      ),
    ),
    readiness: Type.Optional(
      Type.Object(
        {
          fontsMs: Type.Number({ description: "Time until the page's web fonts were ready, ms." }),
          imagesPending: Type.Integer({ description: 'Images still not decoded when the wait ended.' }),
          lazyScrolls: Type.Integer({
            description: 'Scroll-through steps after which the page loaded more.',
          }),
          retakes: Type.Integer({ description: 'Shots retaken because the first came out one flat colour.' }),
          scrollContainerPx: Type.Optional(
            Type.Integer({
              description:
                'A full page of an app shell whose document does not scroll but a container in it does: CSS px the viewport grew by to show that container whole.',
            }),
          ),
          loadTimedOut: Type.Optional(
            Type.Boolean({ description: 'The navigation milestone did not come within LOAD_TIMEOUT_MS.' }),
          ),
          pendingRequests: Type.Optional(
            Type.Integer({ description: "With loadTimedOut: the page's requests still pending then." }),
          ),
          hungRequests: Type.Optional(
            Type.Integer({
              description:
                'Requests still in flight when a whole wait for the network to go quiet ran out: taken to hang, not waited for again.',
            }),
          ),
          abandonedRequests: Type.Optional(
            Type.Integer({
              description:
                'With loadTimedOut: exchanges the egress failed after 2 s or more without a byte from their server, so that a script or stylesheet on a dead host no longer held the page.',
            }),
          ),
          pageUnhidden: Type.Optional(
            Type.Boolean({
              description:
                "The page hid itself (opacity 0 on its root or body: an A/B-testing tool's anti-flicker snippet whose script did not come) and was shown for the shot.",
            }),
          ),
          bottomBarsMoved: Type.Optional(
            Type.Integer({
              description:
                'Full pages: elements pinned to the bottom of the viewport (a fixed cookie or basket bar, a chat button, a sticky footer) moved to the bottom of the document for the shot, where a reader scrolling down sees them, instead of across the first screen.',
            }),
          ),
          fixedBackdrops: Type.Optional(
            Type.Integer({
              description:
                'Full pages: backgrounds fixed to the viewport (background-attachment: fixed, a fixed layer behind the page) spread over the whole document for the shot, instead of behind the first screen only.',
            }),
          ),
          selfNavigations: Type.Optional(
            Type.Integer({
              description:
                'New documents the page loaded of its own accord (a redirect by script, a reload): the capture was taken again from the last.',
            }),
          ),
          heldNavigations: Type.Optional(
            Type.Integer({
              description:
                'Documents the page asked for again during its last retake (a page that reloads itself for ever, or moves back and forth): refused, so that it was shot as the document it showed.',
            }),
          ),
        },
        { ...open, description: 'What was waited for before the shot.' },
      ),
    ),
    headersSent: Type.Optional(
      Type.Array(Type.String(), { description: 'Names of the extra headers sent (values are secret).' }),
    ),
    cookiesSet: Type.Optional(
      Type.Array(Type.String(), { description: 'Names of the cookies set (values are secret).' }),
    ),
    device: Type.Optional(Type.String({ description: 'The device preset applied.' })),
    scrolledPx: Type.Optional(Type.Number({ description: 'Videos: how far the page was scrolled, CSS px.' })),
    aiSelectorUsed: Type.Optional(
      Nullable(Type.String({ description: 'description: the selector cropped to; null for the full page.' })),
    ),
    aiConfidence: Type.Optional(
      Type.Number({ minimum: 0, maximum: 1, description: "description: the locator's confidence, 0–1." }),
    ),
    rawAiSelector: Type.Optional(
      Nullable(Type.String({ description: "description: the locator's answer as it gave it." })),
    ),
    aiCandidates: Type.Optional(
      Type.Array(Type.Object({ selector: Type.String(), score: Type.Number() }, open), {
        description:
          'description: up to three elements the locator considered, best first, each with its score.',
      }),
    ),
    aiLocator: Type.Optional(
      Type.String({ description: 'description: which locator answered (offline, gateway).' }),
    ),
    aiModel: Type.Optional(
      Type.String({ description: 'description: the model asked, when a gateway answered.' }),
    ),
    aiError: Type.Optional(
      Type.String({ description: 'description: why the full page was returned instead of a crop.' }),
    ),
  },
  { ...open, description: 'What the capture reports about itself.' },
);

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
  capturedAt: Type.String({
    format: 'date-time',
    description: 'When the artifact was captured; for a result served from cache, the original capture.',
  }),
  cacheKey: Type.String(),
  metadata: CaptureMetadataSchema,
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

/** A job id in a path; one that cannot exist answers 404 JOB_NOT_FOUND like any unknown id. */
export const JobParamsSchema = Type.Object({
  jobId: Type.String({ examples: ['job_web_3q2-Qz7vYk1bNw0aXf9LhT4s'] }),
});

const STATUS_TEXT: Partial<Record<number, string>> = {
  400: 'Bad request: every problem named in `errors[].field`',
  401: 'Missing, unknown or revoked API key',
  402: 'The account’s billing is lapsed',
  403: 'An option above the account’s plan (`requiredPlan`)',
  404: 'No such job for this API key',
  409: 'Conflict (see `code`)',
  413: 'Body larger than the largest valid request (`PAYLOAD_TOO_LARGE`)',
  415: 'Body is not JSON',
  429: 'Rate or quota exceeded (see `code`, `Retry-After`)',
  500: 'Unexpected failure on our side (`INTERNAL_ERROR`; details are not shown)',
  503: 'A store the service needs (database, queue, artifact store) cannot be reached right now (`SERVICE_UNAVAILABLE`, `Retry-After`): try again shortly',
};

/**
 * The error responses of a route, as served: `application/problem+json` with the problem schema
 * (CONTRACT §4), so that a client generated from the document reads errors without a cast.
 */
export function problems(...statuses: number[]): Record<number, TSchema> {
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      Type.Unsafe({
        description: STATUS_TEXT[status] ?? 'Error',
        content: { 'application/problem+json': { schema: ProblemSchema } },
      }),
    ]),
  );
}

/** The media types of a result artifact, by format. */
export const ARTIFACT_TYPES = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'application/pdf',
  'video/mp4',
] as const;

/**
 * `GET /jobs/{jobId}/result`: the artifact in its own media type by default, the result record
 * with `Accept: application/json`.
 */
export const ResultResponseSchema = Type.Unsafe({
  description:
    'The artifact (image, PDF or video) with its own Content-Type by default; the JSON result record with `Accept: application/json`.',
  content: {
    ...Object.fromEntries(
      ARTIFACT_TYPES.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
    ),
    'application/json': { schema: ResultRecordSchema },
  },
});
