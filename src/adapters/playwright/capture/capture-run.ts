import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { CaptureMetadata } from '../../../domain/capture-metadata.js';
import type { CaptureSecrets, CaptureSpec } from '../../../domain/capture-spec.js';
import { AppError, isAppError } from '../../../domain/errors.js';
import { contentTypeOf } from '../../../domain/job.js';
import type { CaptureOutput } from '../../../ports/capturer.js';
import type { EgressSession } from '../../../ports/egress.js';
import type { ElementLocator } from '../../../ports/element-locator.js';
import { evaluateIsolated } from '../browser/isolated-world.js';
import { describeTarget } from '../describe/describe-capture.js';
import { applyUserAgentOverride, userAgentOverrideOf } from '../prep/client-hints.js';
import type { PagePreparation } from '../prep/page-preparation.js';
import { recordScrollingVideo } from '../video/video-recorder.js';
import { captureTimeout } from './capture-deadline.js';
import { blockedNavigation, captureError, navigationError } from './capture-errors.js';
import { contextOptionsOf, prepareContext } from './context-setup.js';
import { watchDocuments } from './documents.js';
import { egressUnreachable, httpError, navigate } from './navigate.js';
import { setUpPage } from './page-setup.js';
import type { NetworkTracker } from './page-capture.js';
import { HANG_MS, paintsWithin, trackNetwork } from './page-capture.js';
import type { CapturePhase } from './phases.js';
import type { ResponsivenessWatch } from './responsiveness.js';
import { watchResponsiveness } from './responsiveness.js';
import { loadLazyContent, SCROLL_WATCH_SCRIPT } from './readiness.js';
import type { Target } from './shoot.js';
import { SCROLL_BUDGET_MS, shoot } from './shoot.js';

/**
 * Network quiet window after `load` and after scrolling, and its bound, in ms. Requests in flight
 * are counted, so the window only has to bridge the script time between one request ending and
 * the next starting — not network latency; Playwright's `networkidle` waits 500 ms instead.
 */
const QUIET_MS = 100;
const QUIET_MAX_WAIT_MS = 2000;
/** Bound of the wait for web fonts and image decoding before a shot, in ms. */
const ASSETS_BUDGET_MS = 3000;
/** Bound of the wait after each step of a full page's scroll-through (the requests it started), ms. */
const SCROLL_STEP_MAX_WAIT_MS = 1000;
/** Bound of each later wait once the load budget ran out (the page will not settle), in ms. */
const DEGRADED_WAIT_MS = 300;
/** Once stalled exchanges were cut, how long the page may take to reach `load` without them, ms. */
const AFTER_CUT_LOAD_MS = 3000;
/** How long a page past its load budget may go without painting a frame before its loading is stopped, ms. */
const NO_FRAME_MS = 500;
/** Times a page that loads a new document of its own while it is captured is taken again. */
const MAX_REDOS = 2;
/** Errors of a step whose document went away under it (Playwright's, Chromium's, the direct shot's). */
const NAVIGATED_AWAY =
  /Execution context was destroyed|Cannot find context with specified id|Not attached to an active page|[Ff]rame was detached|Unable to capture screenshot|loaded a new document/;

/** What one capture needs besides its browser and spec. */
export interface CaptureRunDeps {
  /** The capture's egress session (its proxy, and its verdicts on refused hosts). */
  session: EgressSession;
  /** `blockAds`, `acceptCookies`, `stealth`, when the spec asks for any. */
  prep: PagePreparation | null;
  /** Turns a `description` into a selector; null returns the full page with `aiError`. */
  locator: ElementLocator | null;
  /** The document must start arriving within this, ms (NAVIGATION_TIMEOUT_MS). */
  navigationTimeoutMs: number;
  /** The navigation milestone must come within this from the start, ms (LOAD_TIMEOUT_MS). */
  loadTimeoutMs: number;
  maxFullPageHeightPx: number;
  /** Full pages: bottom bars and fixed backdrops placed as a reader sees them (FULL_PAGE_PLACE_FIXED). */
  placeFixedElements: boolean;
  elementWaitMs: number;
  /** How long the page's main thread may go without answering before the capture fails, ms; default UNRESPONSIVE_MS. */
  unresponsiveMs?: number;
  /** The values of the spec's headers and cookies; absent when it has none. */
  secrets?: CaptureSecrets;
  /** Told when each phase of the capture starts (metrics, tests). */
  onPhase?: (phase: CapturePhase) => void;
  /** A fresh context and page made ahead for this capture (see WarmPages); absent: made now. */
  warm?: { context: BrowserContext; page: Page };
}

/** A capture under way: its outcome, and the way to stop it. */
export interface RunningCapture {
  readonly done: Promise<CaptureOutput>;
  /** Closes the context at once: every pending operation of the capture fails. */
  abort(): void;
}

/** The error of a capture whose browser died under it. */
function browserCrashed(): AppError {
  return new AppError(
    'CAPTURE_FAILED',
    'The browser crashed during the capture (it is restarted); the capture can be retried',
  );
}

/** The error of a capture whose page's renderer died under it. */
function rendererCrashed(cause?: unknown): AppError {
  return new AppError(
    'CAPTURE_FAILED',
    'The page crashed during the capture (often out of memory); it can be retried',
    cause === undefined ? {} : { cause },
  );
}

/**
 * The error of a capture whose page's main thread stopped answering (see watchResponsiveness), for
 * what the capture was doing then: a script that never yields, or Chromium laying out a document too
 * large for it — for print, when it was printing.
 */
function unresponsive(silentMs: number, phase: CapturePhase | null): AppError {
  const seconds = Math.round(silentMs / 1000);
  const why =
    phase === 'pdf'
      ? `laying it out for print kept its main thread busy for ${seconds} s without a break (a document too large to print)`
      : `its main thread was busy for ${seconds} s without a break (a script that never yields, or a document too large to lay out)`;
  return new AppError('CAPTURE_FAILED', `The page stopped responding: ${why}; it is not retried`, {
    retryable: false,
  });
}

/**
 * One capture in one fresh browser context, as a pipeline over the immutable spec:
 * navigate → prepare → locate → shoot, or record a video after preparing.
 *
 * A watchdog ends the capture the moment its browser disconnects or its page's renderer crashes,
 * whatever the capture was waiting for at that moment (a navigation, a scroll step, a quiet
 * window, an element, a screenshot, a PDF, a video frame, a DevTools session): the attempt fails
 * at once with a retryable `CAPTURE_FAILED`, instead of holding its slot until the deadline; and
 * when the page's main thread stops answering for UNRESPONSIVE_MS (a script that never yields),
 * it fails with a `CAPTURE_FAILED` that is not retried.
 */
export function startCapture(browser: Browser, spec: CaptureSpec, given: CaptureRunDeps): RunningCapture {
  /** The phase the capture is in (for what an unresponsive page was doing). */
  let phase: CapturePhase | null = null;
  const deps: CaptureRunDeps = {
    ...given,
    onPhase: (p) => {
      phase = p;
      given.onPhase?.(p);
    },
  };
  let context: BrowserContext | null = null;
  let aborted = false;
  let crashed = false;
  let responsiveness: ResponsivenessWatch | null = null;
  /** Aborted with the capture: stops a video recording and its encoder. */
  const stopped = new AbortController();
  let failFast: (err: AppError) => void = () => undefined;
  const watchdog = new Promise<never>((_, reject) => {
    failFast = reject;
  });
  const onDisconnected = (): void => failFast(browserCrashed());
  browser.on('disconnected', onDisconnected);
  if (!browser.isConnected()) onDisconnected();

  const run = async (): Promise<CaptureOutput> => {
    deps.onPhase?.('context');
    try {
      context = deps.warm?.context ?? (await openContext(browser, spec, deps));
    } catch (err) {
      throw captureError(err);
    }
    const ctx = context;
    try {
      if (aborted) throw captureTimeout();
      const page = deps.warm?.page ?? (await ctx.newPage());
      await deps.prep?.preparePage(page);
      // The request's own user agent with client hints that agree (stealth sets its own).
      if (spec.userAgent !== null && !spec.stealth) {
        await applyUserAgentOverride(page, userAgentOverrideOf(spec.userAgent, spec.locale));
      }
      page.on('dialog', (dialog) => void dialog.dismiss().catch(() => undefined));
      page.on('popup', (popup) => void popup.close().catch(() => undefined));
      page.on('crash', () => {
        crashed = true;
        failFast(rendererCrashed());
        void ctx.close().catch(() => undefined);
      });
      responsiveness = watchResponsiveness(
        page,
        (silentMs) => {
          failFast(unresponsive(silentMs, phase));
          void ctx.close().catch(() => undefined);
        },
        deps.unresponsiveMs,
      );
      return await inPage(ctx, page, spec, deps, stopped.signal);
    } catch (err) {
      if (aborted) throw captureTimeout();
      if (crashed) throw rendererCrashed(err);
      if (!browser.isConnected()) throw browserCrashed();
      throw captureError(err);
    } finally {
      responsiveness?.stop();
      await ctx.close().catch(() => undefined);
    }
  };

  const done = Promise.race([run(), watchdog]).finally(() => browser.off('disconnected', onDisconnected));
  return {
    done,
    abort() {
      aborted = true;
      stopped.abort(captureTimeout());
      void context?.close().catch(() => undefined);
    },
  };
}

/** The capture's context (see contextOptionsOf), its preparation, cookies, header and blocking routes. */
async function openContext(
  browser: Browser,
  spec: CaptureSpec,
  deps: CaptureRunDeps,
): Promise<BrowserContext> {
  const options = contextOptionsOf(spec, deps.session);
  const context = deps.prep
    ? await deps.prep.newContext(browser, options)
    : await browser.newContext(options);
  try {
    // Stealth contexts leave the page's globals as they are: their full pages always scroll through.
    if (!spec.stealth) await context.addInitScript({ content: SCROLL_WATCH_SCRIPT });
    await prepareContext(context, spec, deps.secrets);
  } catch (err) {
    await context.close().catch(() => undefined);
    throw err;
  }
  return context;
}

/** How long a refused navigation of the page's own is given to show Chromium's error page, ms. */
const ERROR_PAGE_COMMIT_MS = 1000;

/** `cause` as the failure of the address the page sent itself on to. */
function wentOn(url: string, cause: AppError): AppError {
  return new AppError(
    cause.code,
    `The page sent itself on to ${url} (a script or a refresh), which failed: ${cause.message}`,
    { retryable: cause.retryable, cause },
  );
}

async function inPage(
  context: BrowserContext,
  page: Page,
  spec: CaptureSpec,
  deps: CaptureRunDeps,
  stopped: AbortSignal,
): Promise<CaptureOutput> {
  const onPhase = deps.onPhase ?? (() => undefined);
  const network = trackNetwork(page);
  // A page that loads a new document of its own (a script's redirect, a meta refresh, a reload)
  // while it is being prepared or shot is taken again from its new document, a few times at most.
  // Watched from before the navigation: a refresh that starts as the page finishes loading (a meta
  // refresh of 0 s) is seen however soon it comes. The navigation's own request is not one of them.
  const watch = watchDocuments(page, { ownNavigation: true });
  onPhase('navigate');
  const navigation = await navigate(page, spec, deps.session, {
    navigationTimeoutMs: deps.navigationTimeoutMs,
    loadTimeoutMs: deps.loadTimeoutMs,
    network,
  });
  // Past the load budget the page's network will not go quiet: the later waits are kept short.
  const degraded = navigation.loadTimedOut;
  if (degraded) await goOnWithoutStalled(page, deps.session, () => navigation.documentFailure());
  const settleMs = degraded ? DEGRADED_WAIT_MS : QUIET_MAX_WAIT_MS;
  // A wait for quiet ends when the page starts loading a new document: the capture is taken again
  // from that one. Before, a page that refreshes itself waited the whole bound, twice.
  const untilMoved = (wait: Promise<void>): Promise<void> => {
    let stop: () => void = () => undefined;
    const moved = new Promise<void>((resolve) => {
      stop = watch.onStart(resolve);
    });
    return Promise.race([wait, moved]).finally(stop);
  };
  const settle = (): Promise<void> => untilMoved(network.quiet(QUIET_MS, settleMs));
  const loadNotes = navigation.loadTimedOut
    ? { loadTimedOut: true, pendingRequests: navigation.pendingRequests }
    : {};
  // The request's actions on the page (`javascript`, `clickSelector`) are not taken again when the
  // new document came after them: they may well have asked for it ("click Next").
  let act = true;
  for (let redo = 0; ; redo++) {
    // One that started while the navigation reached its milestone and is still on its way counts
    // too (the steps would run on a document being replaced); one already here is the document the
    // steps run on (a script's redirect as the page was parsed), not a reason to take them again.
    const before = redo === 0 && watch.arriving() ? 0 : watch.started();
    // That document answered like any other: with failOnHttpError, its 4xx/5xx fails the capture.
    if (redo === 0 && before > 0) await failOnHttpStatus();
    let actedAt = -1;
    const onSetUpPhase = (phase: CapturePhase): void => {
      if ((phase === 'script' || phase === 'click') && actedAt < 0) actedAt = watch.started();
      onPhase(phase);
    };
    try {
      const output = await afterLoad(
        act ? spec : { ...spec, javascript: null, clickSelector: null },
        onSetUpPhase,
      );
      // A new document that came during the steps may be half in the output: it is taken again.
      if (watch.started() === before || redo >= MAX_REDOS || spec.video) return output;
    } catch (err) {
      if (spec.video || stopped.aborted || page.isClosed()) throw err;
      // The error of a step cut short by a navigation may come before its request is seen.
      const moved =
        watch.started() !== before ||
        watch.arriving() ||
        (NAVIGATED_AWAY.test(err instanceof Error ? err.message : String(err)) &&
          (await watch.nextStart(before, settleMs)));
      if (!moved) throw err;
      if (redo >= MAX_REDOS) {
        throw new AppError(
          'CAPTURE_FAILED',
          `The page kept loading new documents while it was being captured (${watch.started()} since it loaded): it reloads or redirects itself`,
          { retryable: false, cause: err },
        );
      }
    }
    if (actedAt === before) act = false;
    // The new document is awaited like the first: it must arrive within the navigation timeout, and
    // its load is awaited within the load budget (briefly when the first one's ran out).
    onPhase('navigate');
    // The last time: the page is shot as the document on its way, whatever it asks for next.
    if (redo + 1 >= MAX_REDOS) await watch.hold();
    await watch.arrived(deps.navigationTimeoutMs);
    await failOnHttpStatus();
    const loadMs = degraded ? DEGRADED_WAIT_MS : deps.loadTimeoutMs;
    await page.waitForLoadState('load', { timeout: loadMs }).catch(() => undefined);
  }

  /**
   * A page that sent itself on (a script's `location`, a meta refresh) to an address the egress
   * refuses, or to one that cannot be reached, shows the refusal, the egress's own 502 page or
   * Chromium's error page: the capture fails as a navigation there would have (`TARGET_BLOCKED`,
   * `TARGET_UNREACHABLE`), not with a picture of it. A refused request the page never moved to (a
   * download link clicked) leaves the page as it was, and is not a failure.
   */
  async function failOnLeftDocument(): Promise<void> {
    const url = page.url();
    const errorPage = url.startsWith('chrome-error://');
    const blockReason = (u: string): string | null => deps.session.blockReason(u);
    // The document shown is the refusal itself (a proxy's answer committed in the page).
    const shown = errorPage ? null : blockedNavigation({ url, failedUrls: [], blockReason });
    if (shown) throw shown;
    const failed = navigation.failedDocuments();
    const refused = failed.filter((f) => blockReason(f.url) !== null).map((f) => f.url);
    // Refused is refused once Chromium's error page replaces the page, whether or not it has yet.
    if (refused.length > 0 && (errorPage || (await errorPageWithin(ERROR_PAGE_COMMIT_MS)))) {
      const blocked = blockedNavigation({ url: spec.url, failedUrls: refused, blockReason });
      if (blocked) throw blocked;
    }
    const later = navigation.lastDocument();
    if (!errorPage && later !== null && later !== navigation.response) {
      const unreachable = await egressUnreachable(later, later.url());
      if (unreachable) throw wentOn(later.url(), unreachable);
    }
    const last = failed.at(-1);
    if (!page.url().startsWith('chrome-error://') || last === undefined) return;
    const cause = navigationError(new Error(last.reason), {
      url: last.url,
      navigationTimeoutMs: deps.navigationTimeoutMs,
      failedUrls: [last.url],
    });
    throw wentOn(last.url, cause);
  }

  /** True when the main frame shows Chromium's error page within `ms` (a failed navigation commits one). */
  async function errorPageWithin(ms: number): Promise<boolean> {
    const until = Date.now() + ms;
    for (;;) {
      if (page.isClosed()) return false;
      if (page.url().startsWith('chrome-error://')) return true;
      if (Date.now() >= until) return false;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async function failOnHttpStatus(): Promise<void> {
    const status = await watch.lastStatus();
    if (spec.failOnHttpError && status !== null && status >= 400) throw httpError(page.url(), status);
  }

  async function afterLoad(
    spec: CaptureSpec,
    onSetUpPhase: (phase: CapturePhase) => void,
  ): Promise<CaptureOutput> {
    await failOnLeftDocument();
    if (deps.prep) {
      onPhase('prepare');
      await deps.prep.settle(page);
    }
    await setUpPage(page, spec, {
      waitForSelectorMs: deps.navigationTimeoutMs,
      settle,
      onPhase: onSetUpPhase,
    });
    const unhidden = await showHiddenPage(page);
    const metadata: CaptureMetadata = {
      finalUrl: page.url(),
      httpStatus: (await watch.lastStatus()) ?? navigation.response?.status() ?? null,
      ...requestNotes(spec),
    };
    if (spec.video) return record(context, page, spec, deps, metadata, network, stopped);
    const target = await locate(context, page, spec, deps, settle, network, metadata);
    const shootAt = (at: Target) =>
      shoot(context, page, spec, at, {
        maxFullPageHeightPx: deps.maxFullPageHeightPx,
        placeFixedElements: deps.placeFixedElements,
        elementWaitMs: deps.elementWaitMs,
        network,
        settle,
        settleContent: () => untilMoved(network.quiet(QUIET_MS, settleMs, 'content')),
        assetsBudgetMs: degraded ? DEGRADED_WAIT_MS : ASSETS_BUDGET_MS,
        scrollStepMaxWaitMs: degraded ? DEGRADED_WAIT_MS : SCROLL_STEP_MAX_WAIT_MS,
        onPhase,
      });
    let shot: Awaited<ReturnType<typeof shootAt>>;
    try {
      shot = await shootAt(target);
    } catch (err) {
      // The element a description led to was there when it was found, and the page took it away
      // before the shot (a script re-rendering the page): like any description the locator cannot
      // crop to, it is the full page, saying why — not a failed job.
      const described = spec.element === null && spec.description !== null && target.kind === 'element';
      if (!described || !isAppError(err) || err.code !== 'ELEMENT_NOT_FOUND') throw err;
      Object.assign(metadata, {
        aiSelectorUsed: null,
        aiError: `the element "${target.selector}" left the page before it was shot (the page changed it)`,
      });
      shot = await shootAt({ kind: 'fullPage' });
    }
    Object.assign(metadata, shot.metadata);
    if (metadata.readiness)
      Object.assign(
        metadata.readiness,
        loadNotes,
        unhidden ? { pageUnhidden: true } : {},
        network.hung() > 0 ? { hungRequests: network.hung() } : {},
        (deps.session.cutExchanges() ?? 0) > 0 ? { abandonedRequests: deps.session.cutExchanges() } : {},
        watch.started() > 0 ? { selfNavigations: watch.started() } : {},
        watch.held() > 0 ? { heldNavigations: watch.held() } : {},
      );
    return {
      bytes: shot.bytes,
      format: spec.format,
      contentType: contentTypeOf(spec.format),
      ...(shot.size ? { width: shot.size.width, height: shot.size.height } : {}),
      metadata: finish(metadata, deps),
    };
  }
}

/** What the spec targets: `element` as given, `description` resolved by the locator, else the page. */
async function locate(
  context: BrowserContext,
  page: Page,
  spec: CaptureSpec,
  deps: CaptureRunDeps,
  settle: () => Promise<void>,
  network: NetworkTracker,
  metadata: CaptureMetadata,
): Promise<Target> {
  if (spec.element !== null) return { kind: 'element', selector: spec.element };
  if (spec.clip !== null) return { kind: 'clip', clip: spec.clip };
  if (spec.description !== null) {
    deps.onPhase?.('locate');
    const found = await describeTarget(context, page, spec.description, {
      locator: deps.locator,
      maxHeightPx: deps.maxFullPageHeightPx,
      scrollBudgetMs: SCROLL_BUDGET_MS,
      settle,
      network,
    });
    Object.assign(metadata, found.metadata);
    return found.selector === null ? { kind: 'fullPage' } : { kind: 'element', selector: found.selector };
  }
  return spec.fullPage ? { kind: 'fullPage' } : { kind: 'viewport' };
}

/** The scrolling video: lazy content loaded first, then recorded from the top (video-recorder.ts). */
async function record(
  context: BrowserContext,
  page: Page,
  spec: CaptureSpec,
  deps: CaptureRunDeps,
  metadata: CaptureMetadata,
  network: NetworkTracker,
  stopped: AbortSignal,
): Promise<CaptureOutput> {
  const video = spec.video;
  if (!video) throw new Error('record() needs a video spec');
  const maxHeightPx = deps.maxFullPageHeightPx;
  deps.onPhase?.('scroll');
  await network.quiet(QUIET_MS, QUIET_MAX_WAIT_MS);
  await loadLazyContent(page, network, maxHeightPx, SCROLL_BUDGET_MS, SCROLL_STEP_MAX_WAIT_MS);
  await network.quiet(QUIET_MS, QUIET_MAX_WAIT_MS);
  deps.onPhase?.('record');
  const rec = await recordScrollingVideo(context, page, {
    ...video,
    maxHeightPx,
    signal: stopped,
    scale: spec.deviceScaleFactor,
  });
  metadata.scrolledPx = rec.scrolledPx;
  metadata.truncated = rec.fullHeightPx !== undefined;
  if (rec.fullHeightPx !== undefined) metadata.fullHeightPx = rec.fullHeightPx;
  const { bytes, width, height, durationSeconds, fps } = rec;
  return {
    bytes,
    format: 'mp4',
    contentType: contentTypeOf('mp4'),
    width,
    height,
    video: { durationSeconds, fps },
    metadata: finish(metadata, deps),
  };
}

/**
 * Past the load budget, what has waited {@link HANG_MS} for a dead host is failed by the egress
 * (and so is whatever stalls later): a parser-blocking script or a render-blocking stylesheet in
 * the head would otherwise hold the page blank until the capture's deadline. When something was
 * cut, the page is given a moment to parse and load the rest without it.
 */
async function goOnWithoutStalled(
  page: Page,
  session: EgressSession,
  documentFailure: () => string | null,
): Promise<void> {
  session.limitWaits(HANG_MS);
  if (session.cutExchanges()) {
    await page.waitForLoadState('load', { timeout: AFTER_CUT_LOAD_MS }).catch(() => undefined);
  }
  // Still no frame (a stylesheet that trickles for ever, or an egress that cannot cut): the page's
  // loading is stopped, as the browser's stop button would, so that what it has can be shown.
  if ((await frameState(page)) !== 'blocked') return;
  await evaluateIsolated(page, () => window.stop()).catch(() => undefined);
  if ((await frameState(page)) !== 'blocked') return;
  // Nothing will ever be shown: the shot would wait for a frame until the capture's deadline.
  const failure = documentFailure();
  throw failure !== null
    ? new AppError(
        'CAPTURE_FAILED',
        `The page never rendered: its document failed as it arrived (${failure}${failure.includes('DECODING') ? ': its Content-Encoding does not match its body' : ''})`,
        { retryable: false },
      )
    : new AppError(
        'CAPTURE_FAILED',
        'The page never rendered: it painted nothing by the end of its load budget, even once its loading was stopped (its document waits on a script or stylesheet that never arrived)',
      );
}

/**
 * Whether the page paints: `painted` when an animation frame comes within {@link NO_FRAME_MS};
 * `blocked` when its main thread answers but no frame comes (rendering held by a stylesheet, a
 * document that never finished); `busy` when its main thread does not answer (a long task: the
 * frame may well come later).
 */
async function frameState(page: Page): Promise<'painted' | 'blocked' | 'busy'> {
  const answers = await Promise.race([
    evaluateIsolated(page, () => true).catch(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), NO_FRAME_MS)),
  ]);
  if (!answers) return 'busy';
  return (await paintsWithin(page, NO_FRAME_MS)) ? 'painted' : 'blocked';
}

/** How long a page that hides itself (opacity 0 on its root or body) is given to show itself, ms. */
const HIDDEN_PAGE_WAIT_MS = 1000;

/**
 * A page that hides itself until a script comes — the "anti-flicker" snippet of A/B-testing tools
 * (Google Optimize's `async-hide`, VWO, Adobe Target, Optimizely: `opacity: 0` on `html` or `body`
 * until their script applies its variant, or their own timeout of 2–4 s passes) — is given
 * {@link HIDDEN_PAGE_WAIT_MS} to show itself, then shown: when that script is blocked (`blockAds`),
 * slow or dead, the shot would be blank and a description would find no element. True when the
 * page was shown by force.
 */
async function showHiddenPage(page: Page): Promise<boolean> {
  return evaluateIsolated(
    page,
    async (waitMs: number) => {
      // (No named functions in here: a bundler's keepNames would wrap them in a helper the page lacks.)
      const roots = [document.documentElement, document.body].filter((el): el is HTMLElement => !!el);
      const until = performance.now() + waitMs;
      let hidden = roots.filter((el) => getComputedStyle(el).opacity === '0');
      if (hidden.length === 0) return false;
      while (hidden.length > 0 && performance.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        hidden = roots.filter((el) => getComputedStyle(el).opacity === '0');
      }
      for (const el of hidden) el.style.setProperty('opacity', '1', 'important');
      return hidden.length > 0;
    },
    HIDDEN_PAGE_WAIT_MS,
  ).catch(() => false);
}

/** What the request set that the result record names: headers and cookies by name, the device. */
function requestNotes(spec: CaptureSpec): Pick<CaptureMetadata, 'headersSent' | 'cookiesSet' | 'device'> {
  return {
    ...(spec.headerNames.length > 0 ? { headersSent: spec.headerNames } : {}),
    ...(spec.cookieNames.length > 0 ? { cookiesSet: spec.cookieNames } : {}),
    ...(spec.device !== null ? { device: spec.device } : {}),
  };
}

/** Adds what the egress session and the preparation report. */
function finish(metadata: CaptureMetadata, deps: CaptureRunDeps): CaptureMetadata {
  const blocked = deps.session.blockedRequests();
  if (blocked !== null) metadata.blockedRequests = blocked;
  if (deps.prep) Object.assign(metadata, deps.prep.metadata());
  return metadata;
}
