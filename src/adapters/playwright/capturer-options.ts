import type { ProxyLocation } from '../../domain/capture-request.js';
import type { Egress } from '../../ports/egress.js';
import type { ElementLocator } from '../../ports/element-locator.js';
import type { PagePreparerOptions } from './page-preparation.js';

/** Options of {@link createPlaywrightCapturer}. */
export interface PlaywrightCapturerOptions {
  /** Chromium executable (config `CHROMIUM_PATH`); null = headless shell, else `/usr/bin/chromium`. */
  chromiumPath: string | null;
  /** Captures at once (config `CONCURRENCY`). */
  concurrency: number;
  /** Captures after which a browser is replaced by a fresh one (config `BROWSER_MAX_CAPTURES`). */
  browserMaxCaptures: number;
  /** Timeout of `page.goto()` until `load`, in ms (config `NAVIGATION_TIMEOUT_MS`). */
  navigationTimeoutMs: number;
  /** Height cap of full-page captures in px (config `MAX_FULL_PAGE_HEIGHT_PX`); taller pages are cut. */
  maxFullPageHeightPx: number;
  /**
   * SSRF-checking egress proxy. When given, every capture runs in its own session of it, its
   * refused requests are counted in `metadata.blockedRequests`, and a refused navigation fails
   * with `TARGET_BLOCKED`. Without it the browser connects directly (tests, trusted setups).
   */
  egress?: Egress | null;
  /**
   * Hard deadline of one capture in ms, on top of the `signal` the caller passes; default
   * `navigationTimeoutMs + 60000`. On expiry the context is closed and `CAPTURE_TIMEOUT` thrown.
   * A video gets `videoAllowanceMs()` more (its frames and encoding).
   */
  captureTimeoutMs?: number;
  /** How long `element` may take to appear, in ms; default 3000. */
  elementWaitMs?: number;
  /**
   * Turns `description` into a selector (seed §3.1, see describe-capture.ts). Without one, a
   * description returns the full page with `aiError` saying why.
   */
  locator?: ElementLocator | null;
  /** Browsers in the pool; default {@link defaultBrowserCount}. */
  browsers?: number;
  /** Told about browsers that failed to launch or close in the background (for logs). */
  onBackgroundError?: (err: unknown) => void;
  /** `blockAds`, `acceptCookies`, `stealth`: filter lists, engine cache, consent budgets. */
  preparation?: PagePreparerOptions;
  /**
   * Upstream proxy URL (`http://user:pass@host:port`) per `proxyLocation` (config `PROXY_*`).
   * Chained behind the egress proxy, whose checks still apply; a capture for a region without
   * one fails (not retried).
   */
  regionProxies?: Partial<Record<ProxyLocation, string>>;
}
