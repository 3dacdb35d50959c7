import { createHash } from 'node:crypto';
import type {
  CaptureRequest,
  ClipRect,
  CookieInput,
  OutputFormat,
  PaperFormat,
  ProxyLocation,
  ResourceType,
  StorageTarget,
  WaitUntil,
} from './capture-request.js';
import { DEFAULT_VIEWPORT } from './capture-request.js';

/** A device preset (`device`): what a request takes from it unless it says otherwise. */
export interface DevicePreset {
  name: string;
  viewport: { width: number; height: number };
  deviceScaleFactor: number;
  isMobile: boolean;
  hasTouch: boolean;
  userAgent: string;
}

/** `pdf` with its defaults applied. */
export interface PdfSpec {
  paperFormat: PaperFormat;
  landscape: boolean;
  marginPx: number;
  printBackground: boolean;
  scale: number;
  pageRanges: string | null;
  mediaType: 'screen' | 'print';
}

/**
 * The capture a worker performs: the request with its defaults and device preset applied, and
 * nothing secret in it — `headers` and `cookies` travel sealed beside it ({@link CaptureSecrets});
 * only their names are here.
 */
export interface CaptureSpec {
  url: string;
  viewport: { width: number; height: number };
  fullPage: boolean;
  format: OutputFormat;
  element: string | null;
  description: string | null;
  blockAds: boolean;
  acceptCookies: boolean;
  stealth: boolean;
  proxyLocation: ProxyLocation | null;
  video: { durationSeconds: number; fps: number } | null;
  deviceScaleFactor: number;
  /** The preset applied, by name; null when none. */
  device: string | null;
  isMobile: boolean;
  hasTouch: boolean;
  /** The `User-Agent` to present; null: the browser's own. */
  userAgent: string | null;
  darkMode: boolean;
  disableAnimations: boolean;
  waitUntil: WaitUntil;
  waitForSelector: string | null;
  delayMs: number;
  hideSelectors: string[];
  clickSelector: string | null;
  css: string | null;
  javascript: string | null;
  /** Names of the extra request headers (values sealed). */
  headerNames: string[];
  /** Names of the cookies (values sealed). */
  cookieNames: string[];
  omitBackground: boolean;
  /** JPEG/WebP quality; null: the default (90). */
  quality: number | null;
  clip: ClipRect | null;
  blockResources: ResourceType[];
  timezone: string | null;
  locale: string | null;
  geolocation: { latitude: number; longitude: number; accuracy: number } | null;
  failOnHttpError: boolean;
  /** Paginated PDF options; null: a single page of the viewport's (or full page's) size. */
  pdf: PdfSpec | null;
}

/** The secret parts of a capture, sealed while the job lives and erased when it ends. */
export interface CaptureSecrets {
  headers: Record<string, string>;
  cookies: CookieInput[];
}

/** Everything a job keeps sealed: its capture secrets and its bucket's credentials. */
export interface JobSecrets {
  capture?: CaptureSecrets;
  storage?: { accessKeyId: string; secretAccessKey: string };
}

/** The defaults of every field after the seed's (§4a: none changes a request that does not use it). */
const CONTROL_DEFAULTS = {
  deviceScaleFactor: 1,
  device: null,
  isMobile: false,
  hasTouch: false,
  userAgent: null,
  darkMode: false,
  disableAnimations: false,
  waitUntil: 'load',
  waitForSelector: null,
  delayMs: 0,
  hideSelectors: [],
  clickSelector: null,
  css: null,
  javascript: null,
  headerNames: [],
  cookieNames: [],
  omitBackground: false,
  quality: null,
  clip: null,
  blockResources: [],
  timezone: null,
  locale: null,
  geolocation: null,
  failOnHttpError: false,
  pdf: null,
} as const satisfies Partial<CaptureSpec>;

/** A spec stored before a field existed, with that field's default: what its request meant. */
export function completeSpec(spec: CaptureSpec): CaptureSpec {
  return { ...CONTROL_DEFAULTS, ...spec };
}

function pdfSpec(request: CaptureRequest): PdfSpec | null {
  const pdf = request.pdf;
  if (!pdf) return null;
  return {
    paperFormat: pdf.paperFormat ?? 'A4',
    landscape: pdf.landscape ?? false,
    marginPx: pdf.marginPx ?? 0,
    printBackground: pdf.printBackground ?? true,
    scale: pdf.scale ?? 1,
    pageRanges: pdf.pageRanges ?? null,
    mediaType: pdf.mediaType ?? 'print',
  };
}

/** The spec of a validated request; `device` is its preset when it names one. */
export function toCaptureSpec(request: CaptureRequest, device: DevicePreset | null = null): CaptureSpec {
  return {
    url: request.url,
    viewport: request.dimensions ?? (device ? { ...device.viewport } : { ...DEFAULT_VIEWPORT }),
    fullPage: request.fullPage ?? false,
    format: request.video ? 'mp4' : (request.format ?? 'png'),
    element: request.element ?? null,
    // `element` wins over `description` (seed §3.1 rule 5).
    description: request.element ? null : (request.description ?? null),
    blockAds: request.blockAds ?? false,
    acceptCookies: request.acceptCookies ?? false,
    stealth: request.stealth ?? false,
    proxyLocation: request.proxyLocation ?? null,
    video: request.video ? { durationSeconds: request.video.duration, fps: request.video.fps } : null,
    deviceScaleFactor: request.deviceScaleFactor ?? device?.deviceScaleFactor ?? 1,
    device: device?.name ?? null,
    isMobile: device?.isMobile ?? false,
    hasTouch: device?.hasTouch ?? false,
    userAgent: request.userAgent ?? device?.userAgent ?? null,
    darkMode: request.darkMode ?? false,
    disableAnimations: request.disableAnimations ?? false,
    waitUntil: request.waitUntil ?? 'load',
    waitForSelector: request.waitForSelector ?? null,
    delayMs: request.delayMs ?? 0,
    hideSelectors: request.hideSelectors ?? [],
    clickSelector: request.clickSelector ?? null,
    css: request.css ?? null,
    javascript: request.javascript ?? null,
    headerNames: Object.keys(request.headers ?? {}),
    cookieNames: (request.cookies ?? []).map((c) => c.name),
    omitBackground: request.omitBackground ?? false,
    quality: request.quality ?? null,
    clip: request.clip ? { ...request.clip } : null,
    blockResources: request.blockResources ?? [],
    timezone: request.timezone ?? null,
    locale: request.locale ?? null,
    geolocation: request.geolocation ? { accuracy: 0, ...request.geolocation } : null,
    failOnHttpError: request.failOnHttpError ?? false,
    pdf: pdfSpec(request),
  };
}

/** The secret parts of a request, or null when it has none. */
export function captureSecretsOf(request: CaptureRequest): CaptureSecrets | null {
  const headers = request.headers ?? {};
  const cookies = request.cookies ?? [];
  if (Object.keys(headers).length === 0 && cookies.length === 0) return null;
  return { headers, cookies };
}

/**
 * Cache key of a capture: every field of the spec that changes the output, over the canonical URL.
 * Custom storage is part of it (the artifact lands elsewhere); the webhook address is not. The
 * values of headers and cookies change the output too, but are secret: they enter as a keyed
 * digest (`secretsDigest`), never as themselves.
 */
export function cacheKeyOf(
  spec: CaptureSpec,
  storage?: Pick<StorageTarget, 'bucket' | 'region' | 'endpoint'>,
  secretsDigest: string | null = null,
): string {
  const canonical = { ...spec, url: new URL(spec.url).href, storage: storage ?? null, secretsDigest };
  return createHash('sha256').update(JSON.stringify(canonical)).digest('base64url').slice(0, 32);
}
