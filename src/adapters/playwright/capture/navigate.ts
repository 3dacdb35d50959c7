import type { Page, Request, Response } from 'playwright-core';
import type { CaptureSpec } from '../../../domain/capture-spec.js';
import { AppError } from '../../../domain/errors.js';
import type { EgressSession } from '../../../ports/egress.js';
import { blockedNavigation, navigationError } from './capture-errors.js';
import { isMainFrameNavigation } from './documents.js';
import type { NetworkTracker } from './page-capture.js';

/** What navigating needs besides the page. */
export interface NavigateOptions {
  /** The document must start arriving within this, ms (NAVIGATION_TIMEOUT_MS). */
  navigationTimeoutMs: number;
  /** The spec's milestone must come within this from the start, ms (LOAD_TIMEOUT_MS); past it the page is taken as it is. */
  loadTimeoutMs: number;
  network: NetworkTracker;
}

/** How the navigation went. */
export interface Navigation {
  response: Response | null;
  /** The milestone did not come within the load budget: the page is captured as it is. */
  loadTimedOut: boolean;
  /** Requests still in flight when the budget ran out. */
  pendingRequests: number;
  /** Why the committed document's own request failed as its body arrived (net::…), or null while it has not. */
  documentFailure(): string | null;
  /**
   * The main frame's document requests that failed after the navigation's own (not those a newer
   * navigation replaced), oldest first, with why: a page that sends itself to a refused or dead
   * address (a script's `location`, a meta refresh) is left showing Chromium's error page.
   */
  failedDocuments(): { url: string; reason: string }[];
  /** The main frame's last document response (a later document's, when the page went on), or null. */
  lastDocument(): Response | null;
}

/** The egress proxy's own 502 answer to a plain-http navigation it could not carry out, as an error. */
export async function egressUnreachable(response: Response | null, url: string): Promise<AppError | null> {
  if (response?.status() !== 502 || !(response.headers()['content-type'] ?? '').startsWith('text/plain'))
    return null;
  const body = await response.text().catch(() => '');
  if (!body.startsWith('Shots egress')) return null;
  const invalid = /not valid HTTP \((.*)\)\.\s*$/.exec(body);
  if (invalid)
    return new AppError(
      'TARGET_UNREACHABLE',
      `${new URL(url).host} answered with something that is not valid HTTP (${invalid[1]})`,
      { retryable: false },
    );
  return new AppError('TARGET_UNREACHABLE', `${new URL(url).host} could not be reached: ${body.trim()}`);
}

/**
 * Opens the spec's URL. The document must start to arrive within NAVIGATION_TIMEOUT_MS, or the
 * attempt fails with `NAVIGATION_TIMEOUT` (retried). Then the spec's milestone (`waitUntil`: load
 * by default, DOMContentLoaded, or network idle) is awaited within the load budget; a page whose
 * subresources hang past it is captured as it is, with `loadTimedOut` and the requests still
 * pending. Failures map to the contract's codes (see navigationError): a host refused by the
 * egress checks is `TARGET_BLOCKED`, one the egress could not reach `TARGET_UNREACHABLE`, and with
 * `failOnHttpError` a 4xx/5xx answer is `TARGET_HTTP_ERROR` (4xx not retried, 5xx retried).
 */
export async function navigate(
  page: Page,
  spec: CaptureSpec,
  session: EgressSession,
  options: NavigateOptions,
): Promise<Navigation> {
  const started = Date.now();
  const failedUrls: string[] = [];
  // The main frame's document requests that failed, and why (one may fail after it committed). A
  // document aborted (net::ERR_ABORTED) did not fail: a new navigation replaced it as it arrived (a
  // script's `location.replace`), or the page stopped its own loading; its milestone still comes.
  const failedDocuments = new Map<Request, string>();
  const failedInOrder: { request: Request; url: string; reason: string }[] = [];
  let onDocumentFailed: (request: Request) => void = () => undefined;
  page.on('requestfailed', (request) => {
    if (!isMainFrameNavigation(page, request)) return;
    failedUrls.push(request.url());
    const reason = request.failure()?.errorText ?? 'failed';
    if (reason === 'net::ERR_ABORTED') return;
    failedDocuments.set(request, reason);
    failedInOrder.push({ request, url: request.url(), reason });
    onDocumentFailed(request);
  });
  let lastStatus: number | null = null;
  let lastResponse: Response | null = null;
  let lastHeaders: Record<string, string> | null = null;
  page.on('response', (response) => {
    if (!isMainFrameNavigation(page, response.request())) return;
    lastStatus = response.status();
    lastResponse = response;
    lastHeaders = response.headers();
  });
  const failure = {
    lastStatus: () => lastStatus,
    lastHeaders: () => lastHeaders,
    url: spec.url,
    navigationTimeoutMs: options.navigationTimeoutMs,
    failedUrls,
    blockReason: (url: string) => session.blockReason(url),
  };
  let response: Response | null;
  try {
    response = await page.goto(spec.url, { waitUntil: 'commit', timeout: options.navigationTimeoutMs });
  } catch (err) {
    throw navigationError(err, failure);
  }
  // Through the proxy, a refused plain-http target answers with the proxy's error page …
  const blocked = blockedNavigation({ ...failure, failedUrls: [response?.url() ?? page.url()] });
  if (blocked) throw blocked;
  // … and one it could not reach (or whose regional proxy refused) with its own 502 page.
  const unreachable = await egressUnreachable(response, spec.url);
  if (unreachable) throw unreachable;
  const status = response?.status() ?? null;
  if (spec.failOnHttpError && status !== null && status >= 400) throw httpError(spec.url, status);
  // A document whose body fails as it arrives (one that cannot be decoded) never reaches its
  // milestone: the wait ends when it fails, not when the load budget runs out.
  const documentRequest = response?.request() ?? null;
  const documentFailure = (): string | null =>
    documentRequest === null ? null : (failedDocuments.get(documentRequest) ?? null);
  const failed = new Promise<false>((resolve) => {
    onDocumentFailed = (request) => (request === documentRequest ? resolve(false) : undefined);
    if (documentFailure() !== null) resolve(false);
  });
  const reached = await Promise.race([reachMilestone(page, spec, started, options, failure), failed]);
  onDocumentFailed = () => undefined;
  const loadTimedOut = !reached;
  return {
    response,
    loadTimedOut,
    pendingRequests: loadTimedOut ? options.network.inFlight() : 0,
    documentFailure,
    // The navigation's own document, failing as it arrives, is documentFailure's.
    lastDocument: () => lastResponse,
    failedDocuments: () =>
      failedInOrder.filter((f) => f.request !== documentRequest).map(({ url, reason }) => ({ url, reason })),
  };
}

/** `failOnHttpError`'s error for a document of `url` that answered `status` (4xx not retried, 5xx retried). */
export function httpError(url: string, status: number): AppError {
  return new AppError('TARGET_HTTP_ERROR', `${new URL(url).host} answered HTTP ${status}`, {
    retryable: status >= 500,
    extra: { httpStatus: status },
  });
}

/** Waits for DOMContentLoaded and then the spec's milestone within the load budget; false when it ran out. */
async function reachMilestone(
  page: Page,
  spec: CaptureSpec,
  started: number,
  options: NavigateOptions,
  failure: Parameters<typeof navigationError>[1],
): Promise<boolean> {
  const budgetMs = Math.max(options.loadTimeoutMs, 1);
  const left = (): number => Math.max(1, budgetMs - (Date.now() - started));
  try {
    await page.waitForLoadState('domcontentloaded', { timeout: left() });
    if (spec.waitUntil !== 'domcontentloaded')
      await page.waitForLoadState(spec.waitUntil, { timeout: left() });
    return true;
  } catch (err) {
    if (err instanceof Error && err.name === 'TimeoutError') return false;
    throw navigationError(err, failure);
  }
}
