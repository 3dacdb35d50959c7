import type { Browser } from 'playwright-core';
import type { CaptureSpec } from '../../domain/capture-request.js';
import { AppError } from '../../domain/errors.js';
import type { CaptureOutput, Capturer } from '../../ports/capturer.js';
import type { Egress, EgressSession } from '../../ports/egress.js';
import { createBrowserPool } from './browser-pool.js';
import type { BrowserPool } from './browser-pool.js';
import { captureTimeout, raceDeadline, releaseWhenDone } from './capture-deadline.js';
import { captureError } from './capture-errors.js';
import { findChromium } from './find-chromium.js';
import { launchChromium } from './launch-chromium.js';
import { videoAllowanceMs } from './video-recorder.js';
import type { PagePreparer } from './page-preparation.js';
import { createPagePreparer } from './page-preparation.js';
import type { PlaywrightCapturerOptions } from './capturer-options.js';
import { CaptureRun, regionProxy } from './capture-run.js';

export type { PlaywrightCapturerOptions } from './capturer-options.js';

/** The {@link Capturer} on Playwright, with its pool visible for tests and metrics. */
export interface PlaywrightCapturer extends Capturer {
  readonly pool: BrowserPool<Browser>;
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
  const browsers = options.browsers ?? defaultBrowserCount(options.concurrency);
  const pool = createBrowserPool<Browser>({
    launch: () => launch(options.chromiumPath),
    browsers,
    contextsPerBrowser: Math.ceil(options.concurrency / browsers),
    maxCapturesPerBrowser: options.browserMaxCaptures,
    ...(options.onBackgroundError ? { onBackgroundError: options.onBackgroundError } : {}),
  });
  const egress = options.egress ?? null;
  const preparer = createPagePreparer(options.preparation);
  return {
    pool,
    preparer,
    ready: () => pool.ready(),
    close: () => pool.close(),
    capture: (spec, signal) => captureWithDeadline(pool, egress, preparer, options, spec, signal),
  };
}

async function launch(chromiumPath: string | null): Promise<Browser> {
  const path = findChromium(chromiumPath);
  try {
    return await launchChromium(path);
  } catch (err) {
    const why = err instanceof Error ? (err.message.split('\n')[0] ?? err.message) : String(err);
    throw new AppError('CAPTURE_FAILED', `Chromium at ${path} failed to start: ${why}`, { cause: err });
  }
}

async function captureWithDeadline(
  pool: BrowserPool<Browser>,
  egress: Egress | null,
  preparer: PagePreparer,
  options: PlaywrightCapturerOptions,
  spec: CaptureSpec,
  signal: AbortSignal,
): Promise<CaptureOutput> {
  const deadline = new AbortController();
  const abort = (): void => deadline.abort(captureTimeout());
  // A video gets the time its frames and encoding need on top (see videoAllowanceMs).
  const videoMs = spec.video ? videoAllowanceMs(spec.video, spec.viewport) : 0;
  const timer = setTimeout(
    abort,
    (options.captureTimeoutMs ?? options.navigationTimeoutMs + 60_000) + videoMs,
  );
  signal.addEventListener('abort', abort, { once: true });
  if (signal.aborted) abort();
  try {
    if (deadline.signal.aborted) throw captureTimeout();
    const lease = await pool.acquire(deadline.signal).catch((err: unknown) => {
      throw deadline.signal.aborted ? captureTimeout() : err;
    });
    let session: EgressSession | null;
    try {
      session = egress?.openSession({ upstream: regionProxy(options, spec) }) ?? null;
    } catch (err) {
      lease.release();
      throw captureError(err);
    }
    const run = new CaptureRun(lease.browser, spec, options, session, preparer.forSpec(spec));
    const work = run.execute();
    releaseWhenDone(work, lease, session, deadline.signal);
    return await raceDeadline(work, deadline.signal, () => run.abort());
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', abort);
  }
}
