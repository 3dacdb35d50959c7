import { AppError, isAppError } from '../../../domain/errors.js';

/** What {@link navigationError} needs to know about the navigation that failed. */
export interface NavigationFailure {
  /** The URL the capture asked for. */
  url: string;
  navigationTimeoutMs: number;
  /** URLs of main-frame navigation requests that failed (redirect targets included). */
  failedUrls: readonly string[];
  /** The egress session's verdict on a URL's host, when capturing through the egress proxy. */
  blockReason?: (url: string) => string | null;
  /** The status of the main frame's last response, when one came (a 204 has no document). */
  lastStatus?: () => number | null;
  /** The headers of the main frame's last response, when one came (lower-case names). */
  lastHeaders?: () => Readonly<Record<string, string>> | null;
}

/** Chromium network errors that mean "the answer is not HTTP a browser can read" (not retried). */
const INVALID_HTTP = new Set([
  'ERR_INVALID_HTTP_RESPONSE',
  'ERR_RESPONSE_HEADERS_TOO_BIG',
  'ERR_RESPONSE_HEADERS_MULTIPLE_CONTENT_LENGTH',
  'ERR_RESPONSE_HEADERS_MULTIPLE_LOCATION',
  'ERR_RESPONSE_HEADERS_MULTIPLE_CONTENT_DISPOSITION',
  'ERR_INVALID_CHUNKED_ENCODING',
]);

/** Chromium network errors that mean "the site could not be reached" (retryable). */
const UNREACHABLE = new Set([
  'ERR_CONNECTION_RESET',
  'ERR_CONNECTION_CLOSED',
  'ERR_CONNECTION_ABORTED',
  'ERR_CONNECTION_FAILED',
  'ERR_CONNECTION_TIMED_OUT',
  'ERR_TIMED_OUT',
  'ERR_ADDRESS_UNREACHABLE',
  'ERR_NETWORK_UNREACHABLE',
  'ERR_INTERNET_DISCONNECTED',
  'ERR_NETWORK_CHANGED',
  'ERR_EMPTY_RESPONSE',
  'ERR_TUNNEL_CONNECTION_FAILED',
  'ERR_PROXY_CONNECTION_FAILED',
  'ERR_NAME_RESOLUTION_FAILED',
  'ERR_HTTP2_PROTOCOL_ERROR',
  'ERR_QUIC_PROTOCOL_ERROR',
]);

/** The `net::ERR_…` code in a Playwright error message, without `net::`. */
export function chromiumNetError(message: string): string | null {
  return /net::(ERR_[A-Z0-9_]+)/.exec(message)?.[1] ?? null;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** A block verdict of the egress session on the target or a URL the navigation went to. */
export function blockedNavigation(failure: Omit<NavigationFailure, 'navigationTimeoutMs'>): AppError | null {
  if (!failure.blockReason) return null;
  for (const url of [...failure.failedUrls, failure.url]) {
    const reason = failure.blockReason(url);
    if (reason !== null) {
      return new AppError('TARGET_BLOCKED', `The capture was refused access to ${hostOf(url)}: ${reason}`, {
        retryable: false,
      });
    }
  }
  return null;
}

/**
 * Why Chromium would not load the page: the URL it refused (a redirect's target, when the
 * navigation was redirected there) and, for a port, that browsers never connect to it.
 */
function refusedMessage(code: string, failure: NavigationFailure): string {
  const refused = failure.failedUrls.at(-1) ?? failure.url;
  const via = refused === failure.url ? '' : `, where ${failure.url} redirects`;
  if (code === 'ERR_UNSAFE_PORT') {
    let port = '';
    try {
      port = new URL(refused).port;
    } catch {
      // not a URL: said without the port
    }
    return `Chromium refuses to load ${refused}${via}: port ${port || '(none)'} is one browsers never connect to (${code})`;
  }
  return `Chromium refuses to load ${refused}${via} (${code})`;
}

/**
 * Why a download is not a page: what the response said it is — a file sent to be saved
 * (`Content-Disposition: attachment`), a PDF (headless Chromium saves PDFs instead of showing
 * them) or another type the browser does not show.
 */
function downloadMessage(failure: NavigationFailure): string {
  const headers = failure.lastHeaders?.() ?? null;
  const type = (headers?.['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const disposition = (headers?.['content-disposition'] ?? '').trim().toLowerCase();
  const url = failure.url;
  if (disposition.startsWith('attachment')) {
    return `${url} is sent as a file to save (Content-Disposition: attachment${type ? `, ${type}` : ''}), not a page: nothing to capture`;
  }
  if (type === 'application/pdf') {
    return `${url} is a PDF document (application/pdf): headless Chromium saves PDF files instead of showing them, so there is no page to capture`;
  }
  if (type)
    return `${url} is a file of type ${type}, which the browser saves instead of showing: nothing to capture`;
  return `${url} starts a file download, not a page: nothing to capture`;
}

/**
 * Maps an error of `page.goto()` to the contract's codes: a host refused by the egress proxy →
 * `TARGET_BLOCKED`; a timeout → `NAVIGATION_TIMEOUT` ("Navigation timeout of N ms exceeded");
 * DNS, connection and TLS failures → `TARGET_UNREACHABLE`; anything else → {@link captureError}.
 */
export function navigationError(err: unknown, failure: NavigationFailure): AppError {
  if (isAppError(err)) return err;
  const blocked = blockedNavigation(failure);
  if (blocked) return blocked;
  const message = err instanceof Error ? err.message : String(err);
  const options = { cause: err };
  if (err instanceof Error && err.name === 'TimeoutError') {
    return new AppError(
      'NAVIGATION_TIMEOUT',
      `Navigation timeout of ${failure.navigationTimeoutMs} ms exceeded`,
      options,
    );
  }
  const host = hostOf(failure.url);
  const code = chromiumNetError(message);
  if (code === 'ERR_NAME_NOT_RESOLVED') {
    return new AppError(
      'TARGET_UNREACHABLE',
      `The host ${host} could not be resolved (DNS): check the URL`,
      options,
    );
  }
  if (code === 'ERR_CONNECTION_REFUSED') {
    return new AppError('TARGET_UNREACHABLE', `${host} refused the connection: is the site up?`, options);
  }
  if (code !== null && (code.startsWith('ERR_CERT_') || code.startsWith('ERR_SSL_'))) {
    return new AppError(
      'TARGET_UNREACHABLE',
      `The TLS connection to ${host} failed (${code}): its certificate or TLS setup is not valid`,
      {
        ...options,
        retryable: false,
      },
    );
  }
  if (code !== null && UNREACHABLE.has(code)) {
    return new AppError('TARGET_UNREACHABLE', `${host} could not be reached (${code})`, options);
  }
  if (code === 'ERR_TOO_MANY_REDIRECTS') {
    return new AppError('TARGET_UNREACHABLE', `${host} redirects in a loop (${code})`, {
      ...options,
      retryable: false,
    });
  }
  if (code !== null && INVALID_HTTP.has(code)) {
    return new AppError(
      'TARGET_UNREACHABLE',
      `${host} answered with something that is not valid HTTP (${code})`,
      {
        ...options,
        retryable: false,
      },
    );
  }
  if (code === 'ERR_INVALID_REDIRECT') {
    return new AppError(
      'TARGET_UNREACHABLE',
      `${host} redirects to an address that is not a valid URL (its Location header; ${code})`,
      { ...options, retryable: false },
    );
  }
  if (code === 'ERR_UNSAFE_PORT' || code === 'ERR_INVALID_URL' || code === 'ERR_DISALLOWED_URL_SCHEME') {
    return new AppError('TARGET_UNREACHABLE', refusedMessage(code, failure), {
      ...options,
      retryable: false,
    });
  }
  if (message.includes('Download is starting')) {
    return new AppError('CAPTURE_FAILED', downloadMessage(failure), { ...options, retryable: false });
  }
  const status = failure.lastStatus?.() ?? null;
  if (code === 'ERR_ABORTED' && (status === 204 || status === 205)) {
    return new AppError(
      'CAPTURE_FAILED',
      `${failure.url} answered HTTP ${status} (no content): there is no page to capture`,
      { ...options, retryable: false },
    );
  }
  if (code === 'ERR_ABORTED') {
    return new AppError(
      'CAPTURE_FAILED',
      `The navigation to ${failure.url} was aborted (an empty response, or the page navigated away)`,
      options,
    );
  }
  return captureError(err);
}

/** True for Playwright's "the page/context/browser went away" errors. */
export function isTargetClosed(err: unknown): boolean {
  const message = err instanceof Error ? err.message : String(err);
  return /Target( page, context or browser)? (has been )?closed|Browser has been closed|browser has disconnected/i.test(
    message,
  );
}

/**
 * Maps any other failure during a capture: AppErrors pass through, a Playwright timeout becomes
 * `CAPTURE_TIMEOUT`, a vanished browser or page becomes a retryable `CAPTURE_FAILED`.
 */
export function captureError(err: unknown): AppError {
  if (isAppError(err)) return err;
  const message = err instanceof Error ? err.message : String(err);
  if (err instanceof Error && err.name === 'TimeoutError') {
    return new AppError('CAPTURE_TIMEOUT', `The capture took too long: ${firstLine(message)}`, {
      cause: err,
    });
  }
  if (isTargetClosed(err)) {
    return new AppError(
      'CAPTURE_FAILED',
      'The browser closed during the capture (crash or restart); the capture can be retried',
      {
        cause: err,
      },
    );
  }
  return new AppError('CAPTURE_FAILED', `The capture failed: ${firstLine(message)}`, { cause: err });
}

function firstLine(message: string): string {
  return message.split('\n')[0] ?? message;
}
