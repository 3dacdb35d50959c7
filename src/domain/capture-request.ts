import { parse as parseHost } from 'tldts';
import type { FieldProblem } from './errors.js';
import type { Plan } from './plans.js';
import { planAtLeast, planRank } from './plans.js';

export const FORMATS = ['png', 'jpeg', 'webp', 'pdf'] as const;
export type ImageFormat = (typeof FORMATS)[number];
/** What a job produces: one of the request formats, or a video when `video` is set. */
export type OutputFormat = ImageFormat | 'mp4';

export const PROXY_LOCATIONS = ['us-east', 'eu-west', 'ap-southeast'] as const;
export type ProxyLocation = (typeof PROXY_LOCATIONS)[number];

/** Navigation milestones a capture can wait for (CONTRACT §4a `waitUntil`). */
export const WAIT_UNTIL = ['load', 'domcontentloaded', 'networkidle'] as const;
export type WaitUntil = (typeof WAIT_UNTIL)[number];

/** Chromium resource types `blockResources` may abort (never the page's own document). */
export const RESOURCE_TYPES = [
  'image',
  'media',
  'font',
  'stylesheet',
  'script',
  'xhr',
  'fetch',
  'websocket',
  'other',
] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

export const PAPER_FORMATS = ['A3', 'A4', 'A5', 'Letter', 'Legal', 'Tabloid'] as const;
export type PaperFormat = (typeof PAPER_FORMATS)[number];

export const SAME_SITE = ['Strict', 'Lax', 'None'] as const;

/** Request header names `headers` may not set: the connection's own, and `cookie` (use `cookies`). */
export const FORBIDDEN_HEADERS: ReadonlySet<string> = new Set([
  'host',
  'content-length',
  'connection',
  'transfer-encoding',
  'cookie',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
]);

/** Bounds of CONTRACT §4 and §4a. */
export const LIMITS = Object.freeze({
  widthPx: { min: 100, max: 3840 },
  heightPx: { min: 100, max: 2160 },
  videoDurationSeconds: { min: 1, max: 30 },
  videoFps: { min: 1, max: 30 },
  urlLength: 2048,
  textLength: 500,
  deviceScaleFactor: { min: 1, max: 3 },
  selectorLength: 1000,
  delayMs: { min: 0, max: 10_000 },
  hideSelectors: 50,
  codeLength: 65_536,
  userAgentLength: 512,
  headers: 20,
  headerLength: 1024,
  cookies: 50,
  quality: { min: 1, max: 100 },
  marginPx: { min: 0, max: 200 },
  pdfScale: { min: 0.1, max: 2 },
});

export const DEFAULT_VIEWPORT = Object.freeze({ width: 1280, height: 720 });
/** JPEG and WebP quality when `quality` is not given. */
export const DEFAULT_QUALITY = 90;

export interface StorageTarget {
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  endpoint?: string;
}

/** One cookie of `cookies`: set before navigation. `domain` defaults to the target's host. */
export interface CookieInput {
  name: string;
  value: string;
  domain?: string;
  path?: string;
  secure?: boolean;
  httpOnly?: boolean;
  sameSite?: (typeof SAME_SITE)[number];
}

/** `pdf`: a paginated document as the browser prints it. */
export interface PdfOptions {
  paperFormat?: PaperFormat;
  landscape?: boolean;
  marginPx?: number;
  printBackground?: boolean;
  scale?: number;
  pageRanges?: string;
  mediaType?: 'screen' | 'print';
}

/** A rectangle of the document in CSS px. */
export interface ClipRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The body of `POST /screenshots/web` after schema validation (seed §2.1 and CONTRACT §4a). */
export interface CaptureRequest {
  url: string;
  description?: string;
  element?: string;
  dimensions?: { width: number; height: number };
  fullPage?: boolean;
  format?: ImageFormat;
  blockAds?: boolean;
  acceptCookies?: boolean;
  stealth?: boolean;
  proxyLocation?: ProxyLocation;
  video?: { duration: number; fps: number };
  bypassCache?: boolean;
  storage?: StorageTarget;
  webhookUrl?: string;
  deviceScaleFactor?: number;
  device?: string;
  darkMode?: boolean;
  disableAnimations?: boolean;
  waitUntil?: WaitUntil;
  waitForSelector?: string;
  delayMs?: number;
  hideSelectors?: string[];
  clickSelector?: string;
  css?: string;
  javascript?: string;
  userAgent?: string;
  headers?: Record<string, string>;
  cookies?: CookieInput[];
  omitBackground?: boolean;
  quality?: number;
  clip?: ClipRect;
  blockResources?: ResourceType[];
  timezone?: string;
  locale?: string;
  geolocation?: { latitude: number; longitude: number; accuracy?: number };
  failOnHttpError?: boolean;
  pdf?: PdfOptions;
}

/** The plan each gated option needs (seed §2.1, CONTRACT §4a); an option is gated only when used. */
export const OPTION_PLANS: Readonly<Record<string, Plan>> = Object.freeze({
  fullPage: 'STARTER',
  blockAds: 'STARTER',
  acceptCookies: 'STARTER',
  javascript: 'STARTER',
  headers: 'STARTER',
  cookies: 'STARTER',
  video: 'GROWTH',
  stealth: 'BUSINESS',
  proxyLocation: 'BUSINESS',
  storage: 'BUSINESS',
});

/** An option of a request that is above the account's plan, with the lowest plan that allows it. */
export interface GatedOption {
  field: string;
  plan: Plan;
}

/**
 * Options of `request` that are above `plan`, each with its own minimum plan, and the lowest plan
 * that allows all of them (the highest of those minima).
 */
export function optionsAbovePlan(
  request: CaptureRequest,
  plan: Plan,
): { options: GatedOption[]; requiredPlan: Plan } | null {
  const used: Record<string, boolean> = {
    fullPage: request.fullPage === true,
    blockAds: request.blockAds === true,
    acceptCookies: request.acceptCookies === true,
    javascript: request.javascript !== undefined,
    headers: request.headers !== undefined && Object.keys(request.headers).length > 0,
    cookies: request.cookies !== undefined && request.cookies.length > 0,
    video: request.video !== undefined,
    stealth: request.stealth === true,
    proxyLocation: request.proxyLocation !== undefined,
    storage: request.storage !== undefined,
  };
  const options: GatedOption[] = [];
  let requiredPlan: Plan = plan;
  for (const [field, needed] of Object.entries(OPTION_PLANS)) {
    if (!used[field] || planAtLeast(plan, needed)) continue;
    options.push({ field, plan: needed });
    if (planRank(needed) > planRank(requiredPlan)) requiredPlan = needed;
  }
  return options.length === 0 ? null : { options, requiredPlan };
}

/** An HTTP header name: an RFC 9110 token. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** A header value without control characters (no CR/LF: no header injection). */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
/** `pageRanges` such as `1-5, 8, 11-13`. */
const PAGE_RANGES = /^\s*\d+\s*(-\s*\d*\s*)?(,\s*\d+\s*(-\s*\d*\s*)?)*$/;

function validTimezone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function validLocale(tag: string): boolean {
  try {
    return Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    return false;
  }
}

/**
 * Why a cookie `domain` may not be set for a capture of `targetHost`, or null when it may: it must
 * be the host itself or a parent domain of it that is not a public suffix (`co.uk`, `github.io`).
 */
export function cookieDomainProblem(domain: string, targetHost: string): string | null {
  const wanted = domain.trim().toLowerCase().replace(/^\./, '');
  const host = targetHost.toLowerCase();
  if (wanted === host) return null;
  if (!host.endsWith(`.${wanted}`)) return `must be the target's host (${host}) or a parent domain of it`;
  const parsed = parseHost(host, { allowPrivateDomains: true });
  if (parsed.isIp || parsed.domain === null || wanted.length < parsed.domain.length) {
    return `${wanted} is a public suffix: cookies can only be set for ${parsed.domain ?? host} or below`;
  }
  return null;
}

/**
 * The fields of a request body that passed the schema when others did not: each one present is
 * well-typed, any may be missing (`url` included). A whole CaptureRequest is one too.
 */
export type RequestFields = Partial<CaptureRequest>;

/** An address of a request that the service fetches or posts to, and whether only https will do. */
export interface RequestAddress {
  field: 'url' | 'webhookUrl' | 'storage.endpoint';
  url: string;
  httpsOnly: boolean;
}

/** The addresses of `request` that SSRF protection checks: `url`, `webhookUrl`, `storage.endpoint`. */
export function addressesOf(request: RequestFields): RequestAddress[] {
  const addresses: RequestAddress[] = [];
  if (request.url !== undefined) addresses.push({ field: 'url', url: request.url, httpsOnly: false });
  if (request.webhookUrl !== undefined)
    addresses.push({ field: 'webhookUrl', url: request.webhookUrl, httpsOnly: true });
  if (request.storage?.endpoint !== undefined)
    addresses.push({ field: 'storage.endpoint', url: request.storage.endpoint, httpsOnly: false });
  return addresses;
}

/**
 * Why `url` cannot be used, judged without any lookup, or null: not an absolute URL, a scheme other
 * than http(s) (only https with `httpsOnly`), a user name or password, no host. Where it resolves
 * to is the SSRF guard's question, asked only after this one.
 */
export function urlShapeProblem(url: string, httpsOnly: boolean): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'The URL is not a valid absolute URL.';
  }
  const scheme = parsed.protocol.slice(0, -1);
  if (httpsOnly && scheme !== 'https') return `The URL must use https, not ${scheme}.`;
  if (scheme !== 'http' && scheme !== 'https') return `Only http and https URLs are allowed, not ${scheme}.`;
  if (parsed.username !== '' || parsed.password !== '')
    return 'URLs with a user name or password (user:pass@host) are not allowed.';
  if (parsed.hostname === '') return 'The URL has no host.';
  return null;
}

/** Combinations of the request's fields that cannot work together, or are out of their shape. */
function combinationProblems(request: RequestFields): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const add = (field: string, message: string): void => void problems.push({ field, message });
  const format = request.video ? 'mp4' : (request.format ?? 'png');
  if (request.quality !== undefined && format !== 'jpeg' && format !== 'webp')
    add('quality', `applies to jpeg and webp only, not to ${format}`);
  if (request.omitBackground === true && format !== 'png' && format !== 'webp')
    add('omitBackground', `applies to png and webp only, not to ${format}`);
  if (request.pdf !== undefined && format !== 'pdf') add('pdf', 'is only for format "pdf"');
  if (request.pdf !== undefined && (request.element ?? request.description ?? request.clip) !== undefined)
    add('pdf', 'prints whole pages; it cannot be combined with element, description or clip');
  if (request.clip !== undefined) {
    for (const other of ['element', 'description', 'fullPage', 'video'] as const) {
      const used = other === 'fullPage' ? request.fullPage === true : request[other] !== undefined;
      if (used) add('clip', `cannot be combined with ${other}`);
    }
  }
  return problems;
}

/**
 * Why `bucket` is not an S3 bucket name, or null: 3–63 characters of lower-case letters, digits,
 * dots and hyphens, starting and ending with a letter or digit, no `..`, not an IP address, none
 * of the reserved prefixes and suffixes.
 */
export function bucketNameProblem(bucket: string): string | null {
  if (bucket.length < 3 || bucket.length > 63) return 'must be 3 to 63 characters long';
  if (!/^[a-z0-9][a-z0-9.-]*[a-z0-9]$/.test(bucket))
    return 'must be lower-case letters, digits, dots and hyphens, starting and ending with a letter or digit';
  if (bucket.includes('..')) return 'must not hold two dots in a row';
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(bucket)) return 'must not look like an IP address';
  if (/^(xn--|sthree-|amzn-s3-demo-)/.test(bucket) || /(-s3alias|--ol-s3|--x-s3|\.mrap)$/.test(bucket))
    return 'uses a prefix or suffix that S3 reserves';
  return null;
}

/** Names, values and zones the schema cannot check: headers, cookies, time zone, locale, page ranges, bucket, region. */
function valueProblems(request: RequestFields): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const add = (field: string, message: string): void => void problems.push({ field, message });
  if (request.storage) {
    const bucket = bucketNameProblem(request.storage.bucket);
    if (bucket) add('storage.bucket', bucket);
    if (!/^[A-Za-z0-9-]+$/.test(request.storage.region))
      add('storage.region', 'must be a region name of letters, digits and hyphens, such as eu-west-1');
  }
  for (const [name, value] of Object.entries(request.headers ?? {})) {
    if (!TOKEN.test(name)) add(`headers.${name}`, 'is not a valid header name');
    else if (FORBIDDEN_HEADERS.has(name.toLowerCase()) || /^proxy-/i.test(name))
      add(`headers.${name}`, 'may not be set (a connection header; use cookies for cookies)');
    else if (!HEADER_VALUE.test(value)) add(`headers.${name}`, 'must not contain control characters');
  }
  let host: string | null = null;
  try {
    if (request.url !== undefined) host = new URL(request.url).hostname.replace(/^\[(.*)\]$/, '$1');
  } catch {
    // the URL's own problem is reported by the address checks
  }
  (request.cookies ?? []).forEach((cookie, i) => {
    if (!TOKEN.test(cookie.name)) add(`cookies.${i}.name`, 'is not a valid cookie name');
    if (/[;\r\n]/.test(cookie.value)) add(`cookies.${i}.value`, 'must not contain ";" or line breaks');
    if (cookie.domain !== undefined && host !== null) {
      const problem = cookieDomainProblem(cookie.domain, host);
      if (problem) add(`cookies.${i}.domain`, problem);
    }
    if (cookie.path !== undefined && !cookie.path.startsWith('/'))
      add(`cookies.${i}.path`, 'must start with /');
    if (cookie.sameSite === 'None' && cookie.secure === false)
      add(`cookies.${i}.secure`, 'must be true with sameSite "None"');
  });
  if (request.timezone !== undefined && !validTimezone(request.timezone))
    add('timezone', 'is not an IANA time zone name such as Europe/Paris');
  if (request.locale !== undefined && !validLocale(request.locale))
    add('locale', 'is not a BCP 47 language tag such as en-US');
  if (request.pdf?.pageRanges !== undefined && !PAGE_RANGES.test(request.pdf.pageRanges))
    add('pdf.pageRanges', 'must be page numbers and ranges such as "1-5, 8, 11-13"');
  if (request.userAgent !== undefined && !HEADER_VALUE.test(request.userAgent))
    add('userAgent', 'must not contain control characters');
  return problems;
}

/**
 * The problems of a request that its schema cannot express and that need no lookup: addresses
 * that are no http(s) URL (`webhookUrl` no https), fields that do not go together (`quality` with
 * png, `clip` with `element` …), header and cookie names and domains, time zone and locale names.
 * Each names its field (`errors[].field`). Only the fields present are checked, so that a body
 * that failed its schema has the fields that passed it checked too (RequestFields).
 */
export function requestProblems(request: RequestFields): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const { field, url, httpsOnly } of addressesOf(request)) {
    const problem = urlShapeProblem(url, httpsOnly);
    if (problem) problems.push({ field, message: problem });
  }
  return [...problems, ...combinationProblems(request), ...valueProblems(request)];
}
