import type { Browser } from 'playwright-core';
import type { CaptureSecrets, CaptureSpec } from '../../domain/capture-spec.js';
import { AppError } from '../../domain/errors.js';
import type { CaptureOutput, Capturer } from '../../ports/capturer.js';
import type { EgressSession } from '../../ports/egress.js';
import { createBrowserPool } from './browser/browser-pool.js';
import type { BrowserPool } from './browser/browser-pool.js';
import { findChromium } from './browser/find-chromium.js';
import { launchChromium, launchStealthChromium } from './browser/launch-chromium.js';
import { abortError, raceDeadline, releaseWhenDone } from './capture/capture-deadline.js';
import { captureError } from './capture/capture-errors.js';
import { startCapture } from './capture/capture-run.js';
import { configureScreenshots } from './capture/slices.js';
import { isPlainSpec, WarmPages } from './capture/warm-pages.js';
import type { PlaywrightCapturerOptions } from './capturer-options.js';
import type { PagePreparer } from './prep/page-preparation.js';
import { createPagePreparer } from './prep/page-preparation.js';
import { videoAllowanceMs } from './video/video-recorder.js';

export type { PlaywrightCapturerOptions } from './capturer-options.js';
export type { CapturePhase } from './capture/phases.js';

/** The {@link Capturer} on Playwright, with its pool visible for tests and metrics. */
export interface PlaywrightCapturer extends Capturer {
  readonly pool: BrowserPool<Browser>;
  /**
   * The browsers of `stealth` captures (patchright-core, see launchStealthChromium): one browser,
   * launched on the first stealth capture and kept warm, so that other captures cost nothing more.
   */
  readonly stealthPool: BrowserPool<Browser>;
  readonly preparer: PagePreparer;
}

/**
 * Browsers for `concurrency` captures: one browser per 4 captures at once, each capture in its
 * own context (Chromium still gives every site its own renderer process).
 *
 * Measured on this 2-core machine (headless shell 156, 2 captures at once, machine shared with
 * other test runs, load average 4–9, two rounds each):
 *
 * | pool                  | simple page    | tall page, fullPage | Chromium PSS idle / peak |
 * |-----------------------|----------------|---------------------|--------------------------|
 * | 1 browser, 2 contexts | 5.3, 6.2 /s    | 1.67, 1.60 /s       | 90–130 MB / 240–490 MB   |
 * | 2 browsers, 1 each    | 5.4, 4.8 /s    | 1.76, 1.50 /s       | 185 MB / 290–520 MB      |
 *
 * Throughput is the same within the noise; a second browser costs ~55–95 MB more at idle and
 * twice the launches. So one browser takes up to 4 captures; beyond that another browser bounds
 * what a browser crash takes down (untested above 2 here: the machine has 2 cores).
 */
export function defaultBrowserCount(concurrency: number): number {
  return Math.max(1, Math.ceil(concurrency / 4));
}

/** Creates the Playwright capturer; browsers start at `ready()` (or the first capture). */
export function createPlaywrightCapturer(options: PlaywrightCapturerOptions): PlaywrightCapturer {
  configureScreenshots();
  const browsers = options.browsers ?? defaultBrowserCount(options.concurrency);
  const slotsPerBrowser = Math.ceil(options.concurrency / browsers);
  const onBackgroundError = options.onBackgroundError ? { onBackgroundError: options.onBackgroundError } : {};
  const pool = createBrowserPool<Browser>({
    launch: () => launch(options.chromiumPath, launchChromium),
    browsers,
    contextsPerBrowser: slotsPerBrowser,
    maxCapturesPerBrowser: options.browserMaxCaptures,
    ...onBackgroundError,
  });
  const stealthPool = createBrowserPool<Browser>({
    launch: () => launch(options.chromiumPath, launchStealthChromium),
    browsers: 1,
    contextsPerBrowser: options.concurrency,
    maxCapturesPerBrowser: options.browserMaxCaptures,
    ...onBackgroundError,
  });
  const preparer = createPagePreparer(options.preparation);
  const warm =
    options.warmPages === false
      ? null
      : new WarmPages(options.egress, Math.ceil(slotsPerBrowser / 2), options.onBackgroundError);
  const captureTimeoutMs = options.captureTimeoutMs ?? options.navigationTimeoutMs + 60_000;
  return {
    pool,
    stealthPool,
    preparer,
    ready: async () => {
      await pool.ready();
      for (const browser of pool.liveBrowsers()) {
        for (let i = 0; i < slotsPerBrowser; i++) warm?.refill(browser);
      }
    },
    close: async () => {
      await warm?.close();
      await Promise.all([pool.close(), stealthPool.close()]);
    },
    // A video gets the time its frames and encoding need on top (see videoAllowanceMs).
    deadlineMs: (spec) => captureTimeoutMs + (spec.video ? videoAllowanceMs(spec.video, spec.viewport) : 0),
    capture: (spec, signal, secrets) =>
      spec.stealth
        ? capture(stealthPool, null, preparer, options, spec, signal, secrets)
        : capture(pool, warm, preparer, options, spec, signal, secrets),
  };
}

/** How many times a browser's launch is tried before it fails. */
const LAUNCH_ATTEMPTS = 3;
/** Pause between launch attempts, ms. */
const LAUNCH_RETRY_MS = 250;

/**
 * Launches Chromium, up to {@link LAUNCH_ATTEMPTS} times: a browser process that crashed as it
 * started (seen once here: SIGSEGV before its first page) would otherwise fail the service's start,
 * or the capture waiting for it.
 */
async function launch(
  chromiumPath: string | null,
  launcher: (path: string) => Promise<Browser>,
): Promise<Browser> {
  const path = findChromium(chromiumPath);
  for (let attempt = 1; ; attempt++) {
    try {
      return await launcher(path);
    } catch (err) {
      if (attempt < LAUNCH_ATTEMPTS) {
        await new Promise((resolve) => setTimeout(resolve, LAUNCH_RETRY_MS));
        continue;
      }
      const why = err instanceof Error ? (err.message.split('\n')[0] ?? err.message) : String(err);
      throw new AppError(
        'CAPTURE_FAILED',
        `Chromium at ${path} failed to start (${LAUNCH_ATTEMPTS} tries): ${why}`,
        { cause: err },
      );
    }
  }
}

/** The upstream proxy of the spec's `proxyLocation`, or null without one; an unconfigured region fails. */
function regionProxy(options: PlaywrightCapturerOptions, spec: CaptureSpec): string | null {
  if (spec.proxyLocation === null) return null;
  const upstream = options.regionProxies?.[spec.proxyLocation];
  if (upstream === undefined) {
    throw new AppError('CAPTURE_FAILED', `No proxy is configured for proxyLocation ${spec.proxyLocation}`, {
      retryable: false,
    });
  }
  return upstream;
}

/** One capture on a pooled browser, in its own egress session, stopped at once when `signal` aborts. */
async function capture(
  pool: BrowserPool<Browser>,
  warm: WarmPages | null,
  preparer: PagePreparer,
  options: PlaywrightCapturerOptions,
  spec: CaptureSpec,
  signal: AbortSignal,
  secrets: CaptureSecrets | undefined,
): Promise<CaptureOutput> {
  if (signal.aborted) throw abortError(signal);
  const lease = await pool.acquire(signal).catch((err: unknown) => {
    throw signal.aborted ? abortError(signal) : err;
  });
  const pre =
    warm && isPlainSpec(spec) ? await warm.take(lease.browser, spec, signal).catch(() => null) : null;
  if (signal.aborted) {
    if (pre) warm?.discard(pre);
    lease.release();
    throw abortError(signal);
  }
  let session: EgressSession;
  try {
    session =
      pre?.session ?? options.egress.openSession({ upstream: regionProxy(options, spec), target: spec.url });
  } catch (err) {
    lease.release();
    throw captureError(err);
  }
  const run = startCapture(lease.browser, spec, {
    session,
    prep: preparer.forSpec(spec),
    locator: options.locator ?? null,
    navigationTimeoutMs: options.navigationTimeoutMs,
    loadTimeoutMs: options.loadTimeoutMs ?? options.navigationTimeoutMs,
    maxFullPageHeightPx: options.maxFullPageHeightPx,
    placeFixedElements: options.placeFixedElements ?? false,
    elementWaitMs: options.elementWaitMs ?? 3000,
    ...(options.unresponsiveMs !== undefined ? { unresponsiveMs: options.unresponsiveMs } : {}),
    ...(secrets ? { secrets } : {}),
    ...(options.onPhase ? { onPhase: (phase) => options.onPhase?.(phase, spec) } : {}),
    ...(pre ? { warm: { context: pre.context, page: pre.page } } : {}),
  });
  releaseWhenDone(run.done, lease, session, signal);
  // Pages are made ahead only at light load: while this is the one capture running (the next
  // page is made while it runs, on the other core), and when the last capture ends. Under load
  // every slot's next capture starts the moment one ends, and a page made ahead would only hold
  // an idle renderer (measured at CONCURRENCY 2: 12 MB more Chromium per capture, no faster).
  if (pre && pool.stats().active === 1) warm?.refill(lease.browser);
  const refill = (): void =>
    void setImmediate(() => {
      if (pool.stats().active === 0) warm?.refill(lease.browser);
    });
  run.done.then(refill, refill);
  return raceDeadline(run.done, signal, () => run.abort());
}
