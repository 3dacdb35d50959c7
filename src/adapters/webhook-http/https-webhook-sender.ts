import type { LookupAddress, LookupOptions } from 'node:dns';
import type { IncomingMessage } from 'node:http';
import { request } from 'node:https';
import { isIP } from 'node:net';
import { rootCertificates } from 'node:tls';
import type { SendResult, WebhookRequest, WebhookSender } from '../../ports/webhook-sender.js';
import type { HostChecker } from '../../ports/host-checker.js';

export interface HttpsWebhookSenderOptions {
  /** Resolves a host and checks its addresses against the SSRF policy (the URL guard). */
  hosts: HostChecker;
  /** Deadline of one POST from lookup to response head, milliseconds. Default 10000 (CONTRACT §6). */
  timeoutMs?: number;
  /** Response body bytes read (then discarded) before the connection is dropped. Default 4096. */
  maxResponseBytes?: number;
  /**
   * Extra trusted CA certificates (PEM), added to Node's bundled roots. Default none: Node's own
   * store applies, including NODE_EXTRA_CA_CERTS.
   */
  ca?: readonly string[];
  /** `User-Agent` of the requests. Default `Shots-Webhooks/1.0`. */
  userAgent?: string;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_RESPONSE_BYTES = 4096;

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** A `lookup` that answers with the address already checked, whatever name is asked. */
function fixedLookup(address: string, family: 4 | 6) {
  return (_host: string, options: LookupOptions, callback: LookupCallback): void => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

/** Seconds of a `Retry-After` value (delay seconds or an HTTP date); undefined when unusable. */
export function parseRetryAfter(value: string | undefined, nowMs: number): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  if (!/^[A-Za-z]{3}, /.test(text)) return undefined; // an IMF-fixdate: `Wed, 21 Oct 2015 07:28:00 GMT`
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - nowMs) / 1000));
}

function reasonOf(err: unknown, signal: AbortSignal): string {
  if (signal.aborted) {
    const reason: unknown = signal.reason;
    return reason instanceof Error ? reason.message : 'the request was aborted';
  }
  if (err instanceof Error) {
    const code = (err as NodeJS.ErrnoException).code;
    return code && !err.message.includes(code) ? `${err.message} (${code})` : err.message;
  }
  return String(err);
}

/** Resolves when `promise` settles or rejects when `signal` aborts first. */
function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

interface Target {
  url: URL;
  host: string;
  address: string;
  family: 4 | 6;
}

/** Reads up to `maxBytes` of the body and drops the rest by destroying the response. */
function drain(res: IncomingMessage, maxBytes: number): Promise<void> {
  return new Promise((resolve) => {
    let read = 0;
    res.on('data', (chunk: Buffer) => {
      read += chunk.length;
      if (read > maxBytes) res.destroy();
    });
    res.once('end', () => resolve());
    res.once('close', () => resolve());
    res.once('error', () => resolve());
  });
}

function post(
  target: Target,
  req: WebhookRequest,
  signal: AbortSignal,
  options: HttpsWebhookSenderOptions,
): Promise<{ status: number; retryAfter: string | undefined }> {
  return new Promise((resolve, reject) => {
    const body = Buffer.from(req.body, 'utf8');
    const outgoing = request({
      method: 'POST',
      host: target.host,
      port: target.url.port === '' ? 443 : Number(target.url.port),
      path: `${target.url.pathname}${target.url.search}`,
      // SNI and certificate checks use the name; the connection goes to the checked address.
      servername: isIP(target.host) === 0 ? target.host : undefined,
      lookup: fixedLookup(target.address, target.family),
      agent: false,
      signal,
      ca: options.ca && options.ca.length > 0 ? [...rootCertificates, ...options.ca] : undefined,
      headers: {
        ...req.headers,
        'content-type': 'application/json',
        'content-length': String(body.length),
        'user-agent': options.userAgent ?? 'Shots-Webhooks/1.0',
      },
    });
    let answered = false;
    // After the response head, an error (the deadline cutting the body short) changes nothing.
    outgoing.on('error', (err) => {
      if (!answered) reject(err);
    });
    outgoing.once('response', (res) => {
      answered = true;
      const retryAfter = res.headers['retry-after'];
      drain(res, options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES).then(
        () => resolve({ status: res.statusCode ?? 0, retryAfter }),
        reject,
      );
    });
    outgoing.end(body);
  });
}

/** Checks the URL's shape: https, a host, no credentials. The refusal, or the parsed URL. */
function parseWebhookUrl(raw: string): { url: URL; host: string } | { error: string } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { error: 'the webhook URL is not a valid absolute URL' };
  }
  if (url.protocol !== 'https:')
    return { error: `the webhook URL must use https, not ${url.protocol.slice(0, -1)}` };
  if (url.username !== '' || url.password !== '')
    return { error: 'the webhook URL must not carry credentials' };
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (host === '') return { error: 'the webhook URL has no host' };
  return { url, host };
}

async function sendOnce(
  options: HttpsWebhookSenderOptions,
  req: WebhookRequest,
  signal: AbortSignal,
): Promise<SendResult> {
  const started = performance.now();
  const elapsed = (): number => Math.round(performance.now() - started);
  const parsed = parseWebhookUrl(req.url);
  if ('error' in parsed) return { error: parsed.error, durationMs: elapsed() };
  try {
    const check = await raceAbort(options.hosts.resolveAndCheck(parsed.host), signal);
    if ('blocked' in check) {
      const why = check.unresolvable ? check.blocked : `refused by SSRF protection: ${check.blocked}`;
      return { error: why, durationMs: elapsed() };
    }
    const target = { ...parsed, address: check.address, family: check.family };
    const { status, retryAfter } = await post(target, req, signal, options);
    const result: SendResult = { httpStatus: status, durationMs: elapsed() };
    const seconds = parseRetryAfter(retryAfter, Date.now());
    if (seconds !== undefined) result.retryAfterSeconds = seconds;
    return result;
  } catch (err) {
    return { error: reasonOf(err, signal), durationMs: elapsed() };
  }
}

/**
 * The WebhookSender over node:https (CONTRACT §6, §7): every call resolves and checks the host,
 * then connects to the checked address through a fixed `lookup` while TLS verifies the name.
 * No agent (a fresh connection per attempt), no redirects, a hard deadline, a capped body read.
 */
export function createHttpsWebhookSender(options: HttpsWebhookSenderOptions): WebhookSender {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return {
    async send(req, outer) {
      const controller = new AbortController();
      const timer = setTimeout(
        () => controller.abort(new Error(`no response within ${timeoutMs} ms`)),
        timeoutMs,
      );
      const onOuterAbort = (): void =>
        controller.abort(new Error('the delivery was interrupted (the dispatcher stopped)'));
      if (outer?.aborted) onOuterAbort();
      outer?.addEventListener('abort', onOuterAbort, { once: true });
      try {
        return await sendOnce(options, req, controller.signal);
      } finally {
        clearTimeout(timer);
        outer?.removeEventListener('abort', onOuterAbort);
      }
    },
  };
}
