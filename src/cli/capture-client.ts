import { readFile, writeFile } from 'node:fs/promises';
import { Shots } from '../client/shots.js';
import type { CaptureMetadata, CaptureOptions, JobStatus } from '../client/types.js';
import { CROP_CONFIDENCE } from '../domain/capture-metadata.js';
import type { CliHost } from './host.js';

export interface CaptureClientOptions {
  output: string;
  server: string;
  apiKey?: string;
  format?: string;
  width?: number;
  height?: number;
  fullPage?: boolean;
  element?: string;
  description?: string;
  bypassCache?: boolean;
  videoDuration?: number;
  videoFps?: number;
  scale?: number;
  device?: string;
  dark?: boolean;
  waitFor?: string;
  delay?: number;
  hide?: string[];
  cssFile?: string;
  jsFile?: string;
  header?: string[];
  cookie?: string[];
  userAgent?: string;
  transparent?: boolean;
  quality?: number;
  pdfPaper?: string;
  /** More request fields as a JSON object (any field of `POST /screenshots/web`); flags win. */
  options?: string;
  idempotencyKey?: string;
  /** Give up waiting after this long, seconds. */
  timeout: number;
}

function extraOptions(json: string | undefined): Record<string, unknown> {
  if (json === undefined) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch (err) {
    throw new Error(`--options is not valid JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new Error('--options must be a JSON object, e.g. \'{"darkMode":true}\'.');
  return parsed as Record<string, unknown>;
}

/** `Name: value` → [name, value]. */
function headerOf(flag: string): [string, string] {
  const at = flag.indexOf(':');
  if (at <= 0) throw new Error(`--header "${flag}" is not "Name: value".`);
  return [flag.slice(0, at).trim(), flag.slice(at + 1).trim()];
}

/** `name=value` → a cookie. */
function cookieOf(flag: string): { name: string; value: string } {
  const at = flag.indexOf('=');
  if (at <= 0) throw new Error(`--cookie "${flag}" is not "name=value".`);
  return { name: flag.slice(0, at).trim(), value: flag.slice(at + 1) };
}

/** The capture controls of the flags (CONTRACT §4a); `files` holds the contents of --css-file / --js-file. */
function controlsOf(
  opts: CaptureClientOptions,
  files: { css?: string; javascript?: string },
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (opts.scale !== undefined) body.deviceScaleFactor = opts.scale;
  if (opts.device) body.device = opts.device;
  if (opts.dark) body.darkMode = true;
  if (opts.waitFor) body.waitForSelector = opts.waitFor;
  if (opts.delay !== undefined) body.delayMs = opts.delay;
  if (opts.hide?.length) body.hideSelectors = opts.hide;
  if (files.css !== undefined) body.css = files.css;
  if (files.javascript !== undefined) body.javascript = files.javascript;
  if (opts.header?.length) body.headers = Object.fromEntries(opts.header.map(headerOf));
  if (opts.cookie?.length) body.cookies = opts.cookie.map(cookieOf);
  if (opts.userAgent) body.userAgent = opts.userAgent;
  if (opts.transparent) body.omitBackground = true;
  if (opts.quality !== undefined) body.quality = opts.quality;
  if (opts.pdfPaper) {
    body.format = 'pdf';
    body.pdf = { paperFormat: opts.pdfPaper };
  }
  return body;
}

/** The request body of the flags; the service validates it (and names any bad field). */
export function requestOf(
  url: string,
  opts: CaptureClientOptions,
  files: { css?: string; javascript?: string } = {},
): CaptureOptions {
  const body: Record<string, unknown> = { ...extraOptions(opts.options), ...controlsOf(opts, files), url };
  if (opts.format) body.format = opts.format;
  if (opts.width || opts.height) body.dimensions = { width: opts.width ?? 1280, height: opts.height ?? 720 };
  if (opts.fullPage) body.fullPage = true;
  if (opts.element) body.element = opts.element;
  if (opts.description) body.description = opts.description;
  if (opts.bypassCache) body.bypassCache = true;
  if (opts.videoDuration) body.video = { duration: opts.videoDuration, fps: opts.videoFps ?? 24 };
  return body as CaptureOptions;
}

/** `shots capture`: submit, follow the status, download the result — through the typed client. */
export async function runCaptureClient(
  url: string,
  opts: CaptureClientOptions,
  host: Pick<CliHost, 'print' | 'progress' | 'defaultApiKey'>,
): Promise<void> {
  const apiKey = opts.apiKey ?? host.defaultApiKey();
  if (!apiKey) throw new Error('No API key: pass --api-key or set SHOTS_API_KEY.');
  const shots = new Shots({
    baseUrl: opts.server,
    apiKey,
    onRetry: ({ delayMs, error }) =>
      host.progress(`${error.status || error.code}: retrying in ${(delayMs / 1000).toFixed(1)} s`),
  });
  const files = {
    ...(opts.cssFile ? { css: await readFile(opts.cssFile, 'utf8') } : {}),
    ...(opts.jsFile ? { javascript: await readFile(opts.jsFile, 'utf8') } : {}),
  };
  const body = requestOf(url, opts, files);
  const accepted = await shots.submit(
    body,
    opts.idempotencyKey ? { idempotencyKey: opts.idempotencyKey } : {},
  );
  host.progress(`queued ${accepted.jobId} (about ${accepted.estimatedSeconds} s)`);
  const onProgress = (status: JobStatus) => host.progress(`${status.status} (attempt ${status.attempts})`);
  await shots.waitFor(accepted.jobId, { onProgress, timeoutMs: opts.timeout * 1000 });
  const { bytes, contentType } = await shots.result(accepted.jobId);
  await writeFile(opts.output, bytes);
  host.print(`${opts.output}: ${contentType}, ${bytes.length} bytes`);
  if (opts.description) {
    const { metadata } = await shots.resultRecord(accepted.jobId);
    for (const line of describedLines(metadata)) host.print(line);
  }
}

/** `'…'` for a POSIX shell. */
const shellQuoted = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;

/**
 * What the locator made of `--description`: the element cropped to, or that the full page was saved,
 * and its candidates, each with the `--element` that captures it.
 */
export function describedLines(metadata: CaptureMetadata): string[] {
  const confidence = (metadata.aiConfidence ?? 0).toFixed(2);
  const lines = [
    metadata.aiSelectorUsed
      ? `description: cropped to ${metadata.aiSelectorUsed} (confidence ${confidence})`
      : `description: not sure enough to crop (confidence ${confidence}, ${CROP_CONFIDENCE.toFixed(2)} crops): the full page was saved`,
  ];
  if (metadata.aiError) lines.push(`  ${metadata.aiError}`);
  for (const c of metadata.aiCandidates ?? [])
    lines.push(`  candidate ${c.selector} (fit ${c.score.toFixed(2)}): --element ${shellQuoted(c.selector)}`);
  return lines;
}
