import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { imageSize } from 'image-size';
import type { CaptureSpec } from '../../domain/capture-request.js';
import { AppError } from '../../domain/errors.js';
import { contentTypeOf } from '../../domain/job.js';
import type { CaptureOutput } from '../../ports/capturer.js';
import type { EgressSession } from '../../ports/egress.js';
import type { PlaywrightCapturerOptions } from './capturer-options.js';
import { describeTarget } from './describe-capture.js';
import { captureTimeout } from './capture-deadline.js';
import { blockedNavigation, captureError, navigationError } from './capture-errors.js';
import { recordScrollingVideo } from './video-recorder.js';
import type { VideoSpec } from './video-recorder.js';
import type { PagePreparation } from './page-preparation.js';
import type { Clip } from './page-capture.js';
import {
  documentHeight,
  elementClip,
  pdfOfImage,
  printPdf,
  screenshot,
  scrollThrough,
  trackNetwork,
} from './page-capture.js';

/**
 * Network quiet window after `load` and after scrolling, and its bound, in ms. Requests in flight
 * are counted, so the window only has to bridge the script time between one request ending and
 * the next starting — not network latency; Playwright's `networkidle` waits 500 ms instead.
 * It costs a simple page ~80 ms (warm capture 190–235 ms against 110–155 ms for goto + screenshot).
 */
const QUIET_MS = 100;
const QUIET_MAX_WAIT_MS = 2000;
/** Time budget of the scroll through a full page (lazy content), in ms. */
const SCROLL_BUDGET_MS = 4000;
/** Per-operation timeout of screenshots, in ms (the capture deadline bounds them too). */
const SCREENSHOT_TIMEOUT_MS = 30_000;
/** WebP cannot encode a side longer than this. */
const WEBP_MAX_SIDE_PX = 16_383;

/** The upstream proxy of the spec's `proxyLocation`, or null without one; an unconfigured region fails. */
export function regionProxy(options: PlaywrightCapturerOptions, spec: CaptureSpec): string | null {
  if (spec.proxyLocation === null) return null;
  const upstream = options.regionProxies?.[spec.proxyLocation];
  if (upstream === undefined) {
    throw new AppError('CAPTURE_FAILED', `No proxy is configured for proxyLocation ${spec.proxyLocation}`, {
      retryable: false,
    });
  }
  return upstream;
}

/** Without the egress proxy (tests, trusted setups), a `proxyLocation` goes to its proxy directly. */
function directProxy(
  options: PlaywrightCapturerOptions,
  spec: CaptureSpec,
): { proxy?: { server: string; username: string; password: string } } {
  const upstream = regionProxy(options, spec);
  if (upstream === null) return {};
  const url = new URL(upstream);
  return {
    proxy: {
      server: `${url.protocol}//${url.host}`,
      username: decodeURIComponent(url.username),
      password: decodeURIComponent(url.password),
    },
  };
}

/** The egress proxy's own 502 answer to a plain-http navigation it could not carry out, as an error. */
async function egressUnreachable(response: Response | null, url: string): Promise<AppError | null> {
  if (response?.status() !== 502 || !(response.headers()['content-type'] ?? '').startsWith('text/plain'))
    return null;
  const body = await response.text().catch(() => '');
  if (!body.startsWith('Shots egress')) return null;
  return new AppError('TARGET_UNREACHABLE', `${new URL(url).host} could not be reached: ${body.trim()}`);
}

/** Pixel size read from the encoded image; unreadable bytes are a failed capture. */
function readSize(bytes: Buffer): { width: number; height: number } {
  try {
    const { width, height } = imageSize(bytes);
    return { width, height };
  } catch (err) {
    throw new AppError(
      'CAPTURE_FAILED',
      `Chromium returned ${bytes.length} bytes that are not a readable image`,
      { cause: err },
    );
  }
}

/** One capture in one fresh browser context. */
export class CaptureRun {
  private context: BrowserContext | null = null;
  private aborted = false;
  private crashed = false;
  /** Aborted with the capture: stops a video recording and its encoder. */
  private readonly stopped = new AbortController();

  constructor(
    private readonly browser: Browser,
    private spec: CaptureSpec,
    private readonly options: PlaywrightCapturerOptions,
    private readonly session: EgressSession | null,
    private readonly prep: PagePreparation | null = null,
  ) {}

  /** Closes the context at once: every pending operation of the capture fails. */
  abort(): void {
    this.aborted = true;
    this.stopped.abort(captureTimeout());
    void this.context?.close().catch(() => undefined);
  }

  async execute(): Promise<CaptureOutput> {
    try {
      const contextOptions = {
        viewport: this.spec.viewport,
        deviceScaleFactor: 1,
        serviceWorkers: 'block' as const,
        acceptDownloads: false,
        ...(this.session ? { proxy: this.session.proxy } : directProxy(this.options, this.spec)),
      };
      this.context = await (this.prep
        ? this.prep.newContext(this.browser, contextOptions)
        : this.browser.newContext(contextOptions));
    } catch (err) {
      throw captureError(err);
    }
    const context = this.context;
    try {
      if (this.aborted) throw captureTimeout();
      return await this.inContext(context);
    } catch (err) {
      if (this.aborted) throw captureTimeout();
      if (this.crashed) {
        throw new AppError(
          'CAPTURE_FAILED',
          'The page crashed during the capture (often out of memory); it can be retried',
          {
            cause: err,
          },
        );
      }
      throw captureError(err);
    } finally {
      await context.close().catch(() => undefined);
    }
  }

  private async inContext(context: BrowserContext): Promise<CaptureOutput> {
    const page = await context.newPage();
    page.on('dialog', (dialog) => void dialog.dismiss().catch(() => undefined));
    page.on('popup', (popup) => void popup.close().catch(() => undefined));
    page.on('crash', () => {
      this.crashed = true;
      void context.close().catch(() => undefined);
    });
    const network = trackNetwork(page);
    const response = await this.navigate(page);
    if (this.prep) await this.prep.settle(page);
    const metadata: CaptureOutput['metadata'] = {
      finalUrl: page.url(),
      httpStatus: response?.status() ?? null,
    };
    const quiet = () => network.quiet(QUIET_MS, QUIET_MAX_WAIT_MS);
    if (this.spec.video) return this.record(context, page, this.spec.video, metadata, quiet);
    // Optimistic: a page with nothing in flight after `load` is shot at once, and the shot is kept
    // when no request started meanwhile. Otherwise wait for the network to go quiet and shoot again.
    if (this.spec.description !== null && this.spec.element === null) {
      const target = await describeTarget(context, page, this.spec.description, {
        locator: this.options.locator ?? null,
        maxHeightPx: this.options.maxFullPageHeightPx,
        scrollBudgetMs: SCROLL_BUDGET_MS,
        settle: quiet,
      });
      Object.assign(metadata, target.metadata);
      this.spec = {
        ...this.spec,
        element: target.selector,
        fullPage: this.spec.fullPage || target.selector === null,
      };
    }
    const mark = network.mark();
    let bytes: Buffer | null = network.settledSince(mark)
      ? await this.shoot(context, page, metadata, quiet)
      : null;
    if (!bytes || !network.settledSince(mark)) {
      await quiet();
      bytes = await this.shoot(context, page, metadata, quiet);
    }
    if (this.session) metadata.blockedRequests = this.session.blockedRequests();
    if (this.prep) Object.assign(metadata, this.prep.metadata());
    const format = this.spec.format;
    const size = format === 'pdf' ? null : readSize(bytes);
    return {
      bytes,
      format,
      contentType: contentTypeOf(format),
      ...(size ? { width: size.width, height: size.height } : {}),
      metadata,
    };
  }

  private async navigate(page: Page): Promise<Response | null> {
    const failedUrls: string[] = [];
    page.on('requestfailed', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame())
        failedUrls.push(request.url());
    });
    const blockReason = this.session ? (url: string) => this.session?.blockReason(url) ?? null : undefined;
    const failure = {
      url: this.spec.url,
      navigationTimeoutMs: this.options.navigationTimeoutMs,
      failedUrls,
      ...(blockReason ? { blockReason } : {}),
    };
    let response: Response | null;
    try {
      response = await page.goto(this.spec.url, {
        waitUntil: 'load',
        timeout: this.options.navigationTimeoutMs,
      });
    } catch (err) {
      throw navigationError(err, failure);
    }
    // Through the proxy, a refused plain-http target answers with the proxy's error page.
    const blocked = blockedNavigation({ ...failure, failedUrls: [response?.url() ?? page.url()] });
    if (blocked) throw blocked;
    // …and one it could not reach (or whose regional proxy refused) with its own 502 page.
    const unreachable = this.session ? await egressUnreachable(response, this.spec.url) : null;
    if (unreachable) throw unreachable;
    return response;
  }

  /** The bytes of the requested format and region; notes truncation in `metadata`. */
  private async shoot(
    context: BrowserContext,
    page: Page,
    metadata: CaptureOutput['metadata'],
    settle: () => Promise<void>,
  ): Promise<Buffer> {
    const { spec, options } = this;
    const format = spec.format === 'mp4' ? 'png' : spec.format;
    const maxHeightPx = Math.min(
      options.maxFullPageHeightPx,
      format === 'webp' ? WEBP_MAX_SIDE_PX : Infinity,
    );
    let clip: Clip | null = null;
    if (spec.element !== null) {
      clip = await elementClip(page, spec.element, options.elementWaitMs ?? 3000);
    } else if (spec.fullPage) {
      await scrollThrough(page, maxHeightPx, SCROLL_BUDGET_MS);
      await settle();
      clip = { x: 0, y: 0, width: spec.viewport.width, height: await documentHeight(page) };
    }
    if (clip && clip.height > maxHeightPx) {
      metadata.fullHeightPx = clip.height;
      clip = { ...clip, height: maxHeightPx };
    }
    if (clip) metadata.truncated = metadata.fullHeightPx !== undefined;
    if (format !== 'pdf') return screenshot(context, page, format, clip, SCREENSHOT_TIMEOUT_MS);
    // PDF: a single page as wide as the viewport — the layout width of the screenshot — in
    // screen styles: of the viewport's height (like a viewport screenshot), of the page's
    // height (capped) for fullPage, or the cropped element as an image for `element`.
    if (spec.element !== null && clip) {
      const png = await screenshot(context, page, 'png', clip, SCREENSHOT_TIMEOUT_MS);
      return pdfOfImage(context, png, clip.width, clip.height);
    }
    return printPdf(page, spec.viewport.width, clip ? clip.height : spec.viewport.height);
  }

  /** The scrolling video: lazy content loaded first, then recorded from the top (video-recorder.ts). */
  private async record(
    context: BrowserContext,
    page: Page,
    video: VideoSpec,
    metadata: CaptureOutput['metadata'],
    settle: () => Promise<void>,
  ): Promise<CaptureOutput> {
    const maxHeightPx = this.options.maxFullPageHeightPx;
    await settle();
    await scrollThrough(page, maxHeightPx, SCROLL_BUDGET_MS);
    await settle();
    const rec = await recordScrollingVideo(context, page, {
      ...video,
      maxHeightPx,
      signal: this.stopped.signal,
    });
    Object.assign(metadata, { scrolledPx: rec.scrolledPx, truncated: rec.fullHeightPx !== undefined });
    if (rec.fullHeightPx !== undefined) metadata.fullHeightPx = rec.fullHeightPx;
    if (this.session) metadata.blockedRequests = this.session.blockedRequests();
    if (this.prep) Object.assign(metadata, this.prep.metadata());
    const { bytes, width, height, durationSeconds, fps } = rec;
    return {
      bytes,
      format: 'mp4',
      contentType: contentTypeOf('mp4'),
      width,
      height,
      video: { durationSeconds, fps },
      metadata,
    };
  }
}
