import type { ProxyLocation } from '../../domain/capture-request.js';
import type { CaptureSpec } from '../../domain/capture-spec.js';
import type { Egress } from '../../ports/egress.js';
import type { ElementLocator } from '../../ports/element-locator.js';
import type { CapturePhase } from './capture/phases.js';
import type { PagePreparerOptions } from './prep/page-preparation.js';

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
  /**
   * How long after the navigation starts its milestone (`waitUntil`, load by default) may take, in
   * ms (config `LOAD_TIMEOUT_MS`); past it the page is captured as it is (`loadTimedOut`). Default
   * `navigationTimeoutMs`.
   */
  loadTimeoutMs?: number;
  /** Height cap of full-page captures in px (config `MAX_FULL_PAGE_HEIGHT_PX`); taller pages are cut. */
  maxFullPageHeightPx: number;
  /**
   * Full pages: elements pinned to the viewport's bottom moved to the page's bottom, and fixed backdrop
   * layers spread over it (config `FULL_PAGE_PLACE_FIXED`). Default false: fixed and sticky elements
   * stay at their place at the top (CONTRACT §4a).
   */
  placeFixedElements?: boolean;
  /**
   * Where the browser's connections go. The service passes the SSRF-checking egress proxy: every
   * capture runs in its own session of it, its refused requests are counted in
   * `metadata.blockedRequests`, and a refused navigation fails with `TARGET_BLOCKED`. Required, so
   * that protection cannot be left out by omission; trusted set-ups and tests pass a direct one.
   */
  egress: Egress;
  /**
   * Time a capture may take, in ms, before its caller stops it (config `CAPTURE_TIMEOUT_MS`);
   * default `navigationTimeoutMs + 60000`. A video gets `videoAllowanceMs()` more: see `deadlineMs`.
   */
  captureTimeoutMs?: number;
  /**
   * How long the page's main thread may go without answering before the capture fails (not
   * retried), in ms; default 15000 (UNRESPONSIVE_MS).
   */
  unresponsiveMs?: number;
  /** How long `element` may take to appear, in ms; default 3000. */
  elementWaitMs?: number;
  /**
   * Turns `description` into a selector (seed §3.1, see describe-capture.ts). Without one, a
   * description returns the full page with `aiError` saying why.
   */
  locator?: ElementLocator | null;
  /**
   * Whether the next capture's context and page are made while a slot is idle (see WarmPages).
   * Default true.
   */
  warmPages?: boolean;
  /** Browsers in the pool; default {@link defaultBrowserCount}. */
  browsers?: number;
  /** Told when each phase of a capture starts (metrics; tests that act in a given phase). */
  onPhase?: (phase: CapturePhase, spec: CaptureSpec) => void;
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
